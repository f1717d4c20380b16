// The tournaments' list (/tournament): the arenas starting soon, each
// with its countdown, those playing now, those finished with their
// winner; beside them the Swiss events, likewise; and, for someone signed
// in, the form that creates either (a sign-in link for someone signed
// out): an arena or a Swiss event share the form's game, clock, start,
// rated, password and rating limits, the arena adds its length and
// berserk, the Swiss event its rounds and the wait between them. The
// lists are read once; the countdowns run here, and the lists are read
// again when one reaches 0.

import { currentAccount } from '../account';
import { failureText } from '../api';
import { el } from '../dom';
import { formatDateTime, formatUnit, plural, t, type Key } from '../i18n';
import { type SwissList, type SwissSummary, createSwiss, listSwiss } from '../swiss/api';
import { createSwissForm } from '../swiss/ctrl';
import { type CreateFields as CommonFields, countdownText, sep } from '../tourney/ctrl';
import { metaText, playerLink, summary } from '../tourney/view';
import { variants } from '../variants';
import { type ArenaTournament, type ArenaTournaments, createTournament, listTournaments } from './api';
import { botsChoice, createForm } from './ctrl';

// The form's choices, as lichess offers them (its lengths from 5 minutes).
export const clockTimes = [1, 2, 3, 5, 10, 15, 20, 30];
export const clockIncrements = [0, 1, 2, 3, 5, 10, 20, 30];
export const durations = [5, 10, 20, 30, 45, 60, 90, 120];
export const waits = [0, 1, 2, 5, 10, 15];
// A Swiss event's choices: its rounds (the server takes 3 to 100) and the
// wait between them, in seconds (lichess's choices, the shortest ones).
export const swissRounds = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 20];
export const swissIntervals = [5, 10, 20, 30, 60, 120, 300, 600];

export class TournamentListPage {
  private tick: number;
  private lists?: ArenaTournaments;
  private swiss?: SwissList;
  private countdowns: { el: HTMLElement; at: number }[] = [];
  private reloading = false;
  private closed = false;

  constructor(private root: HTMLElement, private go: (path: string) => void) {
    document.title = `${t('tournament.title')} · Gambit`;
    this.root.textContent = '';
    this.tick = window.setInterval(() => this.count(), 1000);
    this.build();
    void this.load();
  }

  destroy() {
    this.closed = true;
    window.clearInterval(this.tick);
    this.root.textContent = '';
  }

  private build() {
    const r = this.root;
    r.append(el('h2', '', t('tournament.title')));
    // The way to the form, first: below the lists it can be a long scroll away.
    const toForm = el('button', 'primary arena-to-create', t('tournament.create'));
    toForm.type = 'button';
    toForm.onclick = () => {
      const box = this.root.querySelector<HTMLElement>('.arena-create');
      box?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      box?.querySelector<HTMLElement>('input[name=name], a.button')?.focus({ preventScroll: true });
    };
    r.append(toForm);
    const lists = el('div', 'arena-lists');
    lists.id = 'arena-lists';
    lists.append(el('p', '', t('tournament.loading')));
    const swissBox = el('section', 'swiss-lists');
    swissBox.append(el('h2', '', t('swiss.title')));
    const swiss = el('div', 'arena-lists');
    swiss.id = 'swiss-lists';
    swiss.append(el('p', '', t('tournament.loading')));
    swissBox.append(swiss);
    r.append(lists, swissBox, this.createBox());
  }

  private async load() {
    const [arenas, swiss] = await Promise.allSettled([listTournaments(), listSwiss()]);
    this.reloading = false;
    if (this.closed) return;
    this.countdowns = [];
    if (arenas.status === 'fulfilled') {
      this.lists = arenas.value;
      this.drawLists(this.lists);
    } else {
      this.failed('#arena-lists', 'tournament.listFailed', arenas.reason);
    }
    if (swiss.status === 'fulfilled') {
      this.swiss = swiss.value;
      this.drawSwiss(this.swiss);
    } else {
      this.failed('#swiss-lists', 'swiss.listFailed', swiss.reason);
    }
    this.count();
  }

  // failed says why the lists in box could not be had.
  private failed(box: string, key: 'tournament.listFailed' | 'swiss.listFailed', reason: unknown) {
    this.root.querySelector(box)!.replaceChildren(el('p', 'error', t(key, { error: failureText(reason) })));
  }

  private drawSwiss(l: SwissList) {
    drawSections(this.root.querySelector('#swiss-lists')!, 'swiss', [
      ['tournament.soon', 'swiss.noneSoon', l.created, 'created'],
      ['tournament.playingNow', 'swiss.nonePlaying', l.started, 'started'],
      ['tournament.finishedList', 'swiss.noneFinished', l.finished, 'finished'],
    ], (s, kind) => this.swissItem(s, kind));
  }

  private swissItem(s: SwissSummary, kind: 'created' | 'started' | 'finished'): HTMLElement {
    const li = itemHead(`/swiss/${encodeURIComponent(s.id)}`, s.name, [summary(s), plural('swiss.rounds', s.nbRounds), plural('tournament.players', s.nbPlayers)], s.private);
    if (kind === 'created') {
      const c = el('span', 'arena-when');
      const at = Date.parse(s.startsAt);
      c.title = formatDateTime(at);
      c.dataset.kind = kind;
      this.countdowns.push({ el: c, at });
      li.append(c);
    } else if (kind === 'started') {
      li.append(el('span', 'arena-when', t('swiss.roundOf', { round: s.round, rounds: s.nbRounds })));
    } else {
      li.append(el('span', 'arena-when', formatDateTime(Date.parse(s.startsAt))));
    }
    return li;
  }

  private drawLists(l: ArenaTournaments) {
    drawSections(this.root.querySelector('#arena-lists')!, 'arena', [
      ['tournament.soon', 'tournament.noneSoon', l.created ?? [], 'created'],
      ['tournament.playingNow', 'tournament.nonePlaying', l.started ?? [], 'started'],
      ['tournament.finishedList', 'tournament.noneFinished', l.finished ?? [], 'finished'],
    ], (a, kind) => this.item(a, kind));
  }

  private item(a: ArenaTournament, kind: 'created' | 'started' | 'finished'): HTMLElement {
    const li = itemHead(`/tournament/${encodeURIComponent(a.id)}`, a.fullName, [summary(a), formatUnit(a.minutes, 'minute'), plural('tournament.players', a.nbPlayers)], a.private);
    if (kind === 'finished') {
      const when = el('span', 'arena-when', formatDateTime(a.finishesAt));
      li.append(when);
      if (a.winner?.name) {
        const w = el('span', 'arena-winner');
        w.append(t('tournament.winner'), ' ', playerLink(a.winner.name));
        li.append(sep, w);
      }
    } else {
      const at = kind === 'created' ? a.startsAt : a.finishesAt;
      const c = el('span', 'arena-when');
      c.title = formatDateTime(at);
      this.countdowns.push({ el: c, at });
      c.dataset.kind = kind;
      li.append(c);
    }
    return li;
  }

  // count writes each countdown; once one is out, the lists are read again.
  private count() {
    const now = Date.now();
    let due = false;
    for (const c of this.countdowns) {
      const s = (c.at - now) / 1000;
      if (s <= 0) due = true;
      const key: Key = c.el.dataset.kind === 'created' ? 'tournament.startsIn' : 'tournament.endsIn';
      c.el.textContent = t(key, { time: countdownText(s) });
    }
    if (due && !this.reloading) {
      this.reloading = true;
      this.countdowns = [];
      window.setTimeout(() => void this.load(), 2000); // give the server its moment to start or end it
    }
  }

  // createBox is the creation form, or the sign-in link.
  private createBox(): HTMLElement {
    const sec = el('section', 'arena-create');
    sec.append(el('h3', '', t('tournament.create')));
    if (!currentAccount()) {
      const a = el('a', 'button', t('tournament.signInToCreate'));
      a.href = '/account';
      a.dataset.link = '';
      sec.append(a);
      return sec;
    }
    const form = el('form', 'account-form arena-form');
    form.id = 'arena-form';
    // Each field is of both kinds, or of one (data-kind): the other
    // kind's are hidden and disabled, so the form sends only its own.
    const field = (label: Key, control: HTMLElement, kind?: 'arena' | 'swiss') => {
      const l = el('label', 'block');
      l.append(el('span', '', t(label)), ' ', control);
      if (kind) l.dataset.kind = kind;
      form.append(l);
      return control;
    };
    const check = (label: Key, name: string, checked: boolean, kind?: 'arena' | 'swiss') => {
      const l = el('label');
      const i = el('input');
      i.type = 'checkbox';
      i.name = name;
      i.checked = checked;
      l.append(i, ' ', t(label));
      if (kind) l.dataset.kind = kind;
      form.append(l);
      return i;
    };
    const kinds = el('fieldset', 'arena-kind');
    kinds.append(el('legend', '', t('swiss.form.kind')));
    for (const [value, label] of [['arena', 'swiss.form.arena'], ['swiss', 'swiss.form.swiss']] as const) {
      const l = el('label', 'block');
      const i = el('input');
      i.type = 'radio';
      i.name = 'kind';
      i.value = value;
      i.checked = value === 'arena';
      i.onchange = () => showKind();
      l.append(i, ' ', t(label));
      kinds.append(l);
    }
    form.append(kinds);
    const kindOf = () => (new FormData(form).get('kind') === 'swiss' ? 'swiss' : 'arena');
    const showKind = () => {
      const k = kindOf();
      for (const l of form.querySelectorAll<HTMLElement>('label[data-kind]')) {
        l.hidden = l.dataset.kind !== k;
        for (const c of l.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) c.disabled = l.hidden;
      }
      showBots();
      submit.textContent = t(k === 'swiss' ? 'swiss.create' : 'tournament.create');
    };
    const select = (name: string, options: [string, string][], value: string) => {
      const s = el('select');
      s.name = name;
      for (const [v, text] of options) s.add(new Option(text, v));
      s.value = value;
      return s;
    };
    const name = el('input');
    name.name = 'name';
    name.maxLength = 30; // the server's limit
    field('tournament.form.name', name);
    // Every variant: a hidden game's spectators see only what all may see.
    const variant = field('tournament.form.variant', select('variant', variants().map(v => [v.name, v.label]), 'chess')) as HTMLSelectElement;
    field('tournament.form.clockTime', select('clockTime', clockTimes.map(m => [String(m), String(m)]), '3'));
    field('tournament.form.clockIncrement', select('clockIncrement', clockIncrements.map(s => [String(s), String(s)]), '2'));
    field('tournament.form.minutes', select('minutes', durations.map(m => [String(m), formatUnit(m, 'minute')]), '45'), 'arena');
    field('swiss.form.rounds', select('rounds', swissRounds.map(n => [String(n), String(n)]), '5'), 'swiss');
    field('swiss.form.interval', select('interval', swissIntervals.map(s => [String(s), s < 60 ? formatUnit(s, 'second') : formatUnit(s / 60, 'minute')]), '30'), 'swiss');
    field('tournament.form.waitMinutes', select('waitMinutes', waits.map(m => [String(m), m === 0 ? t('tournament.form.now') : t('tournament.form.inMinutes', { time: formatUnit(m, 'minute') })]), '5'));
    check('tournament.rated', 'rated', true);
    check('tournament.form.berserkable', 'berserkable', true, 'arena');
    const bots = check('tournament.form.bots', 'bots', false, 'arena');
    // A hidden variant admits no bot (the server refuses one at the join):
    // the box is off and disabled there, with a note why.
    const botsNote = el('small', 'note', t('tournament.form.botsHidden'));
    botsNote.id = 'bots-hidden-note';
    bots.parentElement?.append(' ', botsNote);
    let botsWanted = false; // the creator's choice, back when the variant is not hidden
    bots.onchange = () => { botsWanted = bots.checked; };
    const showBots = () => {
      const hidden = variants().find(v => v.name === variant.value)?.hidden ?? false;
      const b = botsChoice(hidden, botsWanted);
      if (kindOf() === 'arena') bots.disabled = b.disabled;
      bots.checked = b.checked;
      botsNote.hidden = !b.note;
      if (b.note) bots.setAttribute('aria-describedby', botsNote.id);
      else bots.removeAttribute('aria-describedby');
    };
    variant.addEventListener('change', showBots);
    const pw = el('input');
    pw.name = 'password';
    pw.type = 'password';
    pw.autocomplete = 'new-password';
    field('tournament.form.password', pw);
    const rating = (n: string) => {
      const i = el('input');
      i.name = n;
      i.type = 'number';
      i.min = '0';
      i.max = '4000';
      i.step = '50';
      return i;
    };
    field('tournament.form.minRating', rating('minRating'));
    field('tournament.form.maxRating', rating('maxRating'));
    const err = el('p', 'error');
    err.hidden = true;
    err.setAttribute('role', 'alert');
    const submit = el('button', 'primary', t('tournament.create'));
    submit.type = 'submit';
    form.append(err, submit);
    showKind();
    form.onsubmit = async e => {
      e.preventDefault();
      const f = new FormData(form);
      const get = (k: string) => String(f.get(k) ?? '');
      const swiss = kindOf() === 'swiss';
      const common: CommonFields = {
        name: get('name'), variant: get('variant'), clockTime: Number(get('clockTime')), clockIncrement: Number(get('clockIncrement')),
        waitMinutes: Number(get('waitMinutes')), rated: f.has('rated'), password: get('password'), minRating: get('minRating'), maxRating: get('maxRating'),
      };
      submit.disabled = true;
      err.hidden = true;
      try {
        const path = swiss
          ? await createSwiss(createSwissForm({ ...common, rounds: Number(get('rounds')), interval: Number(get('interval')) }, Date.now()))
            .then(m => `/swiss/${encodeURIComponent(m.id)}`)
          : await createTournament(createForm({ ...common, minutes: Number(get('minutes')), berserkable: f.has('berserkable'), bots: f.has('bots') }))
            .then(m => `/tournament/${encodeURIComponent(m.id)}`);
        if (!this.closed) this.go(path);
      } catch (x) {
        err.textContent = t(swiss ? 'swiss.createFailed' : 'tournament.createFailed', { error: failureText(x) });
        err.hidden = false;
      } finally {
        submit.disabled = false;
      }
    };
    sec.append(form);
    return sec;
  }
}

type ListKind = 'created' | 'started' | 'finished';

// drawSections fills box with one kind's three lists (to start, playing,
// finished), each under its title, or its words for none; a section's
// classes are arena-list and prefix-kind.
function drawSections<T>(box: Element, prefix: string, parts: [Key, Key, T[], ListKind][], item: (x: T, kind: ListKind) => HTMLElement) {
  box.textContent = '';
  for (const [title, none, items, kind] of parts) {
    const sec = el('section', `arena-list ${prefix}-${kind}`);
    sec.append(el('h3', '', t(title)));
    const ul = el('ul');
    if (items.length === 0) ul.append(el('li', 'empty', t(none)));
    for (const x of items) ul.append(item(x, kind));
    sec.append(ul);
    box.append(sec);
  }
}

// itemHead is a list's line of a tournament, begun: its name linking to
// its page (href), and its meta line (a private one marked).
function itemHead(href: string, name: string, meta: string[], priv: boolean | undefined): HTMLLIElement {
  const li = el('li');
  const link = el('a', 'arena-name', name);
  link.href = href;
  link.dataset.link = '';
  li.append(link, ' ', el('span', 'arena-line', metaText(meta, priv)), sep); // then when: its countdown, its round or its date
  return li;
}
