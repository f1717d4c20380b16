// The analysis board's page: the board with its eval bar, the engine's
// lines, the move tree, the comment box, the review, the paste box and the
// exports. Built once per page (Analysis), redrawn from the controller.

import { BoardBox } from '../boardbox';
import { button, el } from '../dom';
import { finished } from '../api';
import { type Board, type BoardConfig, moveSquares } from '../board';
import { formatNumber, language, plural, t } from '../i18n';
import { openingNodes } from '../opening';
import { seatLabel, youAt } from '../recent';
import { loadTickets } from '../settings';
import { describeEnd, termName, variantOf } from '../variants';
import { AnalysisCtrl, Source } from './ctrl';
import { drawGraph } from './graph';
import { TreeNode, join, moveNumber } from './tree';
import { scoreText, winPercent } from './uci';


// Analysis is the analysis page on the section root.
export class Analysis {
  readonly ctrl: AnalysisCtrl;
  private boards = new BoardBox('a', { move: (o: string, d: string, p?: string) => void this.ctrl.userMove(o, d, p) });
  private parts: Record<string, HTMLElement> = {};
  private keys = (e: KeyboardEvent) => this.key(e);
  private shownComment = '';

  constructor(private root: HTMLElement, src: Source) {
    this.ctrl = new AnalysisCtrl(() => this.draw());
    this.build();
    document.addEventListener('keydown', this.keys);
    document.title = t('analysis.title');
    void this.ctrl.load(src);
  }

  destroy() {
    document.removeEventListener('keydown', this.keys);
    this.ctrl.destroy();
    this.boards.destroy();
    this.root.textContent = '';
  }

  private build() {
    const r = this.root;
    r.textContent = '';
    // A game's header: who played, how it ended, when, and the way back.
    const gameHead = el('header', 'game-head analysis-head');
    gameHead.id = 'a-head';
    gameHead.hidden = true;
    const area = el('div', 'board-area analysis-area');
    const row = el('div', 'analysis-row');
    const bar = el('div', 'eval-bar');
    bar.setAttribute('role', 'img');
    const fill = el('div', 'eval-fill');
    bar.appendChild(fill);
    row.append(bar, this.boards.box);
    const opening = el('div', 'opening');
    opening.id = 'a-opening';
    area.append(row, opening);

    const side = el('aside', 'side analysis-side');
    const err = el('p', 'error');
    err.id = 'a-error';
    err.hidden = true;
    // The engine.
    const eng = el('section', 'engine-box');
    const head = el('div', 'engine-head');
    const toggle = el('label', 'engine-toggle');
    const check = el('input');
    check.type = 'checkbox';
    check.id = 'a-engine';
    check.onchange = () => this.ctrl.toggleEngine();
    toggle.append(check, ' ' + t('analysis.engine'));
    const eval_ = el('span', 'engine-eval');
    eval_.id = 'a-eval';
    const pvSel = el('select');
    pvSel.id = 'a-multipv';
    pvSel.title = t('analysis.lines');
    pvSel.setAttribute('aria-label', t('analysis.lines'));
    for (let i = 1; i <= 5; i++) pvSel.add(new Option(plural('analysis.lineCount', i), String(i)));
    pvSel.value = String(this.ctrl.multipv);
    pvSel.onchange = () => this.ctrl.setMultiPV(Number(pvSel.value));
    head.append(toggle, eval_, pvSel);
    const state = el('div', 'engine-state');
    state.id = 'a-engine-state';
    const pvs = el('ol', 'engine-lines');
    pvs.id = 'a-lines';
    eng.append(head, state, pvs);
    // The moves.
    const moves = el('div', 'tree');
    moves.id = 'a-tree';
    moves.tabIndex = 0;
    // A named region (aria-label alone is not allowed on a div, whose role
    // is generic: axe's aria-prohibited-attr), which the arrow keys step
    // through.
    moves.setAttribute('role', 'region');
    moves.setAttribute('aria-label', t('moves.label'));
    moves.onclick = e => {
      const m = (e.target as HTMLElement).closest<HTMLElement>('[data-path]');
      if (m) this.ctrl.jump(m.dataset.path ?? '');
    };
    const nav = el('div', 'nav-buttons');
    nav.append(button('a-first', '«', t('nav.first')), button('a-prev', '‹', t('nav.prev')), button('a-next', '›', t('nav.next')), button('a-last', '»', t('nav.last')));
    const acts = el('div', 'actions');
    acts.append(button('a-flip', t('btn.flip')), button('a-promote', t('analysis.promote')), button('a-delete', t('analysis.delete')));
    const comment = el('textarea', 'comment');
    comment.id = 'a-comment';
    comment.rows = 2;
    comment.placeholder = t('analysis.comment');
    comment.setAttribute('aria-label', t('analysis.comment'));
    comment.onchange = () => this.ctrl.comment(comment.value);
    // The review.
    const review = el('section', 'review-box');
    review.id = 'a-review';
    review.hidden = true;
    // The paste box and the exports.
    const paste = el('details', 'paste');
    const sum = el('summary', '', t('analysis.paste'));
    const pasteText = el('textarea');
    pasteText.id = 'a-paste';
    pasteText.rows = 4;
    pasteText.placeholder = t('analysis.paste.placeholder');
    pasteText.setAttribute('aria-label', t('analysis.paste'));
    const pasteGo = button('a-paste-go', t('analysis.paste.open'));
    pasteGo.onclick = () => void this.ctrl.paste(pasteText.value);
    paste.append(sum, pasteText, pasteGo);
    const exp = el('div', 'export');
    exp.append(button('a-copy-pgn', t('btn.copyPgn')), button('a-copy-link', t('analysis.copyLink')), button('a-copy-fen', t('btn.copyFen')));
    const pgnOut = el('textarea', 'pgn-out');
    pgnOut.id = 'a-pgn';
    pgnOut.readOnly = true;
    pgnOut.rows = 6;
    pgnOut.hidden = true;
    pgnOut.setAttribute('aria-label', 'PGN');
    const note = el('p', 'note');
    note.id = 'a-note';
    note.setAttribute('role', 'status');
    side.append(err, eng, moves, nav, acts, comment, review, paste, exp, pgnOut, note);
    r.append(gameHead, area, side);
    this.parts = { head: gameHead, multipv: pvSel, fill, bar, opening, err, check, eval: eval_, state, pvs, moves, comment, review, pgnOut, note };

    const on = (id: string, f: () => void) => { (r.querySelector(`#${id}`) as HTMLElement).onclick = f; };
    on('a-first', () => this.ctrl.first());
    on('a-prev', () => this.ctrl.prev());
    on('a-next', () => this.ctrl.next());
    on('a-last', () => this.ctrl.last());
    on('a-flip', () => this.ctrl.flip());
    on('a-promote', () => this.ctrl.promote());
    on('a-delete', () => this.ctrl.remove());
    on('a-copy-pgn', () => {
      const text = this.ctrl.pgn();
      pgnOut.value = text;
      pgnOut.hidden = false;
      void this.copy(text, t('status.pgnCopied'));
    });
    on('a-copy-link', () => {
      const link = this.ctrl.link();
      history.replaceState(null, '', link);
      void this.copy(link, t('analysis.linkCopied'));
    });
    on('a-copy-fen', () => void this.copy(this.ctrl.node.fen, t('status.fenCopied')));
  }

  private async copy(text: string, done: string) {
    try {
      await navigator.clipboard.writeText(text);
      this.parts.note.textContent = done;
    } catch {
      this.parts.note.textContent = t('analysis.copyFailed');
    }
  }

  private key(e: KeyboardEvent) {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) return;
    const c = this.ctrl;
    const acts: Record<string, () => void> = {
      ArrowLeft: () => c.prev(), ArrowRight: () => c.next(), ArrowUp: () => c.sibling(-1), ArrowDown: () => c.sibling(1),
      Home: () => c.first(), End: () => c.last(), f: () => c.flip(),
    };
    const f = acts[e.key];
    if (f && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      f();
    }
  }

  // ensureBoard makes the board of the controller's kind.
  private ensureBoard(): Board {
    return this.boards.of(this.ctrl.board);
  }

  draw() {
    const c = this.ctrl;
    const p = this.parts;
    p.err.hidden = !c.error;
    p.err.textContent = c.error;
    const board = this.ensureBoard();
    const node = c.node;
    const pos = c.position;
    const cfg: BoardConfig = {
      fen: node.fen, orientation: c.orientation, turn: c.turn, lastMove: moveSquares(node.uci),
      check: pos?.check, movable: pos && pos.result === '*' ? pos.turn : undefined, dests: pos?.dests ?? {},
    };
    board.set(cfg);
    // An arrow for each line's first move, the best's first (drawn widest).
    board.arrows?.(c.shown.flatMap(l => {
      const m = l.uci[0];
      const sq = !m ? undefined : moveSquares(m);
      return sq ? [sq] : [];
    }));
    this.drawEngine();
    this.drawTree();
    if (this.shownComment !== c.path || document.activeElement !== p.comment) {
      (p.comment as HTMLTextAreaElement).value = node.comment ?? '';
      this.shownComment = c.path;
    }
    p.opening.replaceChildren(...(c.opening ? [`${c.opening.eco} `, ...openingNodes(c.opening.name)] : [])); // the English marked as English
    this.drawHead();
    this.drawReview();
    this.root.dataset.path = c.path;
    this.root.dataset.fen = node.fen;
  }

  private drawEngine() {
    const c = this.ctrl;
    const p = this.parts;
    (p.check as HTMLInputElement).checked = c.engineOn;
    const top = c.shown[0];
    p.bar.hidden = !c.engineOn;
    p.eval.textContent = top ? scoreText(top.score) : '';
    if (top) {
      const w = winPercent(top.score);
      p.fill.style.height = `${w}%`;
    }
    // An image is named, before the first line too (axe's role-img-alt).
    p.bar.setAttribute('aria-label', t('analysis.evalBar', { score: top ? scoreText(top.score) : '…' }));
    p.bar.classList.toggle('flipped', c.orientation === 'black');
    const states: Record<string, string> = {
      off: '', loading: t('analysis.engine.loading'), thinking: t('analysis.engine.thinking'), done: t('analysis.engine.done'), failed: t('analysis.engine.failed'),
    };
    let st = states[c.engineState] ?? '';
    if (top && c.engineOn) st = t('analysis.depth', { depth: top.depth }) + (c.engineState === 'thinking' ? ' …' : '');
    p.state.textContent = st;
    if (c.firstLineMs !== undefined) this.root.dataset.firstLineMs = String(Math.round(c.firstLineMs));
    p.pvs.textContent = '';
    for (const l of c.engineOn ? c.shown : []) {
      const li = el('li', 'engine-line');
      li.append(el('span', 'score', scoreText(l.score)), el('span', 'pv', l.moves.join(' ')));
      li.title = t('analysis.playLine');
      li.onclick = () => void c.playLine(l.uci);
      p.pvs.appendChild(li);
    }
  }

  // drawTree writes the tree: the main line inline, each variation in a
  // block under the move it replaces, as lichess's analysis does.
  private drawTree() {
    const c = this.ctrl;
    const box = this.parts.moves;
    box.textContent = '';
    const start = c.tree.root.fen;
    const moveEl = (n: TreeNode, path: string, before: string, numbered: boolean) => {
      const s = el('span', 'a-move' + (path === c.path ? ' active' : '') + (n.glyph ? ` glyph-${glyphClass(n.glyph)}` : ''));
      s.dataset.path = path;
      const { num, black } = moveNumber(start, n.ply);
      if (!black || numbered) s.appendChild(el('span', 'num', black ? `${num}…` : `${num}.`));
      s.append(c.notation(n, before, black ? 'black' : 'white'));
      if (n.glyph) s.appendChild(el('span', 'glyph', n.glyph));
      return s;
    };
    const line = (container: HTMLElement, parent: TreeNode, path: string, numbered: boolean) => {
      let p = parent;
      let at = path;
      let num = numbered;
      while (p.children.length > 0) {
        const [main, ...vars] = p.children;
        const mainPath = join(at, main.uci);
        container.appendChild(moveEl(main, mainPath, p.fen, num));
        num = false;
        if (main.comment) { container.appendChild(el('span', 'a-comment', main.comment)); num = true; }
        const r = c.reviewOf(mainPath);
        if (r && r.class && r.best_san && r.best_uci !== main.uci) {
          container.appendChild(el('span', 'a-best', t('analysis.best', { move: r.best_san })));
          num = true;
        }
        if (vars.length > 0) {
          const block = el('div', 'variations');
          for (const v of vars) {
            const vl = el('div', 'variation');
            const vPath = join(at, v.uci);
            vl.appendChild(moveEl(v, vPath, p.fen, true));
            if (v.comment) vl.appendChild(el('span', 'a-comment', v.comment));
            line(vl, v, vPath, !!v.comment);
            block.appendChild(vl);
          }
          container.appendChild(block);
          num = true;
        }
        p = main;
        at = mainPath;
      }
    };
    if (c.tree.root.comment) box.appendChild(el('span', 'a-comment', c.tree.root.comment));
    line(box, c.tree.root, '', true);
    box.querySelector('.active')?.scrollIntoView({ block: 'nearest' });
  }

  // drawHead writes the header of a game opened from its page (a review,
  // or a game on one screen or against the computer in play): its
  // players as the lists of games name them, its result and ending, the
  // day it was played, and a link back to it; the tab's title names it.
  private drawHead() {
    const c = this.ctrl;
    const head = this.parts.head;
    const s = c.game;
    head.hidden = !c.gameId || !s;
    if (!c.gameId || !s) {
      document.title = t('analysis.title');
      return;
    }
    const v = variantOf(s.variant);
    const you = youAt(s, loadTickets()[c.gameId]);
    const players = t('recent.players', { white: seatLabel(v, s, 'white', you), black: seatLabel(v, s, 'black', you) });
    const over = finished(s.status);
    const how = over && s.termination && s.status !== 'aborted' ? termName(v, s.termination) : '';
    const result = over ? [describeEnd(s)[0], how].filter(Boolean).join(' · ') : t('analysis.inPlay');
    const key = `${players}\n${result}\n${language()}`;
    document.title = t(over ? 'analysis.title.review' : 'analysis.title.game', { players });
    if (head.dataset.drawn === key) return;
    head.dataset.drawn = key;
    const parts: Node[] = [el('span', 'game-head-players', players), el('span', 'game-head-info a-head-result', result)];
    const day = pgnDay(c.tags.find(([k]) => k === 'Date')?.[1]);
    if (day) {
      const time = el('time', 'game-head-info a-head-date', new Intl.DateTimeFormat(language(), { dateStyle: 'medium' }).format(day));
      time.dateTime = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
      parts.push(time);
    }
    const back = el('a', 'a-head-back', t('analysis.back'));
    back.href = `/game/${c.gameId}`;
    back.dataset.link = '';
    parts.push(back);
    head.replaceChildren(...parts);
  }

  private drawReview() {
    const c = this.ctrl;
    const box = this.parts.review;
    box.hidden = !c.gameId || !c.gameOver;
    if (box.hidden) return;
    const rs = c.review;
    // The offer to review is drawn once while it stands: the board redraws
    // with each engine line and answer, and a button made anew under the
    // pointer between its press and its release takes no click.
    const offer = !rs || rs.state === 'none' || rs.state === 'failed' ? `offer ${rs?.state} ${c.reviewError ?? ''}` : '';
    if (offer && box.dataset.drawn === offer) return;
    box.dataset.drawn = offer;
    box.textContent = '';
    box.appendChild(el('h3', '', t('review.title')));
    if (c.reviewError) box.appendChild(el('p', 'error', c.reviewError));
    if (!rs || rs.state === 'none' || rs.state === 'failed') {
      if (rs?.state === 'failed') box.appendChild(el('p', 'error', t('review.failed')));
      const b = button('a-review-go', t('review.request'));
      b.className = 'primary';
      b.onclick = () => void c.requestReview();
      box.appendChild(b);
      return;
    }
    if (rs.state === 'queued' || rs.state === 'running') {
      const label = rs.state === 'queued' ? t('review.queued') : t('review.running', { done: rs.done, total: rs.total });
      box.appendChild(el('p', 'review-state', label));
      const bar = el('progress');
      bar.id = 'a-review-progress';
      bar.max = Math.max(1, rs.total);
      bar.value = rs.done;
      box.appendChild(bar);
      return;
    }
    const r = rs.review;
    if (!r) return;
    const graph = el('div', 'graph');
    graph.id = 'a-graph';
    const paths = c.tree.mainlinePaths();
    const current = paths.indexOf(c.path) + 1;
    drawGraph(graph, r.moves, current, ply => c.jump(ply === 0 ? '' : paths[ply - 1] ?? ''));
    box.appendChild(graph);
    const table = el('table', 'review-stats');
    const head = el('tr');
    head.append(el('th'), el('th', '', t('review.accuracy')), el('th', '', t('review.acpl')), el('th', '', '?!'), el('th', '', '?'), el('th', '', '??'));
    table.appendChild(head);
    for (const side of ['white', 'black'] as const) {
      const s = r[side];
      const tr = el('tr');
      tr.dataset.side = side;
      const name = c.board === 'xiangqi' && side === 'white' ? t('side.red') : t(`side.${side}`);
      const judged = s.judged !== 0 || s.accuracy > 0; // none judged (all book): no accuracy to speak of
      tr.append(el('th', '', name), el('td', 'acc', judged ? `${formatNumber(Math.round(s.accuracy * 10) / 10)}%` : '—'),
        el('td', '', judged ? formatNumber(Math.round(s.acpl)) : '—'),
        el('td', '', String(s.inaccuracies)), el('td', '', String(s.mistakes)), el('td', '', String(s.blunders)));
      table.appendChild(tr);
    }
    box.appendChild(table);
    const legend = el('p', 'note', t('review.legend'));
    box.appendChild(legend);
  }
}

// pgnDay reads a PGN Date tag ("2026.03.12") as that day; undefined for
// one not known ("????.??.??").
function pgnDay(tag?: string): Date | undefined {
  const m = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(tag ?? '');
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}


const glyphClass = (g: string) => ({ '?!': 'inaccuracy', '?': 'mistake', '??': 'blunder' })[g] ?? '';

// sourceOf reads what /analysis opens from its address: ?game=, ?variant=,
// ?fen=, ?pgn=, or a link's hash (v, fen, t, p).
export function sourceOf(loc: { search: string; hash: string }): Source {
  const q = new URLSearchParams(loc.search);
  const h = new URLSearchParams(loc.hash.replace(/^#/, ''));
  if (h.has('t')) return { variant: h.get('v') ?? undefined, fen: h.get('fen') ?? undefined, tree: h.get('t') ?? '', path: h.get('p') ?? undefined };
  const ply = Number.parseInt(q.get('ply') ?? '', 10);
  return { game: q.get('game') ?? undefined, ply: Number.isNaN(ply) ? undefined : ply, variant: q.get('variant') ?? undefined, fen: q.get('fen') ?? undefined, pgn: q.get('pgn') ?? undefined };
}
