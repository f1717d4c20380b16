// Jieqi (揭棋) in the browser: the dialog offers it from the server's
// registry; against the computer the board shows face-down discs, a move
// turns one over and the computer replies; online, a spectator sees no
// identity of a face-down piece, not even of one taken face down, which
// only its captor knows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, newGame, sans, waitMoves, xiangqiMove } from './harness.mjs';

const app = openApp();

// faceDown counts the face-down discs of each side, and collects their
// text (none) and labels.
const faceDown = page => page.evaluate(() => {
  const ds = [...document.querySelectorAll('#xboard .xq-piece.facedown')];
  return {
    red: ds.filter(d => d.classList.contains('red')).length,
    black: ds.filter(d => d.classList.contains('black')).length,
    text: ds.map(d => d.textContent).join(''),
    labels: [...new Set(ds.map(d => d.getAttribute('aria-label')))],
  };
});

// fenFaceDown counts the X and x of the position drawn.
const fenFaceDown = fen => ({ red: (fen.split(' ')[0].match(/X/g) ?? []).length, black: (fen.split(' ')[0].match(/x/g) ?? []).length });

// taken reads the side panel: per side, the discs of the pieces it lost.
const taken = page => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#variant-panel .taken-row')].map(r =>
  [r.dataset.color, [...r.querySelectorAll('.taken-piece')].map(p => p.textContent)])));

async function resign(page) {
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#over-dialog[open]');
}

test('the new-game dialog offers jieqi with its rules and its computer levels, from the server', async () => {
  await app.page.click('#btn-new-top');
  const registered = await app.page.evaluate(() => fetch('/api/variants').then(r => r.json()));
  const offered = await app.page.$$eval('input[name=variant]', is => is.map(i => i.value));
  assert.deepEqual([...offered].sort(), registered.map(v => v.name).sort(), 'every registered variant, and only those');
  await app.page.check('input[name=mode][value=computer]');
  await app.page.check('input[name=variant][value=jieqi]');
  assert.match(await app.page.textContent('#variant-help'), /all but the generals start face down/);
  assert.deepEqual(await app.page.$$eval('#level option', os => os.map(o => o.value)), ['easy', 'hard']);
  assert.equal(await app.page.textContent('.first-side'), 'Red');
  await app.page.click('#new-dialog button[value=cancel]');
});

test('jieqi against the computer: face-down discs, a move turns one over, the computer replies, resign', async () => {
  await newGame(app.page, { mode: 'computer', variant: 'jieqi', level: 'easy' });
  assert.equal(await app.page.locator('#xboard:not([hidden])').count(), 1);
  assert.equal(await app.page.isVisible('#btn-undo'), false, 'no takeback in jieqi');
  assert.match(await app.page.textContent('#fair'), /layout is provably fair/);
  const start = await faceDown(app.page);
  assert.deepEqual(start, { red: 15, black: 15, text: '', labels: ['face-down piece'] });
  assert.equal(await app.page.locator('#xboard .xq-piece:not(.facedown)').count(), 2, 'the generals, face up');
  // The face-down piece on the cannon's point moves as a cannon, to the centre.
  await xiangqiMove(app.page, 'h2e2');
  await waitMoves(app.page, 2); // the computer's reply
  const moves = await sans(app.page);
  assert.match(moves[0], /^炮二平五 翻[仕相傌俥炮兵]$/, 'Chinese notation, the face-down piece as its point\'s cannon, then what it turned up as');
  assert.equal(await app.page.locator('#moves .san.reveal').first().getAttribute('title').then(t => /^Red's face-down piece at 炮二 turned up /.test(t)), true);
  const after = await faceDown(app.page);
  // Red's mover turned over (and the reply may have taken a Red piece); Black's reply turned one over unless its general moved.
  assert.ok(after.red <= 14 && after.black <= 15 && after.red + after.black <= 28, JSON.stringify(after));
  assert.equal(await app.page.isVisible('#variant-panel'), true, 'the pieces-taken panel');
  mkdirSync(artifacts, { recursive: true });
  await app.page.screenshot({ path: join(artifacts, 'jieqi-computer.png') });
  await app.page.screenshot({ path: '/tmp/jieqi.png' });
  await resign(app.page);
  assert.equal(await app.page.textContent('#over-title'), 'Black wins (0-1)');
  assert.equal(await app.page.textContent('#over-reason'), 'Red resigned.');
  await app.page.waitForFunction(() => /gambit jieqi verify/.test(document.getElementById('over-fair').textContent));
});

test('jieqi online: a spectator sees no face-down identity, not even of a piece taken face down; the captor does', async () => {
  await newGame(app.page, { mode: 'online', variant: 'jieqi', color: 'white' });
  await app.page.waitForSelector('#invite:not([hidden])');
  const link = await app.page.inputValue('#invite-link');
  const id = new URL(link).pathname.split('/').pop();
  const b = await app.newPerson('B');
  await b.goto(link);
  await b.waitForFunction(id => document.body.dataset.game === id, id);
  await b.waitForSelector('#xboard.orientation-black');
  await app.page.waitForFunction(() => Object.keys(JSON.parse(document.body.dataset.dests || '{}')).length > 0);
  // Red's face-down piece on b2 moves as a cannon: over the piece on b7 it
  // takes the face-down piece on b9.
  await xiangqiMove(app.page, 'b2b9');
  await waitMoves(b, 1);
  const c = await app.newPerson('C');
  await c.goto(link);
  await c.waitForFunction(id => document.body.dataset.game === id, id);
  await waitMoves(c, 1);
  await c.waitForSelector('#variant-panel:not([hidden])');
  // The captor knows what it took; the other player and the spectator see "?".
  const [mine] = await sans(app.page);
  assert.match(mine, /^炮八進七 翻[仕相傌俥炮兵] 吃[士象馬車砲卒]$/, mine);
  const reveal = { 仕: 'A', 相: 'B', 傌: 'N', 俥: 'R', 炮: 'C', 兵: 'P' }[mine[6]]; // what Red's piece turned up as: public
  for (const page of [b, c]) assert.deepEqual(await sans(page), [`炮八進七 翻${mine[6]} 吃暗子`]);
  assert.deepEqual((await taken(app.page)).black, [mine.at(-1)]);
  for (const page of [b, c]) assert.deepEqual(await taken(page), { white: [], black: ['?'] });
  // The spectator's board: face-down discs only where its FEN has X or x,
  // none with a character, and no letter of a hidden piece anywhere it was sent.
  const fen = await c.evaluate(() => document.body.dataset.fen);
  assert.deepEqual(fenFaceDown(fen), { red: 14, black: 14 });
  const seen = await faceDown(c);
  assert.deepEqual(seen, { red: 14, black: 14, text: '', labels: ['face-down piece'] });
  const s = await c.evaluate(id => fetch(`/api/games/${id}`).then(r => r.json()), id);
  assert.equal([...s.fen.split(' ')[0].replace(/[0-9/Xx]/g, '')].sort().join(''), ['K', 'k', reveal].sort().join(''), 'only the generals and the piece turned up are known');
  assert.deepEqual(s.ext, { known: ['', ''], unknown: [0, 1] });
  assert.equal(s.moves[0].ext.took, '?');
  await c.screenshot({ path: join(artifacts, 'jieqi-spectator.png') });
  await resign(app.page);
  await b.waitForSelector('#over-dialog[open]');
});
