// The variants of hidden or random information in the browser: fog of war
// against the computer, on one screen (the hand-over cover) and online
// between two people, each seeing only their own view; dice and bomb chess
// against the computer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, clickSquare, move, newGame, sans, waitMoves } from './harness.mjs';

const app = openApp();

// gameState fetches the game the page shows as the HTTP API gives it: a
// spectator's view, the whole game once it is over.
const gameState = page => page.evaluate(() => fetch(`/api/games/${location.pathname.split('/').pop()}`).then(r => r.json()));

// shown is what the page draws: version, status, the moves it offers (the
// server's dests, cut for this player) and the moves listed.
const shown = page => page.evaluate(() => ({ v: Number(document.body.dataset.v), status: document.body.dataset.status,
  dests: JSON.parse(document.body.dataset.dests || '{}'), sans: [...document.querySelectorAll('#moves .san:not(.empty)')].map(b => b.textContent) }));

const over = s => !['created', 'started'].includes(s.status);

// fogSquares lists the squares the board draws fogged.
const fogSquares = page => page.evaluate(() => [...document.querySelectorAll('#board cg-board square.fog')].map(q => q.cgKey).sort());

// boardPieces maps each square with a piece drawn to "white pawn" and the like.
const boardPieces = page => page.evaluate(() => Object.fromEntries(
  [...document.querySelectorAll('#board cg-board piece:not(.fading):not(.ghost)')].map(p => [p.cgKey, p.className.replace(/ (anim|dragging)/g, '')])));

// pick chooses a move of the dests: a capture of what the board shows if
// there is one (the king above all), else any, by a seeded choice.
function pick(dests, pieces, n) {
  const all = Object.entries(dests).flatMap(([from, tos]) => tos.map(to => [from, to]));
  const king = all.find(([, to]) => /king/.test(pieces[to] ?? ''));
  if (king) return king;
  const captures = all.filter(([, to]) => pieces[to]);
  const from = captures.length > 0 ? captures : all;
  return from[(n * 7919) % from.length];
}

// playMove clicks a move on the board (choosing a queen if it promotes)
// and waits until the server has taken it.
async function playMove(page, [from, to], v) {
  await clickSquare(page, from);
  await clickSquare(page, to);
  if (await page.locator('#promo:not([hidden])').count()) await page.click('#promo .promo-choice[data-role=queen]');
  await page.waitForFunction(v => Number(document.body.dataset.v) > v, v, { timeout: 15000 });
}

// resign resigns (the button asks twice) and waits for the game-over dialog.
async function resign(page) {
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#over-dialog[open]');
}

// resignUnlessOver resigns a game against the computer unless it ends
// first: the computer's reply to the last move may end it while the
// button is being clicked (the button is then disabled), which is no
// failure; anything else still is.
async function resignUnlessOver(page) {
  for (let tries = 0; tries < 5; tries++) {
    if (over(await shown(page))) return;
    try {
      await page.click('#btn-resign', { timeout: 3000 });
      await page.click('#btn-resign', { timeout: 3000 });
      await page.waitForSelector('#over-dialog[open]', { timeout: 5000 });
      return;
    } catch (e) {
      if (over(await shown(page))) return;
      if (tries === 4) throw e;
    }
  }
}

// playAgainstComputer plays white's moves from the dests until the game ends
// or plies moves were made, then resigns; check runs on every position of
// white's turn, and may make the move itself (it returns true then). It
// returns the last state, as the HTTP API gives it.
async function playAgainstComputer(page, plies, check = async () => {}) {
  let s;
  for (let n = 0; n < plies; n++) {
    const deadline = Date.now() + 20000;
    for (;;) {
      s = await shown(page);
      if (over(s) || Object.keys(s.dests).length > 0) break;
      assert.ok(Date.now() < deadline, `no turn for white: ${JSON.stringify(s).slice(0, 300)}`);
      await page.waitForTimeout(150);
    }
    if (over(s)) break;
    if (await check(s, n)) continue;
    await playMove(page, pick(s.dests, await boardPieces(page), n), s.v);
  }
  await resignUnlessOver(page);
  return gameState(page);
}

test('the new-game dialog offers the three with their rules, and each variant its own levels', async () => {
  for (const d of await app.page.locator('dialog[open]').all()) await d.evaluate(el => el.close());
  await app.page.click('#btn-new-top');
  await app.page.check('input[name=mode][value=computer]');
  for (const [variant, words, level] of [['fogofwar', /capture the king/, 'easy'], ['dice', /three dice/, 'easy'], ['bomb', /mines/, 'easy']]) {
    await app.page.check(`input[name=variant][value=${variant}]`);
    await app.page.waitForFunction(v => document.querySelector('#level option')?.value === 'easy', variant);
    assert.match(await app.page.textContent('#variant-help'), words);
    assert.equal(await app.page.inputValue('#level'), level);
    assert.equal(await app.page.isVisible('#variant-rules'), true);
  }
  await app.page.click('#variant-rules-title');
  assert.match(await app.page.textContent('#variant-rules-text'), /eight mines/);
  mkdirSync(artifacts, { recursive: true });
  await app.page.screenshot({ path: join(artifacts, 'variants-dialog.png') });
  await app.page.check('input[name=variant][value=chess]');
  assert.equal(await app.page.isVisible('#variant-rules'), false, 'chess has its summary only');
  await app.page.click('#new-dialog button[value=cancel]');
});

test('fog of war against the computer: fog while it runs, hidden replies, the whole board at the end', async () => {
  await newGame(app.page, { mode: 'computer', variant: 'fogofwar', level: 'easy' });
  assert.equal(await app.page.isVisible('#btn-undo'), false, 'no takeback in fog of war');
  let checked = 0;
  const s = await playAgainstComputer(app.page, 60, async st => {
    const fog = await fogSquares(app.page);
    assert.ok(fog.length >= 16, `fog on ${fog.length} squares`);
    // No piece is drawn on a fogged square.
    const pieces = await boardPieces(app.page);
    assert.deepEqual(fog.filter(k => pieces[k]), []);
    if (st.sans.length >= 2) assert.ok(st.sans.filter((m, i) => i % 2 === 1).every(m => m === '?'), "the computer's moves are hidden");
    if (checked++ === 3) {
      mkdirSync(artifacts, { recursive: true });
      await app.page.screenshot({ path: join(artifacts, 'fogofwar-computer.png') });
    }
  });
  assert.ok(checked >= 2, 'played a few moves');
  assert.ok(over(s), s.status);
  await app.page.waitForSelector('#over-dialog[open]');
  const reason = await app.page.textContent('#over-reason');
  assert.ok(reason.length > 0);
  assert.equal(s.ext?.fog, undefined, 'no fog after the end');
  assert.deepEqual(await fogSquares(app.page), []);
  // The whole board: black's pieces are drawn again (those still on it).
  const pieces = await boardPieces(app.page);
  assert.ok(Object.values(pieces).some(p => p.startsWith('black')), 'black pieces shown after the end');
  assert.ok(!(await sans(app.page)).includes('?'), 'every move shown after the end');
  await app.page.screenshot({ path: join(artifacts, 'fogofwar-computer-end.png') });
  await app.page.click('#over-dialog button[value=review]');
});

test('fog of war on one screen: the board is covered until the next player shows it', async () => {
  await newGame(app.page, { mode: 'local', variant: 'fogofwar' });
  assert.equal(await app.page.isVisible('#handover'), false, 'a new game starts uncovered');
  await move(app.page, 'e2e4');
  await app.page.waitForSelector('#handover:not([hidden])');
  assert.equal(await app.page.textContent('#handover-text'), 'Pass the device to Black');
  // The board draws a change on its next frame (chessground redraws in
  // requestAnimationFrame): wait for it, then read it.
  await app.page.waitForFunction(() => document.querySelectorAll('#board cg-board square.unseen').length === 64);
  assert.deepEqual(await boardPieces(app.page), {}, 'the covered board shows nothing');
  await app.page.click('#btn-handover');
  await app.page.waitForSelector('#handover', { state: 'hidden' });
  assert.equal(await app.page.locator('#board.orientation-black').count(), 1, "black's side at the bottom");
  await app.page.waitForFunction(() => document.querySelectorAll('#board cg-board square.unseen').length === 0);
  const pieces = await boardPieces(app.page);
  assert.equal(pieces.e8, 'black king');
  assert.equal(pieces.e4, undefined, "white's pawn is in black's fog");
  assert.ok((await fogSquares(app.page)).includes('e1'));
  await move(app.page, 'e7e5');
  await app.page.waitForSelector('#handover:not([hidden])');
  assert.equal(await app.page.textContent('#handover-text'), 'Pass the device to White');
});

test('fog of war online: each player sees their own pieces, the opponent in fog; a spectator sees none', async () => {
  await newGame(app.page, { mode: 'online', variant: 'fogofwar', color: 'white' });
  await app.page.waitForSelector('#invite:not([hidden])');
  const link = await app.page.inputValue('#invite-link');
  const b = await app.newPerson('B');
  await b.goto(link);
  const id = new URL(link).pathname.split('/').pop();
  await b.waitForFunction(id => document.body.dataset.game === id, id);
  await b.waitForSelector('#board.orientation-black');
  const moves = [[app.page, 'e2e4'], [b, 'd7d5'], [app.page, 'g1f3'], [b, 'b8c6'], [app.page, 'f1c4'], [b, 'g8f6']];
  for (const [i, [page, uci]] of moves.entries()) {
    await page.waitForFunction(() => !document.querySelector('#btn-resign').disabled);
    await page.waitForFunction(() => document.querySelectorAll('#board cg-board piece').length > 0);
    // The mover has seen the i moves before its own (counting them once and waiting for that
    // count raced the opponent's move arriving in between).
    await waitMoves(page, i);
    await move(page, uci);
  }
  // Both have seen all six moves.
  for (const page of [app.page, b]) await page.waitForFunction(() => document.querySelectorAll('#moves .san:not(.empty)').length === 6);
  mkdirSync(artifacts, { recursive: true });
  await app.page.screenshot({ path: join(artifacts, 'fogofwar-online-white.png') });
  await b.screenshot({ path: join(artifacts, 'fogofwar-online-black.png') });
  for (const [page, me, them, back] of [[app.page, 'white', 'black', '8'], [b, 'black', 'white', '1']]) {
    const pieces = await boardPieces(page);
    const mine = Object.values(pieces).filter(p => p.startsWith(me)).length;
    assert.equal(mine, 16, `${me} sees its 16 pieces`);
    const fog = await fogSquares(page);
    for (const f of 'abcdefgh') assert.ok(fog.includes(f + back), `${me}: ${f + back} fogged`);
    // Of the opponent only what a piece could capture shows (e4 sees d5).
    const theirs = Object.entries(pieces).filter(([, p]) => p.startsWith(them));
    assert.ok(theirs.length < 3, `${me} sees ${JSON.stringify(theirs)}`);
    assert.deepEqual(theirs.filter(([k]) => fog.includes(k)), []);
    const seen = await sans(page);
    assert.equal(seen.filter(m => m === '?').length, 3, `${me} sees the opponent's three moves as ?`);
  }
  // A spectator: an empty board, all in fog.
  const c = await app.newPerson('C');
  await c.goto(link);
  await c.waitForFunction(id => document.body.dataset.game === id, id);
  await c.waitForFunction(() => document.querySelectorAll('#board cg-board square.fog').length === 64);
  assert.deepEqual(await boardPieces(c), {});
  assert.equal(await c.textContent('#status'), 'Fog of war: the board shows when the game is over');
  await c.screenshot({ path: join(artifacts, 'fogofwar-online-spectator.png') });
  // Nothing offers the spectator a player's view while the game is played.
  assert.equal(await c.$('#follow-select'), null);
  // White resigns: both see the whole board.
  await resign(app.page);
  await b.waitForSelector('#over-dialog[open]');
  await b.waitForFunction(() => document.querySelectorAll('#board cg-board square.fog').length === 0);
  const all = await boardPieces(b);
  assert.equal(Object.values(all).filter(p => p.startsWith('white')).length, 16);
});

test('dice chess against the computer: the dice of each turn, moves one per die, a pass, the seed at the end', async () => {
  await newGame(app.page, { mode: 'computer', variant: 'dice', level: 'easy' });
  assert.equal(await app.page.isVisible('#btn-undo'), false, 'no takeback in dice chess');
  assert.match(await app.page.textContent('#fair'), /commitment/i);
  let passed = 0;
  let shot = false;
  const s = await playAgainstComputer(app.page, 16, async (st, n) => {
    await app.page.waitForSelector('#dice:not([hidden])');
    const dice = await app.page.$$eval('#dice-faces .die', ds => ds.map(d => ({ piece: d.dataset.piece, used: d.classList.contains('used') })));
    assert.equal(dice.length, 3, 'three dice');
    assert.ok(dice.every(d => /^[KQRBNP]$/.test(d.piece)), JSON.stringify(dice));
    assert.ok(dice.some(d => !d.used), 'a die is left to move with');
    const canPass = !(await app.page.isDisabled('#btn-pass'));
    // Every piece the board offers to move is of a type a die still shows.
    const pieces = await boardPieces(app.page);
    const letters = { pawn: 'P', knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };
    const left = dice.filter(d => !d.used).map(d => d.piece);
    for (const from of Object.keys(st.dests)) assert.ok(left.includes(letters[pieces[from].split(' ')[1]]), `${from} not on a die left: ${left}`);
    if (canPass) {
      assert.ok(dice.some(d => d.used), 'a pass comes after a move: a die is used');
      if (!shot) {
        mkdirSync(artifacts, { recursive: true });
        await app.page.screenshot({ path: join(artifacts, 'dice-turn.png') });
        shot = true;
      }
      if (passed < 2 && n % 3 === 0) {
        passed++;
        await app.page.click('#btn-pass');
        await app.page.waitForFunction(v => Number(document.body.dataset.v) > v, st.v);
        return true;
      }
    }
    return false;
  });
  assert.ok(over(s));
  await app.page.waitForSelector('#over-dialog[open]');
  // The list shows each turn's roll; passes are written "--".
  assert.ok(await app.page.locator('#moves li.turn .roll').count() >= 2, 'rolls in the move list');
  if (passed) assert.ok((await sans(app.page)).includes('--'), 'a pass in the list');
  await app.page.waitForFunction(() => /Seed:/.test(document.getElementById('over-fair').textContent));
  assert.match(await app.page.textContent('#over-fair'), /gambit dice verify/);
  assert.equal(s.fair.seed.length > 0, true);
  await app.page.screenshot({ path: join(artifacts, 'dice-over.png') });
  const pgn = await app.page.evaluate(() => fetch(document.getElementById('btn-download-pgn').href).then(r => r.text()));
  assert.match(pgn, /\[Variant "Dice chess"\]/);
  await app.page.click('#over-dialog button[value=review]');
});

test('bomb chess against the computer: mines marked as they go off, all eight at the end', async () => {
  mkdirSync(artifacts, { recursive: true });
  await newGame(app.page, { mode: 'computer', variant: 'bomb', level: 'easy' });
  assert.equal(await app.page.isVisible('#btn-undo'), false, 'no takeback in bomb chess');
  // Count the blasts the board animates.
  await app.page.evaluate(() => {
    window.blasts = [];
    new MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes) if (n.classList?.contains('blast')) window.blasts.push(n.children.length); })
      .observe(document.getElementById('board'), { childList: true });
  });
  // While the game runs the board marks the mines gone off, never fewer
  // than before, and none still hidden.
  let seen = [];
  const s = await playAgainstComputer(app.page, 30, async () => {
    const mines = await app.page.evaluate(() => [...document.querySelectorAll('#board cg-board square.mine')].map(q => q.cgKey).sort());
    assert.ok(seen.every(k => mines.includes(k)), `mines ${seen} then ${mines}`);
    assert.ok(mines.length < 8 || seen.length === 8);
    if (mines.length > seen.length && seen.length === 0) await app.page.screenshot({ path: join(artifacts, 'bomb-exploded.png') });
    seen = mines;
    return false;
  });
  assert.ok(over(s));
  await app.page.waitForSelector('#over-dialog[open]');
  assert.equal(s.ext.mines.length, 8, 'all mines after the end');
  await app.page.waitForFunction(() => document.querySelectorAll('#board cg-board square.mine').length === 8);
  const drawn = await app.page.evaluate(() => [...document.querySelectorAll('#board cg-board square.mine')].map(q => q.cgKey).sort());
  assert.deepEqual(drawn, [...s.ext.mines].sort());
  assert.ok(drawn.every(k => /[3-6]$/.test(k)), 'mines on ranks 3 to 6');
  const blasts = s.moves.filter(m => m.ext?.blast);
  const animated = await app.page.evaluate(() => window.blasts);
  // Every blast was animated (the one that ends a game comes in a whole
  // state, with its step), and is marked in the move list.
  assert.equal(animated.length, blasts.length, `${animated.length} animations for ${blasts.length} blasts`);
  assert.equal(await app.page.locator('#moves .san.blast').count(), blasts.length);
  for (const n of animated) assert.ok(n >= 4 && n <= 9, `a blast covers ${n} squares`);
  assert.match(await app.page.textContent('#over-fair'), /Seed:.*gambit bomb verify/s);
  await app.page.screenshot({ path: join(artifacts, 'bomb-over.png') });
  const pgn = await app.page.evaluate(() => fetch(document.getElementById('btn-download-pgn').href).then(r => r.text()));
  assert.match(pgn, /\[Variant "[^"]*[Bb]omb[^"]*"\]/);
  console.log(`bomb: ${s.moves.length} plies, ${blasts.length} blasts (${animated.length} animated), ${s.termination}`);
});

// firstMove is the first of the dests, in order.
const firstMove = dests => { const [from, tos] = Object.entries(dests).sort()[0]; return [from, tos[0]]; };

test('dice chess on one screen: a move, then a pass hands the turn over with new dice', async () => {
  const p = app.page;
  await newGame(p, { mode: 'local', variant: 'dice' });
  await p.waitForSelector('#dice:not([hidden])');
  assert.ok(await p.isDisabled('#btn-pass'), 'no pass before a move');
  const s = await shown(p);
  await playMove(p, firstMove(s.dests), s.v);
  await p.waitForFunction(() => !document.querySelector('#btn-pass').disabled);
  const v = (await shown(p)).v;
  await p.click('#btn-pass');
  await p.waitForFunction(v => Number(document.body.dataset.v) > v, v);
  assert.match(await p.textContent('#status'), /Black to move/);
  assert.equal((await sans(p)).at(-1), '--');
  assert.ok(await p.isDisabled('#btn-pass'), 'Black has not moved yet');
  const black = await shown(p);
  assert.ok(Object.keys(black.dests).every(sq => sq.endsWith('7') || sq.endsWith('8')), 'Black moves its own pieces');
});

test('bomb chess online: both players see the same board, mines as they go off, and no hidden one', async () => {
  const p = app.page;
  await newGame(p, { mode: 'online', variant: 'bomb', color: 'white' });
  await p.waitForSelector('#invite:not([hidden])');
  const link = await p.inputValue('#invite-link');
  const b = await app.newPerson('B');
  await b.goto(link);
  await b.waitForSelector('#board.orientation-black');
  let n = 0;
  for (const page of [p, b, p, b, p, b, p, b]) {
    await page.waitForFunction(() => Object.keys(JSON.parse(document.body.dataset.dests || '{}')).length > 0, null, { timeout: 15000 });
    const s = await shown(page);
    if (over(s)) break;
    await playMove(page, pick(s.dests, await boardPieces(page), n++), s.v);
  }
  await b.waitForFunction(n => document.querySelectorAll('#moves .san:not(.empty)').length === n, n);
  const mines = page => page.evaluate(() => [...document.querySelectorAll('#board cg-board square.mine')].map(q => q.cgKey).sort());
  const state = await gameState(p); // a spectator's view, as the API gives it during play
  assert.deepEqual(await mines(p), [...(state.ext?.mines ?? [])].sort());
  assert.deepEqual(await mines(b), await mines(p));
  assert.equal(state.fair?.seed, undefined, 'no seed during play');
  assert.equal(await p.evaluate(() => document.body.dataset.fen), await b.evaluate(() => document.body.dataset.fen));
  await b.screenshot({ path: join(artifacts, 'bomb-online-black.png') });
});
