// The analysis board's controller: the move tree and where the user is in
// it, the positions' legal moves (asked from the server, which has the
// rules), the local engine's lines, the game's review and the opening's
// name. The view (view.ts) draws it and calls its methods.
//
// What it asks the server it asks once (cache.ts keeps the answers): a
// position when the board rests on it (a held key asks only where it
// stops), an engine line's moves only where the page does not know them
// yet, all the lines in one request, and while the engine streams deeper
// lines ever less often: a search of 30 s costs a handful of requests, so
// a player never meets the server's limit, which is there for abuse.

import type { BoardKind, Color, State, Step } from '../api';
import { failureText, getGame, retryDelayMs } from '../api';
import { t, script } from '../i18n';
import { xiangqiChinese, xiangqiStart } from '../notation';
import { notationOf, variantOf, variants } from '../variants';
import * as api from './api';
import { Answers } from './cache';
import { LocalEngine } from './engine';
import { EngineLine, whiteScore } from './uci';
import { Glyph, MoveData, PGNText, Tree, TreeNode, applyComments, decodeTree, encodeTree, join, lines, parentOf, pgn, split } from './tree';

// chessStart is chess's standard start position.
export const chessStart = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// engineKey remembers, in localStorage, that the reader keeps the local
// engine on: the next analysis board starts it at once.
const engineKey = 'gambit.analysis.engine';

// remembered reads key from localStorage, null when the browser refuses
// storage (it throws then) or has nothing.
function remembered(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

// The pace of the requests. A position is asked at once when the board
// moved to it after a rest, else once it has rested restMs there. An
// engine's lines are written firstLinesMs after its search's first lines
// (a few depths at once), a new first move's words at most every
// headGapMs, and the deeper moves of lines already shown after a pause
// that doubles each time from tailGapMs up to maxTailGapMs.
const restMs = 150;
const firstLinesMs = 400;
const headGapMs = 1500;
const tailGapMs = 3000;
const maxTailGapMs = 8000;

// linesShown is how many moves of an engine line are written.
const linesShown = 12;

// remember keeps value under key (null: forgets it), when the browser
// lets the page store anything.
function remember(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage refused: the choice lasts this page only
  }
}

// Source is what the page opens: a game, or a variant with a FEN or PGN,
// or a link's tree.
export interface Source {
  game?: string;
  variant?: string;
  fen?: string;
  pgn?: string;
  ply?: number; // with game: the main line's ply to open at (the game page's)
  tree?: string; // encodeTree's text (a link's hash)
  path?: string; // where the link was
}

// ShownLine is an engine line as the view writes it.
export interface ShownLine { score: { cp?: number; mate?: number }; depth: number; moves: string[]; uci: string[] }

// roster is PGN's seven-tag roster, in its order (xiangqi's Red for White);
// other tags come after it.
const roster = ['Event', 'Site', 'Date', 'Round', 'White', 'Red', 'Black', 'Result'];
const rosterIndex = (tag: string) => (roster.includes(tag) ? roster.indexOf(tag) : roster.length);

// reviewNote is a reviewed move's comment in the PGN the page copies, as
// the server's PGN writes it (review/pgn.go): the evaluation after it
// (none after a mate given), then for a judged move its class and the
// engine's best move, in the reader's words ("[%eval -1.20] 失误。最佳着法是
// 炮二平五。").
export function reviewNote(m: api.ReviewMove): string {
  const parts: string[] = [];
  if (m.mate_after) parts.push(`[%eval #${m.mate_after}]`);
  else if (Math.abs(m.after) < mateCP) parts.push(`[%eval ${(m.after / 100).toFixed(2)}]`);
  if (m.class) {
    const name = t(`review.class.${m.class}`);
    parts.push(m.best_san ? t('review.adviceBest', { class: name, move: m.best_san }) : t('review.advice', { class: name }));
  }
  return parts.join(' ');
}

// mateCP is a mate's score in a review (review.MateCP): 100000 - n.
const mateCP = 100000;

// Glyphs by a review's class.
const glyphs: Record<string, Glyph> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

export class AnalysisCtrl {
  variant = 'chess'; // the variant of the game or the board
  playVariant = 'chess'; // whose rules play the moves (a hidden variant's board's own)
  board: BoardKind = 'chess';
  tree = new Tree(chessStart);
  path = '';
  tags: [string, string][] = [];
  gameId?: string;
  gameOver = false;
  game?: State; // the game opened, as its page has it (its players and end), for the page's header
  orientation: Color = 'white';
  error = '';
  private answers = new Answers({ play: api.play, lines: api.lines, opening: api.opening });
  private lastJump = 0; // when the board last moved (performance.now())
  private askTimer = 0; // the position's request, waiting for the board to rest
  // The engine.
  engineOn = remembered(engineKey) === '1'; // as the reader last left it (lichess's way)
  multipv = 3;
  engineState: 'off' | 'loading' | 'thinking' | 'done' | 'failed' = 'off';
  shown: ShownLine[] = [];
  private engine?: LocalEngine;
  private rawLines: EngineLine[] = [];
  private rawFen = '';
  // The writing of the engine's lines for rawFen: when its first lines
  // came, when its moves were last asked, the pause before the next, the
  // lines the server would not write (asked no more), and the request
  // waiting or under way.
  private pace = { first: 0, last: 0, gap: 0 };
  private unwritable = new Set<string>();
  private linesTimer = 0;
  private writing = false;
  private destroyed = false; // the page left: nothing more is asked or drawn
  // The review.
  review?: api.ReviewState;
  reviewError = '';
  private poll = 0;
  opening?: api.Opening;
  private openingAsked = '';

  constructor(private redraw: () => void) {}

  // load opens src; it reports what went wrong in error.
  async load(src: Source) {
    try {
      if (src.game) await this.loadGame(src.game, src.ply);
      else await this.loadBoard(src);
    } catch (e) {
      this.error = failureText(e);
    }
    this.redraw();
    void this.refresh();
  }

  private setVariant(name: string, board: BoardKind) {
    this.variant = name;
    this.board = board;
    const info = variants().find(v => v.name === name);
    // A variant with rules of its own (hidden information, dice: those
    // whose record the viewer cannot replay) has no free play: its
    // positions, all revealed once over, are played on by its board's rules.
    this.playVariant = info && !info.viewer ? board : name;
  }

  // loadGame opens game id at its main line's ply (its last move when
  // ply is not given or past the end), where the game page left it.
  private async loadGame(id: string, ply?: number) {
    // The game's state names its players and its end as the game page
    // does (the header above the board); the page does without it.
    const [g, state] = await Promise.all([api.gameRecord(id), getGame(id).catch(() => undefined)]);
    this.gameId = id;
    this.game = state;
    this.gameOver = g.result !== '*';
    this.setVariant(g.variant, g.board);
    this.tree = new Tree(g.initial_fen);
    this.tree.addLine('', g.moves);
    this.answers.learn(this.playVariant, g.initial_fen, g.moves);
    this.tags = Object.entries(g.tags).sort(([a], [b]) => rosterIndex(a) - rosterIndex(b));
    const paths = this.tree.mainlinePaths();
    const at = ply === undefined ? paths.length : Math.min(Math.max(ply, 0), paths.length);
    this.path = at === 0 ? '' : paths[at - 1];
    if (this.gameOver) void this.checkReview();
  }

  private async loadBoard(src: Source) {
    const v = variants().find(x => x.name === src.variant) ?? variantOf('chess');
    this.setVariant(v.name, v.board.kind);
    let pos: api.Position;
    if (src.tree !== undefined) {
      const sk = decodeTree(src.tree);
      pos = await this.answers.position(this.playVariant, src.fen ?? '');
      this.tree = new Tree(pos.initial_fen);
      // Every line of the tree in as few requests as the server takes.
      for (const got of await this.answers.writeLines(this.playVariant, pos.initial_fen, lines(sk))) this.tree.addLine('', got);
      applyComments(this.tree, sk);
      this.path = this.tree.nodeAt(src.path ?? '') ? src.path ?? '' : '';
      return;
    }
    if (src.pgn) pos = await api.setup(this.playVariant, src.pgn);
    else pos = await this.answers.position(this.playVariant, src.fen ?? '');
    this.tree = new Tree(pos.initial_fen);
    this.tree.addLine('', pos.moves);
    this.path = '';
  }

  // paste opens a pasted FEN or PGN of the board's variant.
  async paste(text: string) {
    this.error = '';
    try {
      const pos = await api.setup(this.playVariant, text);
      this.tree = new Tree(pos.initial_fen);
      this.tree.addLine('', pos.moves);
      this.path = '';
      this.gameId = undefined;
      this.game = undefined;
      this.tags = [];
      this.review = undefined;
    } catch (e) {
      this.error = failureText(e);
    }
    this.redraw();
    void this.refresh();
  }

  // node is the node the board shows.
  get node() {
    return this.tree.nodeAt(this.path) ?? this.tree.root;
  }

  // turn is the side to move in the position shown.
  get turn(): Color {
    return this.node.fen.split(' ')[1] === 'b' ? 'black' : 'white';
  }

  // position is the legal moves of the position shown, once known.
  get position(): api.Position | undefined {
    return this.answers.known(this.playVariant, this.node.fen);
  }

  // asked is how many requests the board sent the server (for the tests).
  get asked(): number {
    return this.answers.asked;
  }

  jump(path: string) {
    if (!this.tree.nodeAt(path)) return;
    this.path = path;
    this.redraw();
    void this.refresh();
  }

  next() {
    const n = this.node;
    if (n.children.length > 0) this.jump(join(this.path, n.children[0].uci));
  }

  prev() {
    if (this.path !== '') this.jump(parentOf(this.path));
  }

  first() {
    this.jump('');
  }

  last() {
    this.jump(this.tree.lineEnd(this.path));
  }

  // sibling moves to the next (+1) or previous (-1) move played instead of
  // the one shown (another variation at the same position).
  sibling(d: 1 | -1) {
    if (this.path === '') return;
    const parent = this.tree.nodeAt(parentOf(this.path));
    if (!parent || parent.children.length < 2) return;
    const i = parent.children.indexOf(this.node);
    const k = parent.children[(i + d + parent.children.length) % parent.children.length];
    this.jump(join(parentOf(this.path), k.uci));
  }

  flip() {
    this.orientation = this.orientation === 'white' ? 'black' : 'white';
    this.redraw();
  }

  // userMove plays a move the user made on the board.
  async userMove(orig: string, dest: string, promotion?: string) {
    await this.playLine([orig + dest + (promotion ?? '')]);
  }

  // playLine plays moves (an engine line) from the position shown.
  async playLine(moves: string[]) {
    const from = this.path;
    try {
      const pos = await this.answers.play(this.playVariant, this.node.fen, moves);
      const to = this.tree.addLine(from, pos.moves);
      this.error = '';
      this.jump(to);
    } catch (e) {
      this.error = failureText(e);
      this.redraw();
    }
  }

  promote() {
    this.tree.promote(this.path);
    this.redraw();
  }

  remove() {
    this.jump(this.tree.remove(this.path));
  }

  comment(text: string) {
    this.tree.setComment(this.path, text);
    this.redraw();
  }

  // pgn is the analysis in PGN, with its variations and comments, as its
  // reader reads it (pgnText).
  pgn(): string {
    const start = this.board === 'xiangqi' ? xiangqiStart : chessStart;
    const tags: [string, string][] = this.tags.length > 0 ? this.tags : [['Event', 'Gambit analysis'], ['Site', 'Gambit']];
    if (this.board === 'chess' && this.variant !== 'chess' && !tags.some(([k]) => k === 'Variant')) tags.push(['Variant', variantOf(this.variant).label]);
    return pgn(this.tree, tags, start, this.pgnText());
  }

  // pgnText words the PGN for the page's reader, as the page shows it and
  // as the server's PGN with ?lang= is (issue 40): xiangqi's moves in
  // Chinese notation in the reader's script (the server writes traditional
  // characters), and the review's evaluation and advice on each reviewed
  // move of the main line, before the move's own comment.
  private pgnText(): PGNText {
    const notes = new Map<TreeNode, string>();
    const paths = this.tree.mainlinePaths();
    for (const m of this.review?.review?.moves ?? []) {
      const n = this.tree.nodeAt(paths[m.ply - 1] ?? '');
      if (n && n.uci === m.uci) notes.set(n, reviewNote(m));
    }
    const chinese = this.playVariant === 'xiangqi';
    return {
      move: chinese ? (n, before) => xiangqiChinese(before, n.uci, script()) : undefined,
      note: n => notes.get(n),
    };
  }

  // link is the address that opens this analysis again: the variant, the
  // start and the tree in the hash (never sent to the server).
  link(): string {
    const h = new URLSearchParams({ v: this.playVariant, fen: this.tree.root.fen, t: encodeTree(this.tree) });
    if (this.path) h.set('p', this.path);
    return `${location.origin}/analysis#${h}`;
  }

  // notation writes a move of the tree the way the user chose.
  notation(m: MoveData, before: string, color: Color): string {
    const v = variantOf(this.playVariant);
    const n = v.notations && notationOf(v, remembered(v.notations.storageKey));
    const step: Step = { uci: m.uci, san: m.san, wxf: m.wxf, fen: m.fen, color };
    return n ? n.text(step, before) : m.san;
  }

  // refresh asks for what the position shown needs: its legal moves, the
  // engine's lines, the opening's name. The board stepped through at a
  // held key's pace asks the server nothing until it rests.
  private refresh() {
    const now = performance.now();
    const stepping = now - this.lastJump < restMs;
    this.lastJump = now;
    window.clearTimeout(this.askTimer);
    if (this.engineOn) {
      // The lines of the position left go at once; the engine starts on
      // this one once its legal moves say whether the game is over there.
      this.engine?.stop();
      this.shown = [];
      this.rawLines = [];
      this.stopWriting();
    }
    const path = this.path;
    this.askTimer = window.setTimeout(() => {
      void this.askPosition().then(() => { if (this.engineOn && this.path === path) this.startEngine(); });
      void this.nameOpening();
    }, stepping ? restMs : 0);
  }

  // askPosition asks for the legal moves of the position shown, unless
  // known; a refusal for pace is asked again after the pause the server
  // asks for, while the board stays there.
  private async askPosition() {
    const fen = this.node.fen;
    if (this.destroyed || this.position) return;
    try {
      await this.answers.position(this.playVariant, fen);
      if (this.node.fen === fen) this.redraw();
    } catch (e) {
      // a position the board's rules cannot read (a jieqi board with
      // face-down pieces) is shown, not played on
      const wait = retryDelayMs(e);
      if (wait !== undefined && !this.destroyed) {
        window.clearTimeout(this.askTimer);
        this.askTimer = window.setTimeout(() => { if (this.node.fen === fen) void this.askPosition(); }, wait);
      }
    }
  }

  private async nameOpening() {
    if (this.board !== 'chess') return;
    const moves = split(this.path);
    const key = moves.join(',');
    if (key === this.openingAsked) return;
    this.openingAsked = key;
    const o = moves.length === 0 ? undefined : await this.answers.opening(this.tree.root.fen, moves).catch(() => undefined);
    if (this.openingAsked !== key) return;
    // Past the book, the last name met on the way stays (lichess's way).
    if (o || moves.length === 0) this.opening = o;
    this.redraw();
  }

  // toggleEngine switches the local engine on or off.
  toggleEngine() {
    this.engineOn = !this.engineOn;
    remember(engineKey, this.engineOn ? '1' : null);
    if (this.engineOn) this.startEngine();
    else {
      this.engine?.stop();
      this.engineState = 'off';
      this.shown = [];
      this.stopWriting();
    }
    this.redraw();
  }

  setMultiPV(n: number) {
    this.multipv = Math.max(1, Math.min(5, n));
    if (this.engineOn) this.startEngine();
  }

  private startEngine() {
    const kind = this.board === 'xiangqi' ? 'xiangqi' : 'chess';
    if (this.engine && this.engine.kind !== kind) { this.engine.destroy(); this.engine = undefined; }
    this.engine ??= new LocalEngine(kind, {
      lines: (fen, l) => this.engineLines(fen, l),
      state: s => {
        this.engineState = s;
        if (s === 'done') this.scheduleLines(true); // the search's last lines in words
        this.redraw();
      },
    });
    this.shown = [];
    this.rawLines = [];
    this.stopWriting();
    const over = this.position && this.position.result !== '*';
    if (over) { this.engine.stop(); this.engineState = 'done'; return; }
    this.engine.analyse({ fen: this.node.fen, multipv: this.multipv, chess960: variantOf(this.playVariant).uciChess960 });
  }

  // firstLineMs is how long the engine took to its first line.
  get firstLineMs() {
    return this.engine?.firstLineMs;
  }

  private engineLines(fen: string, l: EngineLine[]) {
    if (fen !== this.node.fen) return;
    if (fen !== this.rawFen) {
      this.stopWriting();
      this.rawFen = fen;
      this.pace = { first: performance.now(), last: 0, gap: 0 };
    }
    this.rawLines = l;
    this.compose();
    this.scheduleLines(false);
  }

  // stopWriting forgets the lines being written (a new position, a new
  // search, the engine off); an answer under way is still learnt.
  private stopWriting() {
    window.clearTimeout(this.linesTimer);
    this.linesTimer = 0;
    this.rawFen = '';
  }

  // missingLines are the engine's lines whose shown moves the page does
  // not know, each cut to what is shown.
  private missingLines(): string[][] {
    const fen = this.rawFen;
    return this.rawLines.map(l => l.pv.slice(0, linesShown))
      .filter(pv => !this.unwritable.has(fen + ' ' + pv.join(',')) && this.answers.written(this.playVariant, fen, pv).length < pv.length);
  }

  // scheduleLines plans the next request for the lines' moves (one at a
  // time, all the lines in it): soon after the search's first lines, again
  // for a first move never written, then ever less often for the deeper
  // moves; done (the search is over) writes what is left within headGapMs.
  private scheduleLines(done: boolean) {
    if (this.linesTimer || this.writing || !this.rawFen || !this.engineOn || this.destroyed) return;
    const missing = this.missingLines();
    if (missing.length === 0) return;
    const p = this.pace;
    const fen = this.rawFen;
    const newHead = missing.some(pv => this.answers.written(this.playVariant, fen, pv.slice(0, 1)).length === 0);
    const at = p.last === 0 ? p.first + firstLinesMs : p.last + (newHead || done ? headGapMs : p.gap);
    this.linesTimer = window.setTimeout(() => {
      this.linesTimer = 0;
      void this.writeLines();
    }, Math.max(0, at - performance.now()));
  }

  // writeLines asks for the moves of the lines the page cannot write yet,
  // all in one request, then shows them and plans the next. A refusal for
  // pace (429) or a busy server (503) is asked again after the pause the
  // server asks for; any other failure leaves those lines unwritten past
  // what is known, and asks for them no more.
  private async writeLines() {
    const fen = this.rawFen;
    const missing = this.missingLines();
    if (missing.length === 0 || this.writing) return;
    this.writing = true;
    const p = this.pace;
    p.last = performance.now();
    p.gap = p.gap === 0 ? tailGapMs : Math.min(2 * p.gap, maxTailGapMs);
    try {
      await this.answers.writeLines(this.playVariant, fen, missing);
    } catch (e) {
      const wait = retryDelayMs(e);
      if (wait === undefined) for (const pv of missing) this.unwritable.add(fen + ' ' + pv.join(','));
      else p.last += wait; // the next request waits the server's pause too
    } finally {
      this.writing = false;
    }
    if (fen !== this.rawFen) return;
    this.compose();
    this.scheduleLines(this.engineState === 'done');
  }

  // compose shows the engine's lines, each as far as its moves are
  // written (a new first move shows its score alone until its words come),
  // none once the engine is off: an answer may come after.
  private compose() {
    const fen = this.rawFen;
    if (!fen || fen !== this.node.fen || !this.engineOn || this.destroyed) return;
    const turn: Color = fen.split(' ')[1] === 'b' ? 'black' : 'white';
    const shown: ShownLine[] = [];
    for (const l of this.rawLines) {
      const moves = this.answers.written(this.playVariant, fen, l.pv.slice(0, linesShown));
      let before = fen;
      let color = turn;
      const text = moves.map(m => {
        const s = this.notation(m, before, color);
        before = m.fen;
        color = color === 'white' ? 'black' : 'white';
        return s;
      });
      shown.push({ score: whiteScore(l, turn), depth: l.depth, moves: text, uci: l.pv.slice(0, linesShown) });
    }
    this.shown = shown;
    this.redraw();
  }

  // The review.

  private async checkReview() {
    if (!this.gameId) return;
    try {
      this.review = await api.reviewState(this.gameId); // a refused request's reason stays shown
    } catch {
      this.review = undefined; // no review on this server (yet)
    }
    this.markReview();
    if (this.review && (this.review.state === 'queued' || this.review.state === 'running')) {
      window.clearTimeout(this.poll);
      this.poll = window.setTimeout(() => void this.checkReview(), 1000);
    }
    this.redraw();
  }

  // requestReview asks the server to review the game.
  async requestReview() {
    if (!this.gameId) return;
    try {
      await api.requestReview(this.gameId);
      this.reviewError = '';
    } catch (e) {
      this.reviewError = failureText(e);
    }
    await this.checkReview();
  }

  // markReview marks the main line's moves with the review's classes.
  private markReview() {
    const r = this.review?.review;
    if (!r) return;
    const paths = this.tree.mainlinePaths();
    for (const m of r.moves) {
      const n = this.tree.nodeAt(paths[m.ply - 1] ?? '');
      if (n && glyphs[m.class]) n.glyph = glyphs[m.class];
    }
  }

  // reviewOf is the review of the move that led to the node at path, when
  // that move is on the main line.
  reviewOf(path: string): api.ReviewMove | undefined {
    const r = this.review?.review;
    if (!r) return undefined;
    const i = this.tree.mainlinePaths().indexOf(path);
    return i < 0 ? undefined : r.moves.find(m => m.ply === i + 1);
  }

  destroy() {
    this.destroyed = true;
    window.clearTimeout(this.poll);
    window.clearTimeout(this.askTimer);
    this.stopWriting();
    this.engine?.destroy();
  }
}
