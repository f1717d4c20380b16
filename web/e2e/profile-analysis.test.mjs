// What a new player meets on a profile and on the analysis board (issue
// 40): a profile shows its games to a visitor, each from its player's side
// in the reader's language; the analysis board asks the server for each
// position once, however long the engine streams its lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, move, waitMoves, signUp, inviteRated } from './harness.mjs';

const app = openApp();

async function shot(page, name) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, name), fullPage: true });
}

// play makes move n (1-based) on mover's board once it has the one before,
// and waits until every page shows it.
async function play(pages, mover, n, uci) {
  await waitMoves(mover, n - 1);
  await move(mover, uci);
  await Promise.all(pages.map(p => waitMoves(p, n)));
}

// entry reads a game of the profile's list as a person sees it.
const entry = (page, id) => page.evaluate(id => {
  const li = document.querySelector(`#profile-games a.pg-game[href="/game/${id}"]`).closest('li');
  const opp = li.querySelector('.pg-opponent a');
  return {
    outcome: li.dataset.outcome, result: li.querySelector('.pg-outcome').textContent, what: li.querySelector('.pg-what').textContent,
    opponent: li.querySelector('.pg-opponent').textContent, profile: opp?.getAttribute('href') ?? '',
    date: li.querySelector('.pg-date').textContent, datetime: li.querySelector('.pg-date').getAttribute('datetime'),
  };
}, id);

test('a profile shows a visitor its games, each from its player\'s side, in the reader\'s language', async () => {
  const a = app.page;
  await signUp(a, app.server.url, 'ann', 'correct horse battery');
  await a.waitForFunction(() => document.getElementById('nav-account')?.textContent === 'ann');
  const b = await app.newPerson('B');
  await signUp(b, app.server.url, 'bob', 'staple gun 42 blue');
  await b.waitForFunction(() => document.getElementById('nav-account')?.textContent === 'bob');
  // A rated 5+3 game by invite, Ann White; Bob resigns.
  const { link, id } = await inviteRated(a);
  await b.goto(link);
  await b.waitForSelector('#board.orientation-black');
  await play([a, b], a, 1, 'e2e4');
  await play([a, b], b, 2, 'e7e5');
  await b.click('#btn-resign');
  await b.click('#btn-resign');
  for (const p of [a, b]) await p.waitForSelector('#over-rating:not([hidden])');

  // A visitor without an account, in each language: the record and the
  // game it counts, won against bob (his profile linked), the speed, the
  // time control, the variant, rated, and the day as the reader's
  // language writes it.
  const want = {
    'en-US': { result: 'Won', what: 'Blitz · 5+3 · Chess · Rated', opponent: 'vs bob' },
    'zh-TW': { result: '勝', what: '閃電棋 · 5+3 · 西洋棋 · 計分', opponent: '對手 bob' },
    'zh-CN': { result: '胜', what: '超快棋 · 5+3 · 国际象棋 · 计分', opponent: '对手 bob' },
  };
  for (const [locale, w] of Object.entries(want)) {
    const v = await app.newPerson(locale, { locale });
    await v.goto(`${app.server.url}/@/ann`);
    await v.waitForSelector(`#profile-games a.pg-game[href="/game/${id}"]`);
    const got = await entry(v, id);
    const day = new Intl.DateTimeFormat(locale === 'en-US' ? 'en' : locale, { dateStyle: 'medium' }).format(new Date(got.datetime));
    assert.deepEqual(got, { ...w, outcome: 'win', profile: '/@/bob', date: day, datetime: got.datetime }, locale);
    assert.ok(Math.abs(Date.parse(got.datetime) - Date.now()) < 10 * 60 * 1000, `the game's day ${got.datetime}`);
    assert.equal(await v.locator('#profile-games li.empty').count(), 0, `${locale}: "No games to show" beside a game`);
    await shot(v, `profile-visitor-${locale}.png`);
    if (locale === 'en-US') {
      // The opponent's name leads to his profile, where the game is lost.
      await v.click(`#profile-games .pg-opponent a[href="/@/bob"]`);
      await v.waitForFunction(() => location.pathname === '/@/bob');
      await v.waitForSelector(`#profile-games a.pg-game[href="/game/${id}"]`);
      const his = await entry(v, id);
      assert.deepEqual([his.outcome, his.result, his.opponent, his.profile], ['loss', 'Lost', 'vs ann', '/@/ann']);
      // And the game itself opens from the list.
      await v.click(`#profile-games a.pg-game[href="/game/${id}"]`);
      await v.waitForFunction(id => document.body.dataset.game === id, id);
    }
    await app.leave(v);
  }
});
