// Typed moves read against the legal moves a page offers: a table of
// inputs per notation (chess SAN, lenient SAN and UCI; xiangqi Chinese in
// both scripts, WXF and ICCS), and moves said aloud.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readMove, speakSAN } from '../src/movetext.ts';

// run checks each [input, want] of a table in one position: want is the
// move read (its UCI/ICCS), or an error name, or ['ambiguous', options].
function run(name, p, table) {
  for (const [input, want] of table) {
    const got = readMove(input, p);
    if (Array.isArray(want)) assert.deepEqual(got, { error: want[0], options: want[1] }, `${name}: ${input}`);
    else if (/^[a-i]\d[a-i]\d[qrbn]?$/.test(want)) assert.deepEqual(got, { uci: want }, `${name}: ${input}`);
    else assert.deepEqual(got, { error: want }, `${name}: ${input}`);
  }
}

// White: Ra1 Nb1 Ke1 Rh1 Nf3 Pe4 Pb7; Black: Ra8 Ke8 Pd5. A subset of the
// legal moves, as a page might show them.
const chessPos = {
  board: 'chess',
  fen: 'r3k3/1P6/8/3p4/4P3/5N2/8/RN2K2R w K - 0 1',
  dests: {
    e1: ['d1', 'd2', 'e2', 'f1', 'f2', 'g1'], a1: ['a2', 'a8'], b1: ['a3', 'c3', 'd2'],
    f3: ['d2', 'd4', 'e5', 'g1', 'h4'], h1: ['g1', 'f1', 'h2', 'h8'], e4: ['e5', 'd5'], b7: ['b8', 'a8'],
  },
};

test('chess: SAN, lenient SAN and UCI', () => {
  run('chess', chessPos, [
    ['e5', 'e4e5'], ['exd5', 'e4d5'], ['ed5', 'e4d5'], ['e4xd5', 'e4d5'], ['e4d5', 'e4d5'], ['E4D5', 'e4d5'],
    ['Nc3', 'b1c3'], ['nc3', 'b1c3'], ['Nc3+', 'b1c3'], ['Nc3!?', 'b1c3'], ['Nb1c3', 'b1c3'], ['Nb1-c3', 'b1c3'], ['b1c3', 'b1c3'],
    ['Nd2', ['ambiguous', ['Nbd2', 'Nfd2']]], ['Nbd2', 'b1d2'], ['Nfd2', 'f3d2'], ['nfd2', 'f3d2'], ['N3d2', 'f3d2'], ['Nf3d2', 'f3d2'],
    ['Rg1', 'h1g1'], ['Ng1', 'f3g1'], ['Rxa8', 'a1a8'], ['Ra8', 'a1a8'], ['Rh8#', 'h1h8'], ['Kd1', 'e1d1'],
    ['O-O', 'e1g1'], ['0-0', 'e1g1'], ['o-o', 'e1g1'], ['OO', 'e1g1'], ['e1g1', 'e1g1'],
    ['b8=Q', 'b7b8q'], ['b8Q', 'b7b8q'], ['b8q', 'b7b8q'], ['b8=N+', 'b7b8n'], ['bxa8=R', 'b7a8r'], ['ba8B', 'b7a8b'], ['b7b8q', 'b7b8q'], ['b7b8r', 'b7b8r'],
    ['b8', ['ambiguous', ['b8=Q', 'b8=R', 'b8=B', 'b8=N']]], ['b7b8', ['ambiguous', ['b8=Q', 'b8=R', 'b8=B', 'b8=N']]],
    ['O-O-O', 'illegal'], ['Ke3', 'illegal'], ['Qd1', 'illegal'], ['e6', 'illegal'], ['e2e4', 'illegal'], ['Nxe4', 'illegal'],
    ['', 'empty'], ['  ', 'empty'], ['hello', 'unreadable'], ['e9', 'unreadable'], ['z1', 'unreadable'], ['Nf3f3f3', 'unreadable'], ['炮二平五', 'unreadable'],
  ]);
});

test('chess: a pawn’s lower-case file against a bishop’s letter', () => {
  run('b-pawn', {
    board: 'chess', fen: '4k3/8/8/8/8/2p5/1P6/2B1K3 w - - 0 1',
    dests: { b2: ['b3', 'b4', 'c3'], c1: ['d2', 'e3'], e1: ['d1', 'd2', 'e2', 'f1', 'f2'] },
  }, [['bxc3', 'b2c3'], ['bc3', 'b2c3'], ['b4', 'b2b4'], ['Bd2', 'c1d2'], ['bd2', 'c1d2'], ['Be3', 'c1e3'], ['Bc3', 'illegal']]);
});

test('chess: black promotes on the first rank; Chess960 castles onto the rook', () => {
  run('black', { board: 'chess', fen: '4k3/8/8/8/8/8/4p3/K7 b - - 0 1', dests: { e2: ['e1'], e8: ['d8'] } },
    [['e1=Q', 'e2e1q'], ['e1n', 'e2e1n'], ['Kd8', 'e8d8']]);
  run('960', {
    board: 'chess', fen: '1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1', dests: { b1: ['a1', 'c1', 'h1'] },
  }, [['O-O', 'b1h1'], ['O-O-O', 'b1a1'], ['0-0-0', 'b1a1'], ['b1h1', 'b1h1'], ['Kc1', 'b1c1']]);
});

const start = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR';
const redStart = {
  board: 'xiangqi', fen: `${start} w - - 0 1`,
  dests: {
    h2: ['e2', 'f2', 'h9', 'h6', 'h1'], b2: ['e2', 'b9'], h0: ['g2', 'i2'], b0: ['a2', 'c2'], a0: ['a1', 'a2'], i0: ['i1', 'i2'],
    c3: ['c4'], g3: ['g4'], e3: ['e4'], c0: ['a2', 'e2'], g0: ['e2', 'i2'], f0: ['e1'], d0: ['e1'], e0: ['e1'],
  },
};
const jieqiStartPos = {
  board: 'xiangqi', fen: 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1',
  dests: { b2: ['e2', 'b9', 'b3'], h2: ['e2', 'h9'], a0: ['a1', 'a2'], b0: ['c2', 'a2'], e0: ['e1'], c3: ['c4'] },
};

test('xiangqi, Red: Chinese in either script and with any digits, WXF, ICCS', () => {
  run('red', redStart, [
    ['炮二平五', 'h2e2'], ['炮2平5', 'h2e2'], ['炮２平５', 'h2e2'], [' 炮 二 平 五 ', 'h2e2'], ['C2.5', 'h2e2'], ['C2=5', 'h2e2'], ['c2.5', 'h2e2'],
    ['h2e2', 'h2e2'], ['H2E2', 'h2e2'], ['h2-e2', 'h2e2'],
    ['傌二進三', 'h0g2'], ['马二进三', 'h0g2'], ['馬2進3', 'h0g2'], ['H2+3', 'h0g2'], ['N2+3', 'h0g2'],
    ['俥一進一', 'i0i1'], ['车一进一', 'i0i1'], ['車1進1', 'i0i1'], ['R1+1', 'i0i1'], ['俥九進二', 'a0a2'],
    ['相三進五', 'g0e2'], ['相3进5', 'g0e2'], ['E3+5', 'g0e2'], ['B3+5', 'g0e2'], ['仕四進五', 'f0e1'], ['士4进5', 'f0e1'], ['A4+5', 'f0e1'],
    ['帥五進一', 'e0e1'], ['帅五进一', 'e0e1'], ['K5+1', 'e0e1'], ['兵七進一', 'c3c4'], ['P7+1', 'c3c4'], ['炮二進七', 'h2h9'], ['炮二退一', 'h2h1'],
    ['炮二平四', 'h2f2'], ['炮八平五', 'b2e2'],
    ['炮二平六', 'illegal'], ['傌二進四', 'illegal'], ['R1+3', 'illegal'], ['a0a3', 'illegal'],
    ['炮二平十', 'unreadable'], ['炮二平', 'unreadable'], ['hello', 'unreadable'], ['C2*5', 'unreadable'], ['X2.5', 'unreadable'], ['e4', 'unreadable'],
  ]);
});

test('xiangqi, Black: its files from its own right, in full-width or ASCII digits', () => {
  run('black', {
    board: 'xiangqi', fen: `${start} b - - 0 1`,
    dests: { h9: ['g7', 'i7'], h7: ['e7', 'h0'], b7: ['e7'], c6: ['c5'], e9: ['e8'] },
  }, [
    ['馬８進７', 'h9g7'], ['马8进7', 'h9g7'], ['H8+7', 'h9g7'], ['砲８平５', 'h7e7'], ['炮8平5', 'h7e7'], ['C8.5', 'h7e7'], ['C2.5', 'b7e7'],
    ['卒３進１', 'c6c5'], ['將５進１', 'e9e8'], ['将5进1', 'e9e8'], ['砲８進７', 'h7h0'], ['h9g7', 'h9g7'],
  ]);
});

test('xiangqi: front and rear, and a file’s number where it names one move', () => {
  const chariots = { board: 'xiangqi', fen: '4k4/9/9/9/9/9/R8/9/9/R3K4 w - - 0 1', dests: { a3: ['a4', 'a5', 'b3'], a0: ['a1', 'a2', 'b0'] }, script: 'hans' };
  run('chariots', chariots, [
    ['前俥進二', 'a3a5'], ['前车进二', 'a3a5'], ['R++2', 'a3a5'], ['後俥進一', 'a0a1'], ['后车进一', 'a0a1'], ['R-+1', 'a0a1'], ['前俥平八', 'a3b3'],
    ['俥九進一', ['ambiguous', ['前车进一', '后车进一']]], ['R9.8', ['ambiguous', ['前车平八', '后车平八']]], ['中俥進一', 'illegal'],
  ]);
  const soldiers = { board: 'xiangqi', fen: '4k4/9/9/9/P1P6/P1P6/9/9/9/4K4 w - - 0 1', dests: { c5: ['c6', 'b5', 'd5'], a5: ['a6', 'b5'] } };
  run('soldiers', soldiers, [['前七進一', 'c5c6'], ['前七进一', 'c5c6'], ['7++1', 'c5c6'], ['前九平八', 'a5b5'], ['兵七平六', 'c5d5']]);
});

test('jieqi: a face-down piece is typed as the piece of its point, as the move list writes it, or by its points', () => {
  run('jieqi', {
    board: 'xiangqi', fen: 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1', dests: { b2: ['e2', 'b9'], e0: ['e1'], a0: ['a1', 'a2'] },
  }, [['b2e2', 'b2e2'], ['帥五進一', 'e0e1'], ['炮八平五', 'b2e2'], ['炮8平5', 'b2e2'], ['C8.5', 'b2e2'], ['炮八进七', 'b2b9'], ['车九进二', 'a0a2'],
    ['俥九進一', 'a0a1'], ['R9+1', 'a0a1'], ['傌八進七', 'illegal']]);
  // A revealed advisor and a face-down one on file d both go 進五: front and rear.
  run('jieqi advisors', {
    board: 'xiangqi', fen: '5k3/9/9/9/9/3A5/9/9/9/3XK4 w - - 0 1', dests: { d4: ['e5', 'c5', 'e3', 'c3'], d0: ['e1'] },
  }, [['前仕進五', 'd4e5'], ['後仕進五', 'd0e1'], ['后仕进五', 'd0e1'], ['A++5', 'd4e5'], ['A-+5', 'd0e1'], ['仕六進五', ['ambiguous', ['前仕進五', '後仕進五']]]]);
});

test('SAN said aloud', () => {
  const w = {
    piece: l => ({ K: 'King', Q: 'Queen', R: 'Rook', B: 'Bishop', N: 'Knight' })[l],
    to: (p, s) => `${p} ${s}`, takes: (p, s) => `${p} takes ${s}`, pawnTo: s => s, pawnTakes: (f, s) => `${f} takes ${s}`,
    castle: long => (long ? 'castles queenside' : 'castles kingside'),
    promote: (m, p) => `${m}, promotes to ${p}`, check: m => `${m}, check`, mate: m => `${m}, checkmate`,
  };
  for (const [san, want] of [
    ['Nf3+', 'Knight f3, check'], ['e4', 'e4'], ['exd5', 'e takes d5'], ['Bxc4', 'Bishop takes c4'], ['O-O', 'castles kingside'],
    ['O-O-O#', 'castles queenside, checkmate'], ['e8=Q', 'e8, promotes to Queen'], ['exd8=N+', 'e takes d8, promotes to Knight, check'],
    ['Nbd7', 'Knight b d7'], ['R1xa3', 'Rook 1 takes a3'], ['Qh4#', 'Queen h4, checkmate'], ['?', '?'], ['炮二平五', '炮二平五'],
  ]) assert.equal(speakSAN(san, w), want, san);
});

test('any text: a reading or a reason, never a throw (a fuzz of random strings)', () => {
  const alphabet = [...'abcdefghiKQRBNOox0123456789=+-.#!? 炮傌俥進退平前後中一二五九１５'];
  let seed = 1;
  const rand = n => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  for (let i = 0; i < 3000; i++) {
    const s = Array.from({ length: rand(9) }, () => alphabet[rand(alphabet.length)]).join('');
    for (const p of [chessPos, redStart, jieqiStartPos]) {
      const r = readMove(s, p);
      assert.ok('uci' in r ? Object.values(p.dests).length > 0 : ['empty', 'unreadable', 'illegal', 'ambiguous'].includes(r.error), s);
    }
  }
});
