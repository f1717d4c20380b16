// The puzzle page (/training): the board from the solver's side, the
// opponent's last move played, "your move"; the moves by mouse, or typed in
// the move box as on the game page; what happened said in words (and to
// screen readers); after the puzzle its rating, themes, where it came
// from and a link to analyse it. The modes: rated puzzles (by theme), a
// streak, the daily puzzle. TrainingCtrl decides; this draws.

import { type BoardConfig, moveSquares } from '../board';
import { BoardBox } from '../boardbox';
import { APIError, failureText } from '../api';
import { play as position } from '../analysis/api';
import { button, el } from '../dom';
import { formatAll, hasText, plural, script, t, type Key } from '../i18n';
import { readMove } from '../movetext';
import { moveBoxNote } from '../round/view/keyboard';
import { announce } from '../round/view/announce';
import { sideName, variantOf, variants } from '../variants';
import { currentAccount } from '../account';
import { activity, dailyPuzzle, nextPuzzle, puzzleByID, solve, streak, themes } from './api';
import { type Mode, TrainingCtrl } from './ctrl';

// themeName is a theme's name in the reader's language (its key when the
// page has no words for it).
export function themeName(key: string): string {
  const k = `puzzle.theme.${key}`;
  return hasText(k) ? t(k) : key;
}

// historyLength is how many of the solver's last puzzles the page lists.
const historyLength = 10;

// puzzleVariants are the variants whose puzzles the page offers: those the
// engines read whole (the finder's), the reviewable ones.
const puzzleVariants = () => variants().filter(v => v.reviewable && v.board.kind !== 'banqi');

export class TrainingPage {
  private ctrl: TrainingCtrl;
  private boards = new BoardBox('t', { move: (o: string, d: string, p?: string) => void this.ctrl.move(o + d + (p ?? '')) });
  private parts!: Record<string, HTMLElement>;
  private said = ''; // the last status said to screen readers
  private historyAt = -1; // ctrl.reported when the history was last read
  private spoken = { puzzle: '', moves: 0 }; // the moves said to screen readers, of which puzzle

  // id, if not empty, is the puzzle to play first (/training/{id}).
  constructor(private root: HTMLElement, id = '') {
    this.ctrl = new TrainingCtrl({
      next: (mode, variant, angle) => (mode === 'daily' ? dailyPuzzle(variant).then(puzzle => ({ puzzle })) : nextPuzzle(variant, angle)).catch((e: unknown) => {
        if (e instanceof APIError && e.status === 404) return {}; // no daily puzzle: the server has none of the variant
        throw e;
      }),
      byID: id => puzzleByID(id).catch((e: unknown) => {
        if (e instanceof APIError && e.status === 404) return undefined;
        throw e;
      }),
      streak,
      position,
      solve,
      later: (ms, f) => window.setTimeout(f, ms),
    }, () => this.draw());
    this.build();
    document.title = `${t('training.title')} · Gambit`;
    const q = new URLSearchParams(location.search);
    const v = q.get('variant');
    if (v && puzzleVariants().some(x => x.name === v)) this.ctrl.variant = v;
    (this.parts.variant as HTMLSelectElement).value = this.ctrl.variant;
    void this.loadThemes();
    if (id) this.ctrl.open(id);
    else this.ctrl.setMode(q.get('mode') === 'streak' || q.get('mode') === 'daily' ? (q.get('mode') as Mode) : 'rated');
  }

  destroy() {
    this.boards.destroy();
    this.root.textContent = '';
  }

  private build() {
    const r = this.root;
    r.textContent = '';
    const area = el('div', 'board-area training-area');
    const { cg, xb } = this.boards;
    area.append(this.boards.box);

    const side = el('aside', 'side training-side');
    const h = el('h2', '', t('training.title'));
    const variant = el('select');
    variant.id = 't-variant';
    variant.setAttribute('aria-label', t('training.variant'));
    for (const v of puzzleVariants()) variant.add(new Option(v.label, v.name));
    variant.onchange = () => {
      this.ctrl.setVariant(variant.value);
      void this.loadThemes();
    };
    const modes = el('div', 'training-modes');
    modes.setAttribute('role', 'group');
    modes.setAttribute('aria-label', t('training.modes'));
    const modeKeys: Record<Mode, Key> = { rated: 'training.mode.rated', streak: 'training.mode.streak', daily: 'training.mode.daily' };
    for (const m of ['rated', 'streak', 'daily'] as const) {
      const b = button(`t-mode-${m}`, t(modeKeys[m]));
      b.onclick = () => this.ctrl.setMode(m);
      modes.append(b);
    }
    const themeLabel = el('label', 'block');
    const theme = el('select');
    theme.id = 't-theme';
    theme.onchange = () => this.ctrl.setAngle(theme.value);
    themeLabel.append(el('span', '', t('training.theme')), ' ', theme);
    const status = el('p', 'training-status');
    status.id = 't-status';
    const rating = el('p', 'training-rating');
    rating.id = 't-rating';
    const streakLine = el('p', 'training-streak');
    streakLine.id = 't-streak';
    const acts = el('div', 'actions');
    const solution = button('t-solution', t('training.viewSolution'));
    solution.onclick = () => this.ctrl.showSolution();
    const next = button('t-next', t('training.next'));
    next.className = 'primary';
    next.onclick = () => this.ctrl.next();
    acts.append(solution, next);
    // The move box: a move typed, read against the legal moves shown.
    const form = el('form', 'move-form');
    form.id = 't-move-form';
    const input = el('input');
    input.id = 't-move-input';
    input.autocomplete = 'off';
    input.setAttribute('aria-label', t('movebox.label'));
    const note = el('p', 'note');
    note.id = 't-move-note';
    note.setAttribute('aria-live', 'polite');
    form.append(input, note);
    form.onsubmit = e => {
      e.preventDefault();
      note.textContent = this.typed(input.value);
      if (!note.textContent) input.value = '';
    };
    const info = el('div', 'training-info');
    info.id = 't-info';
    const err = el('p', 'error');
    err.id = 't-error';
    err.hidden = true;
    // The solver's last puzzles: this browser's, or the account's.
    const hist = el('section', 'training-history');
    hist.append(el('h3', '', t('training.history')));
    const histList = el('ul', 'training-history-list');
    histList.id = 't-history';
    hist.append(histList);
    side.append(h, variant, modes, themeLabel, status, streakLine, acts, form, info, rating, err, hist);
    r.append(area, side);
    // The board element takes keys to the move box, as on the game page.
    for (const b of [cg, xb]) {
      b.tabIndex = 0;
      b.setAttribute('role', 'img');
      b.setAttribute('aria-label', t('board.label'));
      b.onkeydown = e => {
        if (e.ctrlKey || e.metaKey || e.altKey || form.hidden) return;
        if (e.key.length === 1 || e.key === 'Enter') input.focus();
      };
    }
    this.parts = { area, variant, theme, status, rating, streakLine, solution, next, form, input, note, info, err, histList };
  }

  // loadThemes fills the theme choice with the variant's themes.
  private async loadThemes() {
    const sel = this.parts.theme as HTMLSelectElement;
    sel.replaceChildren(new Option(t('training.theme.any'), 'mix'));
    try {
      const list = await themes(this.ctrl.variant);
      const named = list.map(x => ({ ...x, name: themeName(x.key) })).sort((a, b) => a.name.localeCompare(b.name));
      for (const x of named) sel.add(new Option(`${x.name} (${x.count})`, x.key));
    } catch {
      // the choice stays "any": the puzzles themselves still come
    }
    sel.value = this.ctrl.angle;
  }

  // typed plays a move typed in the move box; it returns what is wrong
  // with it ("" when played).
  private typed(text: string): string {
    const c = this.ctrl;
    if (c.phase !== 'play' || !c.pos) return t('movebox.wait');
    const kind = variantOf(c.puzzle?.puzzle.variant).board.kind;
    const r = readMove(text, { board: kind, fen: c.pos.fen, dests: c.pos.dests, script: script() });
    if ('uci' in r) {
      void c.move(r.uci);
      return '';
    }
    return moveBoxNote(r, text, kind);
  }

  draw() {
    const c = this.ctrl;
    const p = this.parts;
    for (const m of ['rated', 'streak', 'daily'] as const) document.getElementById(`t-mode-${m}`)?.setAttribute('aria-pressed', String(c.mode === m));
    (p.theme as HTMLSelectElement).value = c.angle;
    (p.variant as HTMLSelectElement).value = c.variant;
    p.theme.parentElement!.hidden = c.mode !== 'rated';
    p.err.hidden = c.error === undefined;
    p.err.textContent = c.error === undefined ? '' : t('training.loadFailed', { error: failureText(c.error) });
    const puzzle = c.puzzle;
    const v = variantOf(puzzle?.puzzle.variant ?? c.variant);
    this.root.dataset.phase = c.phase;
    this.root.dataset.puzzle = puzzle?.puzzle.id ?? '';
    if (c.pos && puzzle) {
      const cfg: BoardConfig = {
        fen: c.pos.fen, orientation: c.solver, turn: c.pos.turn, lastMove: c.lastMove ? moveSquares(c.lastMove) : undefined,
        check: c.pos.check, movable: c.phase === 'play' ? c.solver : undefined, dests: c.phase === 'play' ? c.pos.dests : {},
      };
      this.boards.of(v.board.kind).set(cfg);
      this.root.dataset.fen = c.pos.fen;
    }
    this.speakMoves();
    const status = this.statusText(sideName(v, c.solver));
    p.status.textContent = status;
    p.status.className = `training-status ${c.phase}`;
    if (status && status !== this.said) announce(status);
    this.said = status;
    p.streakLine.hidden = c.mode !== 'streak';
    p.streakLine.textContent = t('training.streak', { count: c.streakCount });
    p.solution.hidden = c.mode === 'streak' || !puzzle || c.over;
    (p.solution as HTMLButtonElement).disabled = c.phase !== 'play';
    p.next.hidden = !(c.over || c.phase === 'none' || c.phase === 'error');
    p.next.textContent = t(c.mode === 'streak' && c.phase === 'failed' ? 'training.newStreak' : 'training.next');
    p.form.hidden = !puzzle || c.over;
    if (c.phase !== 'play') p.note.textContent = '';
    (p.input as HTMLInputElement).placeholder = t(v.board.kind === 'xiangqi' ? 'movebox.placeholder.xiangqi' : 'movebox.placeholder.chess');
    this.drawRating();
    this.drawInfo();
    // Read once a puzzle came (its request gave a new browser its player
    // cookie, which the history is kept by) and after each attempt taken;
    // a streak keeps none.
    this.parts.histList.parentElement!.hidden = c.mode === 'streak';
    if (puzzle && c.mode !== 'streak' && this.historyAt !== c.reported) {
      this.historyAt = c.reported;
      void this.drawHistory();
    }
  }

  // drawHistory lists the solver's last first attempts: solved or not,
  // each puzzle's rating, a link to play it again.
  private async drawHistory() {
    const ul = this.parts.histList;
    let list;
    try {
      list = await activity(historyLength);
    } catch {
      return; // the history is an extra: the puzzle goes on
    }
    ul.textContent = '';
    if (list.length === 0) ul.append(el('li', 'empty', t('training.historyNone')));
    for (const a of list) {
      const li = el('li', a.win ? 'win' : 'loss');
      const link = el('a', '', t(a.win ? 'training.historyWin' : 'training.historyLoss', { rating: String(a.puzzle.rating) }));
      link.href = `/training/${encodeURIComponent(a.puzzle.id)}`;
      link.dataset.link = '';
      li.append(link);
      ul.append(li);
    }
  }

  // speakMoves says the moves new on the board to screen readers, as the
  // game page says them ("Black: knight to f6").
  private speakMoves() {
    const c = this.ctrl;
    const id = c.puzzle?.puzzle.id ?? '';
    const moves = c.pos?.moves ?? [];
    if (this.spoken.puzzle !== id) this.spoken = { puzzle: id, moves: 0 };
    const v = variantOf(c.puzzle?.puzzle.variant);
    for (let i = this.spoken.moves; i < moves.length; i++) {
      const before = i === 0 ? c.pos!.initial_fen : moves[i - 1].fen;
      const color = before.split(' ')[1] === 'b' ? 'black' : 'white';
      const check = i === moves.length - 1 && !!c.pos!.check;
      announce(t('speak.move', { side: sideName(v, color), move: v.speak({ ...moves[i], color }, before, check) }));
    }
    this.spoken.moves = moves.length;
  }

  // statusText is what the solver is told now.
  private statusText(side: string): string {
    const c = this.ctrl;
    switch (c.phase) {
      case 'loading': return t('training.loading');
      case 'opening': return t('training.watch');
      case 'play': return c.mistake ? t('training.tryAgain', { side }) : c.moves.length > 1 ? t('training.good', { side }) : t('training.yourTurn', { side });
      case 'reply': return c.mistake ? t('training.showing') : t('training.best');
      case 'wrong': return t('training.wrong');
      case 'solved': return c.mistake ? t('training.solvedLate') : t('training.solved');
      case 'failed': return c.mode === 'streak' ? t('training.streakOver', { count: c.streakCount }) : t('training.failed');
      case 'none': return t(c.missing ? 'training.noSuch' : c.mode === 'daily' ? 'training.noDaily' : 'training.none');
      case 'error': return '';
    }
  }

  private drawRating() {
    const c = this.ctrl;
    const p = this.parts;
    const signedIn = !!currentAccount();
    if (c.mode === 'streak') {
      p.rating.textContent = t('training.unrated');
      return;
    }
    if (!signedIn) {
      p.rating.textContent = t('training.signedOut');
      return;
    }
    const g = c.glicko;
    if (!g?.rating) {
      p.rating.textContent = '';
      return;
    }
    const rating = `${Math.round(g.rating)}${g.provisional ? '?' : ''}`;
    const d = c.ratingDiff;
    p.rating.textContent = d === undefined ? t('training.yourRating', { rating }) : t('training.yourRatingDiff', { rating, diff: d >= 0 ? `+${d}` : String(d) });
  }

  // drawInfo shows, once the puzzle is over, its rating, themes, where it
  // came from and a link to analyse it.
  private drawInfo() {
    const c = this.ctrl;
    const info = this.parts.info;
    const puzzle = c.puzzle;
    info.textContent = '';
    if (!puzzle || !c.over) return;
    const pz = puzzle.puzzle;
    info.append(el('p', '', plural('training.puzzleRating', pz.plays, { rating: String(pz.rating) })));
    if (pz.themes.length) info.append(el('p', 'themes', t('training.themes', { themes: formatThemes(pz.themes) })));
    const from = el('p', 'from');
    if (puzzle.game.id) {
      const a = el('a', '', t('training.fromGame'));
      a.href = `/game/${encodeURIComponent(puzzle.game.id)}`;
      a.dataset.link = '';
      from.append(a);
    } else if (puzzle.game.source) {
      from.textContent = t('training.from', { source: puzzle.game.source });
    }
    const analyse = el('a', 'button', t('training.analyse'));
    analyse.id = 't-analyse';
    const q = new URLSearchParams({ variant: pz.variant, fen: c.startFen || pz.fen });
    analyse.href = `/analysis?${q}`;
    analyse.dataset.link = '';
    info.append(from, analyse);
  }
}

// formatThemes lists themes by name, in the reader's language.
const formatThemes = (keys: readonly string[]): string => formatAll(keys.map(themeName));

