// The lobby on the start page: quick pairing by time control, and the open
// challenges anyone may accept. The list is polled while the start page is
// shown (the server keeps it in memory; see server/lobby.go).

import { Challenge, Variant, failureText, joinGame, listLobby, pairUp } from './api';
import { t } from './i18n';
import { sideName, variantOf, variants } from './variants';
import { saveTicket } from './settings';
import { savedName } from './name';
import { currentAccount } from './account';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// pairings are the time controls offered for quick pairing: minutes + seconds.
export const pairings: { minutes: number; increment: number }[] = [
  { minutes: 1, increment: 0 }, { minutes: 3, increment: 2 }, { minutes: 5, increment: 3 },
  { minutes: 10, increment: 5 }, { minutes: 15, increment: 10 },
];

// pollEvery is how often the open challenges are read while shown.
const pollEvery = 3000;

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
        const rating = `${c.rating ?? ''}${c.provisional ? '?' : ''}`; // "?" while provisional, as profiles show it
        li.appendChild(Object.assign(document.createElement('span'), { className: 'rated', textContent: t('lobby.ratedSeek', { rating }) }));
      }
      if (c.mine) {
        li.appendChild(Object.assign(document.createElement('span'), { className: 'res', textContent: t('lobby.waiting') }));
        const open = Object.assign(document.createElement('a'), { href: `/game/${c.id}`, textContent: t('lobby.open') });
        open.dataset.link = '';
        li.appendChild(open);
      } else {
        const b = Object.assign(document.createElement('button'), { className: 'primary', textContent: t('lobby.accept') });
        b.onclick = () => void this.accept(c.id);
        li.appendChild(b);
      }
      ul.appendChild(li);
    }
  }
}
