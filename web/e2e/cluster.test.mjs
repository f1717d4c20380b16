// Two `gambit serve` nodes on one PostgreSQL and one NATS (embedded in node
// a): a person on node a invites a friend, the friend opens the link on
// node b, and they play a timed game, each browser on its own node, each
// seeing the other's moves and the clocks running; and a passkey's two
// requests (begin, finish) answered by different nodes, as behind a load
// balancer that does not keep a visitor on one node.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Server, artifacts, launch, move, newGame, sans, signUp, waitMoves, watchTroubles } from './harness.mjs';
import { Postgres, freePort } from './pg.mjs';

// Without PostgreSQL's programs the tests are skipped on a developer's
// machine, and fail on CI (CI=true), where .ci/run installs them.
const skip = Postgres.available() || process.env.CI ? false : 'no PostgreSQL server programs (install Debian\'s postgresql)';
const pg = new Postgres();
const nodes = [];
const browsers = [];
const troubles = [];
// site is the one origin both nodes serve the passkeys for (--rp-origin),
// node a's, as the address of a load balancer in front of both would be.
let site = '';

before(async () => {
  if (skip) return;
  const db = await pg.start();
  const nats = await freePort();
  const portA = await freePort();
  site = `http://localhost:${portA}`;
  nodes.push(new Server(['--db', db, '--nats', `embedded=127.0.0.1:${nats}`, '--node', 'a', '--rp-origin', site]));
  nodes[0].addr = `127.0.0.1:${portA}`;
  await nodes[0].start();
  nodes.push(new Server(['--db', db, '--nats', `nats://127.0.0.1:${nats}`, '--node', 'b', '--rp-origin', site]));
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

// toNodeB answers page's requests to path from node b: the request goes to
// node b as it is, but for its Origin, which a load balancer would leave
// matching the Host it passes on (the site's), where here node b's own
// address is the Host. Cookies are the host's, whatever the port, so the
// session node b sets is the page's on node a too.
async function toNodeB(page, path) {
  const b = nodes[1].url.replace('127.0.0.1', 'localhost');
  let answered = 0;
  await page.route(`**${path}`, async route => {
    const req = route.request();
    const response = await route.fetch({ url: b + path, headers: { ...req.headers(), origin: b } });
    answered++;
    await route.fulfill({ response });
  });
  return () => answered;
}

test('a passkey begun on one node is finished on the other, for adding it and for signing in', { skip }, async () => {
  const br = await launch();
  browsers.push(br);
  const page = br.ctx.pages()[0] ?? await br.ctx.newPage();
  watchTroubles(page, troubles, 'pia (nodes a and b)');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const added = await toNodeB(page, '/api/account/passkeys/finish');
  const signedIn = await toNodeB(page, '/api/login/passkey/finish');

  await signUp(page, site, 'pia', 'correct horse battery');
  await page.waitForSelector('#passkey-form:visible');
  await page.fill('#passkey-form input[name=name]', 'laptop');
  await page.fill('#passkey-form input[name=password]', 'correct horse battery');
  await page.click('#passkey-form button');
  await page.waitForSelector('#passkeys li');
  assert.match(await page.textContent('#passkeys li'), /^laptop, added /);
  assert.equal(added(), 1, 'the passkey was added by node b');

  await page.click('#btn-logout');
  await page.waitForSelector('#account-out:not([hidden])');
  await page.click('#btn-passkey-login');
  await page.waitForFunction(() => document.getElementById('nav-account')?.textContent === 'pia');
  assert.equal(signedIn(), 1, 'the sign-in was finished by node b');
  // Node a, which began the ceremony, knows the session node b opened.
  const me = await page.evaluate(() => fetch('/api/session').then(r => r.json()));
  assert.equal(me.username, 'pia');
  assert.deepEqual(troubles, [], 'console errors or failed requests');
});
