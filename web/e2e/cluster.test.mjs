// Two `gambit serve` nodes on one PostgreSQL and one NATS (embedded in node
// a): a person on node a invites a friend, the friend opens the link on
// node b, and they play a timed game, each browser on its own node, each
// seeing the other's moves and the clocks running.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Server, artifacts, launch, move, newGame, sans, waitMoves, watchTroubles } from './harness.mjs';
import { Postgres, freePort } from './pg.mjs';

const skip = Postgres.available() ? false : 'no PostgreSQL server programs (install Debian\'s postgresql)';
const pg = new Postgres();
const nodes = [];
const browsers = [];
const troubles = [];

before(async () => {
  if (skip) return;
  const db = await pg.start();
  const nats = await freePort();
  nodes.push(new Server(['--db', db, '--nats', `embedded=127.0.0.1:${nats}`, '--node', 'a']));
  await nodes[0].start();
  nodes.push(new Server(['--db', db, '--nats', `nats://127.0.0.1:${nats}`, '--node', 'b']));
  await nodes[1].start();
});

after(async () => {
  for (const br of browsers) await br.close();
  for (const n of nodes.reverse()) { await n.stop(); n.cleanup(); }
  pg.stop();
});

// person opens a browser of its own on url.
async function person(label, url) {
  const br = await launch();
  browsers.push(br);
  const page = br.ctx.pages()[0] ?? await br.ctx.newPage();
  watchTroubles(page, troubles, label);
  await page.goto(url);
  return page;
}

const clockText = (page, where) => page.textContent(`#clock-${where}`);

test('two browsers on two nodes play a timed game', { skip }, async () => {
  const [a, b] = nodes;
  const ann = await person('ann (node a)', a.url);
  await newGame(ann, { mode: 'online', color: 'white', timed: true, minutes: 5, increment: 3 });
  await ann.waitForSelector('#invite:not([hidden])');
  const id = new URL(await ann.inputValue('#invite-link')).pathname.split('/').pop();

  const bob = await person('bob (node b)', `${b.url}/game/${id}`);
  await bob.waitForFunction(id => document.body.dataset.game === id, id);
  await bob.waitForFunction(() => document.querySelector('#name-bottom')?.textContent.includes('You'));

  const ucis = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6'];
  for (const [i, uci] of ucis.entries()) {
    const mover = i % 2 === 0 ? ann : bob;
    await waitMoves(mover, i);
    await move(mover, uci);
    await Promise.all([waitMoves(ann, i + 1), waitMoves(bob, i + 1)]);
  }
  const want = ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6'];
  assert.deepEqual(await sans(ann), want);
  assert.deepEqual(await sans(bob), want);
  // Both clocks have run: neither shows the starting 5:00 any more.
  for (const page of [ann, bob]) {
    for (const where of ['top', 'bottom']) assert.notEqual(await clockText(page, where), '5:00');
  }
  mkdirSync(artifacts, { recursive: true });
  await bob.screenshot({ path: join(artifacts, 'cluster-node-b.png') });
  assert.deepEqual(troubles, [], 'console errors or failed requests');
});
