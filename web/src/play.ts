// The game page: board, clocks, move list and buttons for one game, kept in
// step with the server over a WebSocket. The server owns the rules: the
// board only offers the destinations (dests) the server sent.

import { APIError, Color, State, Step, adoptToken, finished, getGame, joinGame, openSeat, pgn } from './api';
import type { Board } from './board';
import { Chat } from './chat';
import { DicePanel, rollText } from './dice';
import { allSquares, blastArea, marksOf } from './marks';
import { OnlineView } from './online';
import { Sounds } from './sound';
import { loadTickets, saveTicket } from './settings';
import { t } from './i18n';
import { Notation, VariantUI, describeEnd, notationOf, sideName, variantOf, variants } from './variants';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

export interface PlayHooks {
  newGame: () => void;
  go: (path: string) => void; // another page of the app, without a reload
  sounds: Sounds;
}

export class Play {
  private variant: VariantUI = variantOf(); // known for sure once the first state arrives
  private board?: Board; // made with the first state
  private notation?: Notation; // how the move list is written, if the variant has a choice
  private ws?: WebSocket;
  private state?: State;
  private moves: Step[] = [];
  private you: Color[] = [];
  private viewPly: number | null = null; // a ply under review, or null for the live position
  private orientation: Color = 'white';
  private clockAt = 0; // performance.now() when the clock values arrived
  private timer?: number;
  private retry = 0;
  private syncing = false; // a gap was seen and a sync sent; cleared by the next state or move that fits
  private syncRetry?: number; // a sync to send again, after the server's retryAfter
  private closed = false;
  private online: OnlineView;
  private notice?: string; // to flash once the game is drawn
  // chat is the panel of an online game (shown once a state says online).
  private chat = new Chat(text => this.send('chat', { text }), () => ({ variant: this.variant, you: this.you }));
  private dice = new DicePanel($('dice'), $('dice-faces'), $<HTMLButtonElement>('btn-pass'), () => this.send('move', { u: '0000' }));
  // revealed is the side whose view the board may show on one screen in a
  // hidden variant (see VariantUI.handOver): another side to move covers
  // the board until its player asks for it.
  private revealed?: Color;

  constructor(private id: string, private hooks: PlayHooks) {
    const ticket = loadTickets()[id];
    if (ticket?.color === 'black') this.orientation = 'black';
    this.bindButtons();
    this.online = new OnlineView({
      send: (type, data) => this.send(type, data),
      flash: text => this.flash(text),
      rematch: (next, color) => this.goRematch(next, color),
    });
    const seated = ticket?.token ? this.adoptLegacy(ticket.token) : ticket ? Promise.resolve() : this.joinIfInvited();
    void seated.then(() => this.connect());
    this.timer = window.setInterval(() => { this.renderClocks(); this.online.tick(); }, 100);
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
      const g = await joinGame(this.id);
      saveTicket(this.id, { color: g.color });
      this.orientation = g.color;
    } catch (e) {
      if (e instanceof APIError && e.code === 'seat_taken') this.notice = t('status.seatTaken');
    }
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

  // destroy closes the connection and stops the timers.
  destroy() {
    this.closed = true;
    this.ws?.close();
    window.clearInterval(this.timer);
    document.onkeydown = null;
    this.board?.destroy();
    this.online.unbind();
    const over = $<HTMLDialogElement>('over-dialog');
    if (over.open) over.close(''); // '' and not the last choice, which main.ts acts on
    this.chat.destroy();
    this.dice.destroy();
    $('handover').hidden = true;
    $('fair').hidden = true;
    delete document.body.dataset.game;
    delete document.body.dataset.variant;
  }

  // ensureBoard makes the board of the game's variant, once its first state is known.
  private ensureBoard(s: State) {
    if (this.board) return;
    const v = (this.variant = variantOf(s.variant));
    document.body.dataset.variant = v.name;
    for (const other of variants) $(other.board.element).hidden = other.board.element !== v.board.element;
    this.board = v.board.create($(v.board.element), {
      move: (orig, dest, promotion) => this.send('move', { u: orig + dest + (promotion ?? '') }),
    });
    this.bindNotation();
  }

  // bindNotation fills the notation menu with the variant's choices, if it has any.
  private bindNotation() {
    const n = this.variant.notations;
    $('notation-box').hidden = !n;
    if (!n) return;
    const sel = $<HTMLSelectElement>('notation');
    sel.textContent = '';
    for (const o of n.options) sel.add(new Option(t(o.label), o.id));
    this.notation = notationOf(this.variant, localStorage.getItem(n.storageKey));
    sel.value = this.notation?.id ?? '';
    sel.onchange = () => {
      this.notation = notationOf(this.variant, sel.value);
      localStorage.setItem(n.storageKey, sel.value);
      this.render();
    };
  }

  // connect opens the game's WebSocket; the player cookie goes with it.
  private connect() {
    if (this.closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const query = new URLSearchParams();
    if (this.state) query.set('v', String(this.state.v));
    const q = query.toString();
    const ws = new WebSocket(`${proto}//${location.host}/ws/game/${this.id}${q ? '?' + q : ''}`);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => { opened = true; this.retry = 0; this.setConn(''); };
    ws.onmessage = e => this.onMessage(JSON.parse(e.data));
    ws.onclose = async () => {
      if (this.closed) return;
      const gone = !opened && !this.state && (await fetch(`/api/games/${this.id}`).catch(() => undefined))?.status === 404;
      if (gone) {
        $('status').textContent = t('status.noSuchGame');
        return;
      }
      this.setConn(t('status.reconnecting'));
      this.online.reset(); // who is here, and any rematch offer, are unknown until the server says again
      this.online.render();
      this.retry = Math.min(this.retry + 1, 4);
      window.setTimeout(() => this.connect(), 250 * 2 ** this.retry);
    };
  }

  private setConn(text: string) {
    $('conn').textContent = text;
    document.body.classList.toggle('offline', text !== '');
  }

  // send sends a command; while the connection is down it says so, and a
  // move the board already shows is put back.
  send(type: string, d?: unknown) {
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(d === undefined ? { t: type } : { t: type, d }));
      return;
    }
    if (this.state) this.render();
    this.flash(t('status.notSent')); // after the render, which rewrites the status line
  }

  private onMessage(msg: { t: string; d: any }) {
    switch (msg.t) {
      case 'hello':
        this.you = msg.d.you;
        this.syncing = false; // the server brings a new connection up to date itself
        window.clearTimeout(this.syncRetry);
        this.online.reset();
        break;
      case 'state':
        this.onState(msg.d as State, true);
        break;
      case 'move':
        if (!this.state || msg.d.v !== this.state.v + 1) {
          this.sync();
          return;
        }
        this.onState(msg.d as State, false);
        break;
      case 'presence':
        this.online.onPresence(msg.d);
        break;
      case 'rematch':
        this.online.onRematch(msg.d);
        break;
      case 'chat':
        this.chat.add(msg.d);
        break;
      case 'chat-log':
        this.chat.setLog(msg.d);
        break;
      case 'error':
        if (msg.d.code === 'rate_limited' && this.syncing) {
          // The server sends a whole state at most every few seconds per
          // connection: ask again when it says (the missed events, if the
          // gap was a few moves, come at once and need no wait).
          window.clearTimeout(this.syncRetry);
          this.syncRetry = window.setTimeout(() => { if (this.syncing) this.sync(); }, 1000 * (msg.d.retryAfter ?? 1));
          break;
        }
        if (['rate_limited', 'no_chat'].includes(msg.d.code)) {
          this.chat.notice(msg.d.message); // about a chat line: said under it, the board untouched
          break;
        }
        if (this.state) this.render(); // undo an optimistic board move
        this.flash(msg.d.message); // after the render, which rewrites the status line
        break;
    }
  }

  // sync asks the server for what came after the version shown: the missed
  // events, or a whole state.
  private sync() {
    this.syncing = true;
    this.send('sync', { v: this.state?.v ?? -1 });
  }

  private onState(s: State, full: boolean) {
    const prev = this.state;
    if (prev && (full ? s.v < prev.v : s.v <= prev.v)) return; // stale: a newer state is shown
    this.syncing = false;
    if (!full && prev) s = { ...s, startFen: prev.startFen }; // a move carries no history, nor where it starts
    if (full) this.moves = s.moves ?? [];
    else if (s.last) this.moves = [...this.moves.slice(0, s.ply - 1), s.last];
    this.state = s;
    this.clockAt = performance.now();
    // A move comes as a move, or as a whole state when it ends a hidden game (carrying its last step).
    const moved = !!prev && s.v === prev.v + 1 && !!s.last;
    if (moved) this.hooks.sounds.play(this.variant.moveSound(prev, s));
    if (prev && !finished(prev.status) && finished(s.status)) {
      this.hooks.sounds.play('end');
      this.showOver(s);
    }
    if (this.viewPly !== null && full) this.viewPly = null;
    const declined = prev?.drawOffer && !s.drawOffer && !finished(s.status) && this.you.includes(prev.drawOffer) && this.you.length === 1;
    if (!prev && this.you.length === 1) this.orientation = this.you[0];
    if (!prev && s.ply === (s.setupPly ?? 0)) this.revealed = s.turn; // a new game: the first player is at the screen
    this.ensureBoard(s);
    this.render();
    if (moved && s.last?.blast && !this.covered()) this.board?.effect?.(blastArea(s.last.blast), 'blast', 900);
    if (declined) this.flash(t('status.drawDeclined'));
    if (prev) this.online.noteChange(prev, s);
    if (this.notice) this.flash(this.notice);
    this.notice = undefined;
  }

  private showOver(s: State) {
    const [title, reason] = describeEnd(s);
    $('over-title').textContent = title;
    $('over-reason').textContent = reason;
    this.renderFair($('over-fair'));
    const d = $<HTMLDialogElement>('over-dialog');
    if (!d.open) d.showModal();
  }

  // render draws everything from the state (or the reviewed ply).
  private render() {
    const s = this.state;
    if (!s) return;
    const live = this.viewPly === null || this.viewPly === this.moves.length;
    const ply = live ? this.moves.length : this.viewPly!;
    const step = ply > 0 ? this.moves[ply - 1] : undefined;
    const fen = live ? s.fen : step ? step.fen : (s.startFen ?? s.fen);
    // Online, no one moves before the opponent is seated.
    const inPlay = live && !finished(s.status) && !(s.mode === 'online' && openSeat(s));
    const canMove = inPlay && this.you.includes(s.turn);
    // Online, a player may move ahead of the opponent's reply (chess
    // boards: see Board.premove).
    const premove = inPlay && s.mode === 'online' && this.you.length === 1 ? this.you[0] : undefined;
    const lastUci = step?.uci;
    const turn: Color = live ? s.turn : (ply % 2 === 0) === this.startsWhite() ? 'white' : 'black';
    // On one screen a hidden variant's board stays covered between turns.
    const covered = this.covered();
    $('handover').hidden = !covered;
    if (covered) {
      $('handover-text').textContent = t('handover.text', { side: sideName(this.variant, s.turn) });
      $('btn-handover').textContent = t('handover.show');
    }
    document.body.classList.toggle('covered', covered);
    this.board?.set(covered ? {
      fen: '8/8/8/8/8/8/8/8 w - - 0 1',
      orientation: this.orientation,
      turn: s.turn,
      dests: {},
      marks: Object.fromEntries(allSquares.map(k => [k, 'fog'])),
    } : {
      fen,
      orientation: this.orientation,
      turn,
      lastMove: lastUci && lastUci !== '0000' ? [lastUci.slice(0, 2), lastUci.slice(2, 4)] : undefined,
      check: live ? s.check : undefined,
      movable: canMove ? s.turn : undefined,
      dests: canMove ? s.dests : {},
      premove,
      marks: marksOf(s, live),
    });
    if (canMove && !covered) this.board?.playPremove?.(); // the opponent has moved: a move made ahead goes now, if legal
    const rollKey = `${s.ply - (s.dice?.moves ?? 0)}:${s.dice?.rolled.join('')}`; // the ply the turn began at, and its dice
    this.dice.render(live ? s.dice : undefined, s.turn, rollKey, canMove && !covered && !!s.dice?.canPass);
    this.renderFair($('fair'));
    document.body.classList.toggle('reviewing', !live);
    document.body.dataset.game = s.id; // for tests and styles: which game is drawn, at which version
    document.body.dataset.v = String(s.v);
    document.body.dataset.fen = fen; // the position drawn
    document.body.dataset.status = s.status;
    document.body.dataset.dests = JSON.stringify(canMove && !covered ? s.dests : {}); // the moves the board offers
    this.renderMoves(ply);
    this.renderPlayers();
    this.renderClocks();
    this.renderStatus();
    this.renderButtons();
    this.chat.show(s.mode === 'online');
    this.online.update({ state: s, you: this.you, variant: this.variant, orientation: this.orientation });
  }

  // movesBy counts the moves side c made in this game (not imported with
  // the setup): plies alternate from the side the start position names.
  private movesBy(c: Color): number {
    const setup = this.state?.setupPly ?? 0;
    let n = 0;
    for (let ply = setup + 1; ply <= this.moves.length; ply++) {
      const mover: Color = (ply % 2 === 1) === this.startsWhite() ? 'white' : 'black';
      if (mover === c) n++;
    }
    return n;
  }

  private startsWhite(): boolean {
    const f = this.state?.startFen ?? 'w';
    return f.split(' ')[1] !== 'b';
  }

  private renderMoves(current: number) {
    if (this.variant.turns === 'roll') return this.renderTurns(current);
    const ol = $('moves');
    ol.textContent = '';
    const startFen = (this.state?.startFen ?? '').split(' ');
    let num = parseInt(startFen[5] ?? '1', 10) || 1;
    let black = startFen[1] === 'b';
    let row: HTMLLIElement | undefined;
    this.moves.forEach((m, i) => {
      if (!row || !black) {
        row = document.createElement('li');
        const n = document.createElement('span');
        n.className = 'num';
        n.textContent = `${num}.`;
        row.appendChild(n);
        if (black) row.appendChild(Object.assign(document.createElement('span'), { className: 'san empty', textContent: '…' }));
        ol.appendChild(row);
      }
      const b = document.createElement('button');
      b.className = 'san' + (i + 1 === current ? ' current' : '') + (m.blast ? ' blast' : '');
      b.textContent = this.notation ? this.notation.text(m) : m.san;
      if (m.blast) b.title = t('moves.blast', { square: m.blast });
      b.dataset.ply = String(i + 1);
      b.onclick = () => this.view(i + 1);
      row.appendChild(b);
      if (black) num++;
      black = !black;
    });
    ol.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
  }

  // renderTurns writes the move list a turn a row: a turn starts with the
  // step that carries its dice roll (dice chess), and the sides take turns
  // from the side the start position names.
  private renderTurns(current: number) {
    const ol = $('moves');
    ol.textContent = '';
    const startFen = (this.state?.startFen ?? '').split(' ');
    let num = parseInt(startFen[5] ?? '1', 10) || 1;
    let color: Color = startFen[1] === 'b' ? 'black' : 'white';
    let row: HTMLLIElement | undefined;
    this.moves.forEach((m, i) => {
      if (!row || m.roll) {
        if (row) {
          if (color === 'black') num++;
          color = other(color);
        }
        row = document.createElement('li');
        row.className = 'turn';
        const n = document.createElement('span');
        n.className = 'num';
        n.textContent = color === 'white' ? `${num}.` : `${num}…`;
        row.appendChild(n);
        if (m.roll) row.appendChild(Object.assign(document.createElement('span'), { className: 'roll', textContent: rollText(m.roll, color) }));
        ol.appendChild(row);
      }
      const b = document.createElement('button');
      b.className = 'san' + (i + 1 === current ? ' current' : '');
      b.textContent = m.san;
      b.dataset.ply = String(i + 1);
      b.onclick = () => this.view(i + 1);
      row.appendChild(b);
    });
    ol.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
  }

  // covered reports whether the board hides behind the hand-over screen:
  // a hidden variant on one screen, between a move and the next player's
  // asking to see the board.
  private covered(): boolean {
    const s = this.state;
    return !!s && !!this.variant.handOver && s.mode === 'local' && this.you.length === 2 && !finished(s.status) && this.revealed !== s.turn;
  }

  // renderFair shows a seeded game's commitment, and its seed and how to
  // check it once the game is over (dice rolls, mines).
  private renderFair(el: HTMLElement) {
    const s = this.state!;
    const fair = this.variant.fair;
    el.hidden = !fair || !s.fair;
    if (!fair || !s.fair) return;
    el.textContent = '';
    const line = (text: string, cls = '') => el.appendChild(Object.assign(document.createElement('span'), { className: cls, textContent: text }));
    line(t(fair.text));
    line(t('fair.commitment', { hash: s.fair.commitment }), 'hash');
    if (s.fair.seed) {
      line(t('fair.seed', { seed: s.fair.seed }), 'hash seed');
      line(t('fair.verify', { command: fair.verify }));
    } else line(t('fair.later'));
  }

  private seatName(c: Color): string {
    const seat = this.state!.seats[c];
    const name = sideName(this.variant, c);
    if (seat.kind === 'bot') return seat.name ?? t('player.computer');
    if (seat.kind === 'open') return t('player.open');
    if (this.state!.mode === 'local') return name;
    return this.you.includes(c) ? t('player.you', { side: sideName(this.variant, c, true) }) : name;
  }

  private renderPlayers() {
    const bottom = this.orientation;
    $('name-bottom').textContent = this.seatName(bottom);
    $('name-top').textContent = this.seatName(other(bottom));
  }

  // remaining returns colour c's time now, counting down locally between events.
  private remaining(c: Color): number {
    const k = this.state!.clock!;
    let ms = k[c];
    if (k.running === c && !finished(this.state!.status)) ms -= performance.now() - this.clockAt;
    return Math.max(0, ms);
  }

  private renderClocks() {
    const s = this.state;
    for (const [pos, c] of [['bottom', this.orientation], ['top', other(this.orientation)]] as [string, Color][]) {
      const el = $(`clock-${pos}`);
      if (!s?.clock) { el.hidden = true; continue; }
      el.hidden = false;
      const ms = this.remaining(c);
      el.textContent = formatClock(ms);
      el.classList.toggle('running', s.clock.running === c && !finished(s.status));
      el.classList.toggle('low', ms < Math.min(20000, s.clock.initial / 5));
    }
  }

  private renderStatus() {
    const s = this.state!;
    let text: string;
    if (finished(s.status)) {
      const [title, reason] = describeEnd(s);
      text = t('status.over', { title, reason });
    } else if (s.mode === 'online' && openSeat(s)) text = t(this.you.length > 0 ? 'status.waiting' : 'status.waitingSpectator');
    else if (s.fog && this.you.length === 0) text = t('status.fogWatching'); // a spectator sees nothing of a hidden game in play
    else if (s.seats[s.turn].kind === 'bot') text = t('status.thinking');
    else text = t(s.check ? 'status.toMoveCheck' : 'status.toMove', { side: sideName(this.variant, s.turn) });
    $('status').textContent = text;
    const bar = $('offer-bar');
    const offer = s.drawOffer;
    const answerable = !!offer && this.you.includes(other(offer));
    bar.hidden = !offer;
    $('offer-text').textContent = offer ? t('offer.draw', { side: sideName(this.variant, offer) }) : '';
    $('btn-accept').hidden = !answerable;
    $('btn-decline').hidden = !answerable && !this.you.includes(offer!);
    $('btn-decline').textContent = t(answerable ? 'btn.decline' : 'btn.withdraw');
  }

  private renderButtons() {
    const s = this.state!;
    const playing = this.you.length > 0;
    const over = finished(s.status);
    const lockedEnd = ['resigned', 'timeout', 'drawAgreed', 'aborted', 'abandoned'].includes(s.status);
    const played = s.ply - (s.setupPly ?? 0); // moves made here, not imported with the setup
    if (s.mode === 'online') {
      // Online a takeback is asked for, of a move of one's own, while the game is on.
      setDisabled('btn-undo', !playing || over || this.movesBy(this.you[0]) === 0 || !!s.takebackOffer);
      $('btn-undo').textContent = t('btn.takeback');
    } else {
      setDisabled('btn-undo', !playing || played === 0 || lockedEnd);
      $('btn-undo').textContent = t('btn.undo');
    }
    $('btn-undo').hidden = !this.variant.takeback;
    setDisabled('btn-resign', !playing || over);
    // Before both sides have moved a game can be called off without a result.
    this.endAction = played < 2 && s.mode !== 'local' ? 'abort' : 'resign';
    if (!this.confirming) $('btn-resign').textContent = t(this.endAction === 'abort' ? 'btn.abort' : 'btn.resign');
    const waiting = !!openSeat(s); // for an opponent: nothing to offer yet
    setDisabled('btn-draw', !playing || over || !!s.drawOffer || waiting);
    setDisabled('btn-claim', !playing || over || !s.canClaim || !this.you.includes(s.turn));
    $('btn-claim').hidden = !this.variant.claimDraw;
    $<HTMLAnchorElement>('btn-download-pgn').href = `/api/games/${this.id}/pgn?download=1`;
    this.setDownload('btn-download-gif', `/game/${this.id}.gif?download=1`, 'btn.downloadGif');
    this.setDownload('btn-download-viewer', `/game/${this.id}.html?download=1`, 'btn.downloadViewer');
  }

  // setDownload points a download link at href, labelled with the text of key.
  private setDownload(id: string, href: string, key: 'btn.downloadGif' | 'btn.downloadViewer') {
    const a = $<HTMLAnchorElement>(id);
    a.href = href;
    a.textContent = t(key);
    a.title = t(`${key}.title`);
  }

  // view shows the position after ply (0 = start) without changing the game.
  view(ply: number) {
    const n = this.moves.length;
    ply = Math.max(0, Math.min(n, ply));
    this.viewPly = ply === n ? null : ply;
    this.render();
  }

  private currentPly() { return this.viewPly ?? this.moves.length; }

  private flash(text: string) {
    const el = $('status');
    el.textContent = text;
    el.classList.add('flash');
    window.setTimeout(() => el.classList.remove('flash'), 1500);
  }

  private bindButtons() {
    $('btn-new').onclick = () => this.hooks.newGame();
    // The player at the screen sees the board from their side.
    $('btn-handover').onclick = () => {
      if (!this.state) return;
      this.revealed = this.orientation = this.state.turn;
      this.render();
    };
    $('btn-undo').onclick = () => {
      this.viewPly = null;
      this.send(this.state?.mode === 'online' ? 'takeback-offer' : 'takeback');
    };
    $('btn-resign').onclick = () => this.resignOrAbort();
    $('btn-draw').onclick = () => this.send('draw-offer');
    $('btn-claim').onclick = () => this.send('draw-claim');
    $('btn-accept').onclick = () => this.send('draw-accept');
    $('btn-decline').onclick = () => this.send('draw-decline');
    $('btn-flip').onclick = () => { this.orientation = other(this.orientation); this.render(); };
    $('btn-copy-fen').onclick = () => this.copy(this.state?.fen ?? '', t('status.fenCopied'));
    $('btn-copy-pgn').onclick = async () => this.copy(await pgn(this.id), t('status.pgnCopied'));
    $('nav-first').onclick = () => this.view(0);
    $('nav-prev').onclick = () => this.view(this.currentPly() - 1);
    $('nav-next').onclick = () => this.view(this.currentPly() + 1);
    $('nav-last').onclick = () => this.view(this.moves.length);
    document.onkeydown = e => {
      if ((e.target as HTMLElement).closest('input, textarea, select, dialog[open]')) return;
      const to = { ArrowLeft: this.currentPly() - 1, ArrowRight: this.currentPly() + 1, Home: 0, End: this.moves.length }[e.key];
      if (to !== undefined) { e.preventDefault(); this.view(to); }
    };
  }

  private endAction: 'abort' | 'resign' = 'resign'; // what the button offers
  private confirming?: { timer: number; action: 'abort' | 'resign' };

  // resignOrAbort asks for a second click within three seconds, so a stray
  // tap does not end the game.
  private resignOrAbort() {
    const btn = $('btn-resign');
    if (!this.confirming) {
      const action = this.endAction;
      btn.textContent = t(action === 'abort' ? 'btn.reallyAbort' : 'btn.reallyResign');
      btn.classList.add('confirm');
      this.confirming = { timer: window.setTimeout(() => this.endConfirm(), 3000), action };
      return;
    }
    const really = this.confirming.action;
    this.endConfirm();
    this.send(really);
  }

  private endConfirm() {
    window.clearTimeout(this.confirming?.timer);
    this.confirming = undefined;
    $('btn-resign').classList.remove('confirm');
    if (this.state) this.renderButtons();
  }

  private async copy(text: string, done: string) {
    try {
      await navigator.clipboard.writeText(text);
      this.flash(done);
    } catch {
      window.prompt(t('prompt.copy'), text);
    }
  }
}

function setDisabled(id: string, disabled: boolean) {
  ($(id) as HTMLButtonElement).disabled = disabled;
}

// formatClock shows m:ss, with tenths under ten seconds; h:mm:ss from an
// hour; days and hours from a day (correspondence: "2d 23h").
export function formatClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (total >= 86400) return t('clock.days', { d: Math.floor(total / 86400), h: Math.floor((total % 86400) / 3600) });
  if (total >= 3600) return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  if (ms < 10000) return `0:0${total % 60}.${Math.floor((ms % 1000) / 100)}`;
  return `${Math.floor(total / 60)}:${pad(total % 60)}`;
}
