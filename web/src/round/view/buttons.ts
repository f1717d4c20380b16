// The game's buttons: take back (undo), resign (abort) with its second
// click, offer and claim a draw, go berserk (an arena's game), flip, copy
// and download; each enabled
// when the controller says it may be used.

import { finished, openSeat, pgn, pgnURL } from '../../api';
import { language, t } from '../../i18n';
import type { RoundCtrl } from '../ctrl';
import { $, setDisabled } from './dom';
import { flash } from './status';

// renderButtons enables and labels the buttons.
export function renderButtons(ctrl: RoundCtrl) {
  const s = ctrl.state!;
  const playing = ctrl.you.length > 0;
  const over = finished(s.status);
  const played = ctrl.played();
  if (s.mode === 'online') {
    // Online a takeback is asked for, of a move of one's own, while the game is on.
    setDisabled('btn-undo', !playing || over || ctrl.movesBy(ctrl.you[0]) === 0 || !!s.takebackOffer);
    $('btn-undo').textContent = t('btn.takeback');
  } else {
    // A finished game is final: no takeback once it has a result, however it ended (checkmate too).
    setDisabled('btn-undo', !playing || played === 0 || over);
    $('btn-undo').textContent = t('btn.undo');
  }
  // A spectator has no seat to resign, offer or claim from: the buttons
  // are not shown to them at all, as on lichess.
  $('btn-undo').hidden = !ctrl.variant.takeback || !playing || !!s.mandatory; // a tournament's game has no takebacks
  $('btn-resign').hidden = $('btn-draw').hidden = !playing;
  setDisabled('btn-resign', !playing || over);
  const resign = $('btn-resign');
  const c = ctrl.confirming;
  resign.classList.toggle('confirm', !!c);
  if (c) resign.textContent = t(c.action === 'abort' ? 'btn.reallyAbort' : 'btn.reallyResign');
  else resign.textContent = t(ctrl.endAction() === 'abort' ? 'btn.abort' : 'btn.resign');
  const waiting = !!openSeat(s); // for an opponent: nothing to offer yet
  setDisabled('btn-draw', !playing || over || !!s.drawOffer || waiting);
  setDisabled('btn-claim', !playing || over || !s.canClaim || !ctrl.you.includes(s.turn));
  $('btn-claim').hidden = !ctrl.variant.claimDraw || !playing;
  // Berserk: only while the server says this seat may (an arena's game,
  // before the seat's first move); it is gone once used.
  $('btn-berserk').hidden = !playing || over || !s.berserkable;
  // In the page's language, which a link cannot send as Accept-Language.
  $<HTMLAnchorElement>('btn-download-pgn').href = `${pgnURL(ctrl.id)}&download=1`;
  setDownload('btn-download-gif', `/game/${ctrl.id}.gif?download=1&lang=${language()}`, 'btn.downloadGif');
  setDownload('btn-download-viewer', `/game/${ctrl.id}.html?download=1&lang=${language()}`, 'btn.downloadViewer');
  $('btn-download-viewer').hidden = !ctrl.variant.viewer && !over; // a variant of its own rules: once over (server/media viewer.go)
  // Analyse: a game that is over, or one on one screen or against the
  // computer at any time (its player's own), never an online game being
  // played, nor a game whose rules hide what the analysis would show, nor
  // one on a board the analysis page has not.
  const analyse = $<HTMLAnchorElement>('btn-analyse');
  analyse.hidden = !ctrl.variant.board.analysis || !(over || (s.mode !== 'online' && playing && ctrl.variant.viewer)); // never for a board the analysis page cannot draw (banqi's)
  $('btn-flip').hidden = !ctrl.variant.board.orientable; // a board drawn one way for everyone (banqi's) has nothing to turn
  analyse.href = `/analysis?game=${ctrl.id}&ply=${ctrl.ply()}`; // at the position shown
}

// setDownload points a download link at href, labelled with the text of key.
function setDownload(id: string, href: string, key: 'btn.downloadGif' | 'btn.downloadViewer') {
  const a = $<HTMLAnchorElement>(id);
  a.href = href;
  a.textContent = t(key);
  a.title = t(`${key}.title`);
}

// bindButtons binds the buttons to the controller's actions; newGame
// opens the new-game dialog.
export function bindButtons(ctrl: RoundCtrl, newGame: () => void) {
  // A seat's buttons wait for the first state to say this page plays: a
  // spectator never sees Resign before the game is known.
  for (const id of ['btn-undo', 'btn-draw', 'btn-claim', 'btn-berserk', 'btn-resign']) $(id).hidden = true;
  $('btn-new').onclick = newGame;
  $('btn-handover').onclick = () => ctrl.handOver(); // the player at the screen sees the board from their side
  $('btn-undo').onclick = () => ctrl.takeback();
  $('btn-resign').onclick = () => ctrl.resignOrAbort();
  $('btn-draw').onclick = () => ctrl.offerDraw();
  $('btn-claim').onclick = () => ctrl.claimDraw();
  $('btn-berserk').onclick = () => ctrl.berserk();
  $('btn-accept').onclick = () => ctrl.acceptDraw();
  $('btn-decline').onclick = () => ctrl.declineDraw();
  $('btn-flip').onclick = () => ctrl.flip();
  $('btn-copy-fen').onclick = () => void copy(ctrl.state?.fen ?? '', t('status.fenCopied'));
  $('btn-copy-pgn').onclick = async () => copy(await pgn(ctrl.id), t('status.pgnCopied'));
}

// copy puts text on the clipboard, or shows it to copy by hand.
async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    flash(done);
  } catch {
    window.prompt(t('prompt.copy'), text);
  }
}
