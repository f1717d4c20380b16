// A player's profile (/@/{name}): their ratings with deviation ("?" while
// provisional), the rating graph the server draws (render/chart), the
// win/draw/loss record per rating, and their games a page at a time with
// filters (variant, rated, result). Another person sees the games over
// that are public or rated, and those they sat in; the player sees all of
// theirs. Each game is shown from the player's side, as lichess's
// profile shows it: won, lost, drawn or aborted (coloured), against whom
// (an account linked to its profile, the computer's level, Anonymous), the
// speed, time control and variant, rated or not, the day it was played
// (in the reader's language), and a link to the game. A bot account has
// its title, BOT, before its name, as lichess shows it.

import { APIError, Summary, failureText } from './api';
import { ratingNodes, textWith } from './account';
import { errorText, formatDateTimeLong, formatUnit, hasText, language, t } from './i18n';
import { showName } from './title';
import { botName, variantOf, variants } from './variants';

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
interface User { username: string; title?: string; createdAt: number; perfs: Record<string, Perf> }
// ProfileGame is a game of the list as the server writes it from the
// player's side (server/profile Game).
export interface ProfileGame extends Summary {
  createdAt: string;
  side?: 'white' | 'black';
  outcome?: 'win' | 'loss' | 'draw' | 'aborted';
  opponent?: { kind: 'human' | 'bot' | 'open'; id?: string; name?: string; level?: string };
  speed: string;
  rated?: boolean;
}
interface GamesPage { games: ProfileGame[]; next?: string }

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
  // The games' heading, download and filters wait for the player: a name
  // of no one shows only that (and a failure only why).
  $('profile-body').hidden = true;
  $('profile-name').textContent = name;
  const perfs = $('profile-perfs');
  perfs.textContent = '';
  $('profile-games').textContent = ''; // not the last profile's games under this name while this one's come
  $('profile-more').hidden = true;
  let user: User;
  try {
    user = await get<User>(`/api/user/${encodeURIComponent(name)}`);
  } catch (e) {
    err.textContent = failureText(e);
    err.hidden = false;
    if (e instanceof APIError && e.status === 404) document.title = t('profile.missingTitle');
    return;
  }
  showName($('profile-name'), user.username, user.title);
  document.title = t('profile.title', { name: user.username });
  $('profile-body').hidden = false;
  const entries = Object.entries(user.perfs);
  if (entries.length === 0) perfs.appendChild(Object.assign(document.createElement('li'), { textContent: t('profile.noRating') }));
  for (const [perf, p] of entries) {
    const li = document.createElement('li');
    li.append(Object.assign(document.createElement('strong'), { textContent: perfLabel(perf) }), ' ',
      ...textWith('profile.rating', 'rating', ratingNodes(p.rating, p.prov), { rd: p.rd }), ' · ',
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
  for (const g of page.games) ul.appendChild(gameEntry(g));
  if (!more && page.games.length === 0) ul.appendChild(Object.assign(document.createElement('li'), { className: 'empty', textContent: t('profile.noGames') }));
  moreBtn.hidden = !page.next;
  moreBtn.onclick = () => void listGames(name, page.next ?? '', true);
}

// outcomeText is the word of a game's result for the profile's player, or
// for a game on one screen its score; while it goes on, that it does.
export function outcomeText(g: Pick<ProfileGame, 'outcome' | 'status' | 'result'>): string {
  if (g.outcome) return t(`profile.game.${g.outcome}`);
  if (g.result === '1/2-1/2') return '½-½';
  if (g.result && g.result !== '*') return g.result;
  return t('profile.game.playing');
}

// timeControlText writes "5+3", or days per move in the reader's
// language ("3d" as "3 天").
export function timeControlText(tc: string | undefined): string {
  const days = /^(\d+)d$/.exec(tc ?? '');
  return days ? formatUnit(Number(days[1]), 'day') : tc ?? '';
}

// describeGame is the line under a game's result: speed, time control,
// variant, and rated or casual (online games).
export function describeGame(g: ProfileGame): string {
  const parts = [g.speed === 'unlimited' ? t('profile.speed.unlimited') : perfLabel(g.speed)];
  if (g.timeControl) parts.push(timeControlText(g.timeControl));
  parts.push(perfLabel(g.variant ?? 'chess'));
  if (g.mode === 'online') parts.push(t(g.rated ? 'profile.filter.ratedOnly' : 'profile.filter.casual'));
  return parts.join(' · ');
}

// gameEntry draws one game of the list: the result for the player (its
// class colours it) and what the game was, one link to the game; the
// opponent, linked to their profile when an account; the day.
function gameEntry(g: ProfileGame): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'profile-game';
  li.dataset.outcome = g.outcome ?? '';
  const a = Object.assign(document.createElement('a'), { href: `/game/${g.id}`, className: 'pg-game' });
  a.dataset.link = '';
  a.append(Object.assign(document.createElement('span'), { className: 'pg-outcome', textContent: outcomeText(g) }),
    Object.assign(document.createElement('span'), { className: 'pg-what', textContent: describeGame(g) }));
  const opp = Object.assign(document.createElement('span'), { className: 'pg-opponent' });
  const o = g.opponent;
  if (!o) opp.textContent = t('mode.local');
  else {
    opp.append(t('profile.game.vs'), ' ');
    if (o.kind === 'bot') opp.append(botName(variantOf(g.variant ?? 'chess'), { kind: 'bot', name: o.name, level: o.level }));
    else if (o.kind === 'open') opp.append(t('player.open'));
    else if (o.id && o.name) {
      const link = Object.assign(document.createElement('a'), { href: `/@/${encodeURIComponent(o.id)}`, textContent: o.name });
      link.dataset.link = '';
      opp.append(link);
    } else opp.append(Object.assign(document.createElement('span'), { className: 'anonymous', textContent: t('profile.game.anonymous') }));
  }
  const when = new Date(g.createdAt);
  const date = Object.assign(document.createElement('time'), { className: 'pg-date', dateTime: g.createdAt,
    textContent: new Intl.DateTimeFormat(language(), { dateStyle: 'medium' }).format(when),
    title: formatDateTimeLong(when.getTime()) });
  li.append(a, opp, date);
  return li;
}
