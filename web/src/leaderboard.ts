// The leaderboards (/leaderboard): for every rating (chess per speed, each
// other variant its own) the best players the server lists — established
// ratings (deviation under 110) of players who played in the last 30 days,
// as GET /api/leaderboard/{perf} answers them — each linking to the
// player's profile.

import { failureText } from './api';
import { t } from './i18n';
import { get, perfLabel } from './profile';
import { showName } from './title';
import { variants } from './variants';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// Leader is one line of GET /api/leaderboard/{perf}; title is "BOT" for
// a bot account.
interface Leader { username: string; title?: string; rating: number; rd: number; games: number; prov?: boolean }

// chessSpeeds are chess's ratings, by lichess's speed names.
const chessSpeeds = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'];

// perfNames is every rating the server can keep: chess's speeds, then each
// other registered variant by its name.
export function perfNames(variantNames: readonly string[]): string[] {
  return [...chessSpeeds, ...variantNames.filter(n => n !== 'chess')];
}

// showLeaderboard fills the leaderboard section: one table for each rating
// that has players, in the order of perfNames.
export async function showLeaderboard() {
  document.title = t('leaderboard.title');
  const box = $('leaderboard-tables');
  const err = $('leaderboard-error');
  err.hidden = true;
  box.textContent = '';
  const perfs = perfNames(variants().map(v => v.name));
  // Each rating on its own: one refused (a limit, say) leaves the others shown.
  const boards = await Promise.allSettled(perfs.map(p => get<Leader[]>(`/api/leaderboard/${encodeURIComponent(p)}`)));
  let failed: unknown;
  perfs.forEach((perf, i) => {
    const b = boards[i];
    if (b.status === 'rejected') failed ??= b.reason;
    else if (b.value.length > 0) box.appendChild(table(perf, b.value));
  });
  if (failed !== undefined) {
    err.textContent = failureText(failed);
    err.hidden = false;
  }
  $('leaderboard-empty').hidden = box.childElementCount > 0 || failed !== undefined;
}

// table is one rating's leaderboard: rank, player (a link to the profile),
// rating ("?" when provisional) and games.
function table(perf: string, leaders: readonly Leader[]): HTMLElement {
  const section = document.createElement('section');
  section.className = 'leaderboard';
  section.dataset.perf = perf;
  const tbl = document.createElement('table');
  tbl.appendChild(Object.assign(document.createElement('caption'), { textContent: perfLabel(perf) }));
  const head = tbl.createTHead().insertRow();
  for (const key of ['leaderboard.rank', 'leaderboard.player', 'leaderboard.rating', 'leaderboard.games'] as const) {
    head.appendChild(Object.assign(document.createElement('th'), { scope: 'col', textContent: t(key) }));
  }
  const body = tbl.createTBody();
  leaders.forEach((l, i) => {
    const row = body.insertRow();
    row.insertCell().textContent = String(i + 1);
    const a = Object.assign(document.createElement('a'), { href: `/@/${encodeURIComponent(l.username)}` });
    showName(a, l.username, l.title);
    a.dataset.link = '';
    row.insertCell().appendChild(a);
    const r = row.insertCell();
    r.textContent = `${l.rating}${l.prov ? '?' : ''}`;
    r.title = t('leaderboard.deviation', { rd: l.rd });
    row.insertCell().textContent = String(l.games);
  });
  section.appendChild(tbl);
  return section;
}
