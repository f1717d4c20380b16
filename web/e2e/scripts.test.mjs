// The reader's language and script everywhere (issue 40, items 5, 6, 10):
// people whose browsers say en-US, zh-TW and zh-CN play jieqi and read its
// move list in Chinese notation in their script (WXF and ICCS the other
// choices); a xiangqi game's images and viewer page are drawn in the
// reader's script, the viewer's tags in the reader's language; a review's
// best move is written in the reader's script, and the PGN the reader
// copies or downloads (issue 40, walk 3); a chess opening is named by
// its family's Chinese name, lichess's English beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, newGame, sans, waitMoves, xiangqiMove } from './harness.mjs';

const app = openApp();

// Characters of one script only.
const onlyTraditional = /[帥將傌馬俥車砲進後]/;
const onlySimplified = /[帅将马车进后]/;

const shot = async (page, name) => {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, name) });
};

// person opens the app for someone whose browser says locale.
async function person(locale) {
  const page = await app.newPerson(locale, { locale });
  await page.goto(app.server.url);
  await page.waitForSelector('#btn-new-top');
  return page;
}

async function resign(page) {
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#over-dialog[open]');
  await page.click('#over-dialog button[value=close]');
}

test('jieqi\'s move list in Chinese notation in the reader\'s script; WXF and ICCS the other choices', async () => {
  const want = {
    'en-US': /^炮八進七 翻([仕相傌俥炮兵]) 吃暗子$/,
    'zh-TW': /^炮八進七 翻([仕相傌俥炮兵]) 吃暗子$/,
    'zh-CN': /^炮八进七 翻([仕相马车炮兵]) 吃暗子$/,
  };
  for (const [locale, re] of Object.entries(want)) {
    const page = await person(locale);
    await newGame(page, { mode: 'local', variant: 'jieqi' });
    // The face-down piece on b2 moves as a cannon and takes the face-down piece on b9.
    await xiangqiMove(page, 'b2b9');
    await waitMoves(page, 1);
    const [move] = await sans(page);
    assert.match(move, re, `${locale}: ${move}`);
    assert.doesNotMatch(move, locale === 'zh-CN' ? onlyTraditional : onlySimplified, locale);
    await xiangqiMove(page, 'h7e7'); // Black's face-down cannon-point piece to the centre
    await waitMoves(page, 2);
    const [, second] = await sans(page);
    assert.match(second, locale === 'zh-CN' ? /^炮８平５ 翻[士象马车炮卒]$/ : /^砲８平５ 翻[士象馬車砲卒]$/, `${locale}: ${second}`);
    assert.equal(await page.isVisible('#notation'), true, `${locale}: the notation menu`);
    await shot(page, `scripts-jieqi-${locale}.png`);
    await page.selectOption('#notation', 'wxf');
    const wxf = await sans(page);
    assert.match(wxf[0], /^C8\+7=[AEHRCP]x\?$/, wxf[0]);
    assert.match(wxf[1], /^C8\.5=[AEHRCP]$/, wxf[1]);
    await page.selectOption('#notation', 'iccs');
    const iccs = await sans(page);
    assert.match(iccs[0], /^b2b9=[ABNRCP]x\?$/, iccs[0]);
    assert.match(iccs[1], /^h7e7=[abnrcp]$/, iccs[1]);
    await page.selectOption('#notation', 'chinese');
    await app.leave(page);
  }
});

test('a xiangqi game\'s images, viewer page and review in the reader\'s script and language', async () => {
  // Red, two chariots against one, gives one away (俥九平一, 車９進４): a blunder.
  const twoChariots = '4k3r/9/9/9/R8/9/9/9/9/1R1K5 w - - 0 1';
  const cn = await person('zh-CN');
  await newGame(cn, { mode: 'local', variant: 'xiangqi', setup: twoChariots });
  const id = new URL(cn.url()).pathname.split('/').pop();
  await xiangqiMove(cn, 'a5i5');
  await waitMoves(cn, 1);
  await xiangqiMove(cn, 'i9i5');
  await waitMoves(cn, 2);
  assert.deepEqual(await sans(cn), ['车九平一', '车９进４']);
  await resign(cn);
  const tw = await person('zh-TW');

  // Images: each reader's own script, its own ETag, Vary: Accept-Language.
  const image = (page, ext) => page.evaluate(async url => {
    const r = await fetch(url);
    const bytes = new Uint8Array(await r.arrayBuffer());
    return { status: r.status, etag: r.headers.get('ETag'), vary: r.headers.get('Vary'), size: bytes.length, sum: bytes.reduce((a, b) => (a * 31 + b) >>> 0, 0) };
  }, `/game/${id}.${ext}`);
  for (const ext of ['svg', 'png', 'gif']) {
    const [a, b] = [await image(cn, ext), await image(tw, ext)];
    assert.equal(a.status, 200);
    assert.notEqual(a.etag, b.etag, `${ext}: one ETag for both scripts`);
    assert.notEqual(a.sum, b.sum, `${ext}: the same drawing in both scripts`);
    assert.match(a.vary ?? '', /Accept-Language/, ext);
  }
  for (const [page, name] of [[cn, 'zh-CN'], [tw, 'zh-TW']]) {
    const look = await page.context().newPage();
    await look.goto(`${app.server.url}/game/${id}.png?ply=0&size=360`);
    await shot(look, `scripts-image-${name}.png`);
    await look.close();
  }

  // The viewer page: the pieces in the reader's script, the tags named in
  // the reader's language, the ending worded.
  const viewer = async (page, name) => {
    await page.goto(`${app.server.url}/game/${id}.html`);
    await page.waitForSelector('#tags th');
    const tags = await page.$$eval('#tags tr', rows => Object.fromEntries(rows.map(r => [r.cells[0].textContent, r.cells[1].textContent])));
    const chariot = await page.$eval('#piece-xiangqi-R', t => t.innerHTML);
    await shot(page, `scripts-viewer-${name}.png`);
    return { tags, chariot };
  };
  const vcn = await viewer(cn, 'zh-CN');
  const vtw = await viewer(tw, 'zh-TW');
  assert.equal(vcn.tags['结束方式'], '认输', JSON.stringify(vcn.tags));
  assert.equal(vtw.tags['結束方式'], '認輸', JSON.stringify(vtw.tags));
  assert.equal(vcn.tags['赛事'], 'Gambit · 同屏对弈 · 中国象棋');
  assert.equal(vtw.tags['賽事'], 'Gambit · 同一個螢幕 · 象棋');
  assert.equal(vcn.tags['棋种'], '中国象棋');
  assert.equal(vtw.tags['記譜格式'], '中文記譜');
  for (const v of [vcn, vtw]) assert.ok(!Object.keys(v.tags).some(k => /[a-z]/.test(k) && k !== 'FEN'), JSON.stringify(v.tags));
  assert.notEqual(vcn.chariot, vtw.chariot, 'the viewer\'s red chariot is one picture in both scripts');

  // The review: the best move in the reader's script.
  await cn.goto(`${app.server.url}/game/${id}`);
  await cn.waitForSelector('#btn-analyse:not([hidden])');
  await cn.click('#btn-analyse');
  await cn.waitForURL(u => u.pathname === '/analysis');
  await cn.click('#a-review-go');
  await cn.waitForSelector('.a-best', { timeout: 90000 });
  const best = await cn.textContent('.a-best');
  await shot(cn, 'scripts-review-zh-CN.png');
  await tw.goto(app.server.url); // the viewer page's policy lets it fetch nothing
  const stored = await tw.evaluate(gid => fetch(`/api/games/${gid}/review`).then(r => r.json()), id);
  const first = stored.review.moves[0];
  assert.equal(first.san, '俥九平一', 'the stored review, read in traditional characters');
  assert.equal(first.class, 'blunder');
  assert.match(first.best_san, /^.{4}$/);
  // The page shows the best move as the zh-CN reader's script writes it.
  const simplified = { 俥: '车', 車: '车', 傌: '马', 馬: '马', 帥: '帅', 將: '将', 砲: '炮', 進: '进', 後: '后' };
  assert.equal(best, `最佳着法是 ${[...first.best_san].map(c => simplified[c] ?? c).join('')}`, best);
  assert.doesNotMatch(best, onlyTraditional, best);

  // What the zh-CN reader copies or downloads is in their script and words
  // (the canonical PGN, traditional with lichess's English, is the API's):
  // the analysis board's copy keeps the review's comments.
  const bestCN = [...first.best_san].map(c => simplified[c] ?? c).join('');
  const copied = async (page, button) => {
    await page.evaluate(() => {
      window.copied = [];
      Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async text => { window.copied.push(text); } });
    });
    await page.click(button);
    await page.waitForFunction(() => window.copied.length > 0);
    return page.evaluate(() => window.copied[0]);
  };
  const movetext = text => text.split('\n\n')[1] ?? '';
  const analysisPGN = await copied(cn, '#a-copy-pgn');
  assert.match(movetext(analysisPGN), /^1\. 车九平一\?\? \{ \[%eval [-0-9.#]+\] 败着。最佳着法是 (\S{4})。 \} 1\.\.\. 车９进４ \{ \[%eval [-0-9.#]+\] \} /, analysisPGN);
  assert.ok(analysisPGN.includes(`最佳着法是 ${bestCN}。`), analysisPGN);
  assert.doesNotMatch(movetext(analysisPGN), onlyTraditional, analysisPGN);
  await cn.goto(`${app.server.url}/game/${id}`);
  await cn.waitForSelector('#btn-copy-pgn');
  const gamePGN = await copied(cn, '#btn-copy-pgn');
  const flat = movetext(gamePGN).replace(/\s+/g, ' ');
  assert.match(flat, /^1\. 车九平一 \{\[%eval [-0-9.#]+\] 败着（\?\?）。最佳着法是 (\S{4})。\} 1\.\.\. 车９进４/, gamePGN);
  assert.ok(flat.includes(`最佳着法是 ${bestCN}。`), gamePGN);
  assert.doesNotMatch(movetext(gamePGN), onlyTraditional, gamePGN);
  const download = await cn.getAttribute('#btn-download-pgn', 'href');
  assert.equal(download, `/api/games/${id}/pgn?lang=zh-CN&download=1`);
  assert.equal(await cn.evaluate(url => fetch(url).then(r => r.text()), download), gamePGN, 'the download is the copy');
  const canonical = await cn.evaluate(gid => fetch(`/api/games/${gid}/pgn`).then(r => r.text()), id);
  assert.match(canonical.replace(/\s+/g, ' '), /1\. 俥九平一 \{\[%eval [-0-9.#]+\] Blunder \(\?\?\)\. Best move was \S{4}\.\} 1\.\.\. 車９進４/, canonical);
});

test('a chess opening by its family\'s Chinese name, lichess\'s English beside it', async () => {
  const want = {
    'zh-TW': ['開局：B20 西西里防禦（Sicilian Defense）', 'B20 西西里防禦（Sicilian Defense）'],
    'zh-CN': ['开局：B20 西西里防御（Sicilian Defense）', 'B20 西西里防御（Sicilian Defense）'],
    'en-US': ['Opening: B20 Sicilian Defense', 'B20 Sicilian Defense'],
  };
  for (const [locale, [line, listed]] of Object.entries(want)) {
    const page = await person(locale);
    await newGame(page, { mode: 'local', setup: '1. e4 c5' });
    await page.waitForSelector('#opening:not([hidden])');
    assert.equal(await page.textContent('#opening'), line, locale);
    assert.equal(await page.$eval('#opening span[lang=en]', s => s.textContent), 'Sicilian Defense', `${locale}: the English marked as English`);
    await shot(page, `scripts-opening-${locale}.png`);
    // The recent games on the home page say it the same way.
    await page.goto(app.server.url);
    await page.waitForSelector('#recent .res');
    const recent = await page.textContent('#recent .res');
    assert.ok(recent.endsWith(` · ${listed}`), `${locale}: ${recent}`);
    await shot(page, `scripts-recent-${locale}.png`);
    await app.leave(page);
  }
});
