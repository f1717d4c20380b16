// The screen readers' live region (#announce, aria-live="polite"): each
// move said in words, offers, the end of the game, the connection lost and
// back. Nothing is shown: the page shows the same in its own places.

import { finished } from '../../api';
import type { State } from '../../api';
import { t } from '../../i18n';
import { describeEnd, sideName } from '../../variants';
import { RoundCtrl, other } from '../ctrl';
import { $ } from './dom';

const kept = 5; // lines kept in the region (older ones have been read)

// announce has the screen reader say text.
export function announce(text: string) {
  const box = $('announce');
  box.appendChild(Object.assign(document.createElement('p'), { textContent: text }));
  while (box.childElementCount > kept) box.firstElementChild!.remove();
}

// clearAnnouncements empties the region (another page).
export function clearAnnouncements() {
  $('announce').textContent = '';
}

// announceChange says what changed from prev to s: a move, an offer made.
export function announceChange(ctrl: RoundCtrl, prev: State, s: State) {
  const v = ctrl.variant;
  const m = s.last;
  if (m && s.ply === prev.ply + 1) {
    const side = sideName(v, m.color);
    if (!m.uci || m.san === '?') announce(t('speak.hidden', { side }));
    else announce(t('speak.move', { side, move: v.speak(m, prev.fen, !!s.check) }));
    const words = ctrl.covered() ? undefined : v.stepWords?.(m, prev.fen, ctrl.stepContext()); // what it did beyond itself: a blast, a piece turned up or lost
    if (words) announce(words);
  }
  const turn = finished(s.status) || ctrl.covered() ? undefined : v.turnWords?.(s, ctrl.you); // what the turn allows now: the dice
  if (turn && turn !== v.turnWords?.(prev, ctrl.you)) announce(turn);
  if (finished(s.status)) {
    if (!finished(prev.status)) announceEnd(s);
    return;
  }
  if (s.drawOffer && s.drawOffer !== prev.drawOffer && !ctrl.you.includes(s.drawOffer)) {
    announce(t('offer.draw', { side: sideName(v, s.drawOffer) }));
  }
  if (s.takebackOffer && s.takebackOffer !== prev.takebackOffer && ctrl.you.includes(other(s.takebackOffer))) {
    announce(t('offer.takeback', { side: sideName(v, s.takebackOffer) }));
  }
}

// announceEnd says the result and its reason.
export function announceEnd(s: State) {
  const [title, reason] = describeEnd(s);
  announce(t('status.over', { title, reason }));
}
