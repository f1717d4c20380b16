// A player's profile (/@/{name}): their ratings with deviation ("?" while
// provisional), the rating graph the server draws (render/chart), the
// win/draw/loss record per rating, and their games a page at a time with
// filters (variant, rated, result). Another person sees the public games;
// the player sees all of theirs.

import { APIError, failureText, Summary } from './api';
import { errorText, hasText, t } from './i18n';
import { variants } from './variants';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// perfLabel names a rating or a game's variant in the reader's language:
// chess's speeds (perf.blitz), a variant's short name, or the name as sent.
export function perfLabel(name: string): string {
  for (const key of [`perf.${name}`, `variant.${name}.tag`, `variant.${name}`]) if (hasText(key)) return t(key);
  return name;
}

// fillVariantFilter offers every registered variant in the filter, by its
// name in the reader's language.
function fillVariantFilter(select: HTMLSelectElement) {
  for (const o of [...select.options]) if (o.value !== '') o.remove();
  for (const v of variants()) select.appendChild(Object.assign(document.createElement('option'), { value: v.name, textContent: perfLabel(v.name) }));
}

interface Perf { games: number; rating: number; rd: number; prov?: boolean; wins: number; draws: number; losses: number }
interface User { username: string; createdAt: number; perfs: Record<string, Perf> }
interface GamesPage { games: Summary[]; next?: string }

// get reads path's JSON; an error answer throws an APIError worded by its
// code.
export async function get<T>(path: string): Promise<T> {
  const res = await fetch(path);
  const data: unknown = await res.json().catch(() => ({}));
  if (!res.ok) {
    const e = (typeof data === 'object' && data !== null ? data : {}) as { code?: string; message?: string };
    throw new APIError(errorText(e), res.status, e.code ?? '');
  }
  return data as T;
}

// showProfile fills the profile section for name.
export async function showProfile(name: string) {
  const err = $('profile-error');
  err.hidden = true;
  $('profile-name').textContent = name;
  const perfs = $('profile-perfs');
  perfs.textContent = '';
  let user: User;
  try {
    user = await get<User>(`/api/user/${encodeURIComponent(name)}`);
  } catch (e) {
    err.textContent = failureText(e);
    err.hidden = false;
    return;
  }
  $('profile-name').textContent = user.username;
  document.title = t('profile.title', { name: user.username });
  const entries = Object.entries(user.perfs);
  if (entries.length === 0) perfs.appendChild(Object.assign(document.createElement('li'), { textContent: t('profile.noRating') }));
  for (const [perf, p] of entries) {
    const li = document.createElement('li');
    li.append(Object.assign(document.createElement('strong'), { textContent: perfLabel(perf) }), ' ',
      t('profile.rating', { rating: `${p.rating}${p.prov ? '?' : ''}`, rd: p.rd }), ' · ',
      t('profile.record', { wins: p.wins, draws: p.draws, losses: p.losses }));
    const img = Object.assign(document.createElement('img'), { src: `/api/user/${encodeURIComponent(user.username)}/rating.svg?perf=${encodeURIComponent(perf)}`, alt: t('profile.graph', { perf: perfLabel(perf) }) });
    img.className = 'rating-graph';
    li.append(img);
    perfs.appendChild(li);
  }
  $<HTMLAnchorElement>('profile-pgn').href = `/api/user/${encodeURIComponent(user.username)}/games.pgn`;
  const form = $<HTMLFormElement>('profile-filter');
  const variantSelect = form.elements.namedItem('variant');
  if (variantSelect instanceof HTMLSelectElement) fillVariantFilter(variantSelect);
  form.onchange = () => void listGames(user.username, '', false);
  await listGames(user.username, '', false);
}

// listGames shows a page of the player's games (more: after the last
// shown, appended).
async function listGames(name: string, after: string, more: boolean) {
  const f = new FormData($<HTMLFormElement>('profile-filter'));
  const q = new URLSearchParams();
  for (const k of ['variant', 'rated', 'result']) {
    const v = String(f.get(k) ?? '');
    if (v) q.set(k, v);
  }
  if (after) q.set('after', after);
  const ul = $('profile-games');
  const moreBtn = $<HTMLButtonElement>('profile-more');
  let page: GamesPage;
  try {
    page = await get<GamesPage>(`/api/user/${encodeURIComponent(name)}/games?${q}`);
  } catch (e) {
    ul.textContent = failureText(e);
    return;
  }
  if (!more) ul.textContent = '';
  for (const g of page.games) {
    const li = document.createElement('li');
    const a = Object.assign(document.createElement('a'), { href: `/game/${g.id}`, textContent: [g.variant ? perfLabel(g.variant) : '', g.timeControl, g.result].filter(Boolean).join(' · ') });
    a.dataset.link = '';
    li.appendChild(a);
    ul.appendChild(li);
  }
  if (!more && page.games.length === 0) ul.appendChild(Object.assign(document.createElement('li'), { className: 'empty', textContent: t('profile.noGames') }));
  moreBtn.hidden = !page.next;
  moreBtn.onclick = () => void listGames(name, page.next ?? '', true);
}
