// Buttons in Chinese wrap into balanced lines, never leaving one character
// alone on the last (issue 40, walk 3, item 5: "接受再来一 / 局" in the
// side panel, "从这步起删 / 除" on a phone's analysis board), and nothing
// overflows its button or the screen, at 1280 px and on a 390-px phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, newGame, waitMoves, xiangqiMove } from './harness.mjs';

const app = openApp();

const shot = async (page, name) => {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, name), fullPage: true });
};

// buttonLines measures every visible button (and link drawn as one) of the
// page: its text's lines, each the characters whose boxes share a top, and
// whether the text overflows the button or the button the page.
const buttonLines = page => page.evaluate(() => {
  const out = [];
  for (const b of document.querySelectorAll('button, .button')) {
    const box = b.getBoundingClientRect();
    if (!b.checkVisibility() || box.width === 0 || !b.textContent.trim()) continue;
    const lines = [];
    const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (let i = 0; i < n.data.length; i++) {
        if (/\s/.test(n.data[i])) continue;
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const rect = r.getClientRects()[0];
        if (!rect) continue;
        const line = lines.find(l => Math.abs(l.top - rect.top) < rect.height / 2);
        if (line) line.text += n.data[i];
        else lines.push({ top: rect.top, text: n.data[i] });
      }
    }
    out.push({
      id: b.id || b.textContent.trim(), lines: lines.sort((x, y) => x.top - y.top).map(l => l.text),
      overflows: b.scrollWidth > b.clientWidth + 1, offScreen: box.right > document.documentElement.clientWidth + 1,
    });
  }
  return out;
});

// checkButtons asserts that every button's text is one line, or lines of
// two characters or more, within its button and the page.
async function checkButtons(page, where) {
  const buttons = await buttonLines(page);
  assert.ok(buttons.length > 3, `${where}: buttons found`);
  for (const b of buttons) {
    const alone = b.lines.length > 1 && b.lines.some(l => [...l].length < 2);
    assert.ok(!alone, `${where}: #${b.id} wraps as ${JSON.stringify(b.lines)}`);
    assert.ok(!b.overflows && !b.offScreen, `${where}: #${b.id} overflows (${JSON.stringify(b)})`);
  }
  return buttons;
}

test('buttons in Chinese wrap into balanced lines, never one character alone, at 1280 px and on a phone', async () => {
  const a = await app.newPerson('A', { locale: 'zh-CN' });
  const b = await app.newPerson('B', { locale: 'zh-CN' });
  await a.goto(app.server.url);
  // Xiangqi: no draw to claim, so 接受再来一局 shares a row with two others.
  await newGame(a, { mode: 'online', color: 'white', variant: 'xiangqi' });
  await a.waitForSelector('#invite:not([hidden])');
  const link = await a.inputValue('#invite-link');
  const id = new URL(link).pathname.split('/').pop();
  await b.goto(link);
  await b.waitForSelector('#xboard.orientation-black');
  await xiangqiMove(a, 'h2e2');
  await waitMoves(b, 1);
  await xiangqiMove(b, 'h9g7');
  await waitMoves(a, 2);
  await b.click('#btn-resign');
  await b.click('#btn-resign');
  for (const p of [a, b]) {
    await p.waitForSelector('#over-dialog[open]');
    await p.click('#over-dialog button[value=close]');
  }
  // White offers a rematch from the side panel: Black's reads 接受再来一局.
  await a.click('#btn-rematch');
  await b.waitForFunction(() => document.getElementById('btn-rematch').textContent === '接受再来一局');

  for (const [width, height] of [[1280, 900], [390, 844]]) {
    await b.setViewportSize({ width, height });
    await b.waitForTimeout(100);
    const buttons = await checkButtons(b, `the game page at ${width} px`);
    assert.ok(buttons.some(x => x.id === 'btn-rematch'), 'the rematch button measured');
    await shot(b, `wrap-game-${width}.png`);

    await b.goto(`${app.server.url}/analysis?game=${id}&ply=2`);
    await b.waitForSelector('#a-delete');
    await b.waitForFunction(() => document.getElementById('analysis')?.dataset.fen);
    const analysis = await checkButtons(b, `the analysis board at ${width} px`);
    assert.ok(analysis.some(x => x.id === 'a-delete'), 'the delete button measured');
    await shot(b, `wrap-analysis-${width}.png`);
    await b.goto(app.server.url);
    await b.waitForSelector('#recent li');
    await checkButtons(b, `the start page at ${width} px`);
    await b.goto(link);
    await b.waitForFunction(() => document.getElementById('btn-rematch')?.textContent === '接受再来一局');
  }
});
