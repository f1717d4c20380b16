// Move notations the browser writes itself, in the user's script: xiangqi's
// and jieqi's Chinese notation from a move's ICCS text and the position
// before it, and chess's figurine SAN. Pure, so test/notation.test.mjs
// checks them without a browser (against the server's own for jieqi:
// test/testdata/jieqi-notation.tsv, written by variant/jieqi's Go tests).
//
// Chinese notation follows the convention of the server's (xiangqi/chinese.go)
// and of most books and sites: a move is four characters, piece + file +
// action + number; Red's files and distances are Chinese numerals 一…九,
// Black's full-width digits １…９, each side counting files from its own
// right. Two or three same pieces on one file are told apart by 前/中/後
// (4 or 5 soldiers by 前二三四五), never advisors and elephants; when two
// files each hold two or more soldiers, the file number replaces the piece
// (前七進一). Only the characters differ by script:
//
//	繁體  Red 俥傌相仕帥炮兵, Black 車馬象士將砲卒; 進 退 平; 前 中 後
//	简体  Red 车马相仕帅炮兵, Black 车马象士将炮卒; 进 退 平; 前 中 后

import type { Color } from './api';
import type { Script } from './i18n';

// XiangqiGlyphs are one script's characters of the pieces by FEN letter
// (upper case Red; B and E elephants, N and H horses).
const pieceChars: Record<Script, Record<string, string>> = {
  hant: {
    K: '帥', A: '仕', B: '相', E: '相', N: '傌', H: '傌', R: '俥', C: '炮', P: '兵',
    k: '將', a: '士', b: '象', e: '象', n: '馬', h: '馬', r: '車', c: '砲', p: '卒',
  },
  hans: {
    K: '帅', A: '仕', B: '相', E: '相', N: '马', H: '马', R: '车', C: '炮', P: '兵',
    k: '将', a: '士', b: '象', e: '象', n: '马', h: '马', r: '车', c: '炮', p: '卒',
  },
};

// xiangqiGlyph is the character of a piece (FEN letter) in a script; none
// for a letter that is not a piece.
export const xiangqiGlyph = (letter: string, s: Script): string | undefined =>
  Object.prototype.hasOwnProperty.call(pieceChars[s], letter) ? pieceChars[s][letter] : undefined;

const actions: Record<Script, Record<string, string>> = {
  hant: { '+': '進', '-': '退', '.': '平' },
  hans: { '+': '进', '-': '退', '.': '平' },
};
const rear: Record<Script, string> = { hant: '後', hans: '后' };

const redNumerals = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const blackNumerals = ['', '１', '２', '３', '４', '５', '６', '７', '８', '９'];

// ordinal names the index-th (front first) of count same pieces on a file.
function ordinal(count: number, index: number, s: Script): string {
  if (index === 0) return '前';
  if (count <= 3) return index === count - 1 ? rear[s] : '中';
  return redNumerals[index + 1]; // 前二三四(五): four or five soldiers (six on a jieqi board: 前二三四五六)
}

// XiangqiStart is the standard start position.
export const xiangqiStart = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

// homeRows are the pieces of xiangqi's start by rank (0-9 from Red's
// side), files a-i: a face-down jieqi piece moves as the piece of its point.
const homeRows: Record<number, string> = { 0: 'RHEAKAEHR', 2: '.C.....C.', 3: 'P.P.P.P.P', 6: 'p.p.p.p.p', 7: '.c.....c.', 9: 'rheakaehr' };

// homePiece is the piece whose starting point file f, rank r is (a FEN
// letter, elephants E and horses H), or "".
export const homePiece = (f: number, r: number): string => (homeRows[r]?.[f] ?? '.').replace('.', '');

// points reads a FEN's board: points[file][rank], file 0-8 (ICCS a-i) and
// rank 0-9 from Red's side; each a FEN letter with elephants as E and
// horses as H, or "". A face-down jieqi piece (X, x) is the piece of its
// point with faceDown, else X or x.
function points(fen: string, faceDown = false): string[][] {
  const b = Array.from({ length: 9 }, () => Array<string>(10).fill(''));
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '9') f += Number(ch);
      else {
        if (f < 9 && i < 10) b[f][9 - i] = faceDown && (ch === 'X' || ch === 'x') ? homePiece(f, 9 - i) : ch.replace('B', 'E').replace('b', 'e').replace('N', 'H').replace('n', 'h');
        f++;
      }
    }
  });
  return b;
}

// iccs reads a move's ICCS text into files and ranks.
function iccs(uci: string): [number, number, number, number] | undefined {
  const m = /^([a-i])(\d)([a-i])(\d)$/.exec(uci);
  return m ? [m[1].charCodeAt(0) - 97, Number(m[2]), m[3].charCodeAt(0) - 97, Number(m[4])] : undefined;
}

// xiangqiChinese writes the move uci (ICCS, "h2e2") from the position fen in
// Chinese notation in script s; undefined when the move cannot be read
// there (no piece on its origin, or a face-down one).
export function xiangqiChinese(fen: string, uci: string, s: Script): string | undefined {
  const sq = iccs(uci);
  return sq && relative(points(fen), sq, s, false);
}

// JieqiShown is what a jieqi move showed, as its reader knows it (the
// step's ext): the piece a face-down mover turned up as, and the piece it
// took (FEN letters; "?" for a piece taken face down the reader does not
// know).
export interface JieqiShown { reveal?: string; took?: string }

// jieqiChinese writes a jieqi move as the server's variant/jieqi does, in
// script s: Chinese notation with a face-down mover named as the piece of
// its point (炮二平五), same pieces on a file told apart whatever their
// kind (前仕, as revealed advisors roam), then 翻 and what it turned up as,
// and for a piece taken face down 吃 and what it was, or 吃暗子 when the
// reader does not know: "炮二平五 翻俥", "炮八进七 翻兵 吃暗子". Undefined when
// the move cannot be read in fen.
export function jieqiChinese(fen: string, uci: string, shown: JieqiShown, s: Script): string | undefined {
  const sq = iccs(uci);
  const text = sq && jieqiMove(fen, uci, s);
  if (!sq || !text) return undefined;
  let out = text;
  if (shown.reveal) out += ' 翻' + (xiangqiGlyph(shown.reveal, s) ?? shown.reveal);
  const target = points(fen)[sq[2]][sq[3]];
  if (target === 'X' || target === 'x') out += ' 吃' + (shown.took && shown.took !== '?' ? xiangqiGlyph(shown.took, s) ?? '暗子' : '暗子');
  return out;
}

// jieqiMove writes a jieqi move in Chinese notation in script s without
// what it showed (炮二平五), as a player types it; undefined when the move
// cannot be read in fen.
export function jieqiMove(fen: string, uci: string, s: Script): string | undefined {
  const sq = iccs(uci);
  return sq && relative(points(fen, true), sq, s, true);
}

// jieqiICCS writes a jieqi move in ICCS with what it showed, as the
// server's old move text did: "h2e2=R", "h2h9xr", "b2b9=Cx?".
export const jieqiICCS = (uci: string, shown: JieqiShown): string =>
  uci + (shown.reveal ? `=${shown.reveal}` : '') + (shown.took ? `x${shown.took}` : '');

// relative writes a move (origin file and rank, destination file and rank)
// on board b in Chinese notation in script s; free tells same advisors and
// elephants on a file apart too (a jieqi board, where they roam).
function relative(b: string[][], [ff, fr, tf, tr]: [number, number, number, number], s: Script, free: boolean): string | undefined {
  const pc = b[ff][fr];
  const char = xiangqiGlyph(pc, s);
  if (!char || (ff === tf && fr === tr)) return undefined;
  const red = pc === pc.toUpperCase();
  const pt = pc.toUpperCase();
  const sideFile = (f: number) => (red ? 9 - f : f + 1);
  const numeral = (n: number) => (red ? redNumerals : blackNumerals)[n];

  // Same pieces on the origin file, front first.
  let count = 0;
  let index = 0;
  for (let i = 0; i < 10; i++) {
    const r = red ? 9 - i : i;
    if (b[ff][r] !== pc) continue;
    if (r === fr) index = count;
    count++;
  }
  const multiFile = pt === 'P' && count >= 2 && b.filter(file => file.filter(p => p === pc).length >= 2).length >= 2;

  let action: '+' | '-' | '.';
  let num: number;
  if (tr === fr) [action, num] = ['.', sideFile(tf)];
  else {
    action = (tr > fr) === red ? '+' : '-';
    num = 'AEH'.includes(pt) ? sideFile(tf) : Math.abs(tr - fr);
  }

  const tandem = count >= 2 && (free || (pt !== 'A' && pt !== 'E'));
  let head: string;
  if (!tandem || count > 6) head = char + numeral(sideFile(ff));
  else if (pt === 'P' && multiFile) head = ordinal(count, index, s) + numeral(sideFile(ff));
  else head = ordinal(count, index, s) + char;
  return head + actions[s][action] + numeral(num);
}

const figurines: Record<Color, Record<string, string>> = {
  white: { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘' },
  black: { K: '♚', Q: '♛', R: '♜', B: '♝', N: '♞' },
};

// figurine writes SAN with the mover's piece figures for the piece letters
// ("Nf3" as "♘f3", "exd8=Q+" as "exd8=♕+"); squares are lower case, so
// every upper-case K, Q, R, B or N is a piece.
export const figurine = (san: string, c: Color): string => san.replace(/[KQRBN]/g, l => figurines[c][l]);
