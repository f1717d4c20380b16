// The move list and its navigation: rows as the variant groups them
// (VariantUI.moveRows), each move a button that shows the position after
// it; the first/back/forward/last buttons and their keys; the notation
// menu of a variant that has a choice.

import type { SetupNotes } from '../../api';
import { t } from '../../i18n';
import type { RoundCtrl } from '../ctrl';
import { $ } from './dom';

// renderMoves draws the move list, the ply shown marked.
export function renderMoves(ctrl: RoundCtrl) {
  const ol = $('moves');
  ol.textContent = '';
  const current = ctrl.ply();
  const moves = ctrl.shownMoves(); // on one screen in a hidden variant, as the player at the screen saw them
  const rows = ctrl.variant.moveRows({ moves, startFen: ctrl.state?.startFen, mover: i => ctrl.mover(i) });
  const notes = ctrl.state?.setupNotes;
  const byPly = new Map((notes?.plies ?? []).map(n => [n.ply, n]));
  if (notes) ol.appendChild(headNote(notes));
  for (const r of rows) {
    const li = document.createElement('li');
    if (r.className) li.className = r.className;
    li.appendChild(Object.assign(document.createElement('span'), { className: 'num', textContent: r.num }));
    // A span has no "text" property: the lead's text is its textContent (the
    // dice roll, the "…" before a list that starts with Black).
    if (r.lead) li.appendChild(Object.assign(document.createElement('span'), { className: r.lead.className, textContent: r.lead.text }));
    for (const i of r.steps) {
      const m = moves[i];
      const before = ctrl.fenBefore(i);
      const b = document.createElement('button');
      const mark = ctrl.variant.stepMark?.(m, before, ctrl.stepContext());
      b.className = 'san' + (i + 1 === current ? ' current' : '') + (mark ? ' ' + mark.cls : '');
      b.textContent = ctrl.notation ? ctrl.notation.text(m, before) : m.san;
      if (mark) b.title = mark.title;
      b.dataset.ply = String(i + 1);
      b.onclick = () => ctrl.view(i + 1);
      li.appendChild(b);
    }
    ol.appendChild(li);
    for (const i of r.steps) {
      const n = byPly.get(i + 1);
      if (n) ol.appendChild(plyNote(n));
    }
  }
  ol.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

// bindNav binds the navigation buttons and keys.
export function bindNav(ctrl: RoundCtrl) {
  $('nav-first').onclick = () => ctrl.view(0);
  $('nav-prev').onclick = () => ctrl.view(ctrl.ply() - 1);
  $('nav-next').onclick = () => ctrl.view(ctrl.ply() + 1);
  $('nav-last').onclick = () => ctrl.view(ctrl.moves.length);
  document.onkeydown = e => {
    if (e.target instanceof Element && e.target.closest('input, textarea, select, dialog[open]')) return;
    const keys: Record<string, number> = { ArrowLeft: ctrl.ply() - 1, ArrowRight: ctrl.ply() + 1, Home: 0, End: ctrl.moves.length };
    const to = Object.prototype.hasOwnProperty.call(keys, e.key) ? keys[e.key] : undefined;
    if (to !== undefined) { e.preventDefault(); ctrl.view(to); }
  };
}

// bindNotation fills the notation menu with the variant's choices, if it
// has any, and remembers the one picked.
export function bindNotation(ctrl: RoundCtrl, redraw: () => void) {
  const n = ctrl.variant.notations;
  $('notation-box').hidden = !n;
  if (!n) return;
  const sel = $<HTMLSelectElement>('notation');
  sel.textContent = '';
  for (const o of n.options) sel.add(new Option(t(o.label), o.id));
  ctrl.setNotation(localStorage.getItem(n.storageKey));
  sel.value = ctrl.notation?.id ?? '';
  sel.onchange = () => {
    ctrl.setNotation(sel.value);
    localStorage.setItem(n.storageKey, sel.value);
    redraw();
  };
}

// notesTitle is the first line of a pasted PGN's notes: its players and
// where and when they played ("Lin – Chen · Casual game · Taipei · 1999.01.20").
export function notesTitle(n: SetupNotes): string {
  const tag = (name: string) => n.tags?.find(x => x.name === name)?.value;
  const white = tag('White');
  const black = tag('Black');
  const players = white || black ? t('notes.players', { white: white ?? '?', black: black ?? '?' }) : '';
  return [players, tag('Event'), tag('Site'), tag('Date')].filter(Boolean).join(' · ') || t('notes.imported');
}

// headNote is the list's first item for a game from a pasted PGN: its
// players and event, every tag folded under them, and the comment before
// its first move.
function headNote(n: SetupNotes): HTMLElement {
  const li = Object.assign(document.createElement('li'), { className: 'note head-note' });
  const d = document.createElement('details');
  d.appendChild(Object.assign(document.createElement('summary'), { textContent: notesTitle(n) }));
  const dl = document.createElement('dl');
  for (const tag of n.tags ?? []) {
    dl.append(Object.assign(document.createElement('dt'), { textContent: tag.name }), Object.assign(document.createElement('dd'), { textContent: tag.value }));
  }
  d.appendChild(dl);
  li.appendChild(d);
  if (n.intro) li.appendChild(Object.assign(document.createElement('p'), { className: 'comment', textContent: n.intro }));
  return li;
}

// plyNote is an imported move's comment, and its variations folded.
function plyNote(n: { comment?: string; variations?: string[] }): HTMLElement {
  const li = Object.assign(document.createElement('li'), { className: 'note' });
  if (n.comment) li.appendChild(Object.assign(document.createElement('p'), { className: 'comment', textContent: n.comment }));
  const vs = n.variations ?? [];
  if (vs.length) {
    const d = Object.assign(document.createElement('details'), { className: 'variations' });
    d.appendChild(Object.assign(document.createElement('summary'), { textContent: t('notes.variations', { n: String(vs.length) }) }));
    for (const v of vs) d.appendChild(Object.assign(document.createElement('p'), { className: 'variation', textContent: `(${v})` }));
    li.appendChild(d);
  }
  return li;
}
