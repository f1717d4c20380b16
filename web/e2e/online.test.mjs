// Online play in the browser: people in browser contexts of their own (each
// its own player cookie), an invite link passed from one to the other, a
// spectator, moves clicked on each one's board, offers answered, a rematch,
// and a player's network cut and restored through a TCP proxy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, TcpProxy, clickSquare, move, newGame, sans, waitMoves, xiangqiMove } from './harness.mjs';

const app = openApp();

const gameId = page => new URL(page.url()).pathname.split('/').pop();

// invite starts an online game on page through the new-game dialog and
// returns the link its invite panel shows.
async function invite(page, options = {}) {
  await newGame(page, { mode: 'online', ...options });
  await page.waitForSelector('#invite:not([hidden])');
  return page.inputValue('#invite-link');
}

// openInvite opens link on page and waits for the game to be drawn.
async function openInvite(page, link) {
  await page.goto(link);
  const id = new URL(link).pathname.split('/').pop();
  await page.waitForFunction(id => document.body.dataset.game === id, id);
}

// play makes move number n (1-based) of a game on mover's board, once mover
// has the move before it, and waits until every page shows it.
async function play(pages, mover, n, uci, moveFn = move) {
  await waitMoves(mover, n - 1);
  await moveFn(mover, uci);
  await Promise.all(pages.map(p => waitMoves(p, n)));
}

async function playAll(pages, white, black, ucis, moveFn = move) {
  let n = 0;
  for (const uci of ucis) {
    n++;
    await play(pages, n % 2 === 1 ? white : black, n, uci, moveFn);
  }
}

const fenOf = page => page.evaluate(() => document.body.dataset.fen);

async function shot(page, name) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, name) });
}

test("an invite link, a spectator, Scholar's mate on the clock, then a rematch with colours swapped", async () => {
  const a = app.page;
  const link = await invite(a, { color: 'white', timed: true, minutes: 5, increment: 3 });
  const id = gameId(a);
  assert.equal(link, `${app.server.url}/game/${id}`);
  assert.equal(await a.getAttribute('#invite-qr svg', 'data-text'), link);
  assert.equal(await a.locator('#invite-qr svg path').count(), 1);
  assert.equal(await a.textContent('#status'), 'Waiting for your opponent…');
  assert.equal(await a.textContent('#name-top'), 'Waiting for a player');
  const open = await a.evaluate(id => fetch(`/api/games/${id}`).then(r => r.json()), id); // the game with its seat open
  await shot(a, 'online-invite.png');

  const b = await app.newPerson('B');
  await openInvite(b, link);
  await b.waitForSelector('#board.orientation-black');
  assert.equal(await b.textContent('#name-bottom'), 'You (black)');
  await a.waitForSelector('#invite', { state: 'hidden' });
  assert.equal(await a.textContent('#name-top'), 'Black');

  // The spectator's page finds the seat open (a stale answer, as when B
  // joined a moment before), tries to join, is refused, and watches.
  const c = await app.newPerson('C');
  await c.route(`**/api/games/${id}`, route => route.fulfill({ json: open }));
  app.allowTrouble(/^C: HTTP 409: POST .*\/api\/games\/\w+\/join$/);
  app.allowTrouble(/^C: console error: Failed to load resource: the server responded with a status of 409/);
  await openInvite(c, link);
  await c.waitForSelector('#status.flash');
  assert.equal(await c.textContent('#status'), 'Both seats are taken: you are watching');
  assert.equal(await c.textContent('#name-bottom'), 'White');
  for (const p of [a, b]) await p.waitForFunction(() => document.getElementById('watching').textContent === '1 watching');
  await c.waitForFunction(() => document.getElementById('watching').textContent === 'You are watching');
  await a.waitForSelector('#dot-top.online');
  await b.waitForSelector('#dot-top.online');

  // Black moves ahead of White's first move (a premove): it is played as
  // soon as e4 arrives.
  await b.waitForSelector('#board.orientation-black cg-board');
  await clickSquare(b, 'e7');
  await clickSquare(b, 'e5');
  await play([a, b, c], a, 1, 'e2e4');
  await Promise.all([a, b, c].map(p => waitMoves(p, 2)));
  assert.deepEqual(await sans(c), ['e4', 'e5']);
  for (const [n, mover, uci] of [[3, a, 'f1c4'], [4, b, 'b8c6'], [5, a, 'd1h5'], [6, b, 'g8f6']]) await play([a, b, c], mover, n, uci);

  // Both have moved, so the clocks run: White's now.
  for (const p of [a, b]) {
    assert.match(await p.textContent('#clock-top'), /^[45]:\d\d$/);
    assert.match(await p.textContent('#clock-bottom'), /^[45]:\d\d$/);
  }
  assert.equal(await a.locator('#clock-bottom.running').count(), 1);
  assert.equal(await b.locator('#clock-top.running').count(), 1);

  // The spectator has no seat: no resign, draw or takeback buttons at all.
  for (const id of ['btn-resign', 'btn-draw', 'btn-undo', 'btn-claim']) {
    assert.equal(await c.locator(`#${id}:not([hidden])`).count(), 0, `the spectator sees #${id}`);
    assert.equal(await a.locator(`#${id}[hidden]`).count(), 0, `the player's #${id}`);
  }
  await play([a, b, c], a, 7, 'h5f7');
  for (const p of [a, b, c]) {
    await p.waitForSelector('#over-dialog[open]');
    assert.equal(await p.textContent('#over-title'), 'White wins (1-0)');
    assert.equal(await p.textContent('#over-reason'), 'By checkmate.');
  }
  const mate = 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4';
  for (const p of [a, b, c]) assert.equal(await fenOf(p), mate);
  assert.deepEqual(await sans(c), ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#']);
  await shot(a, 'online-white.png');
  await shot(b, 'online-black.png');
  await shot(c, 'online-spectator.png');

  // A rematch: White offers from the dialog; Black sees the offer there and
  // accepts from the side panel; everyone goes to the new game.
  assert.equal(await c.locator('#btn-over-rematch[hidden]').count(), 1);
  await a.click('#btn-over-rematch');
  await a.waitForSelector('#btn-over-rematch[disabled]');
  await b.waitForFunction(() => document.getElementById('over-rematch').textContent === 'Your opponent offers a rematch');
  await b.click('#over-dialog button[value=close]');
  await b.waitForSelector('#rematch-bar:not([hidden]) #btn-rematch-accept:not([hidden])');
  await b.click('#btn-rematch-accept');
  for (const p of [a, b, c]) await p.waitForURL(u => !u.pathname.endsWith(id));
  const next = gameId(a);
  for (const p of [a, b, c]) {
    assert.equal(gameId(p), next);
    await p.waitForFunction(next => document.body.dataset.game === next, next);
    assert.equal(await p.locator('#over-dialog[open]').count(), 0);
  }
  await a.waitForSelector('#board.orientation-black');
  await b.waitForSelector('#board.orientation-white');
  assert.equal(await a.textContent('#name-bottom'), 'You (black)');
  assert.equal(await b.textContent('#name-bottom'), 'You (white)');
  assert.match(await a.textContent('#clock-bottom'), /^5:00$/);
  await play([a, b, c], b, 1, 'd2d4');
  await shot(b, 'online-rematch-white.png');
});

test('a game aborted before its first move offers no review', async () => {
  const a = app.page;
  const link = await invite(a, { color: 'black' });
  const b = await app.newPerson('B');
  await openInvite(b, link);
  await b.waitForSelector('#board.orientation-white');
  await b.click('#btn-resign');
  await b.click('#btn-resign');
  for (const p of [a, b]) {
    await p.waitForSelector('#over-dialog[open]');
    assert.equal(await p.locator('#btn-over-review[hidden]').count(), 1, 'an aborted game offers Review');
    assert.equal(await p.locator('#btn-over-new:not([hidden])').count(), 1);
  }
});

test('a draw offered online is accepted by the opponent', async () => {
  const a = app.page;
  const link = await invite(a, { color: 'black' });
  const b = await app.newPerson('B');
  await openInvite(b, link);
  await b.waitForSelector('#board.orientation-white');
  assert.equal(await b.textContent('#btn-resign'), 'Abort'); // before both sides have moved
  await playAll([a, b], b, a, ['e2e4', 'c7c5']);
  assert.equal(await b.textContent('#btn-resign'), 'Resign');
  await a.click('#btn-draw');
  await b.waitForSelector('#offer-bar:not([hidden]) #btn-accept:not([hidden])');
  assert.equal(await b.textContent('#offer-text'), 'Black offers a draw');
  await b.click('#btn-accept');
  for (const p of [a, b]) {
    await p.waitForSelector('#over-dialog[open]');
    assert.equal(await p.textContent('#over-reason'), 'By agreement.');
  }
});

test('a takeback is asked for online: declined once, then accepted', async () => {
  const a = app.page;
  const link = await invite(a, { color: 'white' });
  const b = await app.newPerson('B');
  await openInvite(b, link);
  await playAll([a, b], a, b, ['e2e4', 'e7e5', 'g1f3']);
  assert.equal(await a.textContent('#btn-undo'), 'Takeback');
  assert.equal(await b.locator('#btn-undo:not([disabled])').count(), 1);

  await a.click('#btn-undo');
  await b.waitForSelector('#takeback-bar:not([hidden]) #btn-takeback-accept:not([hidden])');
  assert.equal(await b.textContent('#takeback-text'), 'White asks to take back a move');
  await a.waitForSelector('#takeback-bar:not([hidden])');
  assert.equal(await a.locator('#btn-takeback-accept[hidden]').count(), 1);
  assert.equal(await a.textContent('#btn-takeback-decline'), 'Withdraw');
  await b.click('#btn-takeback-decline');
  await a.waitForFunction(() => document.getElementById('status').textContent === 'Your takeback request was declined');
  assert.equal(await a.locator('#takeback-bar[hidden]').count(), 1);

  await a.click('#btn-undo');
  await b.waitForSelector('#takeback-bar:not([hidden]) #btn-takeback-accept:not([hidden])');
  await b.click('#btn-takeback-accept');
  for (const p of [a, b]) await p.waitForFunction(() => document.querySelectorAll('#moves .san:not(.empty)').length === 2);
  await play([a, b], a, 3, 'd2d4');
  assert.deepEqual(await sans(b), ['e4', 'e5', 'd4']);
});

test("a player's network drops mid-game: reconnecting, the opponent's move meanwhile, and the game goes on", async () => {
  const a = app.page;
  const link = await invite(a, { color: 'white', timed: true });
  const proxy = new TcpProxy(app.server.url);
  const b = await app.newPerson('B');
  try {
    const viaProxy = (await proxy.start()) + new URL(link).pathname;
    await openInvite(b, viaProxy);
    await playAll([a, b], a, b, ['e2e4', 'e7e5']);
    await a.waitForSelector('#dot-top.online');

    // Chromium logs each refused WebSocket while it tries again.
    app.allowTrouble(/^B: console error: WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/ws\/game\/\w+(\?v=\d+)?' failed/);
    await proxy.cut();
    const cutAt = Date.now();
    await b.waitForFunction(() => document.getElementById('conn').textContent === 'Reconnecting…');
    await a.waitForSelector('#dot-top.offline');
    await a.waitForFunction(() => /^Your opponent left — you can claim victory in \d+ s$/.test(document.getElementById('claim-text').textContent));
    assert.equal(await a.locator('#claim-bar:not([hidden]) #btn-claim-win[hidden]').count(), 1);
    await move(a, 'g1f3');
    await shot(b, 'online-reconnecting.png');
    await new Promise(r => setTimeout(r, Math.max(0, 3000 - (Date.now() - cutAt))));
    await proxy.restore();

    await b.waitForFunction(() => document.getElementById('conn').textContent === '', null, { timeout: 15000 });
    await waitMoves(b, 3);
    assert.deepEqual(await sans(b), ['e4', 'e5', 'Nf3']);
    await a.waitForSelector('#dot-top.online');
    await a.waitForSelector('#claim-bar', { state: 'hidden' });
    await b.waitForSelector('#dot-top.online'); // B knows again who is here
    await play([a, b], b, 4, 'b8c6');
    await play([a, b], a, 5, 'f1b5');
    assert.equal(await fenOf(a), await fenOf(b));
    await shot(b, 'online-reconnected.png');
  } finally {
    await proxy.stop();
  }
});

test('xiangqi by invite: Red and Black play a few moves, then Black resigns', async () => {
  const a = app.page;
  const link = await invite(a, { variant: 'xiangqi', color: 'white' });
  const b = await app.newPerson('B');
  await openInvite(b, link);
  await b.waitForSelector('#xboard.orientation-black');
  assert.equal(await b.textContent('#name-bottom'), 'You (black)');
  assert.equal(await b.textContent('#name-top'), 'Red');
  await playAll([a, b], a, b, ['h2e2', 'h9g7', 'h0g2', 'i9h9'], xiangqiMove);
  assert.deepEqual(await sans(b), ['炮二平五', '馬８進７', '傌二進三', '車９平８']);
  assert.equal(await fenOf(a), await fenOf(b));
  await b.click('#btn-resign');
  await b.click('#btn-resign');
  for (const p of [a, b]) {
    await p.waitForSelector('#over-dialog[open]');
    assert.equal(await p.textContent('#over-title'), 'Red wins (1-0)');
    assert.equal(await p.textContent('#over-reason'), 'Black resigned.');
  }
  await shot(a, 'online-xiangqi-red.png');
  await shot(b, 'online-xiangqi-black.png');
  // Red would play again; Black declines.
  await a.click('#btn-over-rematch');
  await b.waitForFunction(() => document.getElementById('over-rematch').textContent === 'Your opponent offers a rematch');
  await b.click('#over-dialog button[value=close]');
  await b.click('#rematch-bar #btn-rematch-decline');
  await a.waitForFunction(() => document.getElementById('status').textContent === 'Your rematch offer was declined');
  assert.equal(await a.locator('#over-rematch[hidden]').count(), 1);
  assert.equal(await a.textContent('#btn-over-rematch'), 'Rematch');
});

test('the new-game dialog can put an online game in the lobby, where another person accepts it', async () => {
  const a = app.page;
  await newGame(a, { mode: 'online', color: 'black', lobby: true });
  const id = gameId(a);
  await a.waitForSelector('#invite:not([hidden])'); // a challenge has its link too
  const b = await app.newPerson('B');
  await b.goto(app.server.url, { waitUntil: 'networkidle' });
  const row = b.locator(`#lobby li[data-id="${id}"]`);
  await row.waitFor();
  assert.equal(await row.locator('.who').textContent(), 'No clock · Chess · the challenger plays black');
  await shot(b, 'online-lobby.png');
  await row.locator('button').click();
  await b.waitForFunction(id => document.body.dataset.game === id, id);
  await b.waitForSelector('#board.orientation-white');
  await a.waitForSelector('#invite', { state: 'hidden' });
  await play([a, b], b, 1, 'e2e4');
});

test('the opponent leaves: a countdown, then Claim victory goes to the server', async () => {
  // The server lets a player claim 30 s after the opponent left; the page
  // counts down from the time each presence message gives. To see the end
  // of the countdown without waiting, A's WebSocket is routed through the
  // test, which says the time is up (claimIn 0): the page then offers the
  // claim, and the server, which knows better, refuses it.
  const a = await app.newPerson('A');
  await a.routeWebSocket(/\/ws\/game\//, ws => {
    const server = ws.connectToServer();
    server.onMessage(text => {
      const msg = JSON.parse(text);
      if (msg.t === 'presence') for (const c of ['white', 'black']) if (msg.d[c].claimIn > 0) msg.d[c].claimIn = 0;
      ws.send(JSON.stringify(msg));
    });
  });
  await a.goto(app.server.url, { waitUntil: 'networkidle' });
  const link = await invite(a, { color: 'white' });
  const b = await app.newPerson('B');
  await openInvite(b, link);
  await playAll([a, b], a, b, ['e2e4', 'e7e5']);
  assert.equal(await a.locator('#claim-bar[hidden]').count(), 1);
  await app.leave(b);
  await a.waitForSelector('#claim-bar:not([hidden]) #btn-claim-win:not([hidden])');
  assert.equal(await a.textContent('#claim-text'), 'Your opponent left — you can claim victory');
  assert.equal(await a.locator('#btn-claim-draw:not([hidden])').count(), 1);
  await a.click('#btn-claim-win');
  // cannot_claim with reason claim_early, worded with the seconds the server sends.
  await a.waitForFunction(() => /^Your opponent may still come back: you can claim in \d+ s\.$/.test(document.getElementById('status').textContent));
});
