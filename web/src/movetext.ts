// Moves typed on the keyboard, and moves said aloud. Pure, so
// test/movetext.test.mjs checks it without a browser.
//
// readMove reads what the user typed against the moves the page offers
// (the server's dests): it writes every legal move in each notation it
// knows and looks the input up among them, so there is no second rules
// engine here, and a hidden variant reads only the moves it shows. Chess:
// SAN as the PGN standard writes it (e4, Nf3, exd5, O-O, e8=Q), leniently
// (nf3, 0-0, ed5, Ng1f3, a missing or extra x, + or #) and UCI (e7e8q).
// Xiangqi: Chinese notation in either script and with any digits (炮二平五,
// 炮2平5, 俥一進一, 车一进一, 前俥進二, 後馬退一), WXF (C2.5, C2=5, R++2) and
// ICCS (h2e2); on a jieqi board (face-down X and x in the FEN) a face-down
// piece by the piece of its point, as the move list names it (炮二平五 for
// the face-down piece on h2). Banqi: squares (c2c3, c2-c3), a flip as its
// square alone or twice (c2, c2c2).
//
// A check mark is not needed and not checked: SAN's + and # depend on the
// position after the move, which only the server knows.

import type { BoardKind } from './api';
import type { Script } from './i18n';
import { homePiece, jieqiMove, xiangqiChinese } from './notation';

// MovePosition is what the page knows of the position to move in: the
// board kind, the FEN drawn, and the legal moves as the server sent them
// (origin square → destinations).
export interface MovePosition {
  board: BoardKind;
  fen: string;
  dests: Record<string, readonly string[]>;
  script?: Script; // the script of the Chinese notation in an ambiguous move's choices (default traditional)
}

// MoveReading is a legal move read (its coordinate text, as the board
// sends it), or why none was: the text is empty, is not a move in any
// notation known, names no legal move, or names several (options are
// their texts, to choose from).
export type MoveReading =
  | { uci: string }
  | { error: 'empty' | 'unreadable' | 'illegal' }
  | { error: 'ambiguous'; options: string[] };

// candidate is one legal move: its coordinate text, the forms it may be
// typed in (normalized), and its label in a list of choices.
interface Candidate { uci: string; keys: string[]; label: string; pawn?: boolean }

// readMove reads input as a legal move of the position p.
export function readMove(input: string, p: MovePosition): MoveReading {
  const text = input.trim();
  if (!text) return { error: 'empty' };
  if (p.board === 'banqi') return readBanqi(text, p);
  const xiangqi = p.board === 'xiangqi';
  const key = xiangqi ? xiangqiKey(text) : chessKey(text);
  if (!key) return { error: 'unreadable' };
  const cands = xiangqi ? xiangqiCandidates(p) : chessCandidates(p);
  let found = cands.filter(c => c.keys.includes(key));
  if (!found.length) {
    // Letters in the wrong case ("nf3", "C2.5" typed "c2.5"): the exact
    // form wins (bc3 is a pawn's, if it may), and a capital B is always a
    // bishop's.
    const lower = key.toLowerCase();
    const bishop = key[0] === 'B' && !xiangqi;
    found = cands.filter(c => !(bishop && c.pawn) && c.keys.some(k => k.toLowerCase() === lower));
  }
  const ucis = [...new Set(found.map(c => c.uci))];
  if (ucis.length === 1) return { uci: ucis[0] };
  if (!ucis.length) return { error: 'illegal' };
  return { error: 'ambiguous', options: ucis.map(u => found.find(c => c.uci === u)!.label) };
}

// chessSAN is a legal chess move's SAN as readMove writes it among its
// choices (without a check mark, which only the server knows), from the
// position p; undefined when uci is none of p's moves.
export function chessSAN(p: MovePosition, uci: string): string | undefined {
  return chessCandidates(p).find(c => c.uci === uci)?.label;
}

// boardOf reads a FEN's placement as square → FEN letter ("e1" → "K"):
// chess's 8 ranks 1-8, xiangqi's 10 ranks 0-9, files from a.
export function boardOf(fen: string): Map<string, string> {
  const rows = fen.split(' ')[0].split('/');
  const first = rows.length === 10 ? 0 : 1; // xiangqi counts ranks from 0
  const b = new Map<string, string>();
  rows.forEach((row, i) => {
    const rank = first + rows.length - 1 - i;
    let f = 0;
    for (const ch of row) {
      if (ch >= '0' && ch <= '9') f += Number(ch);
      else b.set(String.fromCharCode(97 + f++) + rank, ch);
    }
  });
  return b;
}

const isWhite = (pc: string) => pc === pc.toUpperCase();

// --- chess

// chessKey normalizes typed chess text to the form of the keys: no capture,
// check, promotion or annotation marks, castling as OO or OOO; undefined
// when it has not the shape of a SAN or UCI move.
function chessKey(text: string): string | undefined {
  const s = text.replace(/[\sxX×:=+#!?-]/g, '').replace(/[‐‑–—]/g, '');
  if (/^[O0o]{2,3}$/.test(s)) return 'O'.repeat(s.length);
  return /^([KQRBN]?[a-h]?[1-8]?[a-h][1-8][QRBN]?)$/i.test(s) ? s : undefined;
}

// chessCandidates lists the legal moves of p with their SAN (without a
// check mark) and the other forms they may be typed in.
function chessCandidates(p: MovePosition): Candidate[] {
  const b = boardOf(p.fen);
  const out: Candidate[] = [];
  for (const [from, tos] of Object.entries(p.dests)) {
    const pc = b.get(from);
    if (!pc) continue;
    const type = pc.toUpperCase();
    for (const to of tos) {
      const uci = from + to;
      const target = b.get(to);
      const own = !!target && isWhite(target) === isWhite(pc);
      if (type === 'K' && (Math.abs(from.charCodeAt(0) - to.charCodeAt(0)) === 2 || (own && target!.toUpperCase() === 'R'))) {
        const san = to > from ? 'O-O' : 'O-O-O';
        out.push({ uci, label: san, keys: [san.replace(/-/g, ''), uci] });
      } else if (type === 'P') {
        const base = from[0] === to[0] ? to : `${from[0]}x${to}`;
        if (to[1] === '8' || to[1] === '1') {
          for (const promo of 'QRBN') {
            const san = `${base}=${promo}`;
            // A promotion without its piece names all four: ambiguous.
            out.push({ uci: uci + promo.toLowerCase(), label: san, pawn: true, keys: [strip(san), uci + promo.toLowerCase(), strip(base), uci] });
          }
        } else out.push({ uci, label: base, pawn: true, keys: [strip(base), uci] });
      } else {
        const san = type + disambiguation(b, p.dests, pc, from, to) + (target && !own ? 'x' : '') + to;
        out.push({ uci, label: san, keys: [strip(san), type + to, type + from[0] + to, type + from[1] + to, type + from + to, uci] });
      }
    }
  }
  return out;
}

const strip = (san: string) => san.replace(/[x=]/g, '');

// disambiguation is what SAN adds after the piece letter when another
// piece of the same kind may go to the same square: the origin's file if
// it tells them apart, else its rank, else both.
function disambiguation(b: Map<string, string>, dests: MovePosition['dests'], pc: string, from: string, to: string): string {
  const rivals = Object.entries(dests).filter(([o, ts]) => o !== from && b.get(o) === pc && ts.includes(to)).map(([o]) => o);
  if (!rivals.length) return '';
  if (!rivals.some(o => o[0] === from[0])) return from[0];
  if (!rivals.some(o => o[1] === from[1])) return from[1];
  return from;
}

// --- xiangqi

// canonical maps the characters of xiangqi notation in either script, and
// of WXF, to one form: pieces by WXF letter (R H E A K C P), numbers as
// ASCII digits, 進 退 平 as + - ., 前 中 後 as F M L.
const canonical: Record<string, string> = {};
for (const [chars, c] of [
  ['俥車车R', 'R'], ['傌馬马HN', 'H'], ['相象EB', 'E'], ['仕士A', 'A'], ['帥帅將将K', 'K'], ['炮砲包C', 'C'], ['兵卒P', 'P'],
  ['進进+＋', '+'], ['退-－', '-'], ['平.=．＝', '.'], ['前', 'F'], ['中', 'M'], ['後后', 'L'],
] as const) for (const ch of chars) canonical[ch] = c;
['一二三四五六七八九', '１２３４５６７８９', '123456789'].forEach(digits => [...digits].forEach((d, i) => { canonical[d] = String(i + 1); }));

// xiangqiKey normalizes typed xiangqi text: ICCS as it is (lower case),
// Chinese or WXF in the canonical characters; undefined when it is neither.
function xiangqiKey(text: string): string | undefined {
  const iccs = /^([a-i])([0-9])\s*[-–]?\s*([a-i])([0-9])$/i.exec(text);
  if (iccs) return iccs.slice(1).join('').toLowerCase();
  let s = '';
  for (const ch of text.replace(/\s/g, '')) {
    const c = canonical[ch.toUpperCase()] ?? canonical[ch];
    if (!c) return undefined;
    s += c;
  }
  return /^[RHEAKCP1-9FML+-][RHEAKCP1-9+-][+.-][1-9]$/.test(s) ? s : undefined;
}

// canon is a notation written by notation.ts in canonical characters.
const canon = (s: string) => [...s].map(ch => canonical[ch] ?? ch).join('');

const wxfLetter: Record<string, string> = { R: 'R', N: 'H', H: 'H', B: 'E', E: 'E', A: 'A', K: 'K', C: 'C', P: 'P' };

// xiangqiCandidates lists the legal moves of p with their Chinese
// notation (canonical, as notation.ts writes it), the plain form (piece,
// file, action, number: 俥九進二 for a chariot that has a twin on its file,
// read if it names one move), WXF's front and rear forms (R++2, 3-.6) and
// ICCS. On a jieqi board (a FEN with face-down pieces) a face-down piece is
// the piece of its point, and the moves are written as jieqi's move list
// writes them (notation.ts's jieqiMove: without what they will show).
function xiangqiCandidates(p: MovePosition): Candidate[] {
  const b = boardOf(p.fen);
  const jieqi = /[Xx]/.test(p.fen.split(' ')[0]);
  const out: Candidate[] = [];
  for (const [from, tos] of Object.entries(p.dests)) {
    const at = b.get(from) ?? '';
    const pc = at === 'X' || at === 'x' ? homePiece(from.charCodeAt(0) - 97, Number(from.slice(1))) : at;
    const letter = wxfLetter[pc.toUpperCase()];
    for (const to of tos) {
      const uci = from + to;
      const s = p.script ?? 'hant';
      const chinese = !letter ? undefined : jieqi ? jieqiMove(p.fen, uci, s) : xiangqiChinese(p.fen, uci, s);
      if (!chinese) {
        out.push({ uci, label: uci, keys: [uci] });
        continue;
      }
      const c = canon(chinese);
      const file = isWhite(pc) ? 9 - (from.charCodeAt(0) - 97) : from.charCodeAt(0) - 96;
      const keys = [c, letter + file + c.slice(2), uci];
      const sign = c[0] === 'F' ? '+' : c[0] === 'L' ? '-' : '';
      if (sign) keys.push(c[1] + sign + c.slice(2)); // WXF: R++2 (前俥進二), 3-.6 (後三平六)
      out.push({ uci, label: chinese, keys });
    }
  }
  return out;
}

// --- banqi

// readBanqi reads a banqi move: two squares (c2c3, c2-c3, c2xc3, C2 C3),
// after the moving piece's letter as the server's move text has it
// (Rc2-c3, Rc2xc3, in either case: the letter must be the piece's), or one square or the
// same twice for a flip (c2, c2c2, and the server's c2=K, whatever the
// letter: what a flip turns up is not known before). A square alone names
// a flip only: a piece there that may move has several destinations to
// choose from.
function readBanqi(text: string, p: MovePosition): MoveReading {
  const m = /^([KABRNCP](?=[a-h]))?([a-h][1-4])\s*(?:=[KABRNCP]|[-–x×]?\s*([a-h][1-4]))?$/i.exec(text);
  if (!m) return { error: 'unreadable' };
  const from = m[2].toLowerCase();
  const to = (m[3] ?? m[2]).toLowerCase();
  const piece = boardOf(p.fen).get(from);
  if (m[1] && (from === to || piece?.toUpperCase() !== m[1].toUpperCase())) return { error: 'illegal' };
  return p.dests[from]?.includes(to) ? { uci: from + to } : { error: 'illegal' };
}

// --- said aloud

// SpokenWords are the words a move is said with, in the user's language
// (i18n keys filled by the caller): the pieces by SAN letter and the
// sentence shapes.
export interface SpokenWords {
  piece(letter: string): string; // "Knight"
  to(piece: string, square: string): string; // "Knight f3"
  takes(piece: string, square: string): string; // "Knight takes f3"
  pawnTo(square: string): string; // "e4"
  pawnTakes(file: string, square: string): string; // "e takes d5"
  castle(long: boolean): string;
  promote(move: string, piece: string): string; // "e8, promotes to Queen"
  check(move: string): string;
  mate(move: string): string;
}

// speakSAN says a SAN move in words ("Nxf3+" → "Knight takes f3, check");
// the SAN itself when it is not one.
export function speakSAN(san: string, w: SpokenWords): string {
  const m = /^(?:(O-O(?:-O)?)|([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=?([QRBN]))?)([+#])?[!?]*$/.exec(san.trim());
  if (!m) return san;
  const [, castle, piece, file, rank, capture, to, promo, mark] = m;
  let said: string;
  if (castle) said = w.castle(castle.length > 3);
  else if (piece) said = capture ? w.takes(w.piece(piece), to) : w.to(w.piece(piece), to);
  else said = capture && file ? w.pawnTakes(file, to) : w.pawnTo(to);
  if (!castle && piece && (file || rank)) said = said.replace(w.piece(piece), `${w.piece(piece)} ${file ?? ''}${rank ?? ''}`);
  if (promo) said = w.promote(said, w.piece(promo));
  if (mark === '+') said = w.check(said);
  if (mark === '#') said = w.mate(said);
  return said;
}
