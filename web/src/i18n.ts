// The user's language and its texts: one table per language (src/lang/),
// looked up by key with t(). The English table is the reference: its keys
// are the type Key, and every other table is a Record<Key, string>, so tsc
// reports a key a table lacks (and test/i18n.test.mjs a {param} it names
// differently). Numbers, plurals, relative times and the units of a clock
// are worded by the browser's Intl in the chosen language, never by hand.
//
// The language is chosen at start-up (chooseLanguage): ?lang=zh-TW in the
// address, else the one picked in the settings (remembered in
// localStorage), else the first of navigator.languages the UI has
// (zh-TW, zh-HK, zh-MO and zh-Hant read 繁體中文; zh-CN, zh-SG, zh-Hans and
// a bare zh read 简体中文), else English.

import { en } from './lang/en';
import { zhCN } from './lang/zh-CN';
import { zhTW } from './lang/zh-TW';

// Key names one text.
export type Key = keyof typeof en;

// Table is one language's texts.
export type Table = Record<Key, string>;

// Lang is a language the UI is written in, as a BCP 47 tag.
export type Lang = 'en' | 'zh-TW' | 'zh-CN';

// languages are the UI's languages, each named in itself (the settings'
// menu), in the menu's order.
export const languages: readonly { lang: Lang; name: string }[] = [
  { lang: 'en', name: 'English' },
  { lang: 'zh-TW', name: '繁體中文' },
  { lang: 'zh-CN', name: '简体中文' },
];

export const tables: Record<Lang, Table> = { en, 'zh-TW': zhTW, 'zh-CN': zhCN };

let lang: Lang = 'en';
let current: Table = en;

// language is the language the texts are in now.
export const language = (): Lang => lang;

// setLanguage switches to the table of a language, and reports whether the
// UI has one; without one the texts stay as they were.
export function setLanguage(code: string): boolean {
  const l = matchLanguage(code);
  if (!l) return false;
  lang = l;
  current = tables[l];
  formats.clear();
  return true;
}

// matchLanguage maps a BCP 47 tag to the UI's language for it: Chinese by
// script, or by region where the tag names no script (Taiwan, Hong Kong
// and Macau write traditional characters); none for a language the UI is
// not written in.
export function matchLanguage(tag: string): Lang | undefined {
  const parts = tag.trim().replace(/_/g, '-').toLowerCase().split('-');
  if (parts[0] === 'en') return 'en';
  if (parts[0] !== 'zh') return undefined;
  if (parts.includes('hant')) return 'zh-TW';
  if (parts.includes('hans')) return 'zh-CN';
  if (parts.some(p => ['tw', 'hk', 'mo'].includes(p))) return 'zh-TW';
  return 'zh-CN'; // zh, zh-CN, zh-SG, zh-MY
}

// LanguageSources are where chooseLanguage looks: the page address's query
// (?lang=zh-TW), the language picked in the settings ("" or "auto": the
// browser's), and the browser's languages in the user's order.
export interface LanguageSources { search: string; saved: string | null; browser: readonly string[] }

// chooseLanguage picks the UI's language: the address's ?lang, else the one
// saved, else the first of the browser's the UI has, else English.
export function chooseLanguage(s: LanguageSources): Lang {
  const asked = new URLSearchParams(s.search).get('lang');
  for (const tag of [asked ?? '', s.saved ?? '', ...s.browser]) {
    const l = tag && tag !== 'auto' ? matchLanguage(tag) : undefined;
    if (l) return l;
  }
  return 'en';
}

// hasText reports whether key names a text (a side or a variant the server
// names that this UI may not have words for).
export function hasText(key: string): key is Key {
  return Object.prototype.hasOwnProperty.call(en, key);
}

// formats caches the Intl formatters of the current language.
const formats = new Map<string, Intl.NumberFormat | Intl.PluralRules | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.PluralRules | Intl.RelativeTimeFormat>(id: string, make: () => T): T {
  let f = formats.get(id);
  if (!f) formats.set(id, (f = make()));
  return f as T;
}

// formatNumber writes a number as the language does.
export const formatNumber = (n: number): string => cached('n', () => new Intl.NumberFormat(lang)).format(n);

// formatUnit writes an amount of a unit ("3d", "3 天") as the language does,
// in its narrowest form.
export const formatUnit = (n: number, unit: 'day' | 'hour' | 'minute' | 'second'): string =>
  cached(`u.${unit}`, () => new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'narrow' })).format(n);

// clockParts are the fields of a time of day as the language writes it,
// seconds too when asked: in 繁體中文 after 上午 or 下午, as Taiwan writes
// the time (上午6:30); in 简体中文 on the 24-hour clock (06:30); in English
// 6:30 AM. Spelled as fields, never as a timeStyle, whose CLDR zh-Hant
// pattern writes finer day periods a Taiwanese UI does not use (清晨6:30,
// 凌晨12:05), in Chromium as in node.
function clockParts(seconds = false): Intl.DateTimeFormatOptions {
  const parts: Intl.DateTimeFormatOptions = { hour: lang === 'zh-CN' ? '2-digit' : 'numeric', minute: '2-digit' };
  return seconds ? { ...parts, second: '2-digit' } : parts;
}

// formatTime writes a moment's time of day (ms since the epoch) in the
// page's language (not the browser's locale, which may differ).
export const formatTime = (ms: number, seconds = false): string => new Intl.DateTimeFormat(lang, clockParts(seconds)).format(ms);

// formatDateTime writes a moment's date and time in the page's language:
// "Dec 6, 2026, 6:30 AM", "2026年12月6日 上午6:30", "2026年12月6日 06:30".
export const formatDateTime = (ms: number): string =>
  new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', ...clockParts() }).format(ms);

// formatDateTimeLong writes it in full, with the weekday.
export const formatDateTimeLong = (ms: number): string =>
  new Intl.DateTimeFormat(lang, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', ...clockParts() }).format(ms);

// formatList joins texts as the language lists alternatives ("a, b or
// c", "a、b或c").
export const formatList = (items: readonly string[]): string => new Intl.ListFormat(lang, { type: 'disjunction' }).format(items);

// formatAll lists items that all hold, in the language's way ("a, b and
// c", "a、b和c").
export const formatAll = (items: readonly string[]): string => new Intl.ListFormat(lang, { type: 'conjunction' }).format(items);

// t returns the text of key with each {name} replaced by params[name]
// (numbers written by formatNumber); a placeholder without a param stays as
// it is, so a missing one shows.
export function t(key: Key, params?: Record<string, string | number>): string {
  const text: string = current[key] ?? en[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => {
    if (!(name in params)) return m;
    const v = params[name];
    return typeof v === 'number' ? formatNumber(v) : v;
  });
}

// tParts is t for text set beside elements: key's text cut at its
// placeholders, each replaced by its param as it is (an element, such as
// a name after its title's tag, or text; the parts of another tParts
// spliced in), in the language's order.
export function tParts<P>(key: Key, params: Record<string, P | readonly (string | P)[]>): (string | P)[] {
  const text: string = current[key] ?? en[key] ?? key;
  const out: (string | P)[] = [];
  let at = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    if (!(m[1] in params)) continue;
    if (m.index > at) out.push(text.slice(at, m.index));
    const v = params[m[1]];
    if (Array.isArray(v)) out.push(...(v as readonly (string | P)[]));
    else out.push(v as P);
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

// PluralKey is a text with plural forms: base.one, base.other, as the
// language's Intl.PluralRules names them.
export type PluralKey = { [K in Key]: K extends `${infer B}.other` ? B : never }[Key];

// plural returns the form of base for the count n, which is also params.n.
export function plural(base: PluralKey, n: number, params?: Record<string, string | number>): string {
  const form = cached('p', () => new Intl.PluralRules(lang)).select(n);
  const key = `${base}.${form}`;
  return t(hasText(key) ? key : `${base}.other` as Key, { n, ...params });
}

// ago says how long ago a time was, as the language says it ("3 minutes
// ago", "3 分鐘前"); a date beyond a day.
export function ago(then: number, now = Date.now()): string {
  const s = (now - then) / 1000;
  if (!(s >= 0)) return '';
  const rtf = cached('r', () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));
  if (s < 60) return rtf.format(0, 'second');
  if (s < 3600) return rtf.format(-Math.floor(s / 60), 'minute');
  if (s < 86400) return rtf.format(-Math.floor(s / 3600), 'hour');
  return new Date(then).toLocaleDateString(lang);
}

// errorText words a refusal of the server by its stable code, in the
// user's language; the server's own (English) message only for a code this
// UI has no text for. A bad setup quotes the server's detail (the part of
// the FEN or PGN it could not read); a rate limit says how long to wait.
// A case of a code the server tells apart (reason: an early claim, which
// limit was met) has its own text, with the numbers the server sends
// (params: {seconds}, {most}).
export function errorText(e: { code?: string; message?: string; retryAfter?: number; reason?: string; params?: Record<string, number> }): string {
  const base = `error.${e.code ?? ''}`;
  if (!e.code || !hasText(base)) return e.message || t('error.internal');
  const own = `${base}.${e.reason ?? ''}`;
  const key: Key = e.reason && hasText(own) ? own : base;
  const seconds = Math.max(1, Math.ceil(e.params?.seconds ?? e.retryAfter ?? 1));
  return t(key, { detail: e.message ?? '', ...e.params, seconds });
}

// spacedLatin sets text that begins or ends with a Latin letter or a
// digit apart from the Chinese around it, by a space on that side, as the
// Chinese texts write squares ("紅方 h0 的暗子", beside "紅方傌二的暗子");
// in English the text as it is.
export function spacedLatin(text: string): string {
  if (lang === 'en') return text;
  return (/^[A-Za-z0-9]/.test(text) ? ' ' : '') + text + (/[A-Za-z0-9]$/.test(text) ? ' ' : '');
}

// Script is how Chinese characters are written: traditional (繁體) or
// simplified (简体). English shows xiangqi's traditional characters, as the
// server writes them.
export type Script = 'hant' | 'hans';

export const script = (l: Lang = lang): Script => (l === 'zh-CN' ? 'hans' : 'hant');

// applyTexts words the page's fixed elements under root: data-i18n sets an
// element's text, data-i18n-title, data-i18n-placeholder and
// data-i18n-aria-label its attributes, each by key.
export function applyTexts(root: ParentNode) {
  const attrs = [['i18nTitle', 'title'], ['i18nPlaceholder', 'placeholder'], ['i18nAriaLabel', 'aria-label']] as const;
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n], [data-i18n-title], [data-i18n-placeholder], [data-i18n-aria-label]')) {
    const key = el.dataset.i18n;
    if (key && hasText(key)) el.textContent = t(key);
    for (const [data, attr] of attrs) {
      const k = el.dataset[data];
      if (k && hasText(k)) el.setAttribute(attr, t(k));
    }
  }
}
