// A friend who opens an invite link, never having opened the new-game
// dialog, gives a name on the game page before the first move: both players
// see it, the PGN records it, the browser remembers it, and the field goes
// once the game has begun.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, move, newGame, waitMoves } from './harness.mjs';

const app = openApp();

test("an invited guest's name, typed on the game page, in the game and its PGN", async () => {
  mkdirSync(artifacts, { recursive: true });
  const host = app.page;
  await newGame(host, { mode: 'online', color: 'white' });
  await host.waitForSelector('#invite:not([hidden])');
  const link = await host.inputValue('#invite-link');
  const id = new URL(link).pathname.split('/').pop();
  assert.equal(await host.isVisible('#join-name'), false, 'the host gave a name in the dialog');

  const guest = await app.newPerson('guest', { locale: 'zh-TW' });
  await guest.goto(link);
  await guest.waitForSelector('#board.orientation-black');
  await guest.waitForSelector('#join-name:not([hidden])');
  assert.equal(await guest.textContent('label[for=join-name-input]'), '你在這盤棋的名字（可不填）：');
  assert.equal(await guest.inputValue('#join-name-input'), '', 'no name saved in this browser');
  await guest.fill('#join-name-input', ' 小美 ');
  // The status line may say something else a moment later (the game's
  // state arriving): every text it shows is recorded, not only the last.
  await guest.evaluate(() => {
    const el = document.getElementById('status');
    window.statusSeen = [el.textContent];
    new MutationObserver(() => window.statusSeen.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
  });
  await guest.click('#btn-join-name');
  await guest.waitForFunction(() => window.statusSeen.includes('已儲存你的名字：小美'));
  await guest.waitForFunction(() => document.getElementById('name-bottom').textContent.includes('小美'));
  await host.waitForFunction(() => document.getElementById('name-top').textContent.includes('小美'));
  await guest.screenshot({ path: join(artifacts, 'joinname-guest.png') });
  const pgn = await guest.evaluate(gid => fetch(`/api/games/${gid}/pgn`).then(r => r.text()), id);
  assert.match(pgn, /\[Black "小美"\]/, pgn);
  assert.equal(await guest.evaluate(() => localStorage.getItem('gambit.name')), '小美', 'remembered for the next game');

  await move(host, 'e2e4');
  await waitMoves(guest, 1);
  await guest.waitForSelector('#join-name', { state: 'hidden' });
});
