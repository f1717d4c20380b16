// Opening names in the browser: the line under the status names the
// opening as the moves are played, and the recent games list shows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openApp, artifacts, move, newGame, waitMoves } from './harness.mjs';

const app = openApp();

const openingLine = page => page.$eval('#opening', el => (el.hidden ? '' : el.textContent));

test('the opening is named as the moves are played, and in the recent games', async () => {
  const page = app.page;
  await newGame(page, { mode: 'local' });
  assert.equal(await openingLine(page), '', 'no name at the start');
  await move(page, 'e2e4');
  await waitMoves(page, 1);
  await page.waitForFunction(() => document.querySelector('#opening')?.textContent === 'Opening: B00 King\'s Pawn Game');
  await move(page, 'e7e5');
  await move(page, 'g1f3');
  await waitMoves(page, 3);
  await page.waitForFunction(() => document.querySelector('#opening')?.textContent === 'Opening: C40 King\'s Knight Opening');
  // A move out of the book keeps the last name.
  await move(page, 'b8c6');
  await move(page, 'e1e2');
  await waitMoves(page, 5);
  assert.equal(await openingLine(page), 'Opening: C44 King\'s Knight Opening: Normal Variation');
  await page.screenshot({ path: join(artifacts, 'openings-game.png') });

  await page.goto(app.server.url + '/');
  await page.waitForSelector('#recent li a');
  const res = await page.$eval('#recent li a .res', el => el.textContent);
  assert.match(res, /C44 King's Knight Opening: Normal Variation/);
});

test('the line is in the page\'s language, the family\'s Chinese name beside lichess\'s English', async () => {
  const page = await app.newPerson('zh-TW', { locale: 'zh-TW' });
  await page.goto(app.server.url);
  await newGame(page, { mode: 'local', setup: '1. d4 d5 2. c4 *' });
  await page.waitForFunction(() => document.querySelector('#opening')?.textContent === '開局：D06 后翼棄兵（Queen\'s Gambit）');
  // The first moves a beginner's game meets are named too (issue 40's walkthrough met these in English).
  await newGame(page, { mode: 'local', setup: '1. e4 e5 2. Nf3 Nc6 3. Ke2 *' });
  await page.waitForFunction(() => document.querySelector('#opening')?.textContent === '開局：C44 王翼騎士開局（King\'s Knight Opening: Normal Variation）');
  await newGame(page, { mode: 'local', setup: '1. a4 *' });
  await page.waitForFunction(() => document.querySelector('#opening')?.textContent === '開局：A00 韋爾開局（Ware Opening）');
});
