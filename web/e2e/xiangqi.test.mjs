// Xiangqi in the browser: a chariot mate played by clicking points, the
// notations of the move list, PGN export, and the board facing Black.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, newGame, sans, waitMoves, xiangqiMove, clickPoint, pointPoint } from './harness.mjs';

const app = openApp();

// Red mates in two: the a-chariot takes the back rank, the general must step
// up the d-file (the flying-general rule keeps it off the e-file), and the
// b-chariot closes the d-file.
const chariotMate = '3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1';

test('a chariot mate on one screen ends with the result dialog', async () => {
  await newGame(app.page, { mode: 'local', variant: 'xiangqi', setup: chariotMate });
  assert.equal(await app.page.locator('#xboard:not([hidden]) .xq-piece').count(), 4);
  assert.equal(await app.page.locator('#board[hidden]').count(), 1);
  // Legal destinations appear on a click; an illegal point is refused.
  await clickPoint(app.page, 'a0');
  assert.ok(await app.page.locator('.xq-dest').count() >= 9);
  await clickPoint(app.page, 'b1'); // not a destination: deselects
  assert.equal(await app.page.locator('.xq-dest').count(), 0);
  for (const m of ['a0a9', 'd9d8', 'b0d0']) await xiangqiMove(app.page, m);
  await app.page.waitForSelector('#over-dialog[open]');
  assert.equal(await app.page.textContent('#over-title'), 'Red wins (1-0)');
  assert.equal(await app.page.textContent('#over-reason'), 'By checkmate.');
  assert.deepEqual(await sans(app.page), ['俥九進九', '將４進１', '俥八平六']); // the browser writes it, in traditional characters in English
  assert.equal(await app.page.locator('.xq-piece.check').count(), 1);
  mkdirSync(artifacts, { recursive: true });
  await app.page.screenshot({ path: join(artifacts, 'xiangqi-mate.png') });
  await app.page.click('#over-dialog button[value=close]');
  await app.page.selectOption('#notation', 'wxf');
  assert.deepEqual(await sans(app.page), ['R9+9', 'K4+1', 'R8.6']);
  await app.page.selectOption('#notation', 'iccs');
  assert.deepEqual(await sans(app.page), ['a0a9', 'd9d8', 'b0d0']);
  await app.page.selectOption('#notation', 'chinese');
  assert.equal(await app.page.locator('#btn-claim[hidden]').count(), 1);
  const text = await app.page.evaluate(() => fetch(document.getElementById('btn-download-pgn').href).then(r => r.text()));
  assert.match(text, /\[Format "Chinese"\]/);
  assert.match(text, /1\. 俥九進九 將４進１\s+2\. 俥八平六 1-0/);
});

// Red's cannon, screened by a soldier, swings between the a- and b-files and
// attacks Black's unprotected chariot with every move (Fairy-Stockfish's
// "direct chase by cannon"): the third time round, Red loses by perpetual
// chase, by either rule set.
const cannonChase = '2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1';

test('the repetition rules: chosen in the dialog, shown in the header, a perpetual chase loses', async () => {
  await app.page.click('#btn-new-top');
  await app.page.check('input[name=variant][value=chess]');
  assert.equal(await app.page.locator('#ruleset-choice[hidden]').count(), 1, 'chess offers no rule sets');
  await app.page.check('input[name=variant][value=xiangqi]');
  assert.equal(await app.page.locator('#ruleset-choice:not([hidden])').count(), 1);
  assert.deepEqual(await app.page.locator('#ruleset option').allTextContents(), ['WXF rules', 'Chinese rules']);
  await newGame(app.page, { mode: 'local', variant: 'xiangqi', setup: cannonChase, ruleSet: 'chinese' });
  assert.match(await app.page.textContent('#game-head-info'), /^Xiangqi \(Chinese chess\) · No clock · Chinese rules · Casual$/);
  const cycle = ['c2a2', 'a7b7', 'a2b2', 'b7a7', 'b2a2', 'a7b7', 'a2b2', 'b7a7', 'b2a2'];
  for (const m of cycle) await xiangqiMove(app.page, m);
  await app.page.waitForSelector('#over-dialog[open]');
  assert.equal(await app.page.textContent('#over-title'), 'Black wins (0-1)');
  assert.equal(await app.page.textContent('#over-reason'), 'Red loses by perpetual chase.');
  mkdirSync(artifacts, { recursive: true });
  await app.page.screenshot({ path: join(artifacts, 'xiangqi-chase.png') });
  await app.page.click('#over-dialog button[value=close]');
  const id = new URL(app.page.url()).pathname.split('/').pop();
  const g = await app.page.evaluate(id => fetch(`/api/games/${id}`).then(r => r.json()), id);
  assert.equal(g.ruleSet, 'chinese');
  assert.equal(g.termination, 'perpetual chase');
});

test('against the computer as Black: the board faces Black, Red opens, undo and phone width', async () => {
  await newGame(app.page, { mode: 'computer', variant: 'xiangqi', color: 'black', level: 'greedy' });
  await waitMoves(app.page, 1);
  assert.equal(await app.page.locator('#xboard.orientation-black').count(), 1);
  assert.match(await app.page.textContent('#name-bottom'), /You \(black\)/);
  assert.match(await app.page.textContent('#name-top'), /Gambit · Greedy \(1 ply\)/);
  // Black's a-file soldier steps forward (a6a5 is always legal at the start),
  // dragged this time.
  const from = await pointPoint(app.page, 'a6');
  const to = await pointPoint(app.page, 'a5');
  await app.page.mouse.move(from.x, from.y);
  await app.page.mouse.down();
  await app.page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
  await app.page.mouse.move(to.x, to.y);
  await app.page.mouse.up();
  await waitMoves(app.page, 3);
  assert.equal((await app.page.evaluate(() => fetch(`/api/games/${location.pathname.split('/').pop()}`).then(r => r.json())))
    .moves[1].uci, 'a6a5');
  await app.page.click('#btn-undo');
  await app.page.waitForFunction(() => document.querySelectorAll('#moves .san:not(.empty)').length === 1);
  await app.page.screenshot({ path: join(artifacts, 'xiangqi.png') });
  await app.page.click('#btn-flip');
  assert.equal(await app.page.locator('#xboard.orientation-white').count(), 1);
  await app.page.click('#btn-flip');
  await app.page.setViewportSize({ width: 390, height: 844 });
  await app.page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, { timeout: 3000 }).catch(() => {});
  const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than a phone`);
  await app.page.screenshot({ path: join(artifacts, 'xiangqi-phone.png') });
  await app.page.setViewportSize({ width: 1100, height: 800 });
});
