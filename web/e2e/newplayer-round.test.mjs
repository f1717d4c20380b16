// What a new player meets on the game page (issue 40), in English,
// 繁體中文 and 简体中文: a friend who opens a rated invite without an
// account is told why the seat is not theirs and signs in or up on the
// spot, then plays; Review on the result screen starts the engine's review
// on the analysis page; an unknown address and a missing game say so in
// the reader's language with a link home; a guest named as a side is
// never taken for one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, axe, inviteRated, move, newGame, signUp, waitMoves } from './harness.mjs';

const app = openApp();

const shot = async (page, name) => {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, name) });
};

test('a rated invite opened without an account says why, offers sign-in and sign-up there, and seats the friend once in', async () => {
  // The words a signed-out friend reads on a rated invite, and the forms'
  // headings, in each language.
  const rated = {
    'en-US': { reason: 'This game is rated: sign in or create an account to take the seat.', signIn: 'Sign in', signUp: 'Create an account', seated: 'Signed in: you play black.' },
    'zh-TW': { reason: '這是計分對局：請登入或建立帳號來入座。', signIn: '登入', signUp: '建立帳號', seated: '已登入：你執黑方。' },
    'zh-CN': { reason: '这是计分对局：请登录或注册账号来入座。', signIn: '登录', signUp: '注册账号', seated: '已登录：你执黑方。' },
  };
  // The page knows the game is rated and nobody is signed in: it sends no
  // join the server would refuse (a 401 and a console error), and the
  // harness fails the test on any.
  const a = app.page;
  await signUp(a, app.server.url, 'ann', 'correct horse battery');
  // One friend signs in with an account made elsewhere; the others make one on the spot.
  const maker = await app.newPerson('maker');
  await maker.goto(app.server.url);
  const made = await maker.evaluate(() => fetch('/api/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'bob_cn', password: 'staple gun 42 blue' }) }).then(r => r.status));
  assert.equal(made, 201);
  for (const [locale, words] of Object.entries(rated)) {
    const { link, id } = await inviteRated(a);
    const b = await app.newPerson(`B ${locale}`, { locale });
    await b.goto(link);
    await b.waitForFunction(id => document.body.dataset.game === id, id);
    // The reason, in the status above the forms; no seat taken.
    await b.waitForSelector('#seat-account:not([hidden])');
    await b.waitForFunction(r => document.getElementById('status').textContent === r, words.reason);
    assert.equal(await b.textContent('#seat-login h3'), words.signIn, locale);
    assert.equal(await b.textContent('#seat-signup h3'), words.signUp, locale);
    assert.equal(await b.isVisible('#btn-resign'), false, `${locale}: a watcher has no game buttons`);
    await shot(b, `newplayer-rated-${locale}.png`);
    assert.deepEqual(await axe(b), [], `${locale}: the forms are accessible`);
    if (locale === 'zh-CN') {
      await b.fill('#seat-login input[name=username]', 'bob_cn');
      await b.fill('#seat-login input[name=password]', 'staple gun 42 blue');
      await b.click('#seat-login button.primary');
    } else {
      await b.fill('#seat-signup input[name=username]', `bob_${locale.slice(3).toLowerCase()}`);
      await b.fill('#seat-signup input[name=password]', 'staple gun 42 blue');
      await b.click('#seat-signup button.primary');
    }
    // Seated as Black, as the account: the board turns, the forms go, the header names the account.
    await b.waitForSelector('#board.orientation-black');
    await b.waitForSelector('#seat-account', { state: 'hidden' });
    const username = locale === 'zh-CN' ? 'bob_cn' : `bob_${locale.slice(3).toLowerCase()}`;
    await b.waitForFunction(n => document.getElementById('nav-account').textContent === n, username);
    await b.waitForFunction(s => document.getElementById('status').textContent === s, words.seated);
    const seats = await b.evaluate(id => fetch(`/api/games/${id}`).then(r => r.json()).then(s => s.seats.black), id);
    assert.equal(seats.kind, 'human');
    assert.equal(seats.name, username, `${locale}: the seat is the account's`);
    // And plays.
    await a.waitForFunction(() => !document.getElementById('invite') || document.getElementById('invite').hidden);
    await move(a, 'e2e4');
    await waitMoves(b, 1);
    await move(b, 'e7e5');
    await waitMoves(a, 2);
    await shot(b, `newplayer-rated-seated-${locale}.png`);
    await app.leave(b);
    // Ann's next invite starts from a clean page.
    await a.goto(app.server.url);
  }
});

test('Review on the result screen starts the engine review on its own page, which shows the accuracies and the graph', async () => {
  const page = app.page;
  await page.goto(app.server.url);
  await newGame(page, { mode: 'local' });
  const id = await page.evaluate(() => document.body.dataset.game);
  // Moves out of every opening book (a book move is not judged), then White resigns.
  for (const m of ['a2a4', 'h7h5', 'a1a3', 'h8h6', 'a3b3', 'h6b6']) await move(page, m);
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#over-dialog[open]');
  assert.equal(await page.getAttribute('#btn-over-review', 'title'), 'Have the engine review this game, on the analysis page');
  await page.click('#btn-over-review');
  await page.waitForURL(u => u.pathname === '/analysis' && u.searchParams.get('game') === id);
  // Its header names the game as its head did.
  await page.waitForSelector('#a-head:not([hidden])');
  assert.equal(await page.textContent('#a-head .game-head-players'), 'White vs Black');
  assert.equal(await page.textContent('#a-head .a-head-result'), 'Black wins (0-1) · resignation');
  assert.equal(await page.title(), 'Review: White vs Black · Gambit');
  // The review was asked for by the button: it runs, then shows its figures.
  await page.waitForSelector('#a-graph', { timeout: 60000 });
  await page.waitForSelector('.review-stats tr[data-side=white] td.acc');
  for (const side of ['white', 'black']) assert.match(await page.textContent(`.review-stats tr[data-side=${side}] td.acc`), /^\d+(\.\d)?%$/, side);
  assert.equal(await page.locator('#a-review-go').count(), 0, 'no second request was needed');
  const st = await page.evaluate(id => fetch(`/api/games/${id}/review`).then(r => r.json()), id);
  assert.equal(st.state, 'done');
  await shot(page, 'newplayer-review.png');
});

test('the review page says which game it reviews: its players, result and day, a way back, and a title naming it, in each language', async () => {
  // ann and bob play online by invite, each by the name they gave; ann resigns.
  const ann = await app.newPerson('ann');
  await ann.goto(app.server.url);
  await ann.evaluate(() => localStorage.setItem('gambit.name', 'ann'));
  await newGame(ann, { mode: 'online', color: 'white' });
  await ann.waitForSelector('#invite:not([hidden])');
  const link = await ann.inputValue('#invite-link');
  const id = new URL(link).pathname.split('/').pop();
  const bob = await app.newPerson('bob');
  await bob.goto(app.server.url);
  await bob.evaluate(() => localStorage.setItem('gambit.name', 'bob'));
  await bob.goto(link);
  await bob.waitForSelector('#board.orientation-black');
  await move(ann, 'e2e4');
  await waitMoves(bob, 1);
  await move(bob, 'e7e5');
  await waitMoves(ann, 2);
  await ann.click('#btn-resign');
  await ann.click('#btn-resign');
  // bob reviews from the result dialog: the header names him as the lists do.
  await bob.waitForSelector('#over-dialog[open]');
  await bob.click('#btn-over-review');
  await bob.waitForURL(u => u.pathname === '/analysis' && u.searchParams.get('game') === id);
  await bob.waitForSelector('#a-head:not([hidden])');
  assert.equal(await bob.textContent('#a-head .game-head-players'), 'ann vs bob (you)');
  assert.equal(await bob.title(), 'Review: ann vs bob (you) · Gambit');
  // Someone else, in each language, opens the review by its address.
  const words = {
    'en-US': { players: 'ann vs bob', result: 'Black wins (0-1) · resignation', back: 'Back to the game', title: 'Review: ann vs bob · Gambit' },
    'zh-TW': { players: 'ann 對 bob', result: '黑方勝（0-1） · 認輸', back: '回到對局', title: '複盤：ann 對 bob · Gambit' },
    'zh-CN': { players: 'ann 对 bob', result: '黑方胜（0-1） · 认输', back: '回到对局', title: '复盘：ann 对 bob · Gambit' },
  };
  for (const [locale, w] of Object.entries(words)) {
    const p = await app.newPerson(`watcher ${locale}`, { locale });
    await p.goto(`${app.server.url}/analysis?game=${id}`);
    await p.waitForSelector('#a-head:not([hidden])');
    assert.equal(await p.textContent('#a-head .game-head-players'), w.players, locale);
    assert.equal(await p.textContent('#a-head .a-head-result'), w.result, locale);
    const day = await p.getAttribute('#a-head time', 'datetime');
    const [y, m, d] = day.split('-').map(Number);
    assert.ok(Math.abs(new Date(y, m - 1, d) - Date.now()) < 2 * 86400000, `the game's day ${day}`);
    assert.equal(await p.textContent('#a-head time'), new Intl.DateTimeFormat(locale === 'en-US' ? 'en' : locale, { dateStyle: 'medium' }).format(new Date(y, m - 1, d)), locale);
    assert.equal(await p.textContent('#a-head a'), w.back, locale);
    assert.equal(await p.title(), w.title, locale);
    await shot(p, `newplayer-review-head-${locale}.png`);
    assert.deepEqual(await axe(p), [], `${locale}: the header is accessible`);
    if (locale === 'en-US') {
      // Back to the game, on the app's own page.
      await p.click('#a-head a');
      await p.waitForFunction(id => document.body.dataset.game === id, id);
      assert.equal(await p.isVisible('#analysis'), false);
    }
    await app.leave(p);
  }
});

test('a game of a variant the engines do not review: Review goes through its moves on the page', async () => {
  const page = app.page;
  await page.goto(app.server.url);
  await newGame(page, { mode: 'local', variant: 'fogofwar' });
  // Fog of war on one screen: White resigns after a move each (the first move hands over).
  await move(page, 'e2e4');
  await page.click('#btn-handover');
  await move(page, 'e7e5');
  await page.click('#btn-handover');
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#over-dialog[open]');
  assert.equal(await page.getAttribute('#btn-over-review', 'title'), 'Go through the moves on this page');
  await page.click('#btn-over-review');
  await page.waitForFunction(() => !document.getElementById('over-dialog').open);
  assert.match(new URL(page.url()).pathname, /^\/game\//);
});

test('an unknown address and a missing game say so in the reader\'s language, with a link home and no game buttons', async () => {
  // The 404 page in each language: title, text and the link home.
  const missing = {
    'en-US': { title: 'Page not found', game: 'No such game', home: 'Go to the home page' },
    'zh-TW': { title: '找不到這個頁面', game: '找不到這盤棋', home: '回到首頁' },
    'zh-CN': { title: '找不到这个页面', game: '没有这盘棋', home: '回到首页' },
  };
  app.allowTrouble(/HTTP 404|status of 404/);
  for (const [locale, words] of Object.entries(missing)) {
    const p = await app.newPerson(`P ${locale}`, { locale });
    const res = await p.goto(`${app.server.url}/no/such/page`);
    assert.equal(res.status(), 404);
    await p.waitForSelector('#notfound:not([hidden])');
    assert.equal(await p.textContent('#notfound-title'), words.title, locale);
    assert.equal(await p.textContent('#notfound a'), words.home, locale);
    assert.equal(await p.isVisible('#home'), false);
    assert.equal(await p.evaluate(() => document.documentElement.lang), locale === 'en-US' ? 'en' : locale);
    await shot(p, `newplayer-404-${locale}.png`);
    // A missing game: "No such game", and nothing to play.
    // The server answers 404 with the page (no soft 404), as above.
    const gone = await p.goto(`${app.server.url}/game/nosuchgame`);
    assert.equal(gone.status(), 404, locale);
    await p.waitForSelector('#notfound:not([hidden])');
    assert.equal(await p.textContent('#notfound-title'), words.game, locale);
    assert.equal(await p.isVisible('#play'), false, `${locale}: the game page's board and buttons are gone`);
    for (const b of ['#btn-resign', '#btn-draw', '#btn-flip', '#btn-new']) assert.equal(await p.isVisible(b), false, `${locale}: ${b}`);
    await shot(p, `newplayer-nogame-${locale}.png`);
    // The link home goes home.
    await p.click('#notfound a');
    await p.waitForSelector('#home:not([hidden])');
    assert.equal(await p.isVisible('#notfound'), false);
    await app.leave(p);
  }
});

test('a guest who names themselves 黑方 and plays White is never shown as a side', async () => {
  const host = await app.newPerson('host', { locale: 'zh-TW' });
  await host.goto(app.server.url);
  await host.waitForSelector('#btn-new-top');
  await host.evaluate(() => localStorage.setItem('gambit.name', '黑方'));
  await newGame(host, { mode: 'online', color: 'white' });
  await host.waitForSelector('#invite:not([hidden])');
  const link = await host.inputValue('#invite-link');
  const guest = await app.newPerson('guest', { locale: 'zh-TW' });
  await guest.goto(link);
  await guest.waitForSelector('#board.orientation-black');
  // The header and the player's bar quote the name, beside the side it plays.
  await guest.waitForFunction(() => document.getElementById('name-top').textContent === '「黑方」（白方）');
  assert.match(await guest.textContent('#game-head-players'), /「黑方」（白方）/);
  await host.waitForFunction(() => document.getElementById('name-bottom').textContent === '「黑方」（你，白方）');
  // The chat names the guest's lines by the side it plays.
  await host.fill('#chat-input', '你好');
  await host.press('#chat-input', 'Enter');
  await guest.waitForFunction(() => document.querySelector('#chat-lines li:last-child .chat-text')?.textContent === '你好');
  assert.equal(await guest.textContent('#chat-lines li:last-child .chat-who'), '白方');
  await shot(guest, 'newplayer-sidename-zh-TW.png');
});
