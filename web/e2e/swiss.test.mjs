// A Swiss event as new players meet it, in the three languages: Ann makes
// a private one of three rounds from /tournament; Ann, Bob (繁體中文) and
// Cyra (简体中文) join from its page with its password; each round the
// director pairs two of them (the third has the bye) and their pages go to
// the game, which is played and resigned on its boards; each game-over
// dialog takes its players back to the event's page, which sends them to
// their next game; a visitor who never reloads sees the standings and the
// tie-breaks pushed over the socket, and at the end the final standings
// and the podium. Screenshots go to e2e/artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, axe, signUp, move } from './harness.mjs';

const app = openApp();
mkdirSync(artifacts, { recursive: true });
const shot = (page, name) => page.screenshot({ path: join(artifacts, `swiss-${name}.png`), fullPage: true });
const password = 'correct horse battery';
const eventPassword = 'club night';

// standings reads the table as [name, points, buchholz, sonneborn-berger] rows.
const standings = page => page.$$eval('table.swiss-standings tbody tr', rows => rows.map(r =>
  [r.querySelector('.name a')?.textContent ?? '', r.querySelector('.points')?.textContent ?? '', r.querySelector('.buchholz')?.textContent ?? '',
    r.querySelector('.sb')?.textContent ?? '']));

const onGame = page => /^\/game\/[A-Za-z0-9_-]+$/.test(new URL(page.url()).pathname);

test('a Swiss event: made from the page, joined by three in three languages, three rounds paired and played, the standings pushed live', async () => {
  const ann = app.page;
  const url = app.server.url;
  await signUp(ann, url, 'ann', password);
  const people = [['ann', ann]];
  for (const [name, locale] of [['bob', 'zh-TW'], ['cyra', 'zh-CN']]) {
    const page = await app.newPerson(name, { locale });
    await signUp(page, url, name, password);
    people.push([name, page]);
  }

  // Ann makes it: Swiss, chess 3+2, three rounds five seconds apart,
  // starting in a minute, private.
  await ann.goto(`${url}/tournament`);
  await ann.waitForSelector('#arena-form');
  await ann.waitForSelector('#swiss-lists .swiss-created');
  await ann.check('#arena-form input[name=kind][value=swiss]');
  assert.equal(await ann.isHidden('#arena-form select[name=minutes]'), true, 'an arena\'s length is not a Swiss event\'s');
  await ann.fill('#arena-form input[name=name]', 'Club Swiss');
  await ann.selectOption('#arena-form select[name=clockTime]', '3');
  await ann.selectOption('#arena-form select[name=clockIncrement]', '2');
  await ann.selectOption('#arena-form select[name=rounds]', '3');
  await ann.selectOption('#arena-form select[name=interval]', '5');
  await ann.selectOption('#arena-form select[name=waitMinutes]', '1');
  await ann.fill('#arena-form input[name=password]', eventPassword);
  await shot(ann, 'create-en');
  await ann.click('#arena-form button[type=submit]');
  await ann.waitForURL(/\/swiss\/[A-Za-z0-9_-]+$/);
  const id = new URL(ann.url()).pathname.split('/').pop();
  await ann.waitForSelector('.arena-head h2:has-text("Club Swiss")');

  // The list shows it to start.
  const list = await app.newPerson('lister');
  await list.goto(`${url}/tournament`);
  await list.waitForSelector(`#swiss-lists .swiss-created a[href="/swiss/${id}"]`);
  await shot(list, 'list-en');
  await app.leave(list);

  // A visitor, signed out, watches the page and never reloads it.
  const eve = await app.newPerson('eve');
  await eve.goto(`${url}/swiss/${id}`);
  await eve.waitForSelector('table.swiss-standings');
  await eve.evaluate(() => { window.stayed = true; });

  for (const [, page] of people) {
    if (page !== ann) await page.goto(`${url}/swiss/${id}`);
    await page.waitForSelector('#swiss-join');
    await page.click('#swiss-join');
    if (page === bobOf(people)) {
      // A wrong password is refused in his language, not the server's English.
      app.allowTrouble(/^bob: (HTTP 403: POST .*\/join|console error: Failed to load resource: .* 403)/);
      await page.fill('.arena-password input[name=password]', 'not the password');
      await page.click('.arena-password button');
      await page.waitForSelector('.arena-error:not([hidden])');
      assert.equal((await page.textContent('.arena-error')).trim(), '錦標賽密碼錯誤。');
      await shot(page, 'wrong-password-zh-TW');
    }
    await page.fill('.arena-password input[name=password]', eventPassword);
    await page.click('.arena-password button');
    await page.waitForSelector('#swiss-withdraw');
  }
  await eve.waitForFunction(() => document.querySelectorAll('table.swiss-standings tbody tr:not(.empty)').length === 3, null, { timeout: 10000 });
  await shot(bobOf(people), 'joined-zh-TW');

  // Three rounds: each, two are sent to their game, play it (White e4,
  // Black e5 and resigns), and are taken back to the event's page.
  const met = new Set();
  const byes = new Set();
  for (let round = 1; round <= 3; round++) {
    const deadline = Date.now() + 90_000;
    while (people.filter(([, p]) => onGame(p)).length < 2) {
      assert.ok(Date.now() < deadline, `round ${round}: two players sent to their game`);
      await ann.waitForTimeout(250);
    }
    const playing = people.filter(([, p]) => onGame(p));
    const resting = people.filter(([, p]) => !onGame(p));
    assert.equal(resting.length, 1);
    byes.add(resting[0][0]);
    const gid = new URL(playing[0][1].url()).pathname.split('/').pop();
    assert.equal(new URL(playing[1][1].url()).pathname, `/game/${gid}`, 'the two in one game');
    met.add(playing.map(p => p[0]).sort().join('-'));
    await resting[0][1].waitForSelector('#swiss-status[data-state=bye]');
    if (round === 1) await shot(resting[0][1], 'bye');
    const sides = [];
    for (const [name, page] of playing) {
      await page.waitForFunction(id => document.body.dataset.game === id, gid);
      await page.waitForSelector('#board');
      const black = await page.locator('#board.orientation-black').count() > 0;
      sides[black ? 1 : 0] = [name, page];
    }
    const [[, white], [, black]] = sides;
    await move(white, 'e2e4');
    await black.waitForFunction(() => document.querySelectorAll('#moves .san:not(.empty)').length >= 1);
    await move(black, 'e7e5');
    await black.click('#btn-resign');
    await black.click('#btn-resign');
    await white.waitForSelector('#over-dialog[open]');
    await white.waitForSelector('#over-arena:not([hidden])');
    if (round === 1) await shot(white, 'over');
    // The game-over dialog takes both back to the event's page.
    for (const [, page] of playing) await page.waitForURL(u => u.pathname === `/swiss/${id}`, { timeout: 15000 });
    await eve.waitForFunction(r => document.querySelector(`.swiss-round[data-round="${r}"] li[data-result="1-0"]`) !== null, round, { timeout: 10000 });
    if (round === 1) await shot(eve, 'round1-en');
  }
  assert.equal(met.size, 3, 'each pair met once');
  assert.equal(byes.size, 3, 'each had one bye');

  // The end: the visitor's page, never reloaded, shows the final
  // standings: each a bye and a win or two; tie-breaks shown.
  await eve.waitForSelector('.arena-podium:not([hidden])', { timeout: 20000 });
  assert.equal(await eve.evaluate(() => window.stayed), true, 'the visitor\'s page was not reloaded');
  assert.equal(await eve.textContent('table.swiss-standings caption'), 'Final standings');
  const table = await standings(eve);
  assert.equal(table.length, 3);
  const points = table.map(r => Number(r[1]));
  assert.equal(points.reduce((a, b) => a + b, 0), 6, 'three games and three byes: six points');
  assert.deepEqual(points, [...points].sort((a, b) => b - a), 'ranked by points');
  for (const r of table) assert.match(r[2], /^\d+(\.\d{1,2})?$/, 'a Buchholz, exact');
  assert.equal(await eve.locator('.arena-podium li').count(), 3);
  assert.equal(await eve.textContent('.swiss-countdown'), 'Finished');
  await shot(eve, 'final-en');
  assert.deepEqual(await axe(eve), [], 'the Swiss page: axe');

  // The players see it in their languages.
  const bob = bobOf(people);
  await bob.waitForSelector('.arena-podium:not([hidden])');
  assert.equal(await bob.textContent('table.swiss-standings caption'), '最終排名');
  assert.deepEqual(await axe(bob), [], 'the Swiss page in zh-TW: axe');
  await shot(bob, 'final-zh-TW');
  const cyra = people[2][1];
  await cyra.waitForSelector('.arena-podium:not([hidden])');
  assert.equal(await cyra.textContent('table.swiss-standings caption'), '最终排名');
  assert.deepEqual(await axe(cyra), [], 'the Swiss page in zh-CN: axe');
  await shot(cyra, 'final-zh-CN');

  // Its exports: the TRF and the games' PGN.
  const trf = await ann.request.get(`${url}/swiss/${id}.trf`);
  assert.equal(trf.status(), 200);
  assert.match(await trf.text(), /^012 Club Swiss/);
  const pgn = await ann.request.get(await ann.getAttribute('.swiss-files a[href$="/games"]', 'href').then(h => new URL(h, url).href));
  assert.equal(pgn.status(), 200);
  assert.equal((await pgn.text()).match(/\[Event /g)?.length, 3, 'three games in the PGN');

  // The list shows it finished.
  await ann.goto(`${url}/tournament`);
  await ann.waitForSelector(`#swiss-lists .swiss-finished a[href="/swiss/${id}"]`);
  assert.deepEqual(await axe(ann), [], 'the tournaments\' list: axe');
  await shot(ann, 'list-finished-en');
});

function bobOf(people) {
  return people[1][1];
}
