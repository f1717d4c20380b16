// What a new player meets on a profile and on the analysis board (issue
// 40): a profile shows its games to a visitor, each from its player's side
// in the reader's language; the analysis board asks the server for each
// position once, however long the engine streams its lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, axe, move, waitMoves, signUp, inviteRated, newGame, xiangqiMove } from './harness.mjs';

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
  for (const p of [a, b]) await p.waitForSelector('#over-dialog[open]'); // the game and its rating are stored together

  // A visitor without an account, in each language: the record and the
  // game it counts, won against bob (his profile linked), the speed, the
  // time control, the variant, rated, and the day as the reader's
  // language writes it.
  const want = {
    'en-US': { result: 'Won', what: 'Blitz · 5+3 · Chess · Rated', opponent: 'vs bob' },
    'zh-TW': { result: '勝', what: '閃電棋 · 5+3 · 西洋棋 · 計分', opponent: '對手 bob' },
    'zh-CN': { result: '胜', what: '超快棋 · 5+3 · 国际象棋 · 计分', opponent: '对手 bob' },
  };
  const filters = {
    'en-US': { result: ['All', 'Won', 'Drawn', 'Lost'], variants: ['Fog of war', 'Dice chess', 'Bomb chess'], never: ['Dice', 'Bomb'] },
    'zh-TW': { result: ['全部', '勝', '和', '負'], variants: ['迷霧西洋棋', '骰子西洋棋', '地雷西洋棋'], never: ['迷霧', '骰子', '地雷'] },
    'zh-CN': { result: ['全部', '胜', '和', '负'], variants: ['迷雾国际象棋', '骰子国际象棋', '地雷国际象棋'], never: ['迷雾', '骰子', '地雷'] },
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
    // The filters speak as the rows do: the variants by their full names,
    // the results won, drawn, lost from the player's side (issue 40, walk 3,
    // items 3 and 4).
    const options = name => v.$$eval(`#profile-filter select[name=${name}] option`, os => os.map(o => o.textContent));
    assert.deepEqual(await options('result'), filters[locale].result, locale);
    const variantNames = await options('variant');
    for (const name of filters[locale].variants) assert.ok(variantNames.includes(name), `${locale}: ${name} in ${variantNames}`);
    for (const short of filters[locale].never) assert.ok(!variantNames.includes(short), `${locale}: ${short} in ${variantNames}`);
    await shot(v, `profile-visitor-${locale}.png`);
    assert.deepEqual(await axe(v), [], `axe, ${locale}`);
    if (locale === 'en-US') {
      // The opponent's name leads to his profile, where the game is lost.
      await v.click(`#profile-games .pg-opponent a[href="/@/bob"]`);
      await v.waitForFunction(() => location.pathname === '/@/bob');
      await v.waitForFunction(() => document.getElementById('profile-name').textContent === 'bob');
      await v.waitForSelector(`#profile-games a.pg-game[href="/game/${id}"]`);
      const his = await entry(v, id);
      assert.deepEqual([his.outcome, his.result, his.opponent, his.profile], ['loss', 'Lost', 'vs ann', '/@/ann']);
      // And the game itself opens from the list.
      await v.click(`#profile-games a.pg-game[href="/game/${id}"]`);
      await v.waitForFunction(id => document.body.dataset.game === id, id);
    }
    await app.leave(v);
  }

  // Ann's own list: a game against the computer she lost, one on one
  // screen still played, and the rated game.
  await newGame(a, { mode: 'computer', color: 'white', level: 'greedy' });
  const bot = await a.evaluate(() => document.body.dataset.game);
  await move(a, 'e2e4');
  await waitMoves(a, 2);
  await a.click('#btn-resign');
  await a.click('#btn-resign');
  await a.waitForSelector('#over-dialog[open]');
  await a.click('#over-dialog button[value=close]');
  await newGame(a, { mode: 'local' });
  const local = await a.evaluate(() => document.body.dataset.game);
  await a.goto(`${app.server.url}/@/ann`);
  for (const g of [bot, local, id]) await a.waitForSelector(`#profile-games a.pg-game[href="/game/${g}"]`);
  const vsBot = await entry(a, bot);
  assert.deepEqual([vsBot.outcome, vsBot.result, vsBot.what, vsBot.profile], ['loss', 'Lost', 'Unlimited · Chess', '']);
  assert.match(vsBot.opponent, /^vs Gambit · Greedy/); // the level as the new-game dialog names it
  const onOne = await entry(a, local);
  assert.deepEqual([onOne.outcome, onOne.result, onOne.opponent], ['', 'Playing', 'One screen']);
  // Filtered by result from Ann's side: won, the rated game; lost, the computer's.
  const listed = () => a.$$eval('#profile-games a.pg-game', links => links.map(l => l.getAttribute('href').split('/').pop()));
  for (const [result, ids] of [['win', [id]], ['loss', [bot]], ['draw', []]]) {
    await a.selectOption('#profile-filter select[name=result]', result);
    await a.waitForFunction(want => {
      const got = [...document.querySelectorAll('#profile-games a.pg-game')].map(l => l.getAttribute('href').split('/').pop());
      return got.join() === want.join() && (want.length > 0 || document.querySelector('#profile-games li.empty'));
    }, ids, { timeout: 5000 }).catch(() => {});
    assert.deepEqual(await listed(), ids, result);
  }
  await a.selectOption('#profile-filter select[name=result]', '');
  // The start page words the game against the computer from Ann's side,
  // not as the record's 1-0.
  await a.goto(app.server.url);
  const home = a.locator(`#recent a[href="/game/${bot}"] .res`);
  await home.waitFor();
  assert.match(await home.textContent(), /^You lost · resignation · /);
  await shot(a, 'profile-own-en-US.png');
  assert.deepEqual(await axe(a), [], 'axe, one\'s own profile');
});

test('the profile of no one says only that there is no such player, in the tab\'s title too, in each language', async () => {
  const want = {
    'en-US': { text: 'There is no such player.', title: 'No such player · Gambit' },
    'zh-TW': { text: '沒有這位棋手。', title: '找不到這位棋手 · Gambit' },
    'zh-CN': { text: '没有这位棋手。', title: '没有这位棋手 · Gambit' },
  };
  app.allowTrouble(/HTTP 404: GET .*\/api\/user\/nosuchuser$|status of 404/); // the page asks for the player, who is not there
  for (const [locale, w] of Object.entries(want)) {
    const v = await app.newPerson(locale, { locale });
    await v.goto(`${app.server.url}/@/nosuchuser`);
    await v.waitForSelector('#profile-error:not([hidden])');
    assert.equal(await v.textContent('#profile-error'), w.text, locale);
    assert.equal(await v.title(), w.title, locale);
    // Nothing of a player's page: no games heading, download or filters.
    for (const sel of ['#profile h3', '#profile-pgn', '#profile-filter', '#profile-games', '#profile-more']) {
      assert.equal(await v.isVisible(sel), false, `${locale}: ${sel}`);
    }
    await shot(v, `profile-nosuchuser-${locale}.png`);
    await app.leave(v);
  }
});

// A game of 91 plies (Gambit against itself, drawn by repetition): long
// enough that asking the server for every position stepped through, at a
// held key's pace, would meet the limit of 60 at once.
const longGame = '1. e4 e5 2. Nc3 Nc6 3. Nf3 Nf6 4. d4 exd4 5. Nxd4 Bb4 6. Nxc6 Bxc3+ 7. bxc3 bxc6 8. Bd3 O-O 9. O-O d5 10. exd5 cxd5 ' +
  '11. Re1 c5 12. Bg5 h6 13. Bh4 Rb8 14. Bg3 Rb6 15. c4 Re6 16. cxd5 Qxd5 17. Rxe6 Bxe6 18. Bd6 Rc8 19. Be2 Qc6 20. Bf3 Bd5 ' +
  '21. Bxd5 Nxd5 22. Bg3 Re8 23. Qd2 Nf6 24. f3 c4 25. c3 Qd5 26. Qc2 Rd8 27. Bf2 Qd3 28. Qxd3 Rxd3 29. Bxa7 Rxc3 30. a4 Rd3 ' +
  '31. a5 c3 32. Rc1 Nd5 33. Bc5 Rd2 34. a6 Ra2 35. a7 Nf4 36. Kf1 Nd3 37. Rxc3 Nxc5 38. Rxc5 Rxa7 39. Kf2 Ra2+ 40. Kg3 g6 ' +
  '41. h4 h5 42. f4 Ra3+ 43. Kf2 Ra2+ 44. Kg3 Ra3+ 45. Kf2 Ra2+ 46. Kg3 1/2-1/2';

// The analysis board's page state.
const pathNow = page => page.evaluate(() => document.getElementById('analysis').dataset.path);
const ready = page => page.waitForFunction(() => document.getElementById('analysis')?.dataset.fen, null, { timeout: 10000 });

// positionRequests records the bodies of the requests page sends to
// /api/analysis/position, and the refusals it meets.
function positionRequests(page) {
  const log = { asked: [], refused: [] };
  page.on('request', r => { if (new URL(r.url()).pathname === '/api/analysis/position') log.asked.push(JSON.parse(r.postData() ?? '{}')); });
  page.on('response', r => { if (new URL(r.url()).pathname === '/api/analysis/position' && r.status() >= 400) log.refused.push(r.status()); });
  return log;
}

// engineStartsOff forgets the reader's choice to keep the engine on.
async function engineStartsOff(page) {
  await page.goto(app.server.url);
  await page.evaluate(() => localStorage.removeItem('gambit.analysis.engine'));
}

test('stepping through a long game back and forth, held key or slow, asks the server for each position once and meets no refusal', async () => {
  app.allowTrouble(/\/api\/opening|status of 404/); // a position no opening is named for
  const page = app.page;
  await engineStartsOff(page);
  const g = await page.evaluate(async setup => {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mode: 'local', variant: 'chess', setup }) });
    return r.json();
  }, longGame);
  assert.equal(g.state.ply, 91);
  const log = positionRequests(page);
  await page.goto(`${app.server.url}/analysis?game=${g.id}&ply=0`);
  await ready(page);
  await page.locator('#a-tree').focus();
  // A held key: to the end and back, a step every 25 ms.
  for (let round = 0; round < 1; round++) {
    for (const key of ['ArrowRight', 'ArrowLeft']) {
      for (let i = 0; i < 91; i++) { await page.keyboard.press(key); await page.waitForTimeout(25); }
    }
  }
  assert.equal(await pathNow(page), '');
  // Slow steps, as a reader studies the game: forward six, back six, forward six.
  for (const [key, n] of [['ArrowRight', 6], ['ArrowLeft', 6], ['ArrowRight', 6]]) {
    for (let i = 0; i < n; i++) { await page.keyboard.press(key); await page.waitForTimeout(300); }
  }
  // The board rested on ply 6: its legal moves are known (a move plays).
  await page.waitForTimeout(500);
  const asked = log.asked.map(b => `${b.fen} ${(b.moves ?? []).join(',')} ${JSON.stringify(b.lines ?? [])}`);
  assert.deepEqual(log.refused, [], 'refusals');
  assert.equal(new Set(asked).size, asked.length, `a position asked twice:\n${asked.join('\n')}`);
  console.log(`${asked.length} requests for 182 steps held and 18 slow`);
  assert.ok(asked.length <= 20, `${asked.length} positions asked for 8 positions studied and 182 steps held`);
});

test('the engine on, nothing touched: a handful of requests in 12 s, and its lines written', async () => {
  app.allowTrouble(/\/api\/opening|status of 404/);
  const page = app.page;
  await engineStartsOff(page);
  await page.goto(`${app.server.url}/analysis`);
  await ready(page);
  await page.waitForTimeout(500); // the start position's legal moves
  const log = positionRequests(page);
  await page.click('#a-engine');
  await page.waitForTimeout(12000); // before, the board asked 98 times in 30 s
  const asked = log.asked.length;
  console.log(`engine on for 12 s: ${asked} requests, ${await page.textContent('#a-engine-state')}`);
  assert.deepEqual(log.refused, [], 'refusals');
  assert.ok(asked <= 5, `${asked} requests in 12 s:\n${log.asked.map(b => JSON.stringify(b)).join('\n')}`);
  // Three lines, each written in SAN at least four moves deep (the lines
  // a deeper search changed since the last request are written at the
  // next, within 8 s).
  const lines = await page.waitForFunction(() => {
    const ls = [...document.querySelectorAll('#a-lines .engine-line .pv')].map(e => e.textContent);
    return ls.length === 3 && ls.every(l => l.split(' ').length >= 4) && ls;
  }, null, { timeout: 10000 }).then(h => h.jsonValue());
  for (const l of lines) assert.match(l, /^(?:[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8]|O-O(?:-O)?)[+#]?(?: \S+){3,}/, `a line in SAN: ${l}`);
  await page.click('#a-engine'); // off
});

test('the signed-in browsers are named as people say them (Chrome on Linux), the raw agent in a title, in each language', async () => {
  const want = { 'en-US': /^Chrome on Linux, since .+ \(this browser\)$/, 'zh-TW': /^Linux 上的 Chrome，自 .+ 起（這個瀏覽器）$/, 'zh-CN': /^Linux 上的 Chrome，自 .+ 起（当前浏览器）$/ };
  let n = 0;
  for (const [locale, re] of Object.entries(want)) {
    const p = await app.newPerson(locale, { locale });
    await signUp(p, app.server.url, `sessions${++n}`, 'correct horse battery');
    await p.waitForSelector('#sessions li');
    const [text, title] = await p.evaluate(() => {
      const span = document.querySelector('#sessions li span');
      return [span.textContent, span.title];
    });
    assert.match(text, re, locale);
    assert.equal(title, await p.evaluate(() => navigator.userAgent), `${locale}: the raw agent in the title`);
    await shot(p, `sessions-${locale}.png`);
    await app.leave(p);
  }
});

test('a seeded game over is verified in the page: the seed against its commitment, the mines, the pieces turned up; the command stays', async () => {
  const cases = [
    { locale: 'en-US', variant: 'bomb', color: 'white', play: p => move(p, 'e2e4'),
      verdict: 'Verified: the seed matches the commitment published at the start, and it lays the eight mines where they were.', command: /gambit bomb verify/ },
    { locale: 'zh-TW', variant: 'jieqi', color: 'white', play: p => xiangqiMove(p, 'h2e2'),
      verdict: /^已驗證：種子與開局時公布的承諾值相符，翻開的 [12] 枚暗子也都與種子所發的一致。$/, command: /gambit jieqi verify/ },
    { locale: 'zh-CN', variant: 'dice', color: 'black', play: async () => {},
      verdict: '已验证：种子与开局时公布的承诺值相符。每次掷骰还取决于当时能走的棋子，可用下方的命令逐一重算。', command: /gambit dice verify/ },
  ];
  for (const c of cases) {
    const p = await app.newPerson(c.locale, { locale: c.locale });
    await p.goto(app.server.url);
    await newGame(p, { mode: 'computer', variant: c.variant, color: c.color, level: 'easy' });
    await c.play(p);
    await waitMoves(p, c.color === 'white' ? 2 : 1); // the computer's reply, or its first turn
    await p.click('#btn-resign');
    await p.click('#btn-resign');
    await p.waitForSelector('#over-dialog[open]');
    await p.waitForSelector('#over-fair .fair-check.ok', { timeout: 10000 });
    const verdict = await p.textContent('#over-fair .fair-check');
    if (typeof c.verdict === 'string') assert.equal(verdict, c.verdict, c.locale);
    else assert.match(verdict, c.verdict, c.locale);
    assert.match(await p.textContent('#over-fair'), c.command, 'the command, for whoever checks it themselves');
    // The game's panel says the same once the dialog is closed.
    await p.click('#over-dialog button[value=review]');
    await p.waitForSelector('#fair .fair-check.ok');
    await shot(p, `fair-${c.variant}-${c.locale}.png`);
    await app.leave(p);
  }
});

// phone is a 390×844 screen, as an iPhone's.
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

// coordsRead measures the board's file letters and rank numbers.
const coordsRead = (page, board) => page.evaluate(board => {
  const el = document.querySelector(board);
  const box = el.getBoundingClientRect();
  const piece = el.querySelector('piece');
  const layer = c => getComputedStyle(c.closest('coords')).zIndex;
  const files = [...el.querySelectorAll('coords.files coord')];
  const ranks = [...el.querySelectorAll('coords.ranks coord')];
  return {
    width: box.width,
    files: files.map(c => getComputedStyle(c.closest('coords')).textTransform === 'uppercase' ? c.textContent.toUpperCase() : c.textContent).join(''),
    ranks: ranks.map(c => c.textContent).join(''),
    size: Math.min(...[...files, ...ranks].map(c => parseFloat(getComputedStyle(c).fontSize))),
    above: [...files, ...ranks].every(c => Number(layer(c)) > Number(getComputedStyle(piece).zIndex)),
    inside: files.every((c, i) => {
      const r = c.getBoundingClientRect();
      const square = box.width / 8;
      return r.bottom <= box.bottom + 0.5 && r.top >= box.bottom - square && r.left >= box.left + i * square - 0.5 && r.right <= box.left + (i + 1) * square + 0.5;
    }),
  };
}, board);

test('on a 390-px phone the board\'s file letters and rank numbers are legible and drawn over the pieces', async () => {
  app.allowTrouble(/\/api\/opening|status of 404/);
  for (const locale of ['en-US', 'zh-TW', 'zh-CN']) {
    const p = await app.newPerson(locale, { ...phone, locale });
    await p.goto(app.server.url);
    await newGame(p, { mode: 'local' });
    const game = await coordsRead(p, '#board');
    await shot(p, `coords-phone-game-${locale}.png`);
    await p.locator('#board').screenshot({ path: join(artifacts, `coords-phone-board-${locale}.png`) });
    assert.ok(game.width >= 340 && game.width <= 390, `the board is ${game.width} px wide`);
    assert.deepEqual([game.files, game.ranks], ['abcdefgh', '12345678'], 'a to h as moves write them');
    assert.ok(game.size >= 11, `coordinates of ${game.size} px`);
    assert.ok(game.above, 'the coordinates are drawn over the pieces');
    assert.ok(game.inside, 'each file letter in its own square of the bottom rank');
    if (locale === 'en-US') {
      await p.goto(`${app.server.url}/analysis`);
      await p.waitForSelector('#a-board piece');
      const a = await coordsRead(p, '#a-board');
      await shot(p, 'coords-phone-analysis.png');
      await p.locator('#a-board').screenshot({ path: join(artifacts, 'coords-phone-analysis-board.png') });
      assert.deepEqual([a.files, a.size >= 11, a.above, a.inside], ['abcdefgh', true, true, true], JSON.stringify(a));
    }
    await app.leave(p);
  }
});
