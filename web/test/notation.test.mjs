// Xiangqi's Chinese notation in each script, written from ICCS and the FEN
// before the move, and chess's figurine SAN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { figurine, jieqiChinese, jieqiICCS, xiangqiChinese, xiangqiGlyph, xiangqiStart } from '../src/notation.ts';
import jieqiVectors from './testdata/jieqi-notation.json';

// play returns the FENs before each move of an ICCS line from the start,
// moving the pieces only (no rules: the test's lines are legal).
function befores(line) {
  const rows = xiangqiStart.split(' ')[0].split('/').map(r => [...r.replace(/\d/g, d => '.'.repeat(+d))]);
  const out = [];
  for (const u of line) {
    out.push(rows.map(r => r.join('').replace(/\.+/g, m => String(m.length))).join('/') + ' w - - 0 1');
    const [ff, fr, tf, tr] = [u.charCodeAt(0) - 97, 9 - +u[1], u.charCodeAt(2) - 97, 9 - +u[3]];
    rows[tr][tf] = rows[fr][ff];
    rows[fr][ff] = '.';
  }
  return out;
}

test('Chinese notation from the start: 炮二平五 馬８進７ in 繁體, 马８进７ in 简体', () => {
  const line = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'b0c2', 'b9c7', 'a0b0', 'c6c5', 'e3e4', 'g6g5', 'g3g4', 'b7b3'];
  const hant = ['炮二平五', '馬８進７', '傌二進三', '車９平８', '傌八進七', '馬２進３', '俥九平八', '卒３進１', '兵五進一', '卒７進１', '兵三進一', '砲２進４'];
  const hans = ['炮二平五', '马８进７', '马二进三', '车９平８', '马八进七', '马２进３', '车九平八', '卒３进１', '兵五进一', '卒７进１', '兵三进一', '炮２进４'];
  const fens = befores(line);
  assert.deepEqual(line.map((u, i) => xiangqiChinese(fens[i], u, 'hant')), hant);
  assert.deepEqual(line.map((u, i) => xiangqiChinese(fens[i], u, 'hans')), hans);
});

test('advisors, elephants and the general: the destination file, never front and rear', () => {
  assert.equal(xiangqiChinese(xiangqiStart, 'f0e1', 'hant'), '仕四進五');
  assert.equal(xiangqiChinese(xiangqiStart, 'c0e2', 'hans'), '相七进五');
  assert.equal(xiangqiChinese(xiangqiStart, 'e0e1', 'hant'), '帥五進一');
  assert.equal(xiangqiChinese(xiangqiStart, 'e0e1', 'hans'), '帅五进一');
  const black = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1';
  assert.equal(xiangqiChinese(black, 'e9e8', 'hant'), '將５進１');
  assert.equal(xiangqiChinese(black, 'e9e8', 'hans'), '将５进１');
  assert.equal(xiangqiChinese(black, 'g9e7', 'hant'), '象７進５');
  // Two advisors on one file (after 仕四進五 仕六進五 ... here set up): still by file.
  assert.equal(xiangqiChinese('4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1', 'e1f2', 'hant'), '仕五進四');
});

test('two same pieces on a file: 前/後 in 繁體, 前/后 in 简体', () => {
  const fen = '4k4/9/9/9/9/9/R8/9/9/R3K4 w - - 0 1'; // red chariots on a3 and a0
  assert.equal(xiangqiChinese(fen, 'a3a5', 'hant'), '前俥進二');
  assert.equal(xiangqiChinese(fen, 'a0a1', 'hant'), '後俥進一');
  assert.equal(xiangqiChinese(fen, 'a0a1', 'hans'), '后车进一');
  assert.equal(xiangqiChinese(fen, 'a3b3', 'hans'), '前车平八');
  const blackHorses = '4k4/9/1n7/9/1n7/9/9/9/9/4K4 b - - 0 1'; // black horses on b7 (front is the lower rank) and b5
  assert.equal(xiangqiChinese(blackHorses, 'b5c3', 'hant'), '前馬進３');
  assert.equal(xiangqiChinese(blackHorses, 'b7a9', 'hans'), '后马退１');
  // Three soldiers on one file, and soldiers doubled on two files: the file replaces the piece.
  const three = '4k4/9/9/9/P8/P8/P8/9/9/4K4 w - - 0 1';
  assert.equal(xiangqiChinese(three, 'a5a6', 'hant'), '前兵進一');
  assert.equal(xiangqiChinese(three, 'a4b4', 'hans'), '中兵平八');
  assert.equal(xiangqiChinese(three, 'a3b3', 'hant'), '後兵平八');
  const twoFiles = '4k4/9/9/9/P1P6/P1P6/9/9/9/4K4 w - - 0 1';
  assert.equal(xiangqiChinese(twoFiles, 'c5c6', 'hant'), '前七進一');
  assert.equal(xiangqiChinese(twoFiles, 'a4b4', 'hans'), '后九平八');
});

test('a move it cannot read is left to the server’s text', () => {
  assert.equal(xiangqiChinese(xiangqiStart, 'e5e6', 'hant'), undefined); // no piece there
  assert.equal(xiangqiChinese('xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1', 'b2b9', 'hant'), undefined);
  assert.equal(xiangqiChinese(xiangqiStart, '', 'hant'), undefined);
});

test('the board’s characters follow the script', () => {
  assert.deepEqual([...'KAENRCP'].map(l => xiangqiGlyph(l, 'hant')).join(''), '帥仕相傌俥炮兵');
  assert.deepEqual([...'kaenrcp'].map(l => xiangqiGlyph(l, 'hant')).join(''), '將士象馬車砲卒');
  assert.deepEqual([...'KAENRCP'].map(l => xiangqiGlyph(l, 'hans')).join(''), '帅仕相马车炮兵');
  assert.deepEqual([...'kaenrcp'].map(l => xiangqiGlyph(l, 'hans')).join(''), '将士象马车炮卒');
  assert.equal(xiangqiGlyph('X', 'hant'), undefined);
});

test('figurine SAN', () => {
  assert.equal(figurine('Nf3', 'white'), '♘f3');
  assert.equal(figurine('Nbd7', 'black'), '♞bd7');
  assert.equal(figurine('exd8=Q+', 'white'), 'exd8=♕+');
  assert.equal(figurine('Bxc4', 'white'), '♗xc4');
  assert.equal(figurine('O-O-O', 'black'), 'O-O-O');
  assert.equal(figurine('e4', 'white'), 'e4');
  assert.equal(figurine('Kxh8#', 'black'), '♚xh8#');
});

const jieqiStart = 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1';

test('jieqi: a face-down piece named as the piece of its point, then what it showed, in either script', () => {
  assert.equal(jieqiChinese(jieqiStart, 'h2e2', { reveal: 'R' }, 'hant'), '炮二平五 翻俥');
  assert.equal(jieqiChinese(jieqiStart, 'h2e2', { reveal: 'R' }, 'hans'), '炮二平五 翻车');
  assert.equal(jieqiChinese(jieqiStart, 'b2b9', { reveal: 'P', took: '?' }, 'hant'), '炮八進七 翻兵 吃暗子');
  assert.equal(jieqiChinese(jieqiStart, 'b2b9', { reveal: 'P', took: 'n' }, 'hans'), '炮八进七 翻兵 吃马');
  assert.equal(jieqiChinese(jieqiStart, 'e0e1', {}, 'hant'), '帥五進一');
  const black = jieqiStart.replace(' w ', ' b ');
  assert.equal(jieqiChinese(black, 'h7e7', { reveal: 'n' }, 'hant'), '砲８平５ 翻馬');
  assert.equal(jieqiChinese(black, 'h7e7', { reveal: 'n' }, 'hans'), '炮８平５ 翻马');
  // A piece taken face up is not marked: the board showed it.
  assert.equal(jieqiChinese('4k4/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1', 'e0e1', { took: 'r' }, 'hant'), '帥五進一');
  // Revealed advisors roam: two on a file are front and rear.
  const advisors = '5k3/9/9/9/9/3A5/9/9/9/3XK4 w - - 0 1';
  assert.equal(jieqiChinese(advisors, 'd4e5', {}, 'hant'), '前仕進五');
  assert.equal(jieqiChinese(advisors, 'd0e1', { reveal: 'A' }, 'hans'), '后仕进五 翻仕');
  // Six soldiers on a file (five face up, one face down): 前 二 … 六.
  const six = '5k3/P8/P8/P8/P8/P8/X8/9/9/4K4 w - - 0 1';
  assert.deepEqual(['a8b8', 'a7b7', 'a3b3'].map(u => jieqiChinese(six, u, {}, 'hant')), ['前兵平八', '二兵平八', '六兵平八']);
  assert.equal(jieqiChinese(jieqiStart, 'e5e6', {}, 'hant'), undefined);
  assert.equal(jieqiChinese(jieqiStart, 'z9', {}, 'hant'), undefined);
  // The same FEN read as xiangqi: a face-down piece cannot be named.
  assert.equal(xiangqiChinese(jieqiStart, 'h2e2', 'hant'), undefined);
  assert.equal(jieqiICCS('b2b9', { reveal: 'C', took: '?' }), 'b2b9=Cx?');
  assert.equal(jieqiICCS('e0e1', {}), 'e0e1');
});

test('jieqi: the browser writes every move of the server\'s vectors as the server does (variant/jieqi)', () => {
  assert.ok(jieqiVectors.length > 300);
  for (const v of jieqiVectors) {
    const shown = { reveal: v.reveal, took: v.took };
    assert.equal(jieqiChinese(v.fen, v.uci, shown, 'hant'), v.hant, `${v.fen} ${v.uci}`);
    assert.equal(jieqiChinese(v.fen, v.uci, shown, 'hans'), v.hans, `${v.fen} ${v.uci}`);
  }
});
