// The xiangqi pieces are drawn by Gambit by default (no font needed): each
// face-up piece shows its outline and hides its text; the font style, picked
// in the settings, shows the text again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
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

test('a 简体 reader sees the drawn pieces in simplified characters', async () => {
  const page = await app.newPerson('zh-CN', { locale: 'zh-CN' });
  await page.goto(app.server.url + '/?lang=zh-CN');
  await newGame(page, { variant: 'xiangqi' });
  await page.waitForSelector('#xboard .xq-piece svg.xq-glyph');
  const labels = await page.evaluate(() => [...document.querySelectorAll('#xboard .xq-piece svg.xq-glyph')].map(s => s.getAttribute('aria-label')).sort().join(''));
  for (const ch of '帅将车马') assert.ok(labels.includes(ch), `${ch} among ${labels}`);
  for (const ch of '帥將俥傌車馬砲') assert.ok(!labels.includes(ch), `${ch} among ${labels}`);
  // The drawn outline is the simplified character's own, not 帥's under 帅's name.
  const kings = await page.evaluate(() => [...document.querySelectorAll('#xboard .xq-piece.red svg.xq-glyph')]
    .filter(s => s.getAttribute('aria-label') === '帅').map(s => s.querySelector('path').getAttribute('d')));
  assert.equal(kings.length, 1);
  const outline = ch => readFileSync(new URL('../src/xqglyphs.gen.ts', import.meta.url), 'utf8').match(new RegExp(`'${ch}': \\['[^']*', '([^']+)'\\]`))[1];
  assert.equal(kings[0], outline('帅'));
  assert.notEqual(kings[0], outline('帥'));
  await page.screenshot({ path: join(artifacts, 'xqdrawn-zh-CN.png') });
  await app.leave(page);
});
