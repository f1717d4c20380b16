// Accounts: the header's sign-in entry, the account page (/account: sign
// in or sign up; signed in, the sessions, a password change, log out,
// log out everywhere, deleting the account), and a rated game's rating
// change at its end. The server keeps the session in an httpOnly cookie:
// this module never sees it, it only asks the server who is signed in.

import { APIError, failureText } from './api';
import { errorText, formatDateTime, t } from './i18n';
import { type CreationOptionsJSON, type RequestOptionsJSON, creationOptions, credentialJSON, passkeysAvailable, requestOptions } from './passkey';
import { readAgent } from './useragent';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// Account is who is signed in (GET /api/account).
export interface Account { username: string; createdAt: string }

// SessionInfo is one signed-in browser of the account.
interface SessionInfo { id: string; agent: string; createdAt: string; current: boolean }

// TokenInfo is one access token of the account (never its text).
interface TokenInfo { id: string; description: string; scopes: string[]; createdAt: string }

// PasskeyInfo is one passkey of the account (id: its credential ID).
interface PasskeyInfo { id: string; name: string; createdAt: string; lastUsedAt?: string }

// Ceremony is what a passkey begin answers: its id and the options.
interface Ceremony<O> { ceremony: string; options: { publicKey: O } }

// RatingSide and GameRating answer GET /api/games/{id}/rating.
interface RatingSide { name: string; before: number; after: number; diff: number; provisional: boolean }
export interface GameRating { rated: boolean; perf?: string; state?: 'pending' | 'applied' | 'void'; white: RatingSide; black: RatingSide }

// call sends a request as the pages do: JSON both ways, an error worded
// by its code.
async function call<T>(method: string, path: string, body?: unknown): Promise<T | undefined> {
  const res = await fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status === 204) return undefined;
  const data: unknown = await res.json().catch(() => ({}));
  if (!res.ok) {
    const e = (typeof data === 'object' && data !== null ? data : {}) as { code?: string; message?: string; retryAfter?: number };
    throw new APIError(errorText(e), res.status, e.code ?? '');
  }
  return data as T;
}

let me: Account | null = null;

// currentAccount is who is signed in, as last asked.
export const currentAccount = () => me;

// refreshAccount asks the server who is signed in and words the header.
export async function refreshAccount(): Promise<Account | null> {
  try {
    const a = await call<Partial<Account>>('GET', '/api/session');
    me = a?.username ? { username: a.username, createdAt: a.createdAt ?? '' } : null;
  } catch {
    me = null;
  }
  const link = $<HTMLAnchorElement>('nav-account');
  link.textContent = me ? me.username : t('account.signIn');
  link.title = me ? t('account.yours') : t('account.signIn');
  for (const el of document.querySelectorAll<HTMLElement>('.signed-in-only')) el.hidden = !me;
  return me;
}

// showAccountPage fills the account page: the forms to sign in or up, or
// the account's own settings. The forms' handlers go on before the first
// await, and index.html keeps both halves hidden until the page knows who
// is signed in: a form sent in between would do nothing (main.ts).
export async function showAccountPage(go: (path: string) => void) {
  const err = $('account-error');
  err.hidden = true;
  const fail = (e: unknown) => {
    err.textContent = failureText(e);
    err.hidden = false;
  };
  const done = async () => {
    await showAccountPage(go);
  };
  const form = (id: string, f: (data: FormData) => Promise<unknown>) => {
    const el = $<HTMLFormElement>(id);
    el.onsubmit = async e => {
      e.preventDefault();
      err.hidden = true;
      try {
        await f(new FormData(el));
        el.reset();
        await done();
      } catch (x) {
        fail(x);
      }
    };
  };
  const creds = (d: FormData) => ({ username: String(d.get('username') ?? ''), password: String(d.get('password') ?? '') });
  form('login-form', d => call('POST', '/api/login', creds(d)));
  form('signup-form', d => call('POST', '/api/signup', creds(d)));
  form('password-form', d => call('POST', '/api/account/password', { current: String(d.get('current') ?? ''), new: String(d.get('new') ?? '') }));
  form('delete-form', d => call('DELETE', '/api/account', { password: String(d.get('password') ?? '') }));
  for (const el of document.querySelectorAll<HTMLElement>('.passkey-only')) el.hidden = !passkeysAvailable();
  $('btn-passkey-login').onclick = () => {
    err.hidden = true;
    void passkeyLogin().then(done, fail);
  };
  $('btn-logout').onclick = () => void call('POST', '/api/logout').then(done, fail);
  $('btn-logout-all').onclick = () => void call('POST', '/api/logout/all').then(done, fail);
  await refreshAccount();
  $('account-out').hidden = !!me;
  $('account-in').hidden = !me;
  if (!me) {
    // What the last account showed stays out of the page once it signs
    // out: another account signing in here must not see it, even for the
    // moment before its own lists arrive.
    for (const id of ['sessions', 'tokens', 'passkeys']) $(id).textContent = '';
    $('token-new').hidden = true;
    return;
  }
  $('account-name').textContent = t('account.signedInAs', { name: me.username });
  $<HTMLAnchorElement>('my-profile').href = `/@/${me.username}`;
  const pf = $<HTMLFormElement>('passkey-form');
  pf.onsubmit = async e => {
    e.preventDefault();
    err.hidden = true;
    try {
      const f = new FormData(pf);
      await addPasskey(String(f.get('name') ?? ''), String(f.get('password') ?? ''));
      pf.reset();
      await listPasskeys(fail);
    } catch (x) {
      fail(x);
    }
  };
  const account = me.username;
  const shown = $('token-new');
  shown.hidden = true;
  const tf = $<HTMLFormElement>('token-form');
  tf.onsubmit = async e => {
    e.preventDefault();
    err.hidden = true;
    const d = new FormData(tf);
    try {
      const made = await call<{ token: string }>('POST', '/api/token',
        { username: account, password: String(d.get('password') ?? ''), description: String(d.get('description') ?? '') });
      tf.reset();
      shown.textContent = t('account.tokens.new', { token: made?.token ?? '' });
      shown.hidden = false;
      await listTokens(fail);
    } catch (x) {
      fail(x);
    }
  };
  await listSessions(fail); // the lists last: the forms above work while they load
  await listTokens(fail);
  if (passkeysAvailable()) await listPasskeys(fail);
}

// logIn and signUp sign this browser in with a username and password, as
// the account page's forms do; another page asks refreshAccount after.
export const logIn = (username: string, password: string) => call('POST', '/api/login', { username, password });
export const signUp = (username: string, password: string) => call('POST', '/api/signup', { username, password });

// cancelled words a WebAuthn call the person did not complete (the
// browser throws a DOMException: NotAllowedError for a cancel or a
// timeout) as an APIError, so that the page shows it as other refusals.
function cancelled(e: unknown): never {
  if (e instanceof DOMException && (e.name === 'NotAllowedError' || e.name === 'AbortError')) {
    throw new APIError(t('account.passkey.cancelled'), 0, 'cancelled');
  }
  throw e; // another refusal (a passkey already here, a wrong relying party) says what it is
}

// passkeyLogin signs in with a passkey the browser offers: no username,
// the server finds the account by the passkey.
export async function passkeyLogin() {
  const c = await call<Ceremony<RequestOptionsJSON>>('POST', '/api/login/passkey/begin', {});
  if (!c) return;
  const cred = await navigator.credentials.get({ publicKey: requestOptions(c.options.publicKey) }).catch(cancelled);
  if (!(cred instanceof PublicKeyCredential)) throw new APIError(t('account.passkey.cancelled'), 0, 'cancelled');
  await call('POST', '/api/login/passkey/finish', { ceremony: c.ceremony, credential: credentialJSON(cred) });
}

// addPasskey makes a passkey for the signed-in account, named name; the
// account's password is asked again (a passkey signs in for good).
async function addPasskey(name: string, password: string) {
  const c = await call<Ceremony<CreationOptionsJSON>>('POST', '/api/account/passkeys/begin', { password });
  if (!c) return;
  const cred = await navigator.credentials.create({ publicKey: creationOptions(c.options.publicKey) }).catch(cancelled);
  if (!(cred instanceof PublicKeyCredential)) throw new APIError(t('account.passkey.cancelled'), 0, 'cancelled');
  await call('POST', '/api/account/passkeys/finish', { ceremony: c.ceremony, name: name.trim(), credential: credentialJSON(cred) });
}

// listPasskeys lists the account's passkeys, each deletable.
async function listPasskeys(fail: (e: unknown) => void) {
  const ul = $('passkeys');
  ul.textContent = '';
  let list: PasskeyInfo[] = [];
  try {
    list = (await call<PasskeyInfo[]>('GET', '/api/account/passkeys')) ?? [];
  } catch (e) {
    fail(e);
    return;
  }
  for (const pk of list) {
    const li = document.createElement('li');
    const name = pk.name || t('account.passkey.unnamed');
    const when = formatDateTime(Date.parse(pk.createdAt));
    const text = pk.lastUsedAt ? t('account.passkey.used', { name, when, used: formatDateTime(Date.parse(pk.lastUsedAt)) }) : t('account.passkey', { name, when });
    li.append(Object.assign(document.createElement('span'), { textContent: text }));
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: t('account.passkey.delete') });
    b.onclick = () => void call('DELETE', `/api/account/passkeys/${pk.id}`).then(() => listPasskeys(fail), fail);
    li.append(' ', b);
    ul.appendChild(li);
  }
}

// listTokens lists the account's access tokens, each revocable.
async function listTokens(fail: (e: unknown) => void) {
  const ul = $('tokens');
  ul.textContent = '';
  let list: TokenInfo[] = [];
  try {
    list = (await call<TokenInfo[]>('GET', '/api/account/tokens')) ?? [];
  } catch (e) {
    fail(e);
    return;
  }
  for (const tk of list) {
    const li = document.createElement('li');
    const when = formatDateTime(Date.parse(tk.createdAt));
    li.append(Object.assign(document.createElement('span'), { textContent: t('account.token', { description: tk.description || '?', scopes: tk.scopes.join(', '), when }) }));
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: t('account.token.revoke') });
    b.onclick = () => void call('DELETE', `/api/account/tokens/${tk.id}`).then(() => listTokens(fail), fail);
    li.append(' ', b);
    ul.appendChild(li);
  }
}

// agentName names a session's browser as people say it ("Chrome on
// Linux"), from its User-Agent.
export function agentName(ua: string): string {
  const { browser, os } = readAgent(ua);
  if (!os) return browser || t('account.agent.unknown');
  return t('account.agent', { browser: browser || t('account.agent.browser'), os });
}

// listSessions lists the account's sessions, each revocable (the raw
// User-Agent in the title).
async function listSessions(fail: (e: unknown) => void) {
  const ul = $('sessions');
  ul.textContent = '';
  let list: SessionInfo[] = [];
  try {
    list = (await call<SessionInfo[]>('GET', '/api/account/sessions')) ?? [];
  } catch (e) {
    fail(e);
    return;
  }
  for (const s of list) {
    const li = document.createElement('li');
    const when = formatDateTime(Date.parse(s.createdAt));
    li.append(Object.assign(document.createElement('span'), { textContent: t(s.current ? 'account.session.current' : 'account.session', { agent: agentName(s.agent), when }), title: s.agent }));
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: t('account.revoke') });
    b.onclick = () => void call('DELETE', `/api/account/sessions/${s.id}`).then(() => listSessions(fail), fail);
    li.append(' ', b);
    ul.appendChild(li);
  }
}

// gameRating asks whether game id is rated and, once over, how the
// ratings moved.
export const gameRating = (id: string) => call<GameRating>('GET', `/api/games/${id}/rating`);

// ratingNodes are a rating as the page shows it: its number, and while it
// is provisional a "?" explained by a tooltip and, for a screen reader, by
// words read in its place ("（暫定）"), as the profile explains it with
// its deviation.
export function ratingNodes(rating: number | undefined, provisional: boolean | undefined): (string | HTMLElement)[] {
  const out: (string | HTMLElement)[] = [rating === undefined ? '' : String(rating)];
  if (!provisional) return out;
  const mark = Object.assign(document.createElement('span'), { className: 'provisional', title: t('rating.provisional') });
  const sign = Object.assign(document.createElement('span'), { textContent: '?' });
  sign.setAttribute('aria-hidden', 'true');
  mark.append(sign, Object.assign(document.createElement('span'), { className: 'sr-only', textContent: t('rating.provisional.short') }));
  out.push(mark);
  return out;
}

// textWith is the text of key with the nodes of its parameter slot where
// that stands, its other parameters filled in as t fills them.
export function textWith(key: Parameters<typeof t>[0], slot: string, nodes: (string | HTMLElement)[], params: Record<string, string | number> = {}): (string | HTMLElement)[] {
  const [before, after] = t(key, { ...params, [slot]: '\u0001' }).split('\u0001');
  return [before, ...nodes, after ?? ''];
}

// signed writes a rating change as +12 or −12.
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

// showRatingChange writes each player's rating change into el once the
// server has rated game id (it rates it as the game ends: a moment after
// the last move is seen, at most a few tries), or that a rated game
// aborted changed no rating.
export async function showRatingChange(el: HTMLElement, id: string) {
  el.hidden = true;
  for (let i = 0; i < 10; i++) {
    let r: GameRating | undefined;
    try {
      r = await gameRating(id);
    } catch {
      return;
    }
    if (!r?.rated) return;
    if (r.state === 'void') {
      el.textContent = t('rating.void');
      el.hidden = false;
      return;
    }
    if (r.state === 'applied') {
      const side = (s: RatingSide) => textWith('rating.change', 'after', ratingNodes(s.after, s.provisional), { name: s.name || '?', diff: signed(s.diff) });
      el.replaceChildren(...side(r.white), ' · ', ...side(r.black));
      el.hidden = false;
      return;
    }
    await new Promise(res => setTimeout(res, 300));
  }
}
