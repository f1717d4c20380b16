// The variants the UI plays, as the server registers them (GET
// /api/variants): the server says what each variant is (its board, sides,
// terminations, draw claims, takebacks, hand-over, computer levels); the
// browser adds only each kind of board's adapter (here) and each variant's
// own module (variants/*.ts: its texts and hooks). The pages ask a
// VariantUI and never test a variant's name: a variant is named in the
// browser only in its own module and in its texts (i18n.ts).

import type { BoardKind, Color, Level, Seat, State, Step, Variant, VariantInfo } from './api';
import type { BoardConfig, BoardFactory } from './board';
import { ChessBoard, allSquares } from './chessboard';
import { Key as TextKey, hasText, language, script, t, tables } from './i18n';
import { figurine, xiangqiChinese, xiangqiStart } from './notation';
import { MoveGrouping, byFullMove } from './round/movelist';
import type { SoundName } from './sound';
import { speakChess, speakXiangqi } from './speech';
import { XiangqiBoard, parseFEN, xiangqiCoordsOf } from './xiangqi';
import { BanqiBoard, parseBanqiFEN } from './banqi';
import { banqi } from './variants/banqi';
import { bomb } from './variants/bomb';
import { chess, chess960 } from './variants/chess';
import { dice } from './variants/dice';
import { fogofwar } from './variants/fog';
import { jieqi } from './variants/jieqi';
import { xiangqi } from './variants/xiangqi';

// Notation is one way to write the move list.
export interface Notation {
  id: string; // remembered in localStorage
  label: TextKey; // in the notation menu
  text(m: Step, before?: string): string; // a move in it, played from the FEN before (the start without one)
}

// BoardEffect is a short animation over some squares of the board (class
// cls of style.css, gone after ms): a mine's blast.
export interface BoardEffect { squares: string[]; cls: string; ms: number }

// StepContext is what a variant's words of a move may depend on beyond
// the move: the side whose view the page shows (a seat's player, or on one
// screen the player at it; none for a spectator), and the move list's
// notation's id ("chinese", "wxf", "iccs"; none: the default).
export interface StepContext { viewer?: Color; notation?: string }

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

// MoveSound is the sound of the move that made after.
export type MoveSound = (before: State, after: State) => SoundName;

// MoveSpeech says a move for a screen reader, in the user's language: m
// played from the FEN before, check whether it gives check.
export type MoveSpeech = (m: Step, before: string | undefined, check: boolean) => string;

// Notations are a move list's choices, the default first, remembered under
// storageKey.
export interface Notations { storageKey: string; options: Notation[] }

// BoardKindUI is what a kind of board brings to every variant on it: the
// element of the page it draws on (index.html keeps one per kind) and the
// adapter that draws it, the texts of its rules' usual terminations, how its
// moves sound, how its moves may be written, the new-game dialog's setup
// field, and the empty board shown while it is covered; whether the game
// page may turn it round, and whether the analysis board draws it.
export interface BoardKindUI {
  kind: BoardKind;
  element: string;
  create: BoardFactory;
  orientable: boolean; // the flip button turns it (banqi's board is drawn one way for everyone: banqi.ts)
  analysis: boolean; // the analysis page has a board of this kind (analysis/view.ts: chess and xiangqi)
  reasons: Record<string, TextKey>;
  losses?: Record<string, TextKey>; // the terminations lost by breaking a rule, worded with the loser's name
  moveSound: MoveSound;
  notations?: Notations;
  speak: MoveSpeech;
  setup: { label: TextKey; placeholder: TextKey };
  cover: Pick<BoardConfig, 'fen' | 'marks'>;
  // levels are the texts of the engines' levels on this board, by the
  // server's level name; terms the short names of its terminations (the
  // recent games' list) where they differ from other boards'.
  levels: Record<string, TextKey>;
  terms?: Record<string, TextKey>;
}

// VariantModule is one variant's own part of the UI: its texts and the
// hooks where it draws something the shared page does not. Every field but
// the name and texts is optional: a variant without a hook is drawn as its
// board kind draws any game.
export interface VariantModule {
  name: Variant; // as the server registers it
  label: TextKey; // in the new-game dialog
  tag?: TextKey; // before the players in the recent games and the lobby; none for plain chess
  help: TextKey; // its rules in a few words, shown in the new-game dialog
  rules?: TextKey; // its rules in full, behind the dialog's "Rules" disclosure
  setup?: { label: TextKey; placeholder: TextKey }; // the dialog's FEN/PGN field, if not the board's
  // sidesLegend is the new-game dialog's legend over the choice of side,
  // where the sides are not colours ("You play": banqi's first or second
  // player); "Your colour" without it.
  sidesLegend?: TextKey;
  // levels are the texts of its own computer player's levels, by the
  // server's level name (for a variant the engines do not play).
  levels?: Record<string, TextKey>;
  // reasons are the texts of its own terminations (or of its board's, said
  // its own way), by the server's name.
  reasons?: Record<string, TextKey>;
  // spectatorNote is the status a spectator reads while the game is played
  // (fog of war: the board shows nothing until the end).
  spectatorNote?: TextKey;
  // fair is what a seeded game's note says is drawn from the seed (the
  // dice, the mines, the layout).
  fair?: TextKey;
  notations?: Notations | null; // the move list's choices, if not the board's; null: Step.san alone
  speak?: MoveSpeech; // a move in words, if not as the board's moves are said
  // moveSound is the sound of a move; board is the board kind's.
  moveSound?(before: State, after: State, board: MoveSound): SoundName;
  // moveRows groups the move list (dice chess: a turn a row, from one step
  // with a dice roll to the next); by move number without it.
  moveRows?: MoveGrouping;
  // panel is the variant's part of the side panel, made with the board
  // (dice chess: the dice and Pass; jieqi: the pieces taken).
  panel?: PanelFactory;
  // effect is the animation a move shows on the board, if any (bomb chess:
  // the blast of a mine).
  effect?(before: State, after: State): BoardEffect | undefined;
  // stepMark is a mark on a move of the list, with its tooltip (bomb chess:
  // the move that set off a mine); before is the FEN it was played from.
  stepMark?(m: Step, before?: string, ctx?: StepContext): { cls: string; title: string } | undefined;
  // stepWords say in words what a move did beyond itself (bomb chess: the
  // mine and the pieces it took; jieqi: what a face-down piece turned up
  // as; fog of war: the viewer's piece it took unseen), played from the
  // FEN before, as ctx's viewer reads it: the status line keeps them on
  // show until the player's next move (RoundCtrl.eventSteps), the screen
  // reader says them as they come.
  stepWords?(m: Step, before?: string, ctx?: StepContext): string | undefined;
  // turnWords say what the turn to move allows that the board does not
  // show (dice chess: the pieces the dice left may move), to a viewer
  // holding the seats you.
  turnWords?(s: State, you: readonly Color[]): string | undefined;
  // marks are CSS classes the board draws on squares beyond the position,
  // by square (fog of war: the unseen squares; bomb chess: known mines and
  // safe squares); live says whether the live position is shown.
  marks?(s: State, live: boolean): Record<string, string[]>;
  // startNote is what the game header says of the game's start, if
  // anything (Chess960: the start position's number).
  startNote?(s: State): string | undefined;
  // uciChess960 says the analysis engine is told UCI_Chess960: castling is
  // the king's move onto its own rook, from any start.
  uciChess960?: boolean;
}

// VariantUI is what the pages know of one variant: the server's
// registration, its board kind's adapter and its module's texts and hooks.
export interface VariantUI {
  name: Variant;
  label: string; // its name, in the user's language where the UI has words for it
  tag?: string; // before the players, if it needs naming (not plain chess)
  help?: string;
  rules?: string;
  board: { kind: BoardKind; element: string; create: BoardFactory; orientable: boolean; analysis: boolean };
  sides: Record<Color, string>; // the sides' names as the server writes them, lower case: "white", "red"
  terminations: readonly string[]; // as the server names them
  ruleSets: readonly string[]; // the sets of rules a game may be played by, the default first; empty: one
  reasons: Record<string, TextKey>;
  // losses word the terminations that a side lost by breaking a rule,
  // naming that side ("Red loses by perpetual chase.").
  losses: Record<string, TextKey>;
  notations?: Notations;
  claimDraw: boolean; // whether a player claims draws (repetition, 50 moves) or the rules judge them
  takeback: boolean; // whether moves may be taken back (the server refuses it in the hidden and random variants)
  viewer: boolean; // whether its record is its board's PGN: the standalone viewer shows its games in play (a variant with rules of its own: once over)
  // reviewable says the server's engines review its finished games (POST
  // /api/games/{id}/review): a variant of its board's own rules, nothing
  // hidden (server/reviews Reviewable).
  reviewable: boolean;
  // hidden says its players do not see the whole game (fog of war, dice,
  // bomb, jieqi, banqi): no bot plays it, for the Bot API carries no such
  // game (server/tourney BotMayPlay).
  hidden: boolean;
  // handOver hides the board between turns on one screen (fog of war: each
  // side may see only its own view), until the next player asks for it.
  handOver: boolean;
  levels: readonly Level[]; // the computer's, labelled in the user's language where the UI has words; none: no computer opponent
  // serverLevels are the levels' labels as the server writes them, by name
  // (a recent game's seat names its bot that way, without the level).
  serverLevels: Record<string, string>;
  moveSound: MoveSound;
  speak: MoveSpeech; // a move in words, for screen readers
  setup: { label: TextKey; placeholder: TextKey };
  sidesLegend: TextKey; // the new-game dialog's legend over the choice of side
  cover: Pick<BoardConfig, 'fen' | 'marks'>; // the board shown while covered
  terms: Record<string, TextKey>; // the terminations' short names, by the server's name
  spectatorNote?: TextKey;
  moveRows: MoveGrouping;
  panel?: PanelFactory;
  effect?(before: State, after: State): BoardEffect | undefined;
  stepMark?(m: Step, before?: string, ctx?: StepContext): { cls: string; title: string } | undefined;
  stepWords?(m: Step, before?: string, ctx?: StepContext): string | undefined;
  turnWords?(s: State, you: readonly Color[]): string | undefined;
  marks?(s: State, live: boolean): Record<string, string[]>;
  startNote?(s: State): string | undefined;
  uciChess960: boolean;
  // fair is what the game info says of a game drawn from a secret seed,
  // and the command that checks it once the seed is out.
  fair?: { text: TextKey; verify: string };
}

// chessMoveSound reads SAN's marks.
const chessMoveSound: MoveSound = (_, s) => {
  const san = s.last?.san ?? '';
  return san.includes('+') || san.includes('#') ? 'check' : san.includes('x') ? 'capture' : 'move';
};

// boards are the kinds of board, by the server's name.
export const boards: Record<BoardKind, BoardKindUI> = {
  chess: {
    kind: 'chess',
    element: 'board',
    create: (el, hooks) => new ChessBoard(el, hooks, document.getElementById('promo')!),
    orientable: true,
    analysis: true,
    reasons: {
      checkmate: 'reason.checkmate',
      stalemate: 'reason.stalemate',
      'insufficient material': 'reason.insufficientMaterial',
      '75-move rule': 'reason.75moves',
      'fivefold repetition': 'reason.fivefold',
      '50-move rule': 'reason.50moves',
      'threefold repetition': 'reason.threefold',
    },
    moveSound: chessMoveSound,
    speak: speakChess,
    notations: {
      storageKey: 'gambit.chessNotation',
      options: [
        { id: 'san', label: 'notation.san', text: m => m.san },
        { id: 'figurine', label: 'notation.figurine', text: m => figurine(m.san, m.color) },
      ],
    },
    setup: { label: 'setup.chess', placeholder: 'setup.chess.placeholder' },
    cover: { fen: '8/8/8/8/8/8/8/8 w - - 0 1', marks: Object.fromEntries(allSquares.map(k => [k, 'unseen'])) },
    levels: {
      greedy: 'level.chess.greedy', minimax: 'level.chess.minimax', negamax: 'level.chess.negamax', alphabeta: 'level.chess.alphabeta',
      beginner: 'level.chess.beginner', casual: 'level.chess.casual', club: 'level.chess.club',
      strong: 'level.chess.strong', full: 'level.chess.full',
    },
  },
  xiangqi: {
    kind: 'xiangqi',
    element: 'xboard',
    create: (el, hooks) => new XiangqiBoard(el, hooks, () => xiangqiCoordsOf(document.body.dataset.xqCoords)),
    orientable: true,
    analysis: true,
    reasons: {
      checkmate: 'reason.checkmate',
      stalemate: 'reason.xiangqi.stalemate',
      'perpetual check': 'reason.perpetualCheck',
      'perpetual chase': 'reason.perpetualChase',
      'one check one chase': 'reason.checkAndChase',
      'perpetual mate threat': 'reason.mateThreat',
      repetition: 'reason.repetition',
      'move limit': 'reason.60moves',
      'insufficient material': 'reason.insufficientMaterial',
    },
    losses: {
      'perpetual check': 'end.perpetualCheck',
      'perpetual chase': 'end.perpetualChase',
      'one check one chase': 'end.checkAndChase',
      'perpetual mate threat': 'end.mateThreat',
    },
    // Xiangqi move text has no capture or check marks: count the pieces.
    moveSound: (prev, s) => (s.check ? 'check' : parseFEN(s.fen).size < parseFEN(prev.fen).size ? 'capture' : 'move'),
    speak: speakXiangqi,
    notations: {
      storageKey: 'gambit.xiangqiNotation',
      options: [
        // The browser writes the Chinese in the user's script (notation.ts);
        // the server's san (traditional pieces, 进) only for a step it cannot read.
        { id: 'chinese', label: 'notation.chinese', text: (m, before) => (m.uci && xiangqiChinese(before ?? xiangqiStart, m.uci, script())) || m.san },
        { id: 'wxf', label: 'notation.wxf', text: m => m.wxf || m.san },
        { id: 'iccs', label: 'notation.iccs', text: m => m.uci },
      ],
    },
    setup: { label: 'setup.xiangqi', placeholder: 'setup.xiangqi.placeholder' },
    cover: { fen: '9/9/9/9/9/9/9/9/9/9 w - - 0 1' },
    levels: {
      greedy: 'level.xiangqi.greedy', minimax: 'level.xiangqi.minimax', alphabeta: 'level.xiangqi.alphabeta',
      beginner: 'level.xiangqi.beginner', casual: 'level.xiangqi.casual', club: 'level.xiangqi.club',
      strong: 'level.xiangqi.strong', full: 'level.xiangqi.full',
    },
    terms: { stalemate: 'term.xiangqi.stalemate' },
  },
  // Banqi's board (banqi.ts): 4×8 cells, xiangqi's pieces face up or down,
  // drawn one way for everyone; the xiangqi board's settings (piece style,
  // coordinates shown or not) apply. Its moves are written by its one
  // variant's module.
  banqi: {
    kind: 'banqi',
    element: 'bqboard',
    create: (el, hooks) => new BanqiBoard(el, hooks, () => xiangqiCoordsOf(document.body.dataset.xqCoords) !== 'none'),
    orientable: false,
    analysis: false,
    reasons: {
      'no pieces left': 'reason.banqi.noPieces',
      'no legal move': 'reason.banqi.noMoves',
      'perpetual chase': 'reason.banqi.chase',
      repetition: 'reason.banqi.repetition',
      'no flip or capture': 'reason.banqi.moveLimit',
    },
    // A flip is quiet, a capture sounds as one: count the pieces.
    moveSound: (prev, s) => (parseBanqiFEN(s.fen).size < parseBanqiFEN(prev.fen).size ? 'capture' : 'move'),
    speak: m => m.uci || m.san, // the squares; the variant's module says more
    setup: { label: 'setup.banqi', placeholder: 'setup.banqi.placeholder' },
    cover: { fen: '8/8/8/8 w - 0 1' },
    levels: {},
    terms: { 'no pieces left': 'term.banqi.noPieces', 'no legal move': 'term.banqi.noMoves', 'perpetual chase': 'term.banqi.chase', 'no flip or capture': 'term.banqi.moveLimit' },
  },
};

// modules are the variants' own UI modules, in the new-game dialog's order
// (variants the server registers and no module knows come after them).
export const modules: readonly VariantModule[] = [chess, chess960, xiangqi, jieqi, banqi, fogofwar, dice, bomb];

// fallback is what the UI plays when the server's list cannot be had: chess,
// as the server registers it.
export const fallback: VariantInfo = {
  name: 'chess', label: 'Chess', board: 'chess', sides: ['White', 'Black'],
  terminations: Object.keys(boards.chess.reasons), claimDraw: true, takeback: true,
  seeded: false, hidden: false, handOver: false, pass: false, viewer: true, levels: [],
};

// variantUI joins a registration with its board kind and its module.
export function variantUI(info: VariantInfo, mod = modules.find(m => m.name === info.name)): VariantUI {
  const board = Object.prototype.hasOwnProperty.call(boards, info.board) ? boards[info.board] : boards.chess;
  const side = (s: string | undefined, dflt: string) => (s ?? dflt).toLowerCase();
  const moveSound: MoveSound = mod?.moveSound ? (b, a) => mod.moveSound!(b, a, board.moveSound) : board.moveSound;
  return {
    name: info.name,
    label: mod ? t(mod.label) : info.label,
    tag: mod?.tag ? t(mod.tag) : info.tag,
    help: mod && t(mod.help),
    rules: mod?.rules && t(mod.rules),
    board: { kind: board.kind, element: board.element, create: board.create, orientable: board.orientable, analysis: board.analysis },
    sides: { white: side(info.sides[0], 'white'), black: side(info.sides[1], 'black') },
    terminations: info.terminations,
    ruleSets: info.ruleSets ?? [],
    reasons: { ...board.reasons, ...mod?.reasons },
    losses: board.losses ?? {},
    notations: mod?.notations === undefined ? board.notations : mod.notations ?? undefined,
    claimDraw: info.claimDraw,
    takeback: info.takeback,
    viewer: info.viewer,
    reviewable: info.viewer && !info.hidden,
    hidden: info.hidden,
    handOver: info.handOver,
    serverLevels: Object.fromEntries((info.levels ?? []).map(l => [l.name, l.label])),
    levels: (info.levels ?? []).map(l => {
      if (l.engine && l.number) return { ...l, label: t('level.engine', { engine: l.engine, n: l.number }) }; // Stockfish, level 3
      const key = own(mod?.levels ?? board.levels, l.name);
      return key ? { ...l, label: t(key, { elo: l.elo === undefined ? '' : String(l.elo) }) } : l; // a rating, never grouped (1200, not 1,200)
    }),
    moveSound,
    speak: mod?.speak ?? board.speak,
    setup: mod?.setup ?? board.setup,
    sidesLegend: mod?.sidesLegend ?? 'new.color',
    cover: board.cover,
    terms: { ...terms, ...board.terms },
    spectatorNote: mod?.spectatorNote,
    moveRows: mod?.moveRows ?? byFullMove,
    panel: mod?.panel,
    effect: mod?.effect,
    stepMark: mod?.stepMark,
    stepWords: mod?.stepWords,
    turnWords: mod?.turnWords,
    marks: mod?.marks,
    startNote: mod?.startNote,
    uciChess960: mod?.uciChess960 ?? false,
    fair: info.seeded ? { text: mod?.fair ?? 'fair.generic', verify: `gambit ${info.name} verify` } : undefined,
  };
}


// setRegistry makes the server's list the variants the UI plays, in the
// modules' order; with none, chess alone.
export function setRegistry(infos: readonly VariantInfo[]) {
  const rank = (name: string) => { const i = modules.findIndex(m => m.name === name); return i < 0 ? modules.length : i; };
  const sorted = [...infos].sort((a, b) => rank(a.name) - rank(b.name));
  registry = sorted.length ? sorted.map(i => variantUI(i)) : [variantUI(fallback)];
}

// variants lists every variant in the order of the new-game dialog.
export const variants = (): readonly VariantUI[] => registry;

// variantOf returns a variant's entry; an unknown or missing name is the
// first (chess), so a game of a variant this page does not know still shows.
export function variantOf(name?: string): VariantUI {
  return registry.find(v => v.name === name) ?? registry[0];
}

// sideName names a side in the variant's own words: xiangqi's first side is
// Red. Inline is the form within a sentence ("You (red)").
export function sideName(v: VariantUI, c: Color, inline = false): string {
  const side = v.sides[c];
  const key = inline ? `side.${side}.inline` : `side.${side}`;
  if (hasText(key)) return t(key);
  return inline ? side : side.charAt(0).toUpperCase() + side.slice(1);
}

// sideWords are the words a name may not pass for: every side's name in
// every language the UI has (White, 白方, 紅方, their inline forms), the
// sides' bare characters and their 棋 forms (白, 黑棋), and "You" — in
// normal form, lower case.
let sideWords: Set<string> | undefined;

const normal = (s: string) => s.normalize('NFKC').trim().toLowerCase();

// isSideName reports whether a player's chosen name reads as a side's name
// (or as "You") in any of the UI's languages: a guest named 黑方 who plays
// White.
export function isSideName(name: string): boolean {
  if (!sideWords) {
    const keys: TextKey[] = ['side.white', 'side.black', 'side.red', 'side.white.inline', 'side.black.inline', 'side.red.inline',
      'side.first', 'side.second', 'side.first.inline', 'side.second.inline', 'player.you.short'];
    sideWords = new Set([...Object.values(tables).flatMap(tb => keys.map(k => normal(tb[k]))),
      ...['白', '黑', '紅', '红', '白棋', '黑棋', '紅棋', '红棋'], 'white', 'black', 'red', 'you']);
  }
  return sideWords.has(normal(name));
}

// shownName is a player's chosen name as the page shows it: in quotes when
// it reads as a side's name, so that it is never taken for one.
export const shownName = (name: string): string => (isSideName(name) ? t('player.quoted', { name }) : name);

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
  else if (term === 'no start' && loser) reason = t('end.noStart', { side: loser });
  else if (loser && own(v.losses, term)) reason = t(own(v.losses, term)!, { side: loser });
  else {
    const key = own(v.reasons, term) ?? own(shared, term);
    reason = key ? t(key) : t('end.other', { reason: term.charAt(0).toUpperCase() + term.slice(1) });
  }
  return [t('end.titleResult', { title, result: s.result }), reason]; // Chinese brackets in Chinese: 白方勝（1-0）
}

// ruleSetNames are the names of the sets of rules games are played by.
const ruleSetNames: Record<string, TextKey> = { wxf: 'ruleset.wxf', chinese: 'ruleset.chinese' };

// ruleSetName names a set of rules in the user's language (its own name
// for one this page does not know).
export const ruleSetName = (name: string): string => {
  const key = own(ruleSetNames, name);
  return key ? t(key) : name;
};

// shared are the reasons the server gives for any variant.
const shared: Record<string, TextKey> = {
  resignation: 'reason.resignation',
  agreement: 'reason.agreement',
  timeout: 'reason.timeout',
  abandonment: 'reason.abandonment',
  'no start': 'reason.noStart',
};

// terms are the short names of the terminations (the recent games' list),
// by the server's name; a board kind may name one its own way (xiangqi's
// stalemate loses).
const terms: Record<string, TextKey> = {
  checkmate: 'term.checkmate',
  stalemate: 'term.stalemate',
  'insufficient material': 'term.insufficientMaterial',
  '75-move rule': 'term.75moves',
  'fivefold repetition': 'term.fivefold',
  '50-move rule': 'term.50moves',
  'threefold repetition': 'term.threefold',
  'perpetual check': 'term.perpetualCheck',
  'perpetual chase': 'term.perpetualChase',
  'one check one chase': 'term.checkAndChase',
  'perpetual mate threat': 'term.mateThreat',
  repetition: 'term.repetition',
  'move limit': 'term.60moves',
  resignation: 'term.resignation',
  agreement: 'term.agreement',
  timeout: 'term.timeout',
  'no start': 'term.noStart',
  abandonment: 'term.abandonment',
  'king captured': 'term.kingCaptured',
  'bare kings': 'term.bareKings',
  'king exposed by a mine': 'term.kingExposed',
};

// termName is a termination's short name in the user's language; the
// server's own for one the UI has no words for.
export function termName(v: VariantUI, term: string): string {
  const key = own(v.terms, term);
  return key ? t(key) : term;
}

// botName names a computer seat by its level, in the user's language; the
// server's name for a level the variant does not list. A seat without its
// level (the recent games' summaries) is known by the server's name for it,
// "Gambit · " and the level's English label (an external engine's: its
// label alone, "Stockfish, level 3").
export function botName(v: VariantUI, seat: Seat): string {
  const name = seat.level ?? Object.keys(v.serverLevels).find(n => seat.name === `Gambit · ${v.serverLevels[n]}` || seat.name === v.serverLevels[n]);
  const level = v.levels.find(l => l.name === name);
  if (level?.engine) return level.label; // an external engine is not Gambit: "Stockfish, level 3"
  return level ? t('player.bot', { level: level.label }) : seat.name ?? t('player.computer');
}

const own = <T>(r: Record<string, T>, k: string): T | undefined => (Object.prototype.hasOwnProperty.call(r, k) ? r[k] : undefined);

// notationOf returns the variant's notation of that id, or its default; none
// when the variant has one way of writing moves.
export function notationOf(v: VariantUI, id: string | null): Notation | undefined {
  const options = v.notations?.options ?? [];
  return options.find(n => n.id === id) ?? options[0];
}

// listAll joins texts as the language lists them all ("a, b and c",
// "a、b和c"): the pieces a blast removed, the dice left.
export const listAll = (items: readonly string[]): string => new Intl.ListFormat(language(), { type: 'conjunction' }).format(items);

// registry is the variants the UI plays (set last: variantUI reads the
// tables above).
let registry: VariantUI[] = [variantUI(fallback)];
