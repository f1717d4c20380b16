// The arena tournament page (/tournament/{id}): its name, variant, clock
// and countdown; Join, Withdraw and Pause; the viewer's own state (said to
// screen readers when it changes, never the countdown); the standings with
// each player's games; the games being played; once over, the podium.
// ArenaCtrl decides; this draws, again at each socket message, and the
// countdown alone each second; what both kinds' pages draw alike is
// ../tourney/view.ts.

import { button, el } from '../dom';
import { formatNumber, formatUnit, t } from '../i18n';
import { countdownText } from '../tourney/ctrl';
import {
  type Frame, browserDeps, clearStandings, conditions, drawPodium, drawTop, frame, mainPart, metaText, myName, openPage, playerLink, standingsTable, startText, summary,
} from '../tourney/view';
import { type ArenaFull, type PodiumPlace, arenaCalls } from './api';
import { noteArenaGame } from './back';
import { ArenaCtrl, podiumText, sheetCells } from './ctrl';

export class TournamentPage {
  private ctrl: ArenaCtrl;
  private parts!: Frame & { table: HTMLTableSectionElement; duels: HTMLElement };
  private leave: () => void;

  constructor(private root: HTMLElement, id: string) {
    this.ctrl = new ArenaCtrl(id, { ...arenaCalls, ...browserDeps('gambit.arena.visited', game => noteArenaGame(game, id)) }, () => this.draw());
    this.build();
    this.leave = openPage(root, this.ctrl, t('tournament.title'), () => this.drawCountdown());
  }

  destroy() {
    this.leave();
  }

  private build() {
    const r = this.root;
    r.textContent = '';
    const f = frame({ prefix: 'arena', countClass: 'arena-countdown' });
    const st = standingsTable('arena-standings', [
      { key: 'tournament.col.rank' }, { key: 'tournament.col.player' }, { key: 'tournament.col.rating' }, { key: 'tournament.col.sheet' },
      { key: 'tournament.col.score' },
    ]);
    const duels = el('ul', 'arena-duel-list');
    const main = mainPart(st.table, 'arena-duels', 'tournament.duels', duels);
    r.append(f.head, f.status, f.acts, f.err, f.podium, main);
    this.parts = { ...f, table: st.body, duels };
  }

  draw() {
    const c = this.ctrl;
    const p = this.parts;
    const d = c.data;
    if (!drawTop(this.root, p, c, t('tournament.title'), d && { id: d.id, name: d.fullName }) || !d) return;
    const meta = [summary(d), formatUnit(d.minutes ?? 0, 'minute')];
    if (d.berserkable) meta.push(t('tournament.berserkable'));
    p.meta.textContent = metaText(meta, d.private);
    p.conds.textContent = conditions(d, d.variant).join(' · ');
    p.conds.hidden = !p.conds.textContent;
    this.drawCountdown();
    p.statusLine.draw(c.state, {
      waiting: t('tournament.waiting'), paused: t('tournament.pausedNote'), withdrawn: t('tournament.withdrawnNote'), none: '',
    });
    this.drawActions();
    drawPodium(this.parts.podium, !!d.isFinished, d.podium ?? [], podiumItem);
    this.drawStandings(d);
    this.drawDuels(d);
  }

  private drawCountdown() {
    const c = this.ctrl;
    if (!c.data) return;
    const ph = c.phase;
    const count = this.parts.count;
    count.dataset.phase = ph.kind;
    count.textContent = ph.kind === 'started' ? t('tournament.endsIn', { time: countdownText(ph.seconds) }) : startText(ph);
    if (ph.kind !== 'finished' && ph.seconds <= 0) this.drawActions(); // Pause, once started
  }

  // drawActions draws Join, Withdraw and, once started, Pause.
  private drawActions() {
    const c = this.ctrl;
    this.parts.actionBar.draw(c, () => {
      if (!c.buttons.pause) return [];
      const pa = button('arena-pause', t('tournament.pause'));
      pa.title = t('tournament.pauseHelp');
      pa.disabled = c.busy;
      pa.onclick = () => void c.pause();
      return [pa];
    });
  }

  private drawStandings(d: ArenaFull) {
    const body = this.parts.table;
    const players = d.standing?.players ?? [];
    if (!clearStandings(body, players.length, 5)) return;
    const mine = myName();
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
      for (const m of sheetCells(pl.sheet?.scores ?? '')) sheet.append(m === ' ' ? m : el('span', m.kind, m.text));
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
  li.append(el('span', 'stats', podiumText(pl)));
  return li;
}
