// The Swiss event page (/swiss/{id}): its name, variant, clock, the round
// n of N and the countdown to the next; Join (a private event's password
// asked inline) and Withdraw; the viewer's own state (said to screen
// readers when it changes, never the countdown); the standings with their
// tie-breaks; each round's pairings and results, each game watchable; the
// TRF and PGN downloads; the creator's description; once over, the
// podium. SwissCtrl decides; this draws, again at each socket message,
// and the countdown alone each second.

import { el } from '../dom';
import { formatNumber, plural, t } from '../i18n';
import { noteSwissGame } from '../tournament/back';
import { countdownText } from '../tourney/ctrl';
import {
  type Frame, browserDeps, clearStandings, conditions, drawPodium, drawTop, frame, mainPart, metaText, myName, openPage, playerLink, standingsTable, startText, summary,
} from '../tourney/view';
import { type SwissPage, type SwissPairing, type SwissStanding, swissCalls } from './api';
import { SwissCtrl, podiumText, pointsText, tieBreakText } from './ctrl';

export class SwissPageView {
  private ctrl: SwissCtrl;
  private parts!: Frame & { desc: HTMLElement; caption: HTMLElement; table: HTMLTableSectionElement; rounds: HTMLElement; files: HTMLElement };
  private leave: () => void;

  constructor(private root: HTMLElement, id: string) {
    this.ctrl = new SwissCtrl(id, { ...swissCalls, ...browserDeps('gambit.swiss.visited', game => noteSwissGame(game, id)) }, () => this.draw());
    this.build(id);
    this.leave = openPage(root, this.ctrl, t('swiss.title'), () => this.drawCountdown());
  }

  destroy() {
    this.leave();
  }

  private build(id: string) {
    const r = this.root;
    r.textContent = '';
    const desc = el('p', 'swiss-desc');
    desc.hidden = true;
    const f = frame({ prefix: 'swiss', countClass: 'arena-countdown swiss-countdown', afterMeta: [desc] });
    const st = standingsTable('arena-standings swiss-standings', [
      { key: 'tournament.col.rank', cls: 'rank' }, { key: 'tournament.col.player', cls: 'name' }, { key: 'tournament.col.rating', cls: 'rating' },
      { key: 'swiss.col.points', cls: 'points' }, { key: 'swiss.col.buchholz', cls: 'tb', help: 'swiss.col.buchholzHelp' },
      { key: 'swiss.col.sb', cls: 'tb', help: 'swiss.col.sbHelp' },
    ]);
    const rounds = el('div', 'swiss-round-list');
    const main = mainPart(st.table, 'swiss-rounds', 'swiss.roundsTitle', rounds);
    const files = el('p', 'swiss-files');
    const trf = el('a', '', t('swiss.trf'));
    trf.href = `/swiss/${encodeURIComponent(id)}.trf`;
    trf.setAttribute('download', `${id}.trf`);
    const pgn = el('a', '', t('swiss.pgn'));
    pgn.href = `/api/swiss/${encodeURIComponent(id)}/games`;
    pgn.setAttribute('download', `${id}.pgn`);
    files.append(t('swiss.downloads'), ' ', trf, ' · ', pgn);
    r.append(f.head, f.status, f.acts, f.err, f.podium, main, files);
    this.parts = { ...f, desc, caption: st.caption, table: st.body, rounds, files };
  }

  draw() {
    const c = this.ctrl;
    const p = this.parts;
    const h = c.head;
    if (!drawTop(this.root, p, c, t('swiss.title'), h) || !h) return;
    p.meta.textContent = metaText([summary(h), t('swiss.kind'), plural('swiss.rounds', h.nbRounds), plural('tournament.players', h.nbPlayers)], h.private);
    const d = c.data;
    p.conds.textContent = d ? conditions({
      minRating: d.minRating ? { rating: d.minRating } : undefined, maxRating: d.maxRating ? { rating: d.maxRating } : undefined, botsAllowed: d.botsAllowed,
    }, d.variant).join(' · ') : '';
    p.conds.hidden = !p.conds.textContent;
    p.desc.textContent = d?.description ?? ''; // the creator's text, as text
    p.desc.hidden = !p.desc.textContent;
    this.drawCountdown();
    p.statusLine.draw(c.state, { bye: t('swiss.byeNote'), waiting: t('swiss.waiting'), withdrawn: t('swiss.withdrawnNote'), none: '' });
    p.actionBar.draw(c);
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
    const next = { round: h.round + 1, rounds: h.nbRounds };
    switch (ph.kind) {
      case 'finished': case 'created': count.textContent = startText(ph); break;
      case 'playing': count.textContent = t('swiss.roundPlaying', { round: h.round, rounds: h.nbRounds }); break;
      case 'between': count.textContent = ph.seconds > 0 ? t('swiss.nextRoundIn', { ...next, time: countdownText(ph.seconds) }) : t('swiss.pairing', next); break;
    }
  }

  // drawPodium shows the podium once over, the standings then final.
  private drawPodium(d: SwissPage) {
    const over = d.status === 'finished';
    this.parts.caption.textContent = t(over ? 'swiss.finalStandings' : 'tournament.standings');
    drawPodium(this.parts.podium, over, d.podium ?? [], podiumItem);
  }

  private drawStandings(d: SwissPage) {
    const body = this.parts.table;
    if (!clearStandings(body, d.standings.length, 6)) return;
    const mine = myName();
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

// podiumItem is one place of the podium: name, points and tie-breaks.
function podiumItem(pl: SwissStanding): HTMLElement {
  const li = el('li');
  li.append(playerLink(pl.name), ' ', el('span', 'stats', podiumText(pl)));
  return li;
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
  const bh = el('td', 'tb buchholz', tieBreakText(pl.buchholz));
  const sb = el('td', 'tb sb', tieBreakText(pl.sonnebornBerger));
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
