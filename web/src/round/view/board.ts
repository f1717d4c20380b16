// The board view: the position shown (live or under review) as the
// variant's board draws it, or, on one screen in a hidden variant, the
// hand-over cover between turns; and the page's data attributes that tests
// and styles read.

import type { Board, BoardConfig } from '../../board';
import { t } from '../../i18n';
import { allSquares, marksOf } from '../../marks';
import { sideName } from '../../variants';
import type { RoundCtrl } from '../ctrl';
import { $ } from './dom';

// boardConfig is what the board shows of the controller's game.
export function boardConfig(ctrl: RoundCtrl): BoardConfig {
  const s = ctrl.state!;
  if (ctrl.covered()) {
    return {
      fen: '8/8/8/8/8/8/8/8 w - - 0 1',
      orientation: ctrl.orientation,
      turn: s.turn,
      dests: {},
      marks: Object.fromEntries(allSquares.map(k => [k, 'fog'])),
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
    marks: marksOf(s, live),
  };
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
