// The xiangqi pieces are drawn by Gambit by default (no font needed): each
// face-up piece shows its outline and hides its text; the font style, picked
// in the settings, shows the text again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, newGame } from './harness.mjs';

const app = openApp();

// shown counts the board's pieces whose part sel is displayed.
const shown = (page, sel) => page.evaluate(s => [...document.querySelectorAll(`#xboard .xq-piece ${s}`)]
  .filter(e => getComputedStyle(e).display !== 'none').length, sel);

test('xiangqi pieces drawn from outlines by default, the font style on request', async () => {
  mkdirSync(artifacts, { recursive: true });
  const page = app.page;
  await newGame(page, { variant: 'xiangqi' });
  await page.waitForSelector('#xboard .xq-piece svg.xq-glyph');
  assert.ok(await page.evaluate(() => document.body.classList.contains('xqpieces-drawn')));
  assert.equal(await shown(page, 'svg.xq-glyph'), 32);
  assert.equal(await shown(page, '.xq-char'), 0);
  assert.equal(await page.getAttribute('#xboard .xq-piece.red svg', 'role'), 'img');
  await page.screenshot({ path: join(artifacts, 'xqdrawn.png') });

  await page.click('#btn-settings');
  await page.selectOption('#set-xqpieces', 'carved');
  await page.waitForFunction(() => document.body.classList.contains('xqpieces-carved'));
  assert.equal(await shown(page, 'svg.xq-glyph'), 0);
  assert.equal(await shown(page, '.xq-char'), 32);
});
