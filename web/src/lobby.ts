// The lobby on the start page: quick pairing by time control, and the open
// challenges anyone may accept. The list is polled while the start page is
// shown (the server keeps it in memory; see server/lobby.go).

import { APIError, Challenge, Variant, failureText, getGame, joinGame, listLobby, openSeat, pairAgain, pairUp } from './api';
import { t } from './i18n';
import { sideName, variantOf, variants } from './variants';
import { saveTicket } from './settings';
import { savedName } from './name';
import { currentAccount, ratingNodes, textWith } from './account';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// pairings are the time controls offered for quick pairing: minutes + seconds.
export const pairings: { minutes: number; increment: number }[] = [
  { minutes: 1, increment: 0 }, { minutes: 3, increment: 2 }, { minutes: 5, increment: 3 },
  { minutes: 10, increment: 5 }, { minutes: 15, increment: 10 },
];

// pollEvery is how often the open challenges are read while shown.
const pollEvery = 3000;

// askEvery is how often someone waiting in a rated seek asks again, as
// the range of ratings they may meet widens (server/lobby/pool.go).
const askEvery = 3000;

type Clock = { minutes: number; increment: number };

// RatedWait asks the server again while this browser waits on the page
// of its rated seek: once an older seek is in range, the server moves it
// there (its own seek withdrawn) and the page follows. It stops when the
// page is left, the seek is taken, or it moved.
class RatedWait {
  private timer: number;

  constructor(private id: string, private variant: Variant, private clock: Clock, private go: (path: string) => void) {
    this.timer = window.setInterval(() => void this.ask(), askEvery);
  }

  stop() {
    window.clearInterval(this.timer);
  }

  private async ask() {
    if (location.pathname !== `/game/${this.id}`) {
      this.stop();
      return;
    }
    try {
      const s = await getGame(this.id);
      if (s.status !== 'created' || !openSeat(s)) { // taken: the game page plays it
        this.stop();
        return;
      }
      const g = await pairAgain(this.variant, this.clock, this.id, savedName());
      if (!g || g.id === this.id) return;
      saveTicket(g.id, { color: g.color });
      if (!openSeat(g.state)) this.stop(); // met someone; else a new seek of its own, still waiting
      this.id = g.id;
      this.go(`/game/${g.id}`);
    } catch (e) {
      if (e instanceof APIError) this.stop(); // taken meanwhile (the game page shows it), or signed out
    }
  }
}

// waiting is the rated seek this browser waits in, if any.
let waiting: RatedWait | undefined;

export interface LobbyHooks { go: (path: string) => void }

export class Lobby {
  private timer?: number;
  private stopped = false;
  private drawn?: string; // the list last drawn, as JSON

  constructor(private hooks: LobbyHooks) {
    this.fillPairing();
    void this.refresh();
    this.timer = window.setInterval(() => void this.refresh(), pollEvery);
  }

  // stop ends the polling (the start page is left).
  stop() {
    this.stopped = true;
    window.clearInterval(this.timer);
  }

  // fillPairing draws one button per time control for the chosen game.
  private fillPairing() {
    const sel = $<HTMLSelectElement>('pair-variant');
    if (sel.options.length === 0) for (const v of variants()) sel.add(new Option(v.label, v.name));
    const box = $('pair-buttons');
    box.textContent = '';
    for (const p of pairings) {
      const b = document.createElement('button');
      b.textContent = t('lobby.tc', p);
      b.title = t('lobby.tc.title', p);
      b.dataset.tc = `${p.minutes}+${p.increment}`;
      b.onclick = () => void this.pair(sel.value as Variant, p, !$('pair-rated-choice').hidden && $<HTMLInputElement>('pair-rated').checked);
      box.appendChild(b);
    }
  }

  private async pair(variant: Variant, clock: { minutes: number; increment: number }, rated: boolean) {
    try {
      const g = await pairUp(variant, clock, savedName(), rated);
      saveTicket(g.id, { color: g.color });
      waiting?.stop();
      waiting = rated && openSeat(g.state) ? new RatedWait(g.id, variant, clock, this.hooks.go) : undefined;
      this.hooks.go(`/game/${g.id}`);
    } catch (e) {
      this.error(failureText(e));
    }
  }

  private async accept(id: string) {
    try {
      const g = await joinGame(id, savedName());
      saveTicket(id, { color: g.color });
      this.hooks.go(`/game/${id}`);
    } catch (e) {
      this.error(failureText(e));
      void this.refresh();
    }
  }

  private error(text: string) {
    const p = $('lobby-error');
    p.textContent = text;
    p.hidden = false;
  }

  // refresh reads the open challenges and redraws the list.
  private async refresh() {
    $('pair-rated-choice').hidden = !currentAccount(); // the rated pool is for signed-in players
    let list: Challenge[];
    try {
      list = await listLobby();
    } catch {
      return; // the next poll tries again
    }
    if (!this.stopped) this.draw(list);
  }

  // draw redraws the list when it changed: a keyboard user's focus on a
  // challenge's button stays there (on the new button of the same
  // challenge), and a screen reader does not hear the list anew each poll.
  private draw(list: Challenge[]) {
    const drawn = JSON.stringify(list);
    if (drawn === this.drawn) return;
    this.drawn = drawn;
    const ul = $('lobby');
    const focused = (document.activeElement?.closest('#lobby li') as HTMLElement | null)?.dataset.id;
    this.fill(ul, list);
    if (focused) ul.querySelector<HTMLElement>(`li[data-id="${CSS.escape(focused)}"] button, li[data-id="${CSS.escape(focused)}"] a`)?.focus();
  }

  private fill(ul: HTMLElement, list: Challenge[]) {
    ul.textContent = '';
    if (list.length === 0) {
      ul.appendChild(Object.assign(document.createElement('li'), { className: 'empty', textContent: t('lobby.none') }));
      return;
    }
    for (const c of list) {
      const li = document.createElement('li');
      li.dataset.id = c.id;
      const v = variantOf(c.variant);
      const what = Object.assign(document.createElement('span'), { className: 'who' });
      what.textContent = t('lobby.challenge', { tc: c.timeControl || t('lobby.untimed'), game: v.tag ?? v.label, side: sideName(v, c.color, true) });
      li.appendChild(what);
      if (c.rated) {
        const rated = Object.assign(document.createElement('span'), { className: 'rated' });
        rated.append(...textWith('lobby.ratedSeek', 'rating', ratingNodes(c.rating, c.provisional))); // "?" while provisional, explained
        li.appendChild(rated);
      }
      if (c.mine) {
        li.appendChild(Object.assign(document.createElement('span'), { className: 'res', textContent: t('lobby.waiting') }));
        const open = Object.assign(document.createElement('a'), { href: `/game/${c.id}`, textContent: t('lobby.open') });
        open.dataset.link = '';
        li.appendChild(open);
      } else if (!c.rated || currentAccount()) { // a rated seek is for signed-in players only
        const b = Object.assign(document.createElement('button'), { className: 'primary', textContent: t('lobby.accept') });
        b.onclick = () => void this.accept(c.id);
        li.appendChild(b);
      }
      ul.appendChild(li);
    }
  }
}
