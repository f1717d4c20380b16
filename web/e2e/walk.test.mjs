// Three-language walks (issue 25): a person whose browser speaks English,
// 繁體中文 or 简体中文 (by its locale, or by ?lang= over another locale)
// walks the home page, the new-game dialog with every variant, a game
// against the computer to its end, a xiangqi game, an online invite opened
// by a second person, an offer, the lobby and the recent games. At each
// step the visible text (the page's text, the labels, titles and
// placeholders of what is shown, the options of the menus shown, the tab's
// title) must be in the walk's language, axe-core must find no serious or
// critical violation, and a screenshot is left in
// e2e/artifacts/walk-<lang>-<step>.png. The three walks run at once, on one
// server, each in browser contexts of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, axe, newGame, sans, waitMoves } from './harness.mjs';

const app = openApp();

// walks: how the host's and the guest's browsers ask for the language,
// and texts the walk must meet.
const walks = {
  en: {
    host: { locale: 'en-US' }, guest: { locale: 'zh-TW', lang: 'en' },
    title: 'Gambit: play chess and xiangqi', newGame: 'New game', status: 'Black to move', bot: /^Gambit · /,
    xiangqi: ['炮二平五', '馬８進７', '傌二進三'], typed: ['炮二平五', 'H8+7', 'h0g2'],
  },
  'zh-TW': {
    host: { locale: 'zh-TW' }, guest: { locale: 'en-US', lang: 'zh-TW' },
    title: 'Gambit：下西洋棋與象棋', newGame: '新對局', status: '輪到黑方走棋', bot: /^Gambit · 貪吃/,
    xiangqi: ['炮二平五', '馬８進７', '傌二進三'], typed: ['炮二平五', '馬８進７', '傌二進三'],
  },
  'zh-CN': {
    host: { locale: 'fr-FR', lang: 'zh-CN' }, guest: { locale: 'zh-CN' },
    title: 'Gambit：下国际象棋和中国象棋', newGame: '新对局', status: '轮到黑方走棋', bot: /^Gambit · 贪吃/,
    xiangqi: ['炮二平五', '马８进７', '马二进三'], typed: ['炮2平5', '马8进7', '马2进3'],
  },
};

// --- reading the page

// pageText is everything a person reads on the page, or hears of it.
const pageText = page => page.evaluate(() => {
  const shown = el => el.checkVisibility();
  // Text marked as another language (lichess's English opening names, as
  // lichess shows them in every language) is not the page's own.
  const foreign = [...document.body.querySelectorAll('[lang]')].filter(el => el.lang !== document.documentElement.lang);
  const was = foreign.map(el => el.style.display);
  for (const el of foreign) el.style.display = 'none';
  const out = [document.title, document.body.innerText];
  foreign.forEach((el, i) => { el.style.display = was[i]; });
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (!shown(el)) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) if (el.hasAttribute(a)) out.push(el.getAttribute(a));
  }
  for (const sel of document.querySelectorAll('select')) if (shown(sel)) for (const o of sel.options) out.push(o.text);
  return out.join('\n');
});

// Latin text the Chinese pages keep: the brand and formats by their names,
// proper names of variants, move text in its notations, FEN.
const keptWords = new Set(['Gambit', 'FEN', 'PGN', 'GIF', 'SVG', 'SHA', 'ICCS', 'WXF', 'QR', 'Chess960', 'Home', 'End']);
const keptLatin = [
  /^[♔-♟]?([KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=?[QRBN♔-♟])?|O-O(-O)?)[+#]?$/, // SAN, figurine SAN
  /^[a-i]\d-?[a-i]\d[qrbn]?$/, // UCI, ICCS
  /^[RHEAKCPNB1-9+-][1-9+-][.+=-][1-9]$/, // WXF
  /^[pnbrqkaechxPNBRQKAECHX1-9]+(\/[pnbrqkaechxPNBRQKAECHX1-9]+)+$/, // a FEN's board
  /^[KQkq]{1,4}$/, // a FEN's castling
  /^[0-9a-f]{16,}$/, // a seed's commitment
  /^[A-E]\d\d$/, // an opening's ECO code
  /^[A-Za-z]$/, // a file, a side in a FEN
];

// latinLeft returns the Latin words of text a Chinese page should not show.
export function latinLeft(text) {
  const words = text.match(/[\x21-\x7e]+/g) ?? [];
  return words.map(w => w.replace(/^[([{"'«.,;:!?]+|[)\]}"'».,;:!?]+$/g, ''))
    .filter(w => /[A-Za-z]/.test(w) && !keptWords.has(w) && !keptLatin.some(re => re.test(w)));
}

// The Chinese an English page may show: xiangqi's notation and pieces (in
// the move list and on the board), the river's inscription, the names of
// the languages and of jieqi (揭棋) and banqi (暗棋).
const xiangqiChars = '俥傌相仕帥炮兵車馬象士將砲卒车马帅将';
const notationRun = new RegExp(`^([${xiangqiChars}][一二三四五六七八九１２３４５６７８９]|[前中後后][${xiangqiChars}]|[前中後后一二三四五][一二三四五六七八九１２３４５６７８９])[進进退平][一二三四五六七八九１２３４５６７８９]$`);
const keptCJK = new Set(['揭棋', '暗棋', '繁體中文', '简体中文', '楚', '河', '漢', '汉', '界', ...xiangqiChars]);

// cjkLeft returns the Chinese of text an English page should not show.
export function cjkLeft(text) {
  const runs = text.match(/[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]+/g) ?? [];
  return runs.filter(r => !keptCJK.has(r) && !notationRun.test(r));
}

// --- walking

// Walker is one language's walk: its pages, and what it found wrong.
class Walker {
  constructor(lang, want) {
    this.lang = lang;
    this.want = want;
    this.found = [];
  }

  async open(label, who) {
    const page = await app.newPerson(`${this.lang} ${label}`, { locale: who.locale });
    // Three walks at once, each with two people: on a loaded machine a
    // page may take longer than playwright's 30 s to load.
    page.setDefaultTimeout(60000);
    page.query = who.lang ? `?lang=${who.lang}` : '';
    return page;
  }

  // step reads the page as it is: text in another language, axe-core's
  // violations (unless the step shows a kind of page an earlier step
  // checked: axe-core is the walk's slowest part); and leaves its
  // screenshot.
  async step(page, name, { checked = false } = {}) {
    const t0 = performance.now();
    const text = await pageText(page);
    const left = [...new Set(this.lang === 'en' ? cjkLeft(text) : latinLeft(text))];
    if (left.length) this.found.push(`${this.lang} ${name}: text in another language: ${left.join(' | ')}`);
    const t1 = performance.now();
    if (!checked) for (const v of await axe(page)) this.found.push(`${this.lang} ${name}: axe: ${v}`);
    const t2 = performance.now();
    await page.screenshot({ path: join(artifacts, `walk-${this.lang}-${name}.png`) });
    if (process.env.WALK_TIMES) console.error(`${this.lang} ${name}: text ${Math.round(t1 - t0)} ms, axe ${Math.round(t2 - t1)} ms, shot ${Math.round(performance.now() - t2)} ms, since start ${Math.round(performance.now())} ms`);
  }

  check(ok, what) {
    if (!ok) this.found.push(`${this.lang}: ${what}`);
  }
}

// typeMove plays a move by the move box and waits for the page to show it.
async function typeMove(page, text) {
  const before = (await sans(page)).length;
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
  await waitMoves(page, before + 1);
}

const gameOf = page => new URL(page.url()).pathname.split('/').pop();
const drawn = (page, id) => page.waitForFunction(id => document.body.dataset.game === id, id);

async function walk(lang) {
  const w = new Walker(lang, walks[lang]);
  const want = w.want;
  const host = await w.open('host', want.host);
  await host.goto(app.server.url + host.query);
  await host.waitForSelector('#lobby li');
  w.check(await host.evaluate(() => document.documentElement.lang) === lang, '<html lang>');
  w.check(await host.title() === want.title, `title: ${await host.title()}`);
  w.check(await host.textContent('#btn-new-top') === want.newGame, 'the New game button');
  await w.step(host, 'home');

  // The new-game dialog: every variant's name, help, rules and levels.
  await host.click('#btn-new-top');
  await host.waitForSelector('#new-dialog[open]');
  await host.check('input[name=mode][value=computer]');
  for (const v of await host.locator('input[name=variant]').evaluateAll(els => els.map(e => e.value))) {
    await host.check(`input[name=variant][value=${v}]`);
    if (await host.isVisible('#variant-rules')) await host.evaluate(() => { document.getElementById('variant-rules').open = true; });
    const text = await pageText(host);
    const left = lang === 'en' ? cjkLeft(text) : latinLeft(text);
    if (left.length) w.found.push(`${lang} dialog, ${v}: text in another language: ${left.join(' | ')}`);
  }
  await host.check('input[name=variant][value=chess]');
  await host.evaluate(() => { document.getElementById('variant-rules').open = false; });
  await w.step(host, 'dialog');
  await host.check('input[name=mode][value=online]');
  await host.setChecked('#timed', true);
  await w.step(host, 'dialog-online', { checked: true });

  // Against the computer, to its end.
  await newGame(host, { mode: 'computer', variant: 'chess', level: 'greedy', timed: true });
  await typeMove(host, 'e4');
  await waitMoves(host, 2);
  w.check(want.bot.test(await host.textContent('#name-top')), `the computer's name: ${await host.textContent('#name-top')}`);
  await w.step(host, 'computer');
  await host.click('#btn-resign');
  await host.click('#btn-resign'); // confirmed
  await host.waitForSelector('#over-dialog[open]');
  await w.step(host, 'computer-over');
  await host.evaluate(() => document.getElementById('over-dialog').close());

  // Xiangqi on one screen, typed: the notation in the language's script.
  await newGame(host, { mode: 'local', variant: 'xiangqi' });
  for (const m of want.typed) await typeMove(host, m);
  w.check(JSON.stringify(await sans(host)) === JSON.stringify(want.xiangqi), `xiangqi moves: ${await sans(host)}`);
  w.check(await host.textContent('#status') === want.status, `status: ${await host.textContent('#status')}`);
  await w.step(host, 'xiangqi');

  // An online invite, opened by a second person; a move each, a draw
  // offered and agreed.
  await newGame(host, { mode: 'online', color: 'white', timed: true });
  await host.waitForSelector('#invite:not([hidden])');
  const link = await host.inputValue('#invite-link');
  await w.step(host, 'invite');
  const guest = await w.open('guest', want.guest);
  await guest.goto(link + guest.query);
  await drawn(guest, gameOf(host));
  await guest.waitForSelector('#board.orientation-black');
  await host.waitForSelector('#invite', { state: 'hidden' });
  await typeMove(host, 'e4');
  await waitMoves(guest, 1);
  await typeMove(guest, 'e5');
  await waitMoves(host, 2);
  await w.step(guest, 'invite-guest');
  await guest.click('#btn-draw');
  await host.waitForSelector('#offer-bar:not([hidden]) #btn-accept:not([hidden])');
  await w.step(host, 'offer');
  await host.click('#btn-accept');
  await Promise.all([host, guest].map(p => p.waitForSelector('#over-dialog[open]')));
  await w.step(guest, 'online-over', { checked: true });
  for (const p of [host, guest]) await p.evaluate(() => document.getElementById('over-dialog').close());

  // The lobby: the host's open challenge, seen and accepted by the guest.
  await newGame(host, { mode: 'online', color: 'black', timed: true, lobby: true });
  const id = gameOf(host);
  await guest.click('a.logo');
  const row = guest.locator(`#lobby li[data-id="${id}"]`);
  await row.waitFor();
  await w.step(guest, 'lobby');
  // Clicked in one go: the list is redrawn as the other walks' challenges
  // come and go, and a button found may be gone before a pointer reaches it.
  await guest.evaluate(id => document.querySelector(`#lobby li[data-id="${id}"] button`).click(), id);
  await drawn(guest, id);
  await host.waitForFunction(() => document.querySelector('#name-top')?.textContent !== '');
  await w.step(host, 'lobby-game', { checked: true });

  // Home again: the recent games say it too.
  await host.click('a.logo');
  await host.waitForSelector('#recent li a');
  await w.step(host, 'recent', { checked: true });
  return w.found;
}

test('the language checks catch words left in another language, and keep notation', () => {
  assert.deepEqual(latinLeft('輪到 White 走棋：e4、Nf3、exd8=Q+、O-O-O、♘f3、h2e2、C2.5、R++2 (Resign) 複製 FEN：rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'), ['White', 'Resign']);
  assert.deepEqual(latinLeft('Gambit：下西洋棋 Chess960 第 518 號 · 5+3 · 1/2-1/2 · QR 碼'), []);
  assert.deepEqual(cjkLeft('Black to move 1. 炮二平五 馬８進７ 2. 前俥進二 後兵平八 揭棋 新對局 Jieqi'), ['新對局']);
  assert.deepEqual(cjkLeft('Offer draw 提和'), ['提和']);
});

test('three walks, in English, 繁體中文 and 简体中文: no text in another language, axe-core clean', async () => {
  mkdirSync(artifacts, { recursive: true });
  const langs = process.env.WALK_LANGS?.split(',') ?? Object.keys(walks); // one or two of them, when looking into a failure
  const found = await Promise.all(langs.map(walk));
  assert.deepEqual(found.flat(), []);
});

test('?lang= overrides the browser, and the settings remember a choice', async () => {
  const page = await app.newPerson('en', { locale: 'en-US' });
  await page.goto(`${app.server.url}/?lang=zh-TW`);
  await page.waitForSelector('#lobby li');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-TW');
  await page.goto(app.server.url);
  await page.waitForSelector('#lobby li');
  assert.equal(await page.textContent('#btn-new-top'), 'New game');
  await page.click('#btn-settings');
  await Promise.all([page.waitForEvent('load'), page.selectOption('#set-language', 'zh-CN')]);
  await page.waitForSelector('#lobby li');
  assert.equal(await page.textContent('#btn-new-top'), '新对局');
  await page.reload();
  await page.waitForSelector('#lobby li');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.equal(await page.locator('#set-language').inputValue(), 'zh-CN');
});
