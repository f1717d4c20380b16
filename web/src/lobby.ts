// The start page's online section: quick pairing (the server joins the
// oldest open challenge for the same game, or opens one to wait on) and the
// list of open challenges, which anyone may accept. Accepting is opening
// the game's page: a person without a seat there joins the open one.

import { Challenge, Color, lobby, pair } from './api';
import { t } from './i18n';
import { saveTicket } from './settings';
import { sideName, variantOf, variants } from './variants';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

// refreshEvery is how often the open challenges are asked for while the
// start page shows: a challenge is listed only while its creator waits.
const refreshEvery = 4000;

export class Lobby {
  private timer?: number;

  constructor(private go: (path: string) => void) {
    const sel = $<HTMLSelectElement>('pair-variant');
    for (const v of variants) sel.add(new Option(t(v.tag ?? v.label), v.name));
    for (const b of document.querySelectorAll<HTMLButtonElement>('button.pair')) b.onclick = () => void this.quickPair(b);
  }

  // show lists the challenges now and keeps the list fresh until hide.
  show() {
    this.hide();
    void this.refresh();
    this.timer = window.setInterval(() => void this.refresh(), refreshEvery);
  }

  hide() {
    window.clearInterval(this.timer);
    this.timer = undefined;
  }

  private async refresh() {
    let list: Challenge[];
    try {
      list = await lobby();
    } catch (e) {
      $('lobby').textContent = t('lobby.loadFailed', { error: (e as Error).message });
      return;
    }
    if (this.timer === undefined) return; // the page changed meanwhile
    $('lobby').replaceChildren(...(list.length ? list.map(challengeItem) : [emptyItem()]));
  }

  // quickPair asks the server for a game of the chosen variant and the
  // button's time control, and opens it: a game under way, or one to wait on.
  private async quickPair(b: HTMLButtonElement) {
    const err = $('pair-error');
    err.hidden = true;
    const variant = variantOf($<HTMLSelectElement>('pair-variant').value).name;
    const minutes = Number(b.dataset.minutes);
    const clock = minutes > 0 ? { minutes, increment: Number(b.dataset.increment) } : undefined;
    try {
      const g = await pair(variant, clock);
      saveTicket(g.id, { color: g.color });
      this.go(`/game/${g.id}`);
    } catch (e) {
      err.textContent = t('pair.failed', { error: (e as Error).message });
      err.hidden = false;
    }
  }
}

// challengeItem is one challenge as a link to its game: what is played,
// which side the one accepting gets, and the action.
function challengeItem(c: Challenge): HTMLLIElement {
  const v = variantOf(c.variant);
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = `/game/${c.id}`;
  a.dataset.link = '';
  const game = t(v.tag ?? v.label);
  const what = document.createElement('span');
  what.className = 'who';
  what.textContent = t('lobby.game', { game, time: c.timeControl || t('lobby.noClock') });
  const side = document.createElement('span');
  side.className = 'res';
  side.textContent = c.mine ? t('lobby.yours') : t('lobby.youPlay', { side: sideName(v, other(c.color), true) });
  const act = document.createElement('span');
  act.className = 'act';
  act.textContent = t(c.mine ? 'lobby.open' : 'lobby.accept');
  a.append(what, side, act);
  li.appendChild(a);
  return li;
}

function emptyItem(): HTMLLIElement {
  return Object.assign(document.createElement('li'), { className: 'empty', textContent: t('lobby.none') });
}
