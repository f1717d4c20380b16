// The UI in the browser's language: a person whose browser says zh-TW, then
// one whose browser says zh-CN, opens the start page, the new-game dialog
// (every variant's help, the computer's levels) and game pages, and reads no
// English word there but the names the UI keeps (FEN, PGN, the brand ...).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, move, newGame, sans, waitMoves, xiangqiMove } from './harness.mjs';

const app = openApp();

// allowed are the Latin words the Chinese UI keeps: formats and notations
// by their names, and the brand.
const allowed = /^(FEN|PGN|GIF|SVG|SHA|ICCS|WXF|Gambit)$/;

// english returns the English word runs in the visible text of the page and
// of its open dialog, but for allowed names and move text (e4, Nf3, O-O).
async function english(page) {
  const text = await page.evaluate(() => document.body.innerText);
  return (text.match(/[A-Za-z]{3,}/g) ?? []).filter(w => !allowed.test(w));
}

async function noEnglish(page, where) {
  assert.deepEqual(await english(page), [], `${where}: English on the page`);
}

const expect = {
  'zh-TW': { lang: 'zh-TW', title: 'Gambit：下西洋棋與象棋', newGame: '新對局', moves: ['炮二平五', '馬８進７', '傌二進三'], status: '輪到黑方走棋', bot: /Gambit · 貪吃/ },
  'zh-CN': { lang: 'zh-CN', title: 'Gambit：下国际象棋和中国象棋', newGame: '新对局', moves: ['炮二平五', '马８进７', '马二进三'], status: '轮到黑方走棋', bot: /Gambit · 贪吃/ },
};

for (const [locale, want] of Object.entries(expect)) {
  test(`the browser says ${locale}: the start page, the new-game dialog and the game pages in it`, async () => {
    mkdirSync(artifacts, { recursive: true });
    const page = await app.newPerson(locale, { locale });
    await page.goto(app.server.url);
    await page.waitForSelector('#lobby li');
    assert.equal(await page.evaluate(() => document.documentElement.lang), want.lang);
    assert.equal(await page.title(), want.title);
    assert.equal(await page.textContent('#btn-new-top'), want.newGame);
    await noEnglish(page, 'start page');
    await page.screenshot({ path: join(artifacts, `i18n-${locale}-home.png`) });

    // The new-game dialog: each variant's name and help, each mode, the levels.
    await page.click('#btn-new-top');
    await page.waitForSelector('#new-dialog[open]');
    await page.check('input[name=mode][value=computer]');
    for (const v of await page.locator('input[name=variant]').evaluateAll(els => els.map(e => e.value))) {
      await page.check(`input[name=variant][value=${v}]`);
      if (await page.isVisible('#variant-rules')) await page.evaluate(() => { document.getElementById('variant-rules').open = true; });
      await noEnglish(page, `new-game dialog, ${v}`);
      const levels = await page.locator('#level option').allTextContents();
      assert.ok(levels.length > 0, v);
      for (const l of levels) assert.deepEqual(l.match(/[A-Za-z]{3,}/g) ?? [], [], `${v} level ${l}`);
    }
    await page.check('input[name=variant][value=chess]');
    await page.check('input[name=mode][value=online]');
    await page.setChecked('#timed', true);
    await noEnglish(page, 'new-game dialog, online');
    await page.screenshot({ path: join(artifacts, `i18n-${locale}-dialog.png`) });
    await page.evaluate(() => document.getElementById('new-dialog').close());

    // Xiangqi on one screen: the Chinese notation in the language's script.
    await newGame(page, { mode: 'local', variant: 'xiangqi' });
    for (const m of ['h2e2', 'h9g7', 'h0g2']) await xiangqiMove(page, m);
    assert.deepEqual(await sans(page), want.moves);
    assert.equal(await page.textContent('#status'), want.status);
    assert.match(await page.title(), /· Gambit$/);
    await noEnglish(page, 'xiangqi game page');
    await page.screenshot({ path: join(artifacts, `i18n-${locale}-xiangqi.png`) });
    await page.click('#btn-resign');
    await page.click('#btn-resign'); // confirmed
    await page.waitForSelector('#over-dialog[open]');
    await noEnglish(page, 'game-over dialog');
    await page.screenshot({ path: join(artifacts, `i18n-${locale}-over.png`) });
    await page.evaluate(() => document.getElementById('over-dialog').close());

    // Chess against the computer: its level's name, the clock, figurines.
    await newGame(page, { mode: 'computer', variant: 'chess', level: 'greedy', timed: true });
    await move(page, 'e2e4');
    await waitMoves(page, 2);
    assert.match(await page.textContent('#name-top'), want.bot);
    await page.selectOption('#notation', 'figurine');
    assert.equal((await sans(page))[0], 'e4');
    await noEnglish(page, 'chess game page');
    await page.screenshot({ path: join(artifacts, `i18n-${locale}-chess.png`) });
    await page.selectOption('#notation', 'san');

    // Back to the start page: the recent games say it too.
    await page.click('a.logo');
    await page.waitForSelector('#recent li a');
    assert.match(await page.textContent('#recent'), want.bot);
    assert.match(await page.textContent('#recent'), /象棋 · /);
    await noEnglish(page, 'start page with games');
  });
}

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
