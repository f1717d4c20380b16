// The board view: the position shown (live or under review) as the
// variant's board draws it, or, on one screen in a hidden variant, the
// hand-over cover between turns; and the page's data attributes that tests
// and styles read.

import type { Board, BoardConfig } from '../../board';
import { t } from '../../i18n';
import { sideName } from '../../variants';
import type { RoundCtrl } from '../ctrl';
import { $ } from './dom';

// boardConfig is what the board shows of the controller's game.
export function boardConfig(ctrl: RoundCtrl): BoardConfig {
  const s = ctrl.state!;
  if (ctrl.covered()) {
    return {
      ...ctrl.variant.cover, // the board kind's empty board
      orientation: ctrl.orientation,
      turn: s.turn,
      dests: {},
    };
  }
  const live = ctrl.live();
  const canMove = ctrl.canMove();
  const lastUci = ctrl.step()?.uci;
  return {
    fen: ctrl.fen(),
    orientation: ctrl.orientation,
    turn: ctrl.turn(),
    lastMove: lastUci && lastUci !== '0000' ? [lastUci.slice(0, 2), lastUci.slice(2, 4)] : undefined,
    check: live ? s.check : undefined,
    movable: canMove ? s.turn : undefined,
    dests: canMove ? s.dests : {},
    premove: ctrl.premove(),
    marks: joinMarks(ctrl.variant.marks?.(s, live)),
  };
}

// joinMarks writes a variant's marks as the board takes them: a square's
// classes in one string.
export function joinMarks(marks: Record<string, string[]> | undefined): Record<string, string> | undefined {
  return marks && Object.fromEntries(Object.entries(marks).map(([k, v]) => [k, v.join(' ')]));
}

// renderBoard draws the board and the hand-over cover.
export function renderBoard(ctrl: RoundCtrl, board: Board | undefined) {
  const s = ctrl.state!;
  const covered = ctrl.covered();
  $('handover').hidden = !covered;
  if (covered) {
    $('handover-text').textContent = t('handover.text', { side: sideName(ctrl.variant, s.turn) });
    $('btn-handover').textContent = t('handover.show');
  }
  document.body.classList.toggle('covered', covered);
  board?.set(boardConfig(ctrl));
  const canMove = ctrl.canMove() && !covered;
  if (canMove) board?.playPremove?.(); // the opponent has moved: a move made ahead goes now, if legal
  document.body.classList.toggle('reviewing', !ctrl.live());
  document.body.dataset.game = s.id; // for tests and styles: which game is drawn, at which version
  document.body.dataset.v = String(s.v);
  document.body.dataset.fen = ctrl.fen(); // the position drawn
  document.body.dataset.status = s.status;
  document.body.dataset.dests = JSON.stringify(canMove ? s.dests : {}); // the moves the board offers
}

// showBoardElement shows the element the variant's board draws on, and
// hides the other kinds'.
export function showBoardElement(element: string, all: readonly string[]) {
  for (const el of all) $(el).hidden = el !== element;
}
