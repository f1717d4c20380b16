// The parts of the game page that only an online game has: the invite
// (link, copy button, QR code) while a seat is open, each player's
// presence and how many watch, the claim when the opponent has left, the
// takeback request and the rematch. The game page (play.ts, round/) owns
// the connection and the state, and hands both here; this module only
// draws and answers.

import { Color, Presence, Rematch, State, finished, openSeat } from './api';
import { plural, t } from './i18n';
import { qrSVG } from './qr';
import { VariantUI, sideName } from './variants';
import type { ClientMsg } from './round/socket';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

// OnlineGame is what the page knows of the game at a render.
export interface OnlineGame {
  state: State;
  you: Color[]; // the seats this browser holds
  variant: VariantUI;
  orientation: Color; // the side at the bottom of the board
}

// OnlineHooks are what this part asks of the page.
export interface OnlineHooks {
  send(msg: ClientMsg): void;
  flash(text: string): void;
  // rematch goes to the agreed rematch, where this browser plays color
  // (none: it watches).
  rematch(next: string, color?: Color): void;
}

export class OnlineView {
  private game?: OnlineGame;
  private presence?: Presence;
  private presenceAt = 0; // performance.now() when presence arrived: claimIn counts from it
  private rematch: Rematch = {};
  private withdrawn = false; // this browser withdrew its own rematch offer: no "declined" to show
  private withdrewTakeback = false; // the same for its takeback request
  private qrOf = ''; // the link the QR code shows, drawn once

  constructor(private hooks: OnlineHooks) {
    this.bind();
  }

  // reset forgets what the server resends to every new connection: after
  // a hello come the presence and, if there is one, the rematch.
  reset() {
    this.presence = undefined;
    this.rematch = {};
  }

  onPresence(p: Presence) {
    this.presence = p;
    this.presenceAt = performance.now();
    this.render();
  }

  onRematch(r: Rematch) {
    const mine = this.mySeat();
    const declined = !!mine && this.rematch.offer === mine && !r.offer && !r.next && !this.withdrawn;
    this.rematch = r;
    this.withdrawn = false;
    if (r.next) {
      this.hooks.rematch(r.next, mine && other(mine)); // colours swap
      return;
    }
    if (declined) this.hooks.flash(t('rematch.declined'));
    this.render();
  }

  // noteChange tells the asker that a takeback request was turned down:
  // it went without the move being taken back, answered or lapsed by the
  // opponent's move (the asker's own move lapses it without a word).
  noteChange(prev: State, s: State) {
    const by = prev.takebackOffer;
    const mine = !!by && this.mySeat() === by;
    const turnedDown = mine && !s.takebackOffer && !finished(s.status) && (s.ply === prev.ply || (s.ply > prev.ply && s.turn === by));
    if (turnedDown && !this.withdrewTakeback) this.hooks.flash(t('status.takebackDeclined'));
    if (!s.takebackOffer) this.withdrewTakeback = false;
  }

  // update takes the game as the page now shows it, and draws.
  update(g: OnlineGame) {
    this.game = g;
    this.render();
  }

  // render draws every online part; in other games it hides them.
  render() {
    const g = this.game;
    const online = g?.state.mode === 'online';
    for (const id of ['invite', 'claim-bar', 'takeback-bar', 'rematch-bar', 'watching', 'btn-rematch', 'dot-top', 'dot-bottom']) $(id).hidden = true;
    $('over-rematch').hidden = $('btn-over-rematch').hidden = true;
    if (!g || !online) return;
    this.renderInvite(g);
    this.renderPresence(g);
    this.renderClaim();
    this.renderTakeback(g);
    this.renderRematch(g);
  }

  // tick redraws what counts down (the claim), between messages.
  tick() {
    if (this.game?.state.mode === 'online') this.renderClaim();
  }

  // mySeat is the one seat this browser holds, when it plays one side
  // (holding both is a one-screen game, never online).
  private mySeat(): Color | undefined {
    const you = this.game?.you ?? [];
    return you.length === 1 ? you[0] : undefined;
  }

  // renderInvite shows the link to send while a seat is open, to the
  // player waiting for an opponent.
  private renderInvite(g: OnlineGame) {
    const show = !!openSeat(g.state) && !finished(g.state.status) && g.you.length > 0;
    $('invite').hidden = !show;
    if (!show) return;
    const link = `${location.origin}/game/${g.state.id}`;
    // A lobby challenge (quick pairing too) waits for whoever accepts it;
    // the link is there to bring a friend all the same.
    $('invite-text').textContent = t(g.state.public ? 'invite.lobby' : 'invite.text');
    $<HTMLInputElement>('invite-link').value = link;
    if (this.qrOf !== link) {
      this.qrOf = link;
      $('invite-qr').replaceChildren(qrSVG(link, t('invite.qr')));
    }
  }

  // renderPresence puts a dot by each player's name (online or not) and
  // says how many watch.
  private renderPresence(g: OnlineGame) {
    const p = this.presence;
    if (!p) return;
    for (const [pos, c] of [['bottom', g.orientation], ['top', other(g.orientation)]] as [string, Color][]) {
      const dot = $(`dot-${pos}`);
      dot.hidden = g.state.seats[c].kind !== 'human';
      dot.classList.toggle('online', p[c].online);
      dot.classList.toggle('offline', !p[c].online);
      dot.title = t(p[c].online ? 'presence.online' : 'presence.offline');
      dot.dataset.online = String(p[c].online);
    }
    const w = $('watching');
    const spectating = g.you.length === 0; // one of the watchers: say so, the buttons are greyed for a reason
    w.hidden = p.watching === 0;
    w.textContent = spectating
      ? (p.watching === 1 ? t('watching.you') : t('watching.youAndOthers', { n: p.watching - 1 }))
      : plural('watching', p.watching);
  }

  // renderClaim counts down until the player whose opponent left may claim
  // the win (or call it a draw), then offers both.
  private renderClaim() {
    const g = this.game;
    const me = this.mySeat();
    const away = me && this.presence?.[other(me)];
    const bar = $('claim-bar');
    bar.hidden = !g || !away || away.online || away.claimIn === undefined || finished(g.state.status);
    if (bar.hidden || !away) return;
    const left = away.claimIn! - (performance.now() - this.presenceAt);
    const ready = left <= 0;
    $('claim-text').textContent = ready ? t('claim.now') : t('claim.wait', { n: Math.ceil(left / 1000) });
    $('btn-claim-win').hidden = $('btn-claim-draw').hidden = !ready;
  }

  // renderTakeback shows a takeback request: the opponent may answer it,
  // the asker withdraw it.
  private renderTakeback(g: OnlineGame) {
    const by = g.state.takebackOffer;
    $('takeback-bar').hidden = !by || finished(g.state.status);
    if (!by) return;
    const answerable = g.you.includes(other(by));
    $('takeback-text').textContent = t('offer.takeback', { side: sideName(g.variant, by) });
    $('btn-takeback-accept').hidden = !answerable;
    $('btn-takeback-decline').hidden = !answerable && !g.you.includes(by);
    $('btn-takeback-decline').textContent = t(answerable ? 'btn.decline' : 'btn.withdraw');
  }

  // renderRematch offers a rematch once the game is over: the button (in
  // the side panel and the game-over dialog), and the pending offer.
  private renderRematch(g: OnlineGame) {
    const me = this.mySeat();
    // A tournament's game has none: the tournament pairs its players next.
    if (!finished(g.state.status) || g.state.mandatory) return;
    const offer = this.rematch.offer;
    if (me) {
      const offered = offer === me;
      for (const id of ['btn-rematch', 'btn-over-rematch']) {
        const b = $<HTMLButtonElement>(id);
        b.hidden = false;
        b.disabled = offered;
        b.textContent = t(offered ? 'btn.rematchOffered' : offer ? 'btn.acceptRematch' : 'btn.rematch');
      }
    }
    if (!offer) return;
    const text = !me ? t('rematch.spectator', { side: sideName(g.variant, offer) }) : t(offer === me ? 'rematch.offered' : 'rematch.offer');
    $('rematch-bar').hidden = false;
    $('rematch-text').textContent = $('over-rematch').textContent = text;
    $('over-rematch').hidden = false;
    $('btn-rematch-accept').hidden = !me || offer === me;
    $('btn-rematch-decline').hidden = !me;
    $('btn-rematch-decline').textContent = t(offer === me ? 'btn.withdraw' : 'btn.decline');
  }

  private bind() {
    $('btn-invite-copy').onclick = () => void this.copyLink();
    $('btn-claim-win').onclick = () => this.hooks.send({ t: 'claim-victory' });
    $('btn-claim-draw').onclick = () => this.hooks.send({ t: 'claim-victory', d: { draw: true } });
    $('btn-takeback-accept').onclick = () => this.hooks.send({ t: 'takeback-accept' });
    $('btn-takeback-decline').onclick = () => {
      this.withdrewTakeback = this.game?.state.takebackOffer === this.mySeat();
      this.hooks.send({ t: 'takeback-decline' });
    };
    $('btn-rematch').onclick = $('btn-over-rematch').onclick = $('btn-rematch-accept').onclick = () => this.hooks.send({ t: 'rematch-offer' });
    $('btn-rematch-decline').onclick = () => {
      this.withdrawn = this.rematch.offer === this.mySeat();
      this.hooks.send({ t: 'rematch-decline' });
    };
  }

  // unbind lets go of the page's buttons when the game page closes.
  unbind() {
    for (const id of ['btn-invite-copy', 'btn-claim-win', 'btn-claim-draw', 'btn-takeback-accept', 'btn-takeback-decline',
      'btn-rematch', 'btn-over-rematch', 'btn-rematch-accept', 'btn-rematch-decline']) $(id).onclick = null;
    this.game = undefined;
    this.render();
  }

  private async copyLink() {
    const input = $<HTMLInputElement>('invite-link');
    try {
      await navigator.clipboard.writeText(input.value);
      this.hooks.flash(t('invite.copied'));
    } catch {
      // no clipboard (an insecure origin, a refused permission): select
      // the link so that the user can copy it by hand
      input.focus();
      input.select();
    }
  }
}
