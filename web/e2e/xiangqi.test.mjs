// Xiangqi in the browser: a chariot mate played by clicking points, the
// notations of the move list, PGN export, and the board facing Black.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Server, launch, artifacts, newGame, sans, waitMoves, xiangqiMove, clickPoint, pointPoint } from './harness.mjs';

let server, browser, page;

before(async () => {
  server = new Server();
  await server.start();
  browser = await launch();
  page = browser.ctx.pages()[0] ?? await browser.ctx.newPage();
  page.on('pageerror', e => console.error('page error:', e));
  await page.goto(server.url);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  server?.cleanup();
});

// Red mates in two: the a-chariot takes the back rank, the general must step
// up the d-file (the flying-general rule keeps it off the e-file), and the
// b-chariot closes the d-file.
const chariotMate = '3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1';

test('a chariot mate on one screen ends with the result dialog', async () => {
  await newGame(page, { mode: 'local', variant: 'xiangqi', setup: chariotMate });
  assert.equal(await page.locator('#xboard:not([hidden]) .xq-piece').count(), 4);
  assert.equal(await page.locator('#board[hidden]').count(), 1);
  // Legal destinations appear on a click; an illegal point is refused.
  await clickPoint(page, 'a0');
  assert.ok(await page.locator('.xq-dest').count() >= 9);
  await clickPoint(page, 'b1'); // not a destination: deselects
  assert.equal(await page.locator('.xq-dest').count(), 0);
  for (const m of ['a0a9', 'd9d8', 'b0d0']) await xiangqiMove(page, m);
  await page.waitForSelector('#over-dialog[open]');
  assert.equal(await page.textContent('#over-title'), 'Red wins (1-0)');
  assert.equal(await page.textContent('#over-reason'), 'By checkmate.');
  assert.deepEqual(await sans(page), ['俥九进九', '將４进１', '俥八平六']);
  assert.equal(await page.locator('.xq-piece.check').count(), 1);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'xiangqi-mate.png') });
  await page.click('#over-dialog button[value=review]');
  await page.selectOption('#notation', 'wxf');
  assert.deepEqual(await sans(page), ['R9+9', 'K4+1', 'R8.6']);
  await page.selectOption('#notation', 'iccs');
  assert.deepEqual(await sans(page), ['a0a9', 'd9d8', 'b0d0']);
  await page.selectOption('#notation', 'chinese');
  assert.equal(await page.locator('#btn-claim[hidden]').count(), 1);
  const text = await page.evaluate(() => fetch(document.getElementById('btn-download-pgn').href).then(r => r.text()));
  assert.match(text, /\[Format "Chinese"\]/);
  assert.match(text, /1\. 俥九进九 將４进１\s+2\. 俥八平六 1-0/);
});

test('against the computer as Black: the board faces Black, Red opens, undo and phone width', async () => {
  await newGame(page, { mode: 'computer', variant: 'xiangqi', color: 'black', level: 'greedy' });
  await waitMoves(page, 1);
  assert.equal(await page.locator('#xboard.orientation-black').count(), 1);
  assert.match(await page.textContent('#name-bottom'), /You \(black\)/);
  assert.match(await page.textContent('#name-top'), /Gambit · Greedy \(1 ply\)/);
  // Black's a-file soldier steps forward (a6a5 is always legal at the start),
  // dragged this time.
  const from = await pointPoint(page, 'a6');
  const to = await pointPoint(page, 'a5');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
  await page.mouse.move(to.x, to.y);
  await page.mouse.up();
  await waitMoves(page, 3);
  assert.equal((await page.evaluate(() => fetch(`/api/games/${location.pathname.split('/').pop()}`).then(r => r.json())))
    .moves[1].uci, 'a6a5');
  await page.click('#btn-undo');
  await page.waitForFunction(() => document.querySelectorAll('#moves .san:not(.empty)').length === 1);
  await page.screenshot({ path: join(artifacts, 'xiangqi.png') });
  await page.click('#btn-flip');
  assert.equal(await page.locator('#xboard.orientation-white').count(), 1);
  await page.click('#btn-flip');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, { timeout: 3000 }).catch(() => {});
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than a phone`);
  await page.screenshot({ path: join(artifacts, 'xiangqi-phone.png') });
  await page.setViewportSize({ width: 1100, height: 800 });
});
