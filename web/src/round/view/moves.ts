// The move list and its navigation: rows as the variant groups them
// (VariantUI.moveRows), each move a button that shows the position after
// it; the first/back/forward/last buttons and their keys; the notation
// menu of a variant that has a choice.

import { t } from '../../i18n';
import type { RoundCtrl } from '../ctrl';
import { $ } from './dom';

// renderMoves draws the move list, the ply shown marked.
export function renderMoves(ctrl: RoundCtrl) {
  const ol = $('moves');
  ol.textContent = '';
  const current = ctrl.ply();
  const rows = ctrl.variant.moveRows({ moves: ctrl.moves, startFen: ctrl.state?.startFen, mover: i => ctrl.mover(i) });
  for (const r of rows) {
    const li = document.createElement('li');
    if (r.className) li.className = r.className;
    li.appendChild(Object.assign(document.createElement('span'), { className: 'num', textContent: r.num }));
    if (r.lead) li.appendChild(Object.assign(document.createElement('span'), r.lead));
    for (const i of r.steps) {
      const m = ctrl.moves[i];
      const b = document.createElement('button');
      const mark = ctrl.variant.stepMark?.(m);
      b.className = 'san' + (i + 1 === current ? ' current' : '') + (mark ? ' ' + mark.cls : '');
      b.textContent = ctrl.notation ? ctrl.notation.text(m, i === 0 ? ctrl.state?.startFen : ctrl.moves[i - 1].fen) : m.san;
      if (mark) b.title = mark.title;
      b.dataset.ply = String(i + 1);
      b.onclick = () => ctrl.view(i + 1);
      li.appendChild(b);
    }
    ol.appendChild(li);
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
