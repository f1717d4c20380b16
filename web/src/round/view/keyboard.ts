// Playing without a mouse: the move box (type a move, press Enter) and the
// board as a focusable element whose label points to the move box and the
// move list. The move is read in the browser against the moves the server
// offers (movetext.ts); the server judges it as any other.

import { Key, formatList, script, t } from '../../i18n';
import { type MoveReading, readMove } from '../../movetext';
import type { RoundCtrl } from '../ctrl';
import { $ } from './dom';

// bindMoveBox makes the move box play the moves typed in it.
export function bindMoveBox(ctrl: RoundCtrl) {
  const input = $<HTMLInputElement>('move-input');
  $<HTMLFormElement>('move-form').onsubmit = e => {
    e.preventDefault();
    const note = submitMove(ctrl, input.value);
    $('move-note').textContent = note;
    if (!note) input.value = '';
  };
  input.oninput = () => { $('move-note').textContent = ''; };
}

// submitMove plays the move typed, and returns what is wrong with it ("" if
// nothing).
export function submitMove(ctrl: RoundCtrl, typed: string): string {
  const s = ctrl.state;
  if (!s || !ctrl.canMove() || ctrl.covered()) return t('movebox.wait');
  const kind = ctrl.variant.board.kind;
  const r = readMove(typed, { board: kind, fen: s.fen, dests: s.dests, script: script() });
  if ('uci' in r) {
    ctrl.move(r.uci);
    return '';
  }
  return moveBoxNote(r, typed, kind);
}

// moveBoxNote says what is wrong with a move typed on a board of kind,
// as readMove found it.
export function moveBoxNote(r: Exclude<MoveReading, { uci: string }>, typed: string, kind: string): string {
  const move = typed.trim();
  switch (r.error) {
    case 'empty': return t('movebox.empty');
    case 'illegal': return t('movebox.illegal', { move });
    case 'ambiguous': return t('movebox.ambiguous', { move, options: formatList(r.options) });
    default: return t('movebox.unreadable', { move, example: t(placeholders[kind] ?? placeholders.chess) });
  }
}

const placeholders: Record<string, Key> = { chess: 'movebox.placeholder.chess', xiangqi: 'movebox.placeholder.xiangqi', banqi: 'movebox.placeholder.banqi' };

// renderMoveBox shows the move box to a player of a game in play.
export function renderMoveBox(ctrl: RoundCtrl) {
  const form = $('move-form');
  const show = ctrl.you.length > 0 && ctrl.inPlay();
  form.hidden = !show;
  if (!show) $('move-note').textContent = '';
  $<HTMLInputElement>('move-input').placeholder = t(placeholders[ctrl.variant.board.kind] ?? placeholders.chess);
}

// bindBoardKeys makes a board element reachable by Tab, labelled for
// screen readers, and a key typed on it goes on in the move box.
export function bindBoardKeys(el: HTMLElement) {
  el.tabIndex = 0;
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', t('board.label'));
  el.onkeydown = e => {
    const form = $('move-form');
    if (form.hidden || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key.length === 1 || e.key === 'Enter') {
      $('move-input').focus(); // the key's character lands in the box
      if (e.key === 'Enter') e.preventDefault();
    }
  };
}
