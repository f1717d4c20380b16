// An arena (issue 44) as new players meet it, in the three languages: Ann
// makes one from /tournament starting now; Ann, Bob (繁體中文), Cyra (简体中文)
// and Dina join from its page; the director pairs them at once and each
// page goes to its game; the two games are played and resigned on their
// boards; back on the arena's page each sees the standings, pushed over
// the socket to a visitor who never reloads; a player pauses, comes back,
// withdraws. Screenshots go to e2e/artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, axe, signUp, move } from './harness.mjs';

const app = openApp();
mkdirSync(artifacts, { recursive: true });
const shot = (page, name) => page.screenshot({ path: join(artifacts, `tournament-${name}.png`), fullPage: true });
const password = 'correct horse battery';

// standings reads the table as [name, score, sheet] rows.
const standings = page => page.$$eval('table.arena-standings tbody tr', rows => rows.map(r =>
  [r.querySelector('.name')?.textContent?.split(' ')[0] ?? '', r.querySelector('.score strong')?.textContent ?? '', r.querySelector('.sheet')?.textContent ?? '']));

test('an arena: made from the page, joined by four in three languages, paired, played, the standings pushed live', async () => {
  const ann = app.page;
  const url = app.server.url;
  await signUp(ann, url, 'ann', password);
  await ann.goto(`${url}/tournament`);
  await ann.waitForSelector('#arena-form');
  await shot(ann, 'list-en');
  // The button at the top leads to the form below the lists.
  await ann.click('.arena-to-create');
  await ann.waitForFunction(() => document.activeElement?.getAttribute('name') === 'name');
  // A hidden variant admits no bot: the box is off and disabled, and says
  // why; the creator's choice comes back with a variant bots can play.
  const bots = '#arena-form input[name=bots]';
  await ann.check(bots);
  await ann.selectOption('#arena-form select[name=variant]', 'fogofwar');
  assert.equal(await ann.isDisabled(bots), true, 'no bots in fog of war');
  assert.equal(await ann.isChecked(bots), false);
  assert.equal(await ann.isVisible('#bots-hidden-note'), true);
  await shot(ann, 'bots-hidden-en');
  await ann.selectOption('#arena-form select[name=variant]', 'chess');
  assert.equal(await ann.isDisabled(bots), false);
  assert.equal(await ann.isChecked(bots), true, 'the choice back');
  assert.equal(await ann.isVisible('#bots-hidden-note'), false);
  await ann.uncheck(bots);
  await ann.fill('#arena-form input[name=name]', 'Friday');
  await ann.selectOption('#arena-form select[name=clockTime]', '3');
  await ann.selectOption('#arena-form select[name=clockIncrement]', '2');
  await ann.selectOption('#arena-form select[name=minutes]', '20');
  await ann.selectOption('#arena-form select[name=waitMinutes]', '0');
  await ann.click('#arena-form button[type=submit]');
  await ann.waitForURL(/\/tournament\/[A-Za-z0-9_-]+$/);
  const id = new URL(ann.url()).pathname.split('/').pop();
  await ann.waitForSelector('.arena-head h2:has-text("Friday Arena")');

  // A visitor, signed out, watches the page and never reloads it.
  const eve = await app.newPerson('eve');
  await eve.goto(`${url}/tournament/${id}`);
  await eve.waitForSelector('table.arena-standings');
  await eve.evaluate(() => { window.stayed = true; });

  const people = [['ann', ann]];
  for (const [name, locale] of [['bob', 'zh-TW'], ['cyra', 'zh-CN'], ['dina', 'en-GB']]) {
    const page = await app.newPerson(name, { locale });
    await signUp(page, url, name, password);
    people.push([name, page]);
  }
  for (const [, page] of people) {
    await page.goto(`${url}/tournament/${id}`);
    await page.waitForSelector('#arena-join');
    await page.click('#arena-join');
  }
  // The director pairs the four at once: each page goes to its game.
  const games = new Map();
  const firstGame = new Map();
  for (const [name, page] of people) {
    await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/, { timeout: 15000 });
    const gid = new URL(page.url()).pathname.split('/').pop();
    await page.waitForFunction(id => document.body.dataset.game === id, gid);
    games.set(gid, [...(games.get(gid) ?? []), [name, page]]);
    firstGame.set(name, gid);
  }
  assert.equal(games.size, 2, 'two games of two');
  // Each game names its arena above the board, linked, and offers no Abort: it is played or lost.
  for (const [name, page] of people) {
    await page.waitForSelector(`#game-head-tournament:not([hidden])[href="/tournament/${id}"]`, { timeout: 10000 });
    assert.equal(await page.textContent('#game-head-tournament'), 'Friday Arena');
    if (name === 'ann') assert.equal(await page.textContent('#btn-resign'), 'Resign', 'an arena game is never aborted');
  }
  await eve.waitForFunction(() => document.querySelectorAll('.arena-duels a').length === 2, null, { timeout: 10000 });
  await shot(eve, 'playing-en');

  // In each game White plays e4, Black e5 and resigns.
  const winners = [];
  let berserked = false;
  for (const pair of games.values()) {
    const sides = [];
    for (const [name, page] of pair) {
      await page.waitForSelector('#board');
      const black = await page.locator('#board.orientation-black').count() > 0;
      sides[black ? 1 : 0] = [name, page];
    }
    const [[wName, white], [, black]] = sides;
    if (!berserked) {
      // The first White goes berserk before its first move: half its
      // three minutes and no increment; both boards mark it.
      await white.waitForSelector('#btn-berserk:not([hidden])');
      await white.click('#btn-berserk');
      await white.waitForFunction(() => document.getElementById('clock-bottom')?.textContent?.startsWith('1:3'), null, { timeout: 10000 });
      await black.waitForSelector('#name-top .berserk');
      assert.equal(await white.isHidden('#btn-berserk'), true, 'berserk once');
      await shot(black, 'berserk-opponent');
      berserked = true;
    }
    await move(white, 'e2e4');
    await black.waitForFunction(() => document.querySelectorAll('#moves .san:not(.empty)').length >= 1);
    await move(black, 'e7e5');
    await black.click('#btn-resign');
    await black.click('#btn-resign');
    await white.waitForSelector('#over-dialog[open]');
    winners.push(wName);
  }

  // The visitor's page, never reloaded, shows both wins.
  await eve.waitForFunction(() => [...document.querySelectorAll('table.arena-standings .score strong')].filter(e => e.textContent === '2').length === 2, null, { timeout: 10000 });
  assert.equal(await eve.evaluate(() => window.stayed), true, 'the visitor\'s page was not reloaded');
  const table = await standings(eve);
  assert.deepEqual(table.slice(0, 2).map(r => r[0]).sort(), [...winners].sort(), 'the winners lead');
  assert.deepEqual(table.map(r => r[1]), ['2', '2', '0', '0']);
  await shot(eve, 'standings-en');

  // Each player's game-over dialog takes them back to the arena, which
  // sends them to their next game at once: the winners meet, and the
  // losers, no one their last opponent.
  const next = new Map();
  for (const [name, page] of people) {
    const last = `/game/${firstGame.get(name)}`;
    await page.waitForURL(u => u.pathname.startsWith('/game/') && u.pathname !== last, { timeout: 15000 });
    const gid = new URL(page.url()).pathname.split('/').pop();
    next.set(gid, [...(next.get(gid) ?? []), name]);
  }
  assert.deepEqual([...next.values()].map(p => p.sort().join(' ')).sort(),
    [winners.sort().join(' '), people.map(p => p[0]).filter(n => !winners.includes(n)).sort().join(' ')].sort(), 'winners meet winners');
  await eve.waitForFunction(() => document.querySelectorAll('.arena-duels a').length === 2, null, { timeout: 10000 });

  // Visitors in traditional and simplified Chinese see the same table.
  for (const locale of ['zh-TW', 'zh-CN']) {
    const v = await app.newPerson(`visitor ${locale}`, { locale });
    await v.goto(`${url}/tournament/${id}`);
    await v.waitForSelector('table.arena-standings tbody tr');
    assert.equal(await v.textContent('table.arena-standings caption'), '排名');
    assert.deepEqual((await standings(v)).map(r => r[1]), ['2', '2', '0', '0']);
    assert.deepEqual(await axe(v), [], `the arena's page in ${locale}: axe`);
    await shot(v, `standings-${locale}`);
  }
  assert.deepEqual(await axe(eve), [], 'the arena\'s page: axe');

  // Dina, playing, opens the arena: not sent to the game she left, she
  // withdraws (her points kept, marked), then comes back.
  const [, dina] = people[3];
  await dina.goto(`${url}/tournament/${id}`);
  await dina.waitForSelector('#arena-withdraw');
  await dina.click('#arena-withdraw');
  await eve.waitForFunction(() => document.querySelector('table.arena-standings tr.withdrawn') !== null, null, { timeout: 10000 });
  await shot(eve, 'withdrawn-en');
  // Her game goes on: she is told so, with the way back to it, not that
  // she left.
  await dina.waitForSelector('.arena-status[data-state=playing] a[href^="/game/"]', { timeout: 10000 });
  await shot(dina, 'withdrawn-playing');
  await dina.waitForSelector('#arena-join');
  await dina.click('#arena-join');
  await eve.waitForFunction(() => document.querySelector('table.arena-standings tr.withdrawn') === null, null, { timeout: 10000 });
});
