// The lobby on the start page, with two people in two browsers: quick
// pairing by time control (the first waits in a challenge, the second is
// seated in it), and an open challenge accepted from the list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, launch, watchTroubles } from './harness.mjs';

const app = openApp();

// secondPerson opens the start page in a browser of its own.
async function secondPerson(troubles) {
  const b = await launch();
  const page = b.ctx.pages()[0] ?? await b.ctx.newPage();
  watchTroubles(page, troubles);
  await page.goto(app.server.url);
  return { b, page };
}

// seated waits until page plays game id as some colour, and returns it.
async function seated(page, id) {
  await page.waitForFunction(id => document.body.dataset.game === id, id);
  return page.evaluate(() => document.querySelector('#name-bottom').textContent);
}

test('quick pairing: the next person asking for 3+2 plays the first', async () => {
  const troubles = [];
  const { b, page: bob } = await secondPerson(troubles);
  try {
    const alice = app.page;
    await alice.goto(app.server.url);
    await alice.click('#pair-buttons button[data-tc="3+2"]');
    await alice.waitForURL(/\/game\/[a-z0-9]+$/);
    const id = alice.url().split('/').pop();

    await bob.click('#pair-buttons button[data-tc="3+2"]');
    await bob.waitForURL(`**/game/${id}`);
    const [a, bb] = [await seated(alice, id), await seated(bob, id)];
    assert.match(a, /^You/);
    assert.match(bb, /^You/);
    assert.notEqual(a, bb, 'both people got the same colour');
  } finally {
    await b.close();
  }
  assert.deepEqual(troubles, []);
});

test('an open challenge is listed for others and accepted from the list', async () => {
  const troubles = [];
  const { b, page: bob } = await secondPerson(troubles);
  try {
    const alice = app.page;
    await alice.goto(app.server.url);
    const id = await alice.evaluate(async () => {
      const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ mode: 'online', lobby: true, color: 'black', clock: { minutes: 5, increment: 3 } }) });
      return (await r.json()).id;
    });
    await alice.goto(`${app.server.url}/game/${id}`);
    await alice.waitForFunction(id => document.body.dataset.game === id, id);

    const row = bob.locator(`#lobby li[data-id="${id}"]`);
    await row.waitFor();
    assert.equal(await row.locator('.who').textContent(), '5+3 · Chess · the challenger plays black');
    await row.locator('button').click();
    await bob.waitForURL(`**/game/${id}`);
    assert.match(await seated(bob, id), /white/);
    await alice.waitForFunction(() => document.querySelector('#name-top')?.textContent !== '');
    await bob.goto(app.server.url); // the challenge is taken: no longer listed
    await bob.locator('#lobby li.empty').waitFor();
  } finally {
    await b.close();
  }
  assert.deepEqual(troubles, []);
});
