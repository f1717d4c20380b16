// The puzzles (issue 43) as a new player meets them, in the three
// languages: /training/{id} plays a puzzle from the position before the
// opponent's mistake, the opponent's move shown; a wrong move is said and
// taken back, the mate found by mouse or typed in the move box, the
// puzzle's rating, themes, source and an "analyse" link after it; a
// xiangqi puzzle in simplified Chinese; the streak and the daily puzzle in
// traditional Chinese; a signed-in player's puzzle rating moves. The
// server loads testdata/puzzles.csv (gambit serve --puzzles) beside its
// starter set. Screenshots go to e2e/artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, artifacts, axe, signUp } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const app = openApp({ extra: ['--puzzles', join(here, 'testdata', 'puzzles.csv')] });
mkdirSync(artifacts, { recursive: true });
const shot = (page, name) => page.screenshot({ path: join(artifacts, `training-${name}.png`) });

const phase = page => page.evaluate(() => document.getElementById('training')?.dataset.phase);
const waitPhase = (page, ...want) => page.waitForFunction(w => w.includes(document.getElementById('training')?.dataset.phase ?? ''), want, { timeout: 15000 });
const status = page => page.textContent('#t-status');

// squareAt is the centre of a chess square on the puzzle's board.
async function clickSquare(page, key) {
  const box = await page.locator('#t-board').boundingBox();
  const black = await page.locator('#t-board.orientation-black').count() > 0;
  let file = key.charCodeAt(0) - 97;
  let rank = Number(key[1]) - 1;
  if (black) { file = 7 - file; rank = 7 - rank; }
  await page.mouse.click(box.x + (file + 0.5) * box.width / 8, box.y + (7 - rank + 0.5) * box.height / 8);
}

// clickPoint clicks a xiangqi point (ICCS) on the puzzle's xiangqi board.
async function clickPoint(page, key) {
  const box = await page.locator('#t-xboard').boundingBox();
  const x = key.charCodeAt(0) - 97;
  const y = 9 - Number(key.slice(1));
  await page.mouse.click(box.x + (x + 0.5) * box.width / 9, box.y + (y + 0.5) * box.height / 10);
}

async function typeMove(page, text) {
  await page.fill('#t-move-input', text);
  await page.press('#t-move-input', 'Enter');
}

test('a chess puzzle in English: the opponent\'s move shown, a wrong move taken back, the mate typed', async () => {
  const page = app.page;
  await page.goto(`${app.server.url}/?lang=en`);
  await page.click('#link-training');
  await page.waitForURL(u => u.pathname === '/training');
  await page.goto(`${app.server.url}/training/l634tq43?lang=en`);
  await waitPhase(page, 'play');
  assert.equal(await status(page), 'Your move: find the best move for White.');
  const said = await page.textContent('#announce');
  assert.ok(said.includes('Black: Knight f6') && said.includes('Your move: find the best move for White.'), `said to screen readers: ${said}`);
  assert.equal(await page.locator('#t-board.orientation-white').count(), 1, 'White solves, from White\'s side');
  assert.equal(await page.locator('#t-board square.last-move').count(), 2, 'the opponent\'s move (…Nf6) is marked');
  await shot(page, 'chess-start');
  // Qh4 is legal and not the move: said, then taken back.
  await clickSquare(page, 'h5');
  await clickSquare(page, 'h4');
  await waitPhase(page, 'wrong');
  assert.equal(await status(page), 'That’s not the move.');
  await waitPhase(page, 'play');
  assert.equal(await status(page), 'Try something else for White, or view the solution.');
  assert.match(await page.getAttribute('#training', 'data-fen'), /^r1bqkb1r\/pppp1ppp\/2n2n2\/4p2Q\//, 'the queen back on h5');
  // A move that is no move gets the move box's note; then the mate.
  await typeMove(page, 'Qz9');
  assert.match(await page.textContent('#t-move-note'), /Qz9/);
  await typeMove(page, 'Qxf7#');
  await waitPhase(page, 'solved');
  assert.equal(await status(page), 'Puzzle complete, but not at the first try: it counts as failed.');
  const info = await page.textContent('#t-info');
  assert.match(info, /Puzzle rating: \d{3,4}, played \d+ times?/);
  for (const theme of ['Checkmate', 'Mate in 1', 'One move', 'Attacking f2/f7']) assert.ok(info.includes(theme), `${theme} in ${info}`);
  assert.match(info, /From: puzzles\.pgn#1/);
  const analyse = await page.getAttribute('#t-analyse', 'href');
  assert.match(analyse, /^\/analysis\?variant=chess&fen=/);
  assert.match(decodeURIComponent(analyse), /2n2n2\/4p2Q/, 'the analysis starts after the opponent\'s move');
  assert.match(await page.textContent('#t-rating'), /Signed out/);
  await page.waitForFunction(() => document.querySelector('#t-history li a')?.getAttribute('href') === '/training/l634tq43');
  assert.equal(await page.textContent('#t-history li'), '✗ Failed, rated 1500', 'the first attempt, failed, in this browser\'s history');
  assert.deepEqual(await axe(page), []);
  await shot(page, 'chess-solved');
  // The next puzzle comes, or the page says none is left.
  await page.click('#t-next');
  await waitPhase(page, 'play', 'none');
  assert.notEqual(await page.getAttribute('#training', 'data-puzzle'), 'l634tq43', 'a puzzle played is not given again');
});

test('a xiangqi puzzle in simplified Chinese, solved at the first try', async () => {
  const page = app.page;
  await page.goto(`${app.server.url}/training/wpt74gu7?lang=zh-CN`);
  await waitPhase(page, 'play');
  assert.equal(await status(page), '轮到你：为红方找出最佳着法。');
  assert.equal(await page.inputValue('#t-variant'), 'xiangqi');
  await clickPoint(page, 'a1');
  await clickPoint(page, 'a8');
  await waitPhase(page, 'play');
  await page.waitForFunction(() => document.getElementById('t-status')?.textContent?.startsWith('最佳着法！继续'));
  await shot(page, 'xiangqi-second-move');
  await typeMove(page, 'a8e8');
  await waitPhase(page, 'solved');
  assert.equal(await status(page), '解开了！谜题完成。');
  for (const theme of ['将死', '两步杀', '困毙']) assert.ok((await page.textContent('#t-info')).includes(theme), theme);
  await shot(page, 'xiangqi-solved');
});

test('the streak and the daily puzzle in traditional Chinese', async () => {
  const page = app.page;
  await page.goto(`${app.server.url}/training?lang=zh-TW&mode=streak`);
  await waitPhase(page, 'play', 'none');
  assert.equal(await page.textContent('#t-mode-rated'), '計分謎題');
  assert.equal(await page.getAttribute('#t-mode-streak', 'aria-pressed'), 'true');
  assert.equal(await page.textContent('#t-streak'), '連勝：0');
  assert.equal(await page.textContent('#t-rating'), '連勝不計等級分。');
  await page.click('#t-mode-daily');
  await waitPhase(page, 'play');
  assert.match(await status(page), /^輪到你：為(白方|黑方|紅方)找出最佳著法。$/);
  const daily = await page.getAttribute('#training', 'data-puzzle');
  await page.click('#t-mode-rated');
  await page.click('#t-mode-daily');
  await waitPhase(page, 'play');
  assert.equal(await page.getAttribute('#training', 'data-puzzle'), daily, 'the same daily puzzle');
  await page.click('#t-solution');
  await waitPhase(page, 'failed');
  assert.equal(await status(page), '未能解開謎題。以上是答案。');
  assert.deepEqual(await axe(page), []);
  await shot(page, 'daily-solution');
});

test('a signed-in player\'s puzzle rating moves with a first attempt', async () => {
  const page = await app.newPerson('solver');
  await signUp(page, app.server.url, 'solver', 'a long enough password');
  await page.goto(`${app.server.url}/training/l634tq43?lang=en`);
  await waitPhase(page, 'play');
  await typeMove(page, 'Qxf7#');
  await waitPhase(page, 'solved');
  assert.equal(await status(page), 'Solved! Puzzle complete.');
  await page.waitForFunction(() => /\(\+\d+\)$/.test(document.getElementById('t-rating')?.textContent ?? ''));
  assert.match(await page.textContent('#t-rating'), /^Your puzzle rating: \d+\?? \(\+\d+\)$/);
});
