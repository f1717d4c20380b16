// What both kinds of tournament page draw alike: the page's frame (its
// header with the countdown, the viewer's state, the action bar, the
// error line, the podium's box), a tournament's summary line and who may
// join, a player's link, the viewer's state said to screen readers when it
// changes, the action bar (sign in, join with a private one's password
// asked inline, withdraw, and what else a kind offers), and the games a
// player was sent to. Each kind's page draws its own standings, games and
// countdown with these (../tournament/view.ts, ../swiss/view.ts).

import { currentAccount } from '../account';
import { failureText } from '../api';
import { button, el } from '../dom';
import { type Key, t } from '../i18n';
import { announce } from '../round/view/announce';
import { variantOf } from '../variants';
import { type InGame, botsWelcome, clockText, lineText, countdownText, gambitVariant } from './ctrl';

// visitedGames keeps, for the browser's session under key, the games a
// player was sent to: back on the page after one, they are not sent to
// it again.
export function visitedGames(key: string) {
  const read = (): string[] => {
    try {
      const v: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  };
  return {
    has: (id: string) => read().includes(id),
    add(id: string) {
      try {
        sessionStorage.setItem(key, JSON.stringify([...read().filter(x => x !== id), id].slice(-50)));
      } catch {
        // no storage: the page may send them again, no worse
      }
    },
  };
}

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

// conditions are who may join, in words.
// Bots are said to be allowed only where they can play: not in a hidden
// variant (variantKey: the tournament's variant, as either kind sends it).
export function conditions(d: { minRating?: { rating: number }; maxRating?: { rating: number }; botsAllowed?: boolean }, variantKey?: string): string[] {
  const out: string[] = [];
  if (d.minRating?.rating) out.push(t('tournament.minRating', { rating: String(d.minRating.rating) }));
  if (d.maxRating?.rating) out.push(t('tournament.maxRating', { rating: String(d.maxRating.rating) }));
  const v = variantOf(gambitVariant(variantKey));
  if (botsWelcome(d.botsAllowed, v.name === gambitVariant(variantKey) && v.hidden)) out.push(t('tournament.botsAllowed'));
  return out;
}

// browserDeps are the controller's ways in a browser: the clock, the
// signed-in viewer, the games gone to (kept under visitedKey), and the way
// to a game, noted first (back.ts) so that its end leads back here.
export function browserDeps(visitedKey: string, note: (game: string) => void) {
  return {
    now: () => Date.now(),
    user: () => currentAccount()?.username ?? '',
    go: (game: string) => {
      note(game);
      location.assign(`/game/${encodeURIComponent(game)}`);
    },
    visited: visitedGames(visitedKey),
  };
}

// openPage starts a page's controller under its title, the countdown
// drawn again each second; what it returns leaves the page.
export function openPage(root: HTMLElement, ctrl: { start(): Promise<void>; destroy(): void }, title: string, tick: () => void): () => void {
  document.title = `${title} · Gambit`;
  const timer = window.setInterval(tick, 1000);
  void ctrl.start();
  return () => {
    window.clearInterval(timer);
    ctrl.destroy();
    root.textContent = '';
  };
}

// Frame is what both pages show above their standings.
export interface Frame {
  head: HTMLElement; title: HTMLElement; meta: HTMLElement; conds: HTMLElement; count: HTMLElement; conn: HTMLElement;
  status: HTMLElement; acts: HTMLElement; err: HTMLElement; podium: HTMLElement;
  statusLine: StatusLine; actionBar: ActionBar;
}

// frame makes a page's frame: prefix names its status line (prefix-status)
// and its buttons (prefix-join, prefix-withdraw); countClass are the
// countdown's classes; afterMeta, what the header shows between the meta
// line and who may join (the Swiss event's description).
export function frame(o: { prefix: string; countClass: string; afterMeta?: HTMLElement[] }): Frame {
  const head = el('header', 'arena-head');
  const title = el('h2', '', t('tournament.loading'));
  const meta = el('p', 'arena-meta');
  const conds = el('p', 'arena-conds');
  const count = el('p', o.countClass);
  count.setAttribute('role', 'timer'); // read when asked, not each second
  const conn = el('p', 'arena-conn');
  conn.hidden = true;
  head.append(title, meta, ...(o.afterMeta ?? []), conds, count, conn);
  const status = el('p', 'arena-status');
  status.id = `${o.prefix}-status`;
  status.setAttribute('aria-live', 'polite');
  const acts = el('div', 'actions arena-actions');
  const err = el('p', 'error arena-error');
  err.hidden = true;
  const podium = el('section', 'arena-podium');
  podium.hidden = true;
  return { head, title, meta, conds, count, conn, status, acts, err, podium, statusLine: new StatusLine(status), actionBar: new ActionBar(acts, o.prefix) };
}

// Standings are a page's standings table: its caption and body.
export interface Standings { table: HTMLTableElement; caption: HTMLElement; body: HTMLTableSectionElement }

// standingsTable makes the standings' table (classes cls), its columns'
// heads each a text, with its class and a title explaining it if given.
export function standingsTable(cls: string, heads: { key: Key; cls?: string; help?: Key }[]): Standings {
  const table = el('table', cls);
  const caption = el('caption', '', t('tournament.standings'));
  table.append(caption);
  const hrow = el('tr');
  for (const h of heads) {
    const th = el('th', h.cls ?? '', t(h.key));
    th.scope = 'col';
    if (h.help) th.title = t(h.help);
    hrow.append(th);
  }
  table.append(el('thead'));
  table.tHead!.append(hrow);
  const body = el('tbody');
  table.append(body);
  return { table, caption, body };
}

// mainPart is the page's main part: the standings, and beside them a
// section (classes cls) under its title holding list.
export function mainPart(standings: HTMLElement, cls: string, title: Key, list: HTMLElement): HTMLElement {
  const side = el('section', cls);
  side.append(el('h3', '', t(title)), list);
  const main = el('div', 'arena-main');
  main.append(standings, side);
  return main;
}

// metaText is a tournament's meta line: parts, and a private one marked.
export const metaText = (parts: string[], priv: boolean | undefined): string => lineText([...parts, ...(priv ? [t('tournament.private')] : [])]);

// drawTop draws what the frame shows of the controller: why the
// tournament could not be had or the last action failed; the title (while
// loading, or fallback once it failed; once head is had, its name, which
// the document's title and root's data-id follow); whether the socket is
// down. It says whether there is a tournament to draw.
export function drawTop(root: HTMLElement, f: Frame, c: { error: unknown; actionError: unknown; connected: boolean }, fallback: string,
  head: { id: string; name: string } | undefined): boolean {
  f.err.hidden = c.error === undefined && c.actionError === undefined;
  f.err.textContent = c.error !== undefined ? t('tournament.loadFailed', { error: failureText(c.error) }) : c.actionError !== undefined ? failureText(c.actionError) : '';
  if (!head) {
    f.title.textContent = c.error === undefined ? t('tournament.loading') : fallback;
    return false;
  }
  root.dataset.id = head.id;
  document.title = `${head.name} · Gambit`;
  f.title.textContent = head.name;
  f.conn.hidden = c.connected;
  f.conn.textContent = t('status.reconnecting');
  return true;
}

// startText is the countdown's words before the start and once over, the
// same for both kinds (what is between is each kind's own).
export function startText(ph: { kind: 'created'; seconds: number } | { kind: 'finished' }): string {
  if (ph.kind === 'finished') return t('tournament.finished');
  return ph.seconds > 0 ? t('tournament.startsIn', { time: countdownText(ph.seconds) }) : t('tournament.starting');
}

// StatusLine says the viewer's own state, and to screen readers when it
// changed (not on opening: the page says it).
export class StatusLine {
  private said = '';

  constructor(private p: HTMLElement) {}

  // draw says s: a game (paired, playing) as both kinds do, any other
  // state in the words notes give it.
  draw<K extends string>(s: InGame | { kind: K }, notes: Record<K, string>) {
    const p = this.p;
    p.textContent = '';
    p.dataset.state = s.kind;
    if ('game' in s) {
      if (s.kind === 'paired') p.textContent = t('tournament.paired');
      else {
        const a = el('a', '', t('tournament.backToGame'));
        a.href = `/game/${encodeURIComponent(s.game)}`;
        p.append(t('tournament.playing'), ' ', a);
      }
    } else p.textContent = notes[s.kind];
    const said = `${s.kind}:${'game' in s ? s.game : ''}`;
    if (p.textContent && said !== this.said && this.said !== '') announce(p.textContent);
    this.said = said;
  }
}

// Actor is what the action bar draws from and calls.
export interface Actor {
  buttons: { join: boolean; withdraw: boolean; signIn: boolean };
  askPassword: boolean;
  busy: boolean;
  join(password?: string): Promise<void>;
  withdraw(): Promise<void>;
}

// ActionBar draws the viewer's actions: a sign-in link, Join (its button
// prefix-join, or the password's form), Withdraw (prefix-withdraw), and
// after them what more a kind offers; drawn again only when they change.
export class ActionBar {
  private shown = '';
  private passwordShown = false;

  constructor(private acts: HTMLElement, private prefix: string) {}

  draw(c: Actor, more: () => HTMLElement[] = () => []) {
    const b = c.buttons;
    const acts = this.acts;
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
      const j = button(`${this.prefix}-join`, t('tournament.join'));
      j.className = 'primary';
      j.disabled = c.busy;
      j.onclick = () => void c.join();
      acts.append(j);
    }
    if (b.withdraw) {
      const w = button(`${this.prefix}-withdraw`, t('tournament.withdraw'));
      w.disabled = c.busy;
      w.onclick = () => void c.withdraw();
      acts.append(w);
    }
    acts.append(...more());
    acts.hidden = !acts.childElementCount;
  }
}

// drawPodium shows the first three places in box once it is over, item
// drawing each; hidden before, or with no one.
export function drawPodium<P>(box: HTMLElement, finished: boolean, places: readonly P[], item: (p: P) => HTMLElement) {
  box.textContent = '';
  box.hidden = !finished || places.length === 0;
  if (box.hidden) return;
  box.append(el('h3', '', t('tournament.podium')));
  const ol = el('ol', 'arena-podium-list');
  for (const p of places.slice(0, 3)) ol.append(item(p));
  box.append(ol);
}

// clearStandings empties the standings' body, and says no one joined
// (over cols columns) when none did; whether there are rows to draw.
export function clearStandings(body: HTMLTableSectionElement, players: number, cols: number): boolean {
  body.textContent = '';
  if (players > 0) return true;
  const tr = el('tr', 'empty');
  const td = el('td', '', t('tournament.noPlayers'));
  td.colSpan = cols;
  tr.append(td);
  body.append(tr);
  return false;
}

// myName is the signed-in viewer's name in lower case, "" when signed
// out: their line of the standings is marked.
export const myName = () => (currentAccount()?.username ?? '').toLowerCase();
