// The game page: one game's board, clocks, moves and buttons, kept in step
// with the server over a WebSocket. It only wires the parts together, as
// lila's round UI does: the socket (round/socket.ts: typed messages,
// reconnection, sync), the controller (round/ctrl.ts: the game and the
// user's actions, no DOM) and the views (round/view/*.ts), with what only
// online games have in online.ts and chat.ts, and what one variant has
// in its entry's hooks (variants.ts). The server owns the rules: the board
// only offers the destinations (dests) the server sent.

import { APIError, Color, adoptToken, finished, getGame, joinGame, openSeat } from './api';
import type { Board } from './board';
import { currentAccount, gameRating, refreshAccount } from './account';
import { requestReview } from './analysis/api';
import { Chat } from './chat';
import { errorText, t } from './i18n';
import { OnlineView } from './online';
import { RoundCtrl } from './round/ctrl';
import { GameSocket, ServerMsg, unreachable } from './round/socket';
import { renderBoard, showBoardElement } from './round/view/board';
import { announce, announceChange, clearAnnouncements } from './round/view/announce';
import { bindButtons, renderButtons } from './round/view/buttons';
import { closeOver, closeRules, renderFair, showOver, showRules } from './round/view/dialogs';
import { $ } from './round/view/dom';
import { bindBoardKeys, bindMoveBox, renderMoveBox } from './round/view/keyboard';
import { bindNav, bindNotation, renderMoves } from './round/view/moves';
import { renderHeader } from './round/view/header';
import { playersNodes, renderClocks, renderPlayers } from './round/view/players';
import { flash, renderStatus, setConn } from './round/view/status';
import { loadTickets, saveTicket } from './settings';
import type { Sounds } from './sound';
import { SidePanel, VariantUI, boards, sideName } from './variants';
import { maxName, saveName, savedName } from './name';
import { SignInForms } from './signin';

export interface PlayHooks {
  newGame: () => void;
  go: (path: string) => void; // another page of the app, without a reload
  sounds: Sounds;
  missing: () => void; // there is no such game: the page says so instead
}

export class Play {
  private ctrl: RoundCtrl;
  private socket: GameSocket;
  private board?: Board; // made with the first state
  private panel?: SidePanel; // the variant's part of the side panel, if any
  private online: OnlineView;
  private chat: Chat; // the panel of an online game (shown once a state says online)
  private timer: number;
  private onSettings = () => this.render(); // a theme or the coordinates' style changed
  private down = false; // the connection was lost and is not back yet
  private notice = ''; // what stays under the status once the connection is back (signed out elsewhere)
  private ratedAsked = false; // whether the game is rated was asked (online games only)
  private joined = false; // this page took an invite's open seat: the name can be given until the first move
  private seat: SignInForms; // a rated invite's seat: sign in or up to take it

  constructor(private id: string, private hooks: PlayHooks) {
    const ticket = loadTickets()[id];
    this.ctrl = new RoundCtrl(id, ticket?.color === 'black' ? 'black' : 'white', {
      send: msg => this.socket.send(msg),
      redraw: () => this.render(),
      redrawButtons: () => renderButtons(this.ctrl),
      flash,
      sound: name => this.hooks.sounds.play(name),
      started: v => this.start(v),
      over: s => showOver(s, this.ctrl.variant, playersNodes(this.ctrl)),
      effect: e => this.board?.effect?.(e.squares, e.cls, e.ms),
      reload: () => this.socket.reconnect(), // a new connection's greeting is a whole state
      changed: (prev, s) => {
        this.online.noteChange(prev, s);
        announceChange(this.ctrl, prev, s);
      },
    });
    this.socket = new GameSocket(id, {
      version: () => this.ctrl.state?.v,
      receive: msg => this.receive(msg),
      up: () => {
        setConn(this.notice, false);
        if (this.down) announce(t('speak.reconnected'));
        this.down = false;
      },
      down: () => {
        setConn(t('status.reconnecting'));
        if (!this.down) announce(t('status.reconnecting'));
        this.down = true;
        this.online.reset(); // who is here, and any rematch offer, are unknown until the server says again
        this.online.render();
      },
      gone: () => this.hooks.missing(),
      signedOut: () => {
        this.notice = t('status.signedOut');
        setConn(this.notice, false);
        announce(this.notice);
        void refreshAccount();
      },
    });
    this.chat = new Chat(text => this.ctrl.send({ t: 'chat', d: { text } }), () => ({ variant: this.ctrl.variant, you: this.ctrl.you, seats: this.ctrl.state?.seats }));
    bindButtons(this.ctrl, () => this.hooks.newGame());
    bindNav(this.ctrl);
    bindMoveBox(this.ctrl);
    this.bindJoinName();
    this.seat = new SignInForms('seat', () => this.takeSeat());
    this.online = new OnlineView({
      send: msg => this.ctrl.send(msg),
      flash,
      rematch: (next, color) => this.goRematch(next, color),
    });
    const seated = ticket?.token ? this.adoptLegacy(ticket.token) : ticket ? Promise.resolve() : this.joinIfInvited();
    void seated.then(() => this.socket.connect());
    window.addEventListener('gambit:settings', this.onSettings);
    this.timer = window.setInterval(() => { renderClocks(this.ctrl); this.online.tick(); }, 100);
  }

  // receive routes a server message; the compiler checks every kind is handled.
  private receive(msg: ServerMsg) {
    switch (msg.t) {
      case 'hello':
        this.ctrl.onHello(msg.d);
        this.online.reset();
        return;
      case 'state':
        return this.ctrl.onState(msg.d, true);
      case 'move':
        return this.ctrl.onState(msg.d, false);
      case 'presence':
        return this.online.onPresence(msg.d);
      case 'rematch':
        return this.online.onRematch(msg.d);
      case 'chat':
        return this.chat.add(msg.d);
      case 'chat-log':
        return this.chat.setLog(msg.d);
      case 'error':
        if (['rate_limited', 'no_chat'].includes(msg.d.code)) {
          this.chat.notice(errorText(msg.d)); // about a chat line: said under it, the board untouched
          return;
        }
        if (this.ctrl.state) this.render(); // undo an optimistic board move
        flash(errorText(msg.d)); // after the render, which rewrites the status line
        return;
      default:
        return unreachable(msg);
    }
  }

  // joinIfInvited takes the open seat of an online game opened by its
  // invite link. It is asked only without a ticket for the game: a person
  // holding a seat gets it back from a join anyway (another browser tab,
  // cleared storage). When someone was quicker (409 seat_taken), or on any
  // other failure, the page watches: the WebSocket says what there is.
  private async joinIfInvited() {
    try {
      const s = await getGame(this.id);
      // A lobby challenge (public) is taken from the lobby's Accept button,
      // never by someone who opened it to watch.
      if (s.mode !== 'online' || s.public || finished(s.status) || !openSeat(s)) return;
      // A rated game's seat is an account's: signed out (the session was
      // asked as the app started), the page says so and offers to sign in
      // or up here (round/view/seat.ts) rather than send a join the server
      // can only refuse (401 signed_out, an error in the browser's console).
      if (!currentAccount() && (await this.isRated())) {
        this.ctrl.seatNeedsAccount = true;
        return;
      }
      const g = await joinGame(this.id, savedName());
      saveTicket(this.id, { color: g.color });
      this.ctrl.orientation = g.color;
      this.joined = true;
      $<HTMLInputElement>('join-name-input').value = g.state.seats[g.color].name ?? '';
    } catch (e) {
      if (e instanceof APIError && e.code === 'seat_taken') this.ctrl.notice = t('status.seatTaken');
      if (e instanceof APIError && e.status === 404) this.hooks.missing(); // no such game: nothing to connect to
      // Signed out elsewhere since the app started: as above; the page
      // offers to sign in or up here (signin.ts), then takes the seat.
      if (e instanceof APIError && e.code === 'signed_out') this.ctrl.seatNeedsAccount = true;
    }
  }

  // takeSeat takes the rated invite's open seat once this browser has
  // signed in: the join goes as the account (its session cookie), and a
  // new connection's hello says which seat the page now holds.
  private async takeSeat() {
    const g = await joinGame(this.id, savedName());
    saveTicket(this.id, { color: g.color });
    this.ctrl.orientation = g.color;
    this.ctrl.seatNeedsAccount = false;
    this.ctrl.notice = t('seat.seated', { side: sideName(this.ctrl.variant, g.color, true) });
    this.seat.show(false);
    this.socket.reconnect();
  }

  // bindJoinName lets the person who took an invite's seat give the name
  // the game shows and its PGN records (the join sent the name saved in
  // this browser, if any): a join again with it renames the seat until the
  // first move, and the name is remembered for the next game.
  private bindJoinName() {
    const input = $<HTMLInputElement>('join-name-input');
    input.maxLength = maxName;
    $<HTMLFormElement>('join-name').onsubmit = async e => {
      e.preventDefault();
      const name = input.value.trim();
      if (!name) return;
      try {
        await joinGame(this.id, name);
        saveName(name);
        flash(t('join.saved', { name }));
      } catch (err) {
        flash(err instanceof Error ? err.message : String(err));
      }
    };
  }

  // askRated asks once whether an online game is rated (only those can be)
  // and redraws the header when it is; on failure it stays "Casual".
  private askRated() {
    if (this.ratedAsked || this.ctrl.state?.mode !== 'online') return;
    void this.isRated().then(rated => { if (rated) renderHeader(this.ctrl); });
  }

  // isRated asks the server whether the game is rated (once: a game is
  // rated from its creation) and notes it for the header; false when the
  // server cannot say.
  private async isRated(): Promise<boolean> {
    if (this.ratedAsked) return this.ctrl.rated;
    this.ratedAsked = true;
    const r = await gameRating(this.id).catch(() => undefined);
    if (r?.rated) this.ctrl.rated = true;
    return this.ctrl.rated;
  }

  // renderJoinName shows the name field to the invited player until the
  // game's first move; one signed in sits under their username.
  private renderJoinName() {
    const s = this.ctrl.state;
    $('join-name').hidden = !(this.joined && !currentAccount() && s && s.mode === 'online' && s.ply === (s.setupPly ?? 0) && !finished(s.status));
  }

  // goRematch opens the rematch both players agreed to; a player's ticket
  // turns the new board its way before the server says.
  private goRematch(next: string, color?: Color) {
    if (color) saveTicket(next, { color });
    this.hooks.go(`/game/${next}`);
  }

  // adoptLegacy trades a seat secret an older release kept in this browser's
  // storage for the player cookie, once; the token is then forgotten.
  private async adoptLegacy(token?: string) {
    if (!token) return;
    try {
      const g = await adoptToken(this.id, token);
      saveTicket(this.id, { color: g.color });
    } catch {
      saveTicket(this.id, { color: loadTickets()[this.id]?.color ?? 'white' }); // no seat (any more): watch
    }
  }

  // start makes the variant's board and panel, once its first state is known.
  private start(v: VariantUI) {
    if (this.board) return;
    document.title = t('title.game', { game: v.label });
    document.body.dataset.variant = v.name;
    document.body.dataset.board = v.board.kind;
    showBoardElement(v.board.element, Object.values(boards).map(b => b.element));
    this.board = v.board.create($(v.board.element), {
      move: (orig, dest, promotion) => this.ctrl.move(orig + dest + (promotion ?? '')),
    });
    this.panel = v.panel?.({ move: u => this.ctrl.move(u) });
    bindBoardKeys($(v.board.element));
    bindNotation(this.ctrl, () => this.render());
    // The variant's rules, one click away: a player who came by a link
    // never saw the new-game dialog that has them.
    $('btn-rules').hidden = !v.rules;
    $('btn-rules').onclick = () => showRules(v);
  }

  // render draws everything from the controller.
  private render() {
    const ctrl = this.ctrl;
    const s = ctrl.state;
    if (!s) return;
    renderBoard(ctrl, this.board);
    this.panel?.render({ state: s, live: ctrl.live(), canMove: ctrl.canMove() && !ctrl.covered() });
    renderFair($('fair'), s, ctrl.variant);
    renderMoves(ctrl);
    renderPlayers(ctrl);
    this.askRated();
    renderHeader(ctrl);
    renderClocks(ctrl);
    renderStatus(ctrl);
    renderButtons(ctrl);
    renderMoveBox(ctrl);
    this.renderJoinName();
    this.seat.show(this.ctrl.seatNeedsAccount && this.ctrl.you.length === 0 && !!openSeat(s) && !finished(s.status));
    this.chat.show(s.mode === 'online');
    this.online.update({ state: s, you: ctrl.you, variant: ctrl.variant, orientation: ctrl.orientation });
  }

  // review answers the result dialog's Review, as lichess's "Request a
  // computer analysis": a game the engines review has its review started
  // (or found running or done) and shown on the analysis page, which
  // follows it to its graph and accuracy; if the request is refused, that
  // page offers it again and says why. A game of another variant is gone
  // through here, move by move.
  async review() {
    const s = this.ctrl.state;
    if (!s || !finished(s.status) || !this.ctrl.variant.reviewable) return;
    await requestReview(this.id).catch(() => undefined);
    this.hooks.go(`/analysis?game=${this.id}`);
  }

  // destroy closes the connection and stops the timers.
  destroy() {
    this.socket.close();
    this.ctrl.destroy();
    window.clearInterval(this.timer);
    window.removeEventListener('gambit:settings', this.onSettings);
    document.onkeydown = null;
    this.board?.destroy();
    this.online.unbind();
    this.seat.unbind();
    closeOver();
    closeRules();
    $('btn-rules').hidden = true;
    $('btn-rules').onclick = null;
    $('variant-words').hidden = true;
    this.chat.destroy();
    this.panel?.destroy();
    $('handover').hidden = true;
    $('move-form').hidden = true;
    clearAnnouncements();
    $('fair').hidden = true;
    delete document.body.dataset.game;
    delete document.body.dataset.variant;
    delete document.body.dataset.board;
  }
}
