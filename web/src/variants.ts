// The variants the UI knows, one entry each: which board draws it, what its
// sides are called, how its games end, how its moves are written and how
// they sound. The pages ask here instead of testing the variant's name, so a
// variant is added by adding its entry (and its texts to i18n.ts, and its
// name to api.ts's Variant). A variant on a chess board starts from the
// chess entry: `fogofwar: { ...chess, name: 'fogofwar', label: ..., ... }`.

import { type Color, type State, type Step, type Variant, extOf } from './api';
import type { BoardFactory } from './board';
import { ChessBoard } from './chessboard';
import { byRoll, dicePanel } from './dice';
import { type BombBlast, blastArea } from './marks';
import { MoveGrouping, byFullMove } from './round/movelist';
import { Key as TextKey, t } from './i18n';
import type { SoundName } from './sound';
import { XiangqiBoard, parseFEN } from './xiangqi';

// Side names a side's texts: side.{Side} and side.{Side}.inline in i18n.ts.
export type Side = 'white' | 'black' | 'red';

// Notation is one way to write the move list.
export interface Notation {
  id: string; // remembered in localStorage
  label: TextKey; // in the notation menu
  text(m: Step): string; // a move in it
}

// BoardEffect is a short animation over some squares of the board (class
// cls of style.css, gone after ms): a mine's blast.
export interface BoardEffect { squares: string[]; cls: string; ms: number }

// PanelView is what a variant's side panel draws from: the state, whether
// it is the live position, and whether the user may act on it now.
export interface PanelView { state: State; live: boolean; canMove: boolean }

// SidePanel is a variant's own part of the side panel (dice chess's dice).
export interface SidePanel {
  render(v: PanelView): void;
  destroy(): void;
}

// PanelFactory makes a variant's side panel for one game page; act is what
// the panel may do (send a move).
export type PanelFactory = (act: { move(u: string): void }) => SidePanel;

// VariantUI is what the UI needs to know about one variant.
export interface VariantUI {
  name: Variant; // as the server names it
  label: TextKey; // in the new-game dialog
  tag?: TextKey; // before the players in the recent games; none for plain chess
  help: TextKey; // its rules in a few words, shown in the new-game dialog
  rules?: TextKey; // its rules in full, behind the dialog's "Rules" disclosure
  // board is the element of the page the board draws on (index.html keeps
  // one per kind of board) and the adapter that draws it.
  board: { element: string; create: BoardFactory };
  sides: Record<Color, Side>;
  // reasons are the texts of the terminations the rules can end a game
  // with, by the server's name; resignation, agreement, timeout and
  // abandonment are shared by all (see describeEnd).
  reasons: Record<string, TextKey>;
  // notations are the move list's choices, the default first, remembered
  // under storageKey; without any the list shows Step.san.
  notations?: { storageKey: string; options: Notation[] };
  claimDraw: boolean; // whether a player claims draws (repetition, 50 moves) or the rules judge them
  moveSound(before: State, after: State): SoundName; // the sound of the move that made after
  setup: { label: TextKey; placeholder: TextKey }; // the new-game dialog's FEN/PGN field
  takeback: boolean; // whether moves may be taken back (the server refuses it in the hidden and random variants)
  // handOver hides the board between turns on one screen (fog of war: each
  // side may see only its own view), until the next player asks for it.
  handOver?: boolean;
  // spectatorNote is the status a spectator reads while the game is played
  // (fog of war: the board shows nothing until the end).
  spectatorNote?: TextKey;
  // The variant's hooks into the game page, which has no variant branch of
  // its own. moveRows groups the move list (chess: by move number; dice
  // chess: a turn a row, from one step with a dice roll to the next).
  moveRows: MoveGrouping;
  // panel is the variant's part of the side panel, made with the board
  // (dice chess: the dice and Pass).
  panel?: PanelFactory;
  // effect is the animation a move shows on the board, if any (bomb chess:
  // the blast of a mine).
  effect?(before: State, after: State): BoardEffect | undefined;
  // stepMark is a mark on a move of the list, with its tooltip (bomb chess:
  // the move that set off a mine).
  stepMark?(m: Step): { cls: string; title: string } | undefined;
  // fair is what the game info says of a game drawn from a secret seed
  // (dice, mines), and the command that checks it once the seed is out.
  fair?: { text: TextKey; verify: string };
}

// chess is the default variant, and the base of the others on a chess board.
export const chess: VariantUI = {
  name: 'chess',
  label: 'variant.chess',
  help: 'variant.chess.help',
  board: { element: 'board', create: (el, hooks) => new ChessBoard(el, hooks, document.getElementById('promo')!) },
  sides: { white: 'white', black: 'black' },
  reasons: {
    checkmate: 'reason.checkmate',
    stalemate: 'reason.stalemate',
    'insufficient material': 'reason.insufficientMaterial',
    '75-move rule': 'reason.75moves',
    'fivefold repetition': 'reason.fivefold',
    '50-move rule': 'reason.50moves',
    'threefold repetition': 'reason.threefold',
  },
  claimDraw: true,
  moveSound: (_, s) => {
    const san = s.last?.san ?? '';
    return san.includes('+') || san.includes('#') ? 'check' : san.includes('x') ? 'capture' : 'move';
  },
  setup: { label: 'setup.chess', placeholder: 'setup.chess.placeholder' },
  takeback: true,
  moveRows: byFullMove,
};

// chess960 is chess from a shuffled back rank, on the chess board: the
// server draws the start (or reads the number, FEN or PGN pasted), and its
// dests offer castling as the king's move onto its own rook, which
// ChessBoard sends as king square + rook square.
export const chess960: VariantUI = {
  ...chess,
  name: 'chess960',
  label: 'variant.chess960',
  tag: 'variant.chess960.tag',
  help: 'variant.chess960.help',
  setup: { label: 'setup.chess960', placeholder: 'setup.chess960.placeholder' },
};

export const xiangqi: VariantUI = {
  name: 'xiangqi',
  label: 'variant.xiangqi',
  tag: 'variant.xiangqi.tag',
  help: 'variant.xiangqi.help',
  board: { element: 'xboard', create: (el, hooks) => new XiangqiBoard(el, hooks) },
  sides: { white: 'red', black: 'black' },
  reasons: {
    checkmate: 'reason.checkmate',
    stalemate: 'reason.xiangqi.stalemate',
    'perpetual check': 'reason.perpetualCheck',
    repetition: 'reason.repetition',
    'move limit': 'reason.60moves',
    'insufficient material': 'reason.insufficientMaterial',
  },
  notations: {
    storageKey: 'gambit.xiangqiNotation',
    options: [
      { id: 'chinese', label: 'notation.chinese', text: m => m.san },
      { id: 'wxf', label: 'notation.wxf', text: m => m.wxf || m.san },
      { id: 'iccs', label: 'notation.iccs', text: m => m.uci },
    ],
  },
  claimDraw: false, // repetitions are judged automatically
  // Xiangqi move text has no capture or check marks: count the pieces.
  moveSound: (prev, s) => (s.check ? 'check' : parseFEN(s.fen).size < parseFEN(prev.fen).size ? 'capture' : 'move'),
  setup: { label: 'setup.xiangqi', placeholder: 'setup.xiangqi.placeholder' },
  takeback: true,
  moveRows: byFullMove, // Red's move, then Black's
};

// fogofwar is chess where each side sees only its own pieces and the
// squares they could move to: the server cuts every state per viewer (the
// fen has unseen squares empty, fog lists them, the opponent's steps are
// "?"). No check; the king is captured.
export const fogofwar: VariantUI = {
  ...chess,
  name: 'fogofwar',
  label: 'variant.fogofwar',
  tag: 'variant.fogofwar.tag',
  help: 'variant.fogofwar.help',
  rules: 'variant.fogofwar.rules',
  reasons: {
    'king captured': 'reason.kingCaptured',
    stalemate: 'reason.stalemate',
    '75-move rule': 'reason.75moves',
    'fivefold repetition': 'reason.fivefold',
    'bare kings': 'reason.bareKings',
  },
  claimDraw: false,
  takeback: false,
  handOver: true,
  spectatorNote: 'status.fogWatching',
};

// dice is chess with three dice a turn naming the piece types that may
// move: the server's dests hold only what the dice left allow, and "0000"
// passes the rest of a turn.
export const dice: VariantUI = {
  ...chess,
  name: 'dice',
  label: 'variant.dice',
  tag: 'variant.dice.tag',
  help: 'variant.dice.help',
  rules: 'variant.dice.rules',
  takeback: false,
  moveRows: byRoll,
  panel: dicePanel,
  fair: { text: 'fair.dice', verify: 'gambit dice verify' },
};

// bomb is chess with eight hidden mines: a move's step says where one went
// off (blast) and what it cleared; the state lists the mines known.
export const bomb: VariantUI = {
  ...chess,
  name: 'bomb',
  label: 'variant.bomb',
  tag: 'variant.bomb.tag',
  help: 'variant.bomb.help',
  rules: 'variant.bomb.rules',
  reasons: { ...chess.reasons, 'king exposed by a mine': 'reason.kingExposed' },
  takeback: false,
  moveSound: (prev, s) => (extOf<BombBlast>(s.last).blast ? 'blast' : chess.moveSound(prev, s)),
  stepMark: m => {
    const blast = extOf<BombBlast>(m).blast;
    return blast ? { cls: 'blast', title: t('moves.blast', { square: blast }) } : undefined;
  },
  effect: (_, s) => {
    const blast = extOf<BombBlast>(s.last).blast;
    return blast ? { squares: blastArea(blast), cls: 'blast', ms: 900 } : undefined;
  },
  fair: { text: 'fair.bomb', verify: 'gambit bomb verify' },
};

// variants lists every variant in the order of the new-game dialog.
export const variants: readonly VariantUI[] = [chess, chess960, xiangqi, fogofwar, dice, bomb];

// variantOf returns a variant's entry; an unknown or missing name is chess,
// so a game of a variant this UI does not know yet still shows.
export function variantOf(name?: string): VariantUI {
  return variants.find(v => v.name === name) ?? chess;
}

// sideName names a side in the variant's own words: xiangqi's first side is
// Red. Inline is the form within a sentence ("You (red)").
export function sideName(v: VariantUI, c: Color, inline = false): string {
  const side = v.sides[c];
  return t(inline ? `side.${side}.inline` : `side.${side}`);
}

// describeEnd names the result and its reason for the game-over dialog.
export function describeEnd(s: State): [string, string] {
  if (s.status === 'aborted') return [t('end.aborted'), t('end.noResult')];
  const v = variantOf(s.variant);
  const title = s.winner ? t('end.wins', { side: sideName(v, s.winner) }) : t('end.draw');
  const loser = s.winner && sideName(v, s.winner === 'white' ? 'black' : 'white');
  const term = s.termination ?? '';
  let reason: string;
  if (term === 'resignation' && loser) reason = t('end.resigned', { side: loser });
  else if (term === 'timeout' && loser) reason = t('end.flagged', { side: loser });
  else if (term === 'timeout') reason = t('end.timeoutDraw');
  else if (term === 'abandonment' && loser) reason = t('end.abandoned', { side: loser });
  else {
    const key = own(v.reasons, term) ?? own(shared, term);
    reason = key ? t(key) : t('end.other', { reason: term.charAt(0).toUpperCase() + term.slice(1) });
  }
  return [`${title} (${s.result})`, reason];
}

// shared are the reasons the server gives for any variant.
const shared: Record<string, TextKey> = {
  resignation: 'reason.resignation',
  agreement: 'reason.agreement',
  timeout: 'reason.timeout',
  abandonment: 'reason.abandonment',
};

const own = <T>(r: Record<string, T>, k: string): T | undefined => (Object.prototype.hasOwnProperty.call(r, k) ? r[k] : undefined);

// notationOf returns the variant's notation of that id, or its default; none
// when the variant has one way of writing moves.
export function notationOf(v: VariantUI, id: string | null): Notation | undefined {
  const options = v.notations?.options ?? [];
  return options.find(n => n.id === id) ?? options[0];
}
