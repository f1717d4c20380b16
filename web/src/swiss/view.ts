// The Swiss event page (/swiss/{id}): its name, variant, clock, the round
// n of N and the countdown to the next; Join (a private event's password
// asked inline) and Withdraw; the viewer's own state (said to screen
// readers when it changes, never the countdown); the standings with their
// tie-breaks; each round's pairings and results, each game watchable; the
// TRF and PGN downloads; the creator's description; once over, the
// podium. SwissCtrl decides; this draws, again at each socket message,
// and the countdown alone each second.

import { currentAccount } from '../account';
import { failureText } from '../api';
import { button, el } from '../dom';
import { formatNumber, plural, t } from '../i18n';
import { announce } from '../round/view/announce';
import { countdownText } from '../tournament/ctrl';
import { noteSwissGame } from '../tournament/back';
import { conditions, playerLink, summary } from '../tournament/view';
import { type SwissPage, type SwissPairing, type SwissStanding, SwissSocket, getSwiss, joinSwiss, withdrawSwiss } from './api';
import { SwissCtrl, pointsText } from './ctrl';

// visitedKey keeps, for the browser's session, the games a player was sent
// to: back on the page after one, they are not sent to it again.
const visitedKey = 'gambit.swiss.visited';

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

export class SwissPageView {
  private ctrl: SwissCtrl;
  private parts!: {
    title: HTMLElement; meta: HTMLElement; desc: HTMLElement; conds: HTMLElement; count: HTMLElement; conn: HTMLElement; status: HTMLElement;
    acts: HTMLElement; err: HTMLElement; podium: HTMLElement; caption: HTMLElement; table: HTMLTableSectionElement; rounds: HTMLElement;
    files: HTMLElement;
  };
  private tick: number;
  private said = '';
  private shown = ''; // the actions drawn: drawn again only when they change
  private passwordShown = false;

  constructor(private root: HTMLElement, id: string) {
    this.ctrl = new SwissCtrl(id, {
      get: getSwiss,
      join: joinSwiss,
      withdraw: withdrawSwiss,
      socket: (sid, hooks) => new SwissSocket(sid, hooks),
      now: () => Date.now(),
      user: () => currentAccount()?.username ?? '',
      go: game => {
        noteSwissGame(game, id);
        location.assign(`/game/${encodeURIComponent(game)}`);
      },
      visited,
    }, () => this.draw());
    this.build(id);
    document.title = `${t('swiss.title')} · Gambit`;
    this.tick = window.setInterval(() => this.drawCountdown(), 1000);
    void this.ctrl.start();
  }

  destroy() {
    window.clearInterval(this.tick);
    this.ctrl.destroy();
    this.root.textContent = '';
  }

  private build(id: string) {
    const r = this.root;
    r.textContent = '';
    const head = el('header', 'arena-head');
    const title = el('h2', '', t('tournament.loading'));
    const meta = el('p', 'arena-meta');
    const desc = el('p', 'swiss-desc');
    desc.hidden = true;
    const conds = el('p', 'arena-conds');
    const count = el('p', 'arena-countdown swiss-countdown');
    count.setAttribute('role', 'timer');
    const conn = el('p', 'arena-conn');
    conn.hidden = true;
    head.append(title, meta, desc, conds, count, conn);
    const status = el('p', 'arena-status');
    status.id = 'swiss-status';
    status.setAttribute('aria-live', 'polite');
    const acts = el('div', 'actions arena-actions');
    const err = el('p', 'error');
    err.hidden = true;
    const podium = el('section', 'arena-podium');
    podium.hidden = true;
    const tableBox = el('table', 'arena-standings swiss-standings');
    const caption = el('caption', '', t('tournament.standings'));
    tableBox.append(caption);
    const hrow = el('tr');
    const heads: [Parameters<typeof t>[0], string, Parameters<typeof t>[0] | undefined][] = [
      ['tournament.col.rank', 'rank', undefined], ['tournament.col.player', 'name', undefined], ['tournament.col.rating', 'rating', undefined],
      ['swiss.col.points', 'points', undefined], ['swiss.col.buchholz', 'tb', 'swiss.col.buchholzHelp'], ['swiss.col.sb', 'tb', 'swiss.col.sbHelp'],
    ];
    for (const [k, cls, help] of heads) {
      const th = el('th', cls, t(k));
      th.scope = 'col';
      if (help) th.title = t(help);
      hrow.append(th);
    }
    tableBox.append(el('thead'));
    tableBox.tHead!.append(hrow);
    const table = el('tbody');
    tableBox.append(table);
    const roundsBox = el('section', 'swiss-rounds');
    roundsBox.append(el('h3', '', t('swiss.roundsTitle')));
    const rounds = el('div', 'swiss-round-list');
    roundsBox.append(rounds);
    const main = el('div', 'arena-main');
    main.append(tableBox, roundsBox);
    const files = el('p', 'swiss-files');
    const trf = el('a', '', t('swiss.trf'));
    trf.href = `/swiss/${encodeURIComponent(id)}.trf`;
    trf.setAttribute('download', `${id}.trf`);
    const pgn = el('a', '', t('swiss.pgn'));
    pgn.href = `/api/swiss/${encodeURIComponent(id)}/games`;
    pgn.setAttribute('download', `${id}.pgn`);
    files.append(t('swiss.downloads'), ' ', trf, ' · ', pgn);
    r.append(head, status, acts, err, podium, main, files);
    this.parts = { title, meta, desc, conds, count, conn, status, acts, err, podium, caption, table, rounds, files };
  }

  draw() {
    const c = this.ctrl;
    const p = this.parts;
    const h = c.head;
    p.err.hidden = c.error === undefined && c.actionError === undefined;
    p.err.textContent = c.error !== undefined ? t('tournament.loadFailed', { error: failureText(c.error) }) : c.actionError !== undefined ? failureText(c.actionError) : '';
    if (!h) {
      p.title.textContent = c.error === undefined ? t('tournament.loading') : t('swiss.title');
      return;
    }
    this.root.dataset.id = h.id;
    document.title = `${h.name} · Gambit`;
    p.title.textContent = h.name;
    const meta = [summary(h), t('swiss.kind'), plural('swiss.rounds', h.nbRounds), plural('tournament.players', h.nbPlayers)];
    if (h.private) meta.push(t('tournament.private'));
    p.meta.textContent = meta.join(' · ');
    const d = c.data;
    p.conds.textContent = d ? conditions({
      minRating: d.minRating ? { rating: d.minRating } : undefined, maxRating: d.maxRating ? { rating: d.maxRating } : undefined, botsAllowed: d.botsAllowed,
    }).join(' · ') : '';
    p.conds.hidden = !p.conds.textContent;
    p.desc.textContent = d?.description ?? ''; // the creator's text, as text
    p.desc.hidden = !p.desc.textContent;
    p.conn.hidden = c.connected || !c.summary;
    p.conn.textContent = t('status.reconnecting');
    this.drawCountdown();
    this.drawStatus();
    this.drawActions();
    if (!d) return;
    this.drawPodium(d);
    this.drawStandings(d);
    this.drawRounds(d);
  }

  private drawCountdown() {
    const c = this.ctrl;
    const h = c.head;
    if (!h) return;
    const ph = c.phase;
    const count = this.parts.count;
    count.dataset.phase = ph.kind;
    const n = { round: h.round, rounds: h.nbRounds };
    const next = { round: h.round + 1, rounds: h.nbRounds };
    switch (ph.kind) {
      case 'finished': count.textContent = t('tournament.finished'); break;
      case 'created': count.textContent = ph.seconds > 0 ? t('tournament.startsIn', { time: countdownText(ph.seconds) }) : t('tournament.starting'); break;
      case 'playing': count.textContent = t('swiss.roundPlaying', n); break;
      case 'between': count.textContent = ph.seconds > 0 ? t('swiss.nextRoundIn', { ...next, time: countdownText(ph.seconds) }) : t('swiss.pairing', next); break;
    }
  }

  // drawStatus says the viewer's own state, and to screen readers when it
  // changed.
  private drawStatus() {
    const s = this.ctrl.state;
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
      case 'bye': p.textContent = t('swiss.byeNote'); break;
      case 'waiting': p.textContent = t('swiss.waiting'); break;
      case 'withdrawn': p.textContent = t('swiss.withdrawnNote'); break;
      case 'none': break;
    }
    const said = `${s.kind}:${'game' in s ? s.game : ''}`;
    if (p.textContent && said !== this.said && this.said !== '') announce(p.textContent);
    this.said = said;
  }

  private drawActions() {
    const c = this.ctrl;
    const b = c.buttons;
    const acts = this.parts.acts;
    const key = JSON.stringify([b, c.askPassword, c.busy]);
    if (key === this.shown) return;
    const asked = b.join && c.askPassword && !this.passwordShown;
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
      const j = button('swiss-join', t('tournament.join'));
      j.className = 'primary';
      j.disabled = c.busy;
      j.onclick = () => void c.join();
      acts.append(j);
    }
    if (b.withdraw) {
      const w = button('swiss-withdraw', t('tournament.withdraw'));
      w.disabled = c.busy;
      w.onclick = () => void c.withdraw();
      acts.append(w);
    }
    acts.hidden = !acts.childElementCount;
  }

  private drawPodium(d: SwissPage) {
    const box = this.parts.podium;
    box.textContent = '';
    const places = d.podium ?? [];
    box.hidden = d.status !== 'finished' || places.length === 0;
    this.parts.caption.textContent = t(d.status === 'finished' ? 'swiss.finalStandings' : 'tournament.standings');
    if (box.hidden) return;
    box.append(el('h3', '', t('tournament.podium')));
    const ol = el('ol', 'arena-podium-list');
    for (const pl of places.slice(0, 3)) {
      const li = el('li');
      li.append(playerLink(pl.name), ' ', el('span', 'stats', t('swiss.podiumStats', {
        points: pointsText(pl.points), buchholz: pointsText(pl.buchholz), sb: pointsText(pl.sonnebornBerger),
      })));
      ol.append(li);
    }
    box.append(ol);
  }

  private drawStandings(d: SwissPage) {
    const body = this.parts.table;
    body.textContent = '';
    const mine = (currentAccount()?.username ?? '').toLowerCase();
    if (d.standings.length === 0) {
      const tr = el('tr', 'empty');
      const td = el('td', '', t('tournament.noPlayers'));
      td.colSpan = 6;
      tr.append(td);
      body.append(tr);
      return;
    }
    for (const pl of d.standings) body.append(standingRow(pl, mine));
  }

  private drawRounds(d: SwissPage) {
    const box = this.parts.rounds;
    box.textContent = '';
    if (d.rounds.length === 0) {
      box.append(el('p', 'empty', t('swiss.noRounds')));
      return;
    }
    // The newest round first: the one being played is what a visitor
    // comes for.
    for (let i = d.rounds.length - 1; i >= 0; i--) {
      const sec = el('section', 'swiss-round');
      sec.dataset.round = String(i + 1);
      sec.append(el('h4', '', t('swiss.round', { round: i + 1 })));
      const ul = el('ul', 'arena-duel-list');
      for (const p of d.rounds[i]) ul.append(pairingItem(p));
      sec.append(ul);
      box.append(sec);
    }
  }
}

// standingRow is one line of the standings.
function standingRow(pl: SwissStanding, mine: string): HTMLTableRowElement {
  const tr = el('tr');
  if (mine && pl.name.toLowerCase() === mine) tr.className = 'me';
  if (pl.absent) tr.classList.add('withdrawn');
  const rank = el('td', 'rank', formatNumber(pl.rank));
  const name = el('th', 'name');
  name.scope = 'row';
  name.append(playerLink(pl.name));
  if (pl.absent) name.append(' ', el('span', 'mark', t('tournament.withdrawn')));
  const rating = el('td', 'rating', String(pl.rating));
  const points = el('td', 'score points');
  points.append(el('strong', '', pointsText(pl.points)));
  const bh = el('td', 'tb buchholz', pointsText(pl.buchholz));
  const sb = el('td', 'tb sb', pointsText(pl.sonnebornBerger));
  tr.append(rank, name, rating, points, bh, sb);
  return tr;
}

// pairingItem is one game of a round (watchable by its link) or a bye.
function pairingItem(p: SwissPairing): HTMLElement {
  const li = el('li');
  if (!p.black) {
    li.className = 'bye';
    li.append(playerLink(p.white), ' ', el('span', 'result', t('swiss.bye')));
    return li;
  }
  const result = p.result === '0' ? t('swiss.notPlayed') : p.result;
  li.dataset.result = p.result;
  const a = el('a', 'swiss-game', t('tournament.vs', { a: p.white, b: p.black }));
  a.href = `/game/${encodeURIComponent(p.game ?? '')}`;
  a.dataset.link = '';
  const r = el('span', 'result', result);
  if (p.result === '*') r.append(' ', el('span', 'watch', t('tournament.watch')));
  li.append(a, ' ', r);
  return li;
}
