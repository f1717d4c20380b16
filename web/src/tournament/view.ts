// The arena tournament page (/tournament/{id}): its name, variant, clock
// and countdown; Join, Withdraw and Pause; the viewer's own state (said to
// screen readers when it changes, never the countdown); the standings with
// each player's games; the games being played; once over, the podium.
// ArenaCtrl decides; this draws, again at each socket message, and the
// countdown alone each second.

import { currentAccount } from '../account';
import { failureText } from '../api';
import { button, el } from '../dom';
import { formatNumber, formatUnit, t } from '../i18n';
import { announce } from '../round/view/announce';
import { variantOf } from '../variants';
import { ArenaSocket, type ArenaFull, type PodiumPlace, getTournament, joinTournament, pauseTournament, withdrawTournament } from './api';
import { noteArenaGame } from './back';
import { ArenaCtrl, clockText, countdownText, gambitVariant, sheetMarks } from './ctrl';

// visitedKey keeps, for the browser's session, the games a player was sent
// to: back on the page after one, they are not sent to it again.
const visitedKey = 'gambit.arena.visited';

const visited = {
  read(): string[] {
    try {
      const v: unknown = JSON.parse(sessionStorage.getItem(visitedKey) ?? '[]');
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  },
  has(id: string) {
    return this.read().includes(id);
  },
  add(id: string) {
    try {
      sessionStorage.setItem(visitedKey, JSON.stringify([...this.read().filter(x => x !== id), id].slice(-50)));
    } catch {
      // no storage: the page may send them again, no worse
    }
  },
};

// variantName is a tournament variant's name in the reader's language.
export function variantName(key: string | undefined): string {
  const v = variantOf(gambitVariant(key));
  return v.name === gambitVariant(key) ? v.label : key ?? '';
}

// summary is a tournament's variant, clock and mode in one line.
export function summary(d: { variant?: string | { key: string }; clock: { limit: number; increment: number }; rated?: boolean }): string {
  const key = typeof d.variant === 'string' ? d.variant : d.variant?.key;
  return [variantName(key), clockText(d.clock), t(d.rated ? 'tournament.rated' : 'tournament.casual')].join(' · ');
}

// playerLink links to a player's profile.
export function playerLink(name: string): HTMLAnchorElement {
  const a = el('a', 'player', name);
  a.href = `/@/${encodeURIComponent(name)}`;
  a.dataset.link = '';
  return a;
}

export class TournamentPage {
  private ctrl: ArenaCtrl;
  private parts!: {
    title: HTMLElement; meta: HTMLElement; conds: HTMLElement; count: HTMLElement; conn: HTMLElement; status: HTMLElement;
    acts: HTMLElement; err: HTMLElement; podium: HTMLElement; table: HTMLTableSectionElement; duels: HTMLElement;
  };
  private tick: number;
  private said = '';
  private shown = ''; // the actions drawn: drawn again only when they change
  private passwordShown = false;

  constructor(private root: HTMLElement, id: string) {
    this.ctrl = new ArenaCtrl(id, {
      get: getTournament,
      join: joinTournament,
      withdraw: withdrawTournament,
      pause: pauseTournament,
      socket: (tid, hooks) => new ArenaSocket(tid, hooks),
      now: () => Date.now(),
      user: () => currentAccount()?.username ?? '',
      go: game => {
        noteArenaGame(game, id);
        location.assign(`/game/${encodeURIComponent(game)}`);
      },
      visited,
    }, () => this.draw());
    this.build();
    document.title = `${t('tournament.title')} · Gambit`;
    this.tick = window.setInterval(() => this.drawCountdown(), 1000);
    void this.ctrl.start();
  }

  destroy() {
    window.clearInterval(this.tick);
    this.ctrl.destroy();
    this.root.textContent = '';
  }

  private build() {
    const r = this.root;
    r.textContent = '';
    const head = el('header', 'arena-head');
    const title = el('h2', '', t('tournament.loading'));
    const meta = el('p', 'arena-meta');
    const conds = el('p', 'arena-conds');
    const count = el('p', 'arena-countdown');
    count.setAttribute('role', 'timer'); // read when asked, not each second
    const conn = el('p', 'arena-conn');
    conn.hidden = true;
    head.append(title, meta, conds, count, conn);
    const status = el('p', 'arena-status');
    status.id = 'arena-status';
    status.setAttribute('aria-live', 'polite');
    const acts = el('div', 'actions arena-actions');
    const err = el('p', 'error');
    err.hidden = true;
    const podium = el('section', 'arena-podium');
    podium.hidden = true;
    const tableBox = el('table', 'arena-standings');
    tableBox.append(el('caption', '', t('tournament.standings')));
    const hrow = el('tr');
    for (const k of ['tournament.col.rank', 'tournament.col.player', 'tournament.col.rating', 'tournament.col.sheet', 'tournament.col.score'] as const) {
      const th = el('th', '', t(k));
      th.scope = 'col';
      hrow.append(th);
    }
    tableBox.append(el('thead'));
    tableBox.tHead!.append(hrow);
    const table = el('tbody');
    tableBox.append(table);
    const duelsBox = el('section', 'arena-duels');
    duelsBox.append(el('h3', '', t('tournament.duels')));
    const duels = el('ul', 'arena-duel-list');
    duelsBox.append(duels);
    const main = el('div', 'arena-main');
    main.append(tableBox, duelsBox);
    r.append(head, status, acts, err, podium, main);
    this.parts = { title, meta, conds, count, conn, status, acts, err, podium, table, duels };
  }

  draw() {
    const c = this.ctrl;
    const p = this.parts;
    const d = c.data;
    p.err.hidden = c.error === undefined && c.actionError === undefined;
    p.err.textContent = c.error !== undefined ? t('tournament.loadFailed', { error: failureText(c.error) }) : c.actionError !== undefined ? failureText(c.actionError) : '';
    if (!d) {
      p.title.textContent = c.error === undefined ? t('tournament.loading') : t('tournament.title');
      return;
    }
    this.root.dataset.id = d.id;
    document.title = `${d.fullName} · Gambit`;
    p.title.textContent = d.fullName;
    const meta = [summary(d), formatUnit(d.minutes ?? 0, 'minute')];
    if (d.berserkable) meta.push(t('tournament.berserkable'));
    if (d.private) meta.push(t('tournament.private'));
    p.meta.textContent = meta.join(' · ');
    p.conds.textContent = conditions(d).join(' · ');
    p.conds.hidden = !p.conds.textContent;
    p.conn.hidden = c.connected;
    p.conn.textContent = t('status.reconnecting');
    this.drawCountdown();
    this.drawStatus();
    this.drawActions();
    this.drawPodium(d);
    this.drawStandings(d);
    this.drawDuels(d);
  }

  private drawCountdown() {
    const c = this.ctrl;
    if (!c.data) return;
    const ph = c.phase;
    const count = this.parts.count;
    count.dataset.phase = ph.kind;
    if (ph.kind === 'finished') count.textContent = t('tournament.finished');
    else if (ph.kind === 'created') count.textContent = ph.seconds > 0 ? t('tournament.startsIn', { time: countdownText(ph.seconds) }) : t('tournament.starting');
    else count.textContent = t('tournament.endsIn', { time: countdownText(ph.seconds) });
    if (ph.kind !== 'finished' && ph.seconds <= 0) this.drawActions(); // Pause, once started
  }

  // drawStatus says the viewer's own state, and to screen readers when it
  // changed.
  private drawStatus() {
    const c = this.ctrl;
    const s = c.standing;
    const p = this.parts.status;
    p.textContent = '';
    p.dataset.state = s.kind;
    switch (s.kind) {
      case 'paired': p.textContent = t('tournament.paired'); break;
      case 'playing': {
        const a = el('a', '', t('tournament.backToGame'));
        a.href = `/game/${encodeURIComponent(s.game)}`;
        p.append(t('tournament.playing'), ' ', a);
        break;
      }
      case 'waiting': p.textContent = t('tournament.waiting'); break;
      case 'paused': p.textContent = t('tournament.pausedNote'); break;
      case 'withdrawn': p.textContent = t('tournament.withdrawnNote'); break;
      case 'none': break;
    }
    const said = `${s.kind}:${'game' in s ? s.game : ''}`;
    if (p.textContent && said !== this.said && this.said !== '') announce(p.textContent); // not on opening: the page says it
    this.said = said;
  }

  private drawActions() {
    const c = this.ctrl;
    const b = c.buttons;
    const acts = this.parts.acts;
    const key = JSON.stringify([b, c.askPassword, c.busy]);
    if (key === this.shown) return;
    const asked = b.join && c.askPassword && !this.passwordShown; // focus the field when it appears, not at each redraw
    this.passwordShown = b.join && c.askPassword;
    this.shown = key;
    acts.textContent = '';
    if (b.signIn) {
      const a = el('a', 'button', t('tournament.signInToJoin'));
      a.href = '/account';
      a.dataset.link = '';
      acts.append(a);
    }
    if (b.join && c.askPassword) {
      const form = el('form', 'arena-password');
      const label = el('label');
      const input = el('input');
      input.type = 'password';
      input.name = 'password';
      input.required = true;
      input.autocomplete = 'off';
      label.append(el('span', '', t('tournament.password')), ' ', input);
      const ok = el('button', 'primary', t('tournament.join'));
      ok.disabled = c.busy;
      form.append(label, ' ', ok);
      form.onsubmit = e => {
        e.preventDefault();
        void c.join(input.value);
      };
      acts.append(form);
      if (asked) queueMicrotask(() => input.focus());
    } else if (b.join) {
      const j = button('arena-join', t('tournament.join'));
      j.className = 'primary';
      j.disabled = c.busy;
      j.onclick = () => void c.join();
      acts.append(j);
    }
    if (b.withdraw) {
      const w = button('arena-withdraw', t('tournament.withdraw'));
      w.disabled = c.busy;
      w.onclick = () => void c.withdraw();
      acts.append(w);
    }
    if (b.pause) {
      const pa = button('arena-pause', t('tournament.pause'));
      pa.title = t('tournament.pauseHelp');
      pa.disabled = c.busy;
      pa.onclick = () => void c.pause();
      acts.append(pa);
    }
    acts.hidden = !acts.childElementCount;
  }

  private drawPodium(d: ArenaFull) {
    const box = this.parts.podium;
    box.textContent = '';
    const places = d.podium ?? [];
    box.hidden = !d.isFinished || places.length === 0;
    if (box.hidden) return;
    box.append(el('h3', '', t('tournament.podium')));
    const ol = el('ol', 'arena-podium-list');
    for (const pl of places.slice(0, 3)) ol.append(podiumItem(pl));
    box.append(ol);
  }

  private drawStandings(d: ArenaFull) {
    const body = this.parts.table;
    body.textContent = '';
    const mine = (currentAccount()?.username ?? '').toLowerCase();
    const players = d.standing?.players ?? [];
    if (players.length === 0) {
      const tr = el('tr', 'empty');
      const td = el('td', '', t('tournament.noPlayers'));
      td.colSpan = 5;
      tr.append(td);
      body.append(tr);
      return;
    }
    for (const pl of players) {
      const tr = el('tr');
      const name = pl.name ?? '';
      if (mine && name.toLowerCase() === mine) tr.className = 'me';
      if (pl.withdraw) tr.classList.add('withdrawn');
      if (pl.paused) tr.classList.add('paused');
      const rank = el('td', 'rank', pl.rank === undefined ? '' : formatNumber(pl.rank));
      const nameHead = el('th');
      nameHead.scope = 'row';
      nameHead.className = 'name';
      nameHead.append(playerLink(name));
      if (pl.withdraw) nameHead.append(' ', el('span', 'mark', t('tournament.withdrawn')));
      else if (pl.paused) nameHead.append(' ', el('span', 'mark', t('tournament.paused')));
      const rating = el('td', 'rating', pl.rating === undefined ? '' : String(pl.rating)); // a rating, never grouped
      const sheet = el('td', 'sheet');
      for (const m of sheetMarks(pl.sheet?.scores ?? '')) sheet.append(el('span', m.kind, m.text));
      const score = el('td', 'score');
      score.append(el('strong', '', formatNumber(pl.score ?? 0)));
      if (pl.sheet?.fire) {
        const fire = el('span', 'fire', '🔥');
        fire.title = t('tournament.onFire');
        fire.setAttribute('role', 'img');
        fire.setAttribute('aria-label', t('tournament.onFire'));
        score.append(' ', fire);
      }
      tr.append(rank, nameHead, rating, sheet, score);
      body.append(tr);
    }
  }

  private drawDuels(d: ArenaFull) {
    const ul = this.parts.duels;
    ul.textContent = '';
    const duels = (d.duels ?? []).filter(x => x.id);
    if (duels.length === 0) {
      ul.append(el('li', 'empty', t('tournament.noDuels')));
      return;
    }
    for (const du of duels) {
      const li = el('li');
      const side = (i: number) => {
        const p = du.p?.[i];
        const rank = p?.k === undefined ? '' : `#${formatNumber(p.k)} `;
        return `${rank}${p?.n ?? '?'}${p?.r === undefined ? '' : ` (${p.r})`}`;
      };
      const a = el('a', '', t('tournament.vs', { a: side(0), b: side(1) }));
      a.href = `/game/${encodeURIComponent(du.id!)}`;
      a.dataset.link = '';
      const watch = el('span', 'watch', t('tournament.watch'));
      a.append(' ', watch);
      li.append(a);
      ul.append(li);
    }
  }
}

// podiumItem is one place of the podium: name, points, games, wins and
// performance.
function podiumItem(pl: PodiumPlace): HTMLElement {
  const li = el('li');
  li.append(playerLink(pl.name ?? ''), ' ');
  li.append(el('span', 'stats', t('tournament.podiumStats', {
    score: pl.score ?? 0, games: pl.nb?.game ?? 0, wins: pl.nb?.win ?? 0,
    performance: pl.performance === undefined ? '—' : String(pl.performance),
  })));
  return li;
}

// conditions are who may join, in words.
export function conditions(d: { minRating?: { rating: number }; maxRating?: { rating: number }; botsAllowed?: boolean }): string[] {
  const out: string[] = [];
  if (d.minRating?.rating) out.push(t('tournament.minRating', { rating: String(d.minRating.rating) }));
  if (d.maxRating?.rating) out.push(t('tournament.maxRating', { rating: String(d.maxRating.rating) }));
  if (d.botsAllowed) out.push(t('tournament.botsAllowed'));
  return out;
}
