// Chat in an online game: two people in two browsers (two profiles, so two
// sets of seat secrets), lines both ways, HTML shown as text, the mute
// switch remembered, a refusal for lines sent too fast, and no chat panel
// in a game on one screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, launch, newGame, watchTroubles } from './harness.mjs';

const app = openApp();

// takeSeat asks the server for a seat from page's own origin (path
// /api/games to create a game, /api/games/{id}/join to join one); the seat's
// secret comes back as the browser's httpOnly player cookie.
async function takeSeat(page, path, body) {
  return page.evaluate(async ({ path, body }) => {
    const r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`POST ${path}: ${r.status} ${await r.text()}`);
    const g = await r.json();
    return { id: g.id, color: g.color };
  }, { path, body });
}

// openGame shows game id's page, as the invite link does, and waits for its
// first state. It lets the page it leaves finish loading first: leaving
// while the icon still loads aborts that request, which the harness counts
// as trouble.
async function openGame(page, id) {
  await page.waitForLoadState('networkidle');
  await page.goto(`${app.server.url}/game/${id}`);
  await page.waitForFunction(id => document.body.dataset.game === id, id);
}

// say types a line into the chat and sends it with Enter.
async function say(page, text) {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
}

// lastLine waits for the chat's last line to be text, then returns its
// author and text as shown.
async function lastLine(page, text) {
  await page.waitForFunction(text => document.querySelector('#chat-lines li:last-child .chat-text')?.textContent === text, text);
  return page.locator('#chat-lines li:last-child').evaluate(li => ({
    who: li.querySelector('.chat-who').textContent,
    text: li.querySelector('.chat-text').textContent,
  }));
}

test('two players chat both ways; HTML stays text; mute is remembered', async () => {
  const guest = await launch(); // the second person's browser
  const troubles = [];
  try {
    await chat(app.page, guest, troubles);
  } finally {
    await guest.close(); // before the server stops, or its page would log the lost connection
  }
  assert.deepEqual(troubles, [], "console errors or failed requests on the guest's page");
});

// chat is the first test's body: host is the first person's page, on the
// start page; guest the second person's browser.
async function chat(host, guest, troubles) {
  const game = await takeSeat(host, '/api/games', { mode: 'online', color: 'white' });
  await openGame(host, game.id);
  await host.waitForSelector('#chat:not([hidden])');
  assert.equal(await host.textContent('#chat-title'), 'Chat with your opponent');
  assert.equal(await host.getAttribute('#chat-input', 'maxlength'), '140');

  const page = guest.ctx.pages()[0] ?? await guest.ctx.newPage();
  watchTroubles(page, troubles);
  await page.goto(app.server.url);
  const seat = await takeSeat(page, `/api/games/${game.id}/join`, {});
  assert.equal(seat.color, 'black');
  await openGame(page, game.id);
  await page.waitForSelector('#chat:not([hidden])');

  await say(host, 'good luck!');
  assert.deepEqual(await lastLine(page, 'good luck!'), { who: 'White', text: 'good luck!' });
  assert.deepEqual(await lastLine(host, 'good luck!'), { who: 'You', text: 'good luck!' });
  assert.equal(await host.inputValue('#chat-input'), '');

  await say(page, '<b>x</b> <img src=x onerror=alert(1)>');
  const html = '<b>x</b> <img src=x onerror=alert(1)>';
  assert.deepEqual(await lastLine(host, html), { who: 'Black', text: html });
  assert.equal(await host.locator('#chat-lines b, #chat-lines img').count(), 0, 'chat text became HTML');

  // A reload brings the log back; mute hides the lines and survives it.
  await host.click('#chat-mute');
  assert.equal(await host.locator('#chat-lines[hidden]').count(), 1);
  assert.equal(await host.textContent('#chat-mute'), 'Unmute');
  await host.waitForLoadState('networkidle');
  await host.reload();
  await host.waitForSelector('#chat:not([hidden])');
  assert.equal(await host.locator('#chat-lines[hidden]').count(), 1);
  assert.equal(await host.locator('#chat-muted:not([hidden])').count(), 1);
  await host.click('#chat-mute');
  assert.deepEqual(await lastLine(host, html), { who: 'Black', text: html });
  assert.equal(await host.locator('#chat-lines li').count(), 2);
  assert.equal(await host.evaluate(() => localStorage.getItem('gambit.chatMuted')), null);

  // Lines sent faster than the server takes them: the refusal shows under the chat.
  await page.evaluate(() => {
    const input = document.getElementById('chat-input');
    for (let i = 0; i < 5; i++) {
      input.value = `quick ${i}`;
      document.getElementById('chat-form').requestSubmit();
    }
  });
  await page.waitForSelector('#chat-note:not([hidden])');
  assert.match(await page.textContent('#chat-note'), /^At most 3 lines at once, then one a second: wait \d+ s\.$/); // worded by its code and reason (rate_limited, chat_burst) with the limit's numbers

  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'chat.png') });
}

test('a game on one screen has no chat panel', async () => {
  await newGame(app.page, { mode: 'local' });
  assert.equal(await app.page.locator('#chat[hidden]').count(), 1);
});
