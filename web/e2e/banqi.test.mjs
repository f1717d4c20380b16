// Banqi (暗棋) in the browser: the dialog offers it from the server's
// registry with its seats (first and second player); on one screen a flip
// by a click, a flip typed in the move box, then a move, the colours told
// once the first flip has decided them; against the computer (easy) a few
// turns in English, 繁體中文 and 简体中文, on a desktop's width and a
// phone's; online by link, each player flipping on its own screen and a
// spectator seeing no face-down piece. Every test fails on a console error
// (harness.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, axe, newGame, sans, waitMoves } from './harness.mjs';

const app = openApp();

// Characters of the face-up pieces, either script, either colour.
const glyphs = '帥仕相俥傌炮兵將士象車馬砲卒帅马车将';

// cellPoint returns the page coordinates of a square's centre on the banqi
// board: 8 files a-h across, 4 ranks 1-4 up, a1 bottom left for everyone.
async function cellPoint(page, sq) {
  const box = await page.locator('#bqboard .bq-layer').boundingBox();
  const x = sq.charCodeAt(0) - 97;
  const y = 4 - Number(sq[1]);
  return { x: box.x + (x + 0.5) * box.width / 8, y: box.y + (y + 0.5) * box.height / 4 };
}

async function clickCell(page, sq) {
  const p = await cellPoint(page, sq);
  await page.mouse.click(p.x, p.y);
}

// dests reads the moves the board offers now.
const dests = page => page.evaluate(() => JSON.parse(document.body.dataset.dests || '{}'));

// waitDests waits until the board offers the user moves (its turn).
const waitDests = page => page.waitForFunction(() => Object.keys(JSON.parse(document.body.dataset.dests || '{}')).length > 0, null, { timeout: 15000 });

// flippable lists the squares the board offers to flip (their own destination).
const flippable = async page => Object.entries(await dests(page)).filter(([k, v]) => v.includes(k)).map(([k]) => k);

// counts reads the board drawn: face-down discs and face-up pieces.
const counts = page => page.evaluate(() => ({
  down: document.querySelectorAll('#bqboard .xq-piece.facedown').length,
  up: document.querySelectorAll('#bqboard .xq-piece:not(.facedown)').length,
}));

// fenColour is the FEN's third field: the first player's colour, or "-".
const fenColour = page => page.evaluate(() => document.body.dataset.fen.split(' ')[2]);

async function resign(page) {
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#over-dialog[open]');
}

// noOverflow checks the page is no wider than its window.
async function noOverflow(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what}: the page is ${overflow}px wider than the window`);
}

test('the new-game dialog offers banqi with its rules, its seats and its computer levels, from the server', async () => {
  await app.page.click('#btn-new-top');
  await app.page.check('input[name=mode][value=computer]');
  await app.page.check('input[name=variant][value=banqi]');
  assert.match(await app.page.textContent('#variant-help'), /the first flip decides who plays which colour/);
  assert.match(await app.page.textContent('#variant-rules-text'), /a soldier can capture the general/);
  assert.deepEqual(await app.page.$$eval('#level option', os => os.map(o => o.value)), ['easy', 'hard']);
  assert.equal(await app.page.textContent('.sides-legend'), 'You play');
  assert.equal(await app.page.textContent('.first-side'), 'First');
  assert.equal(await app.page.textContent('.second-side'), 'Second');
  // Back to a variant of colours: the legend and the sides follow.
  await app.page.check('input[name=variant][value=xiangqi]');
  assert.equal(await app.page.textContent('.sides-legend'), 'Your colour');
  assert.equal(await app.page.textContent('.first-side'), 'Red');
  assert.equal(await app.page.textContent('.second-side'), 'Black');
  await app.page.click('#new-dialog button[value=cancel]');
});

test('banqi on one screen: a flip by a click, a flip typed, then (set up) a capture by a drag; the colours told; no flip, undo or analysis', async () => {
  // From the usual start: whatever d2 turns up is the first player's (its
  // colour decides).
  await newGame(app.page, { mode: 'local', variant: 'banqi' });
  assert.equal(await app.page.locator('#bqboard:not([hidden])').count(), 1);
  assert.equal(await app.page.locator('#board[hidden]').count(), 1);
  assert.equal(await app.page.locator('#xboard[hidden]').count(), 1);
  assert.deepEqual(await counts(app.page), { down: 32, up: 0 });
  assert.equal(await app.page.isVisible('#btn-flip'), false, 'drawn one way for everyone');
  assert.equal(await app.page.isVisible('#btn-undo'), false, 'no takeback in banqi');
  assert.equal(await app.page.isVisible('#btn-analyse'), false, 'no analysis board for banqi');
  assert.equal(await app.page.getAttribute('#bqboard', 'tabindex'), '0');
  assert.match(await app.page.getAttribute('#bqboard', 'aria-label'), /move box/);
  assert.deepEqual(await app.page.$$eval('#bqboard .xq-piece.facedown', ds => [...new Set(ds.map(d => d.getAttribute('aria-label')))]), ['face-down piece']);
  assert.equal(await app.page.textContent('#status'), 'First to move');
  assert.equal(await app.page.textContent('#variant-words'), 'The first flip decides the colours: the first player plays the colour it turns up.');
  assert.ok((await flippable(app.page)).includes('d2'));
  // A flip: one click.
  await clickCell(app.page, 'd2');
  await waitMoves(app.page, 1);
  const [first] = await sans(app.page);
  assert.match(first, new RegExp(`^d2 flip [${glyphs}]$`), first);
  const colour = await fenColour(app.page);
  assert.ok(colour === 'r' || colour === 'b', colour);
  const [mine, theirs] = colour === 'r' ? ['red', 'black'] : ['black', 'red'];
  assert.equal(await app.page.locator('#bqboard .xq-piece[data-key=d2]').getAttribute('class'), `xq-piece ${mine}`);
  assert.equal(await app.page.locator('#moves .san.reveal').first().getAttribute('title'), `First flipped d2: ${mine} ${await nameOf(first.at(-1))}.`);
  assert.match(await app.page.textContent('#variant-words'), new RegExp(`First plays ${mine}, Second plays ${theirs}\\.`));
  assert.equal(await app.page.textContent('#status'), 'Second to move');
  // A flip typed in the move box: its square alone.
  await waitDests(app.page);
  await app.page.fill('#move-input', 'e2');
  await app.page.press('#move-input', 'Enter');
  await waitMoves(app.page, 2);
  assert.match((await sans(app.page))[1], new RegExp(`^e2 flip [${glyphs}]$`));
  assert.equal(await app.page.inputValue('#move-input'), '');
  // A move: from a set position (every piece on the board, face up or
  // down: a set position with fewer would deal a secret subset the game's
  // end could tell), the first player's chariot on d2 takes the soldier on
  // d1. A click shows where it may go; then it is dragged there.
  await newGame(app.page, { mode: 'local', variant: 'banqi', setup: 'xxxxxxxx/xxxxxxxx/xxxRxxxx/xxxpxxxx w r 0 2' });
  await waitDests(app.page);
  assert.ok((await dests(app.page)).d2?.includes('d1'), JSON.stringify(await dests(app.page)));
  await clickCell(app.page, 'd2');
  assert.ok(await app.page.locator('#bqboard .bq-dest').count() >= 1, 'its destinations shown');
  assert.equal(await app.page.locator('#bqboard .xq-piece.selected[data-key=d2]').count(), 1);
  const from = await cellPoint(app.page, 'd2');
  const to = await cellPoint(app.page, 'd1');
  await app.page.mouse.move(from.x, from.y);
  await app.page.mouse.down();
  await app.page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
  await app.page.mouse.move(to.x, to.y);
  await app.page.mouse.up();
  await waitMoves(app.page, 1);
  const moves = await sans(app.page);
  assert.equal(moves[0], '俥 d2×d1');
  assert.equal(await app.page.locator('#bqboard .bq-last').count(), 2, 'the last move\'s two squares');
  assert.deepEqual(await counts(app.page), { down: 30, up: 1 });
  // The side panel: the pieces taken of each colour, black's soldier.
  assert.equal(await app.page.isVisible('#variant-panel'), true);
  assert.deepEqual(await app.page.$$eval('#variant-panel .taken-row', rs => rs.map(r => [r.dataset.color, r.querySelectorAll('.taken-piece').length])), [['red', 0], ['black', 1]]);
  const id = await app.page.evaluate(() => document.body.dataset.game);
  const g = await app.page.evaluate(id => fetch(`/api/games/${id}`).then(r => r.json()), id);
  assert.deepEqual(g.moves.map(m => m.uci), ['d2d1']);
  // The squares notation: as the server takes them.
  await app.page.selectOption('#notation', 'squares');
  assert.deepEqual(await sans(app.page), ['d2d1']);
  await app.page.selectOption('#notation', 'pieces');
  assert.deepEqual(await axe(app.page), [], 'axe, the banqi game page');
  mkdirSync(artifacts, { recursive: true });
  await app.page.screenshot({ path: join(artifacts, 'banqi-local.png') });
  await resign(app.page);
});

// nameOf is a piece's English name by its character, as the page says it.
async function nameOf(glyph) {
  const names = { 帥: 'general', 將: 'general', 仕: 'advisor', 士: 'advisor', 相: 'elephant', 象: 'elephant', 俥: 'chariot', 車: 'chariot',
    傌: 'horse', 馬: 'horse', 炮: 'cannon', 砲: 'cannon', 兵: 'soldier', 卒: 'soldier' };
  return `${names[glyph]} (${glyph})`;
}

// The words of each language: the status line, the colours, the move list.
const words = {
  'en-US': { youMove: 'First to move', flip: 'flip', you: c => `You play ${c}.`, red: 'red', black: 'black', wins: 'Second wins (0-1)', resigned: 'First resigned.' },
  'zh-TW': { youMove: '輪到先手走棋', flip: '翻', you: c => `你執${c}。`, red: '紅', black: '黑', wins: '後手勝（0-1）', resigned: '先手認輸。' },
  'zh-CN': { youMove: '轮到先手走棋', flip: '翻', you: c => `你执${c}。`, red: '红', black: '黑', wins: '后手胜（0-1）', resigned: '先手认输。' },
};

for (const [locale, w] of Object.entries(words)) {
  test(`banqi against the computer (easy) in ${locale}: flips and replies, the colours told, on a desktop and a phone`, async () => {
    const page = await app.newPerson(locale, { locale });
    await page.goto(app.server.url);
    await newGame(page, { mode: 'computer', variant: 'banqi', color: 'white', level: 'easy' });
    await waitDests(page);
    assert.equal(await page.textContent('#status'), w.youMove);
    assert.match(await page.textContent('#name-top'), /Gambit/);
    // Three turns: a flip of ours (a face-down piece the board offers),
    // then the computer's reply; a move of ours where one is offered.
    for (let turn = 0; turn < 3; turn++) {
      const before = (await sans(page)).length;
      const d = await dests(page);
      const move = Object.entries(d).find(([k, v]) => v.some(to => to !== k));
      if (turn > 0 && move) {
        await clickCell(page, move[0]);
        await clickCell(page, move[1].find(to => to !== move[0]));
      } else {
        await clickCell(page, (await flippable(page))[0]);
      }
      await waitMoves(page, before + 2); // ours and the computer's reply
      await page.waitForFunction(() => document.body.dataset.status !== 'started' || Object.keys(JSON.parse(document.body.dataset.dests || '{}')).length > 0, null, { timeout: 15000 });
      if (await page.evaluate(() => document.body.dataset.status !== 'started')) break;
    }
    const moves = await sans(page);
    assert.match(moves[0], new RegExp(`^[a-h][1-4] ${w.flip === 'flip' ? 'flip ' : '翻'}[${glyphs}]$`), moves[0]);
    const colour = await fenColour(page);
    assert.equal(await page.textContent('#variant-words').then(t => t.includes(w.you(colour === 'r' ? w.red : w.black))), true, await page.textContent('#variant-words'));
    assert.ok((await counts(page)).down <= 30, 'our flip and the computer\'s reply turned two pieces up');
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, `banqi-computer-${locale}.png`) });
    // A phone's width: the board fits, the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, { timeout: 3000 }).catch(() => {});
    await noOverflow(page, `${locale} phone`);
    const box = await page.locator('#bqboard').boundingBox();
    assert.ok(box.width >= 340 && box.width <= 390, `the board is ${box.width}px wide on a phone`);
    await page.screenshot({ path: join(artifacts, `banqi-phone-${locale}.png`), fullPage: true });
    await page.setViewportSize({ width: 1100, height: 800 });
    await resign(page);
    assert.equal(await page.textContent('#over-title'), w.wins);
    assert.equal(await page.textContent('#over-reason'), w.resigned);
    // Seeded: once over, the seed and the command that checks the deal.
    await page.waitForFunction(() => /gambit banqi verify/.test(document.getElementById('over-fair').textContent));
  });
}

test('banqi online by link: the guest joins as the second player, each flips on its own screen, a spectator sees the same board and no face-down piece', async () => {
  await newGame(app.page, { mode: 'online', variant: 'banqi', color: 'white' });
  await app.page.waitForSelector('#invite:not([hidden])');
  const link = await app.page.inputValue('#invite-link');
  const id = new URL(link).pathname.split('/').pop();
  const guest = await app.newPerson('guest');
  await guest.goto(link);
  await guest.waitForFunction(id => document.body.dataset.game === id, id);
  await waitDests(app.page);
  assert.deepEqual(await dests(guest), {}, 'not the guest\'s turn');
  // The host flips; its flip decides the colours, on both screens.
  const [sq] = await flippable(app.page);
  await clickCell(app.page, sq);
  await waitMoves(guest, 1);
  const colour = await fenColour(guest);
  assert.match(colour, /^[rb]$/, 'the first flip gives the first player a colour');
  assert.equal(await fenColour(app.page), colour);
  // The guest flips another.
  await waitDests(guest);
  const [other] = (await flippable(guest)).filter(s => s !== sq);
  await clickCell(guest, other);
  await waitMoves(app.page, 2);
  // A spectator sees two pieces up, thirty down, and no face-down identity
  // anywhere the server sent it.
  const spectator = await app.newPerson('spectator');
  await spectator.goto(link);
  await spectator.waitForFunction(id => document.body.dataset.game === id, id);
  await waitMoves(spectator, 2);
  assert.deepEqual(await counts(spectator), { down: 30, up: 2 });
  assert.deepEqual(await sans(spectator), await sans(app.page));
  const s = await spectator.evaluate(id => fetch(`/api/games/${id}`).then(r => r.json()), id);
  assert.equal(s.fen.split(' ')[0].replace(/[0-9/x]/g, '').length, 2, `only the two flipped pieces in ${s.fen}`);
  assert.equal(s.fair.seed, undefined, 'the seed stays secret while the game is played');
  await resign(app.page);
  await guest.waitForSelector('#over-dialog[open]');
  const over = await spectator.evaluate(id => fetch(`/api/games/${id}`).then(r => r.json()), id);
  assert.match(over.fair.seed, /^[0-9a-f]{64}$/, 'the seed is revealed once over');
});
