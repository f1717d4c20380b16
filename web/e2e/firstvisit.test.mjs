// What a new player meets first (issue 25, part 2): the start page's two
// lists of games in two browsers, the game header and the tab's title, a
// theme switch, readable coordinates, and the new-game dialog's buttons in
// sight on a phone with the rules open. Screenshots go to e2e/artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, newGame, move } from './harness.mjs';

const app = openApp();
mkdirSync(artifacts, { recursive: true });
const shot = (page, name) => page.screenshot({ path: join(artifacts, `firstvisit-${name}.png`) });

// api calls the server as the page's person (its context's cookies).
async function api(page, path, body) {
  const r = await page.request.post(new URL(path, page.url()).href, { data: body ?? {} });
  assert.ok(r.ok(), `${path}: HTTP ${r.status()} ${await r.text()}`);
  return r.json();
}

// lists reads the start page's two lists: each entry's text and link.
async function lists(page) {
  await page.goto(new URL('/', page.url()).href);
  await page.waitForSelector('#recent li');
  await page.waitForSelector('#playing-now li');
  const read = sel => page.locator(`${sel} li`).evaluateAll(lis => lis.map(li => ({
    text: li.textContent, id: li.querySelector('a')?.getAttribute('href')?.split('/').pop() })));
  return { yours: await read('#recent'), now: await read('#playing-now') };
}

test('the start page lists your games apart from the games others play now', async () => {
  const ann = app.page;
  await newGame(ann, { mode: 'computer', level: 'greedy' });
  const annGame = new URL(ann.url()).pathname.split('/').pop();
  // Bob and Cy, two other browsers, play an online game from the lobby.
  const bob = await app.newPerson('bob');
  const cy = await app.newPerson('cy');
  await bob.goto(app.server.url);
  await cy.goto(app.server.url);
  const online = await api(bob, '/api/games', { mode: 'online', color: 'white', lobby: true });
  await api(cy, `/api/games/${online.id}/join`);
  // Then Bob plays 16 games on one screen: Ann's game is older than all of them.
  for (let i = 0; i < 16; i++) await api(bob, '/api/games', { mode: 'local' });

  const a = await lists(ann);
  assert.deepEqual(a.yours.map(g => g.id), [annGame], 'Ann: her game, and no one else\'s');
  assert.match(a.yours[0].text, /^Chess · You vs Gambit/); // chess is named, as every variant
  assert.deepEqual(a.now.map(g => g.id), [online.id], 'Ann: the online game being played');
  assert.doesNotMatch(a.now[0].text, /You/, 'a stranger\'s game is never "You"');
  await shot(ann, 'home');

  const b = await lists(bob);
  assert.equal(b.yours.length, 15, 'Bob: his newest 15');
  assert.ok(!b.yours.some(g => g.id === annGame), 'Bob does not see Ann\'s game as his');
  assert.ok(!b.now.some(g => g.id === annGame), 'a game against the computer is not "playing now"');
  assert.match(b.now[0]?.text ?? '', /empty|No one/i, 'Bob\'s own online game is his, not "playing now"');

  // At phone width an entry takes one or two lines.
  await ann.setViewportSize({ width: 375, height: 667 });
  const heights = await ann.locator('#recent li a, #playing-now li a').evaluateAll(as => as.map(a => {
    const line = parseFloat(getComputedStyle(a).lineHeight) || 21;
    return a.getBoundingClientRect().height / line;
  }));
  for (const h of heights) assert.ok(h <= 2.9, `an entry is ${h.toFixed(1)} lines tall at 375 px`);
  await ann.screenshot({ path: join(artifacts, 'firstvisit-home-phone.png'), fullPage: true });
  await ann.setViewportSize({ width: 1100, height: 800 });
});

test('moves are counted as a player counts them, full moves, on the home page and in the link preview alike', async () => {
  const page = await app.newPerson('moves');
  await page.goto(app.server.url);
  await newGame(page, { mode: 'local' });
  const id = new URL(page.url()).pathname.split('/').pop();
  const preview = async () => (await (await fetch(`${app.server.url}/game/${id}`)).text()).match(/og:description" content="([^"]*)"/)?.[1];
  for (const [m, want] of [['d2d4', '1 move'], ['d7d5', '1 move'], ['g1f3', '2 moves']]) {
    await move(page, m);
    assert.equal(await preview(), `In play · ${want}`, `the link preview after ${m}`);
    await page.goto(app.server.url);
    await page.waitForSelector(`#recent a[href="/game/${id}"] .res`);
    assert.match(await page.textContent(`#recent a[href="/game/${id}"] .res`), new RegExp(`in play · ${want} played`), `the home page after ${m}`);
    await page.goto(`${app.server.url}/game/${id}`);
    await page.waitForFunction(id => document.body.dataset.game === id, id);
  }
});

test('the home page lists a game on one screen as its head names it, and names its variant, chess too', async () => {
  const page = await app.newPerson('one screen');
  await page.goto(app.server.url);
  for (const [variant, want] of [['chess', 'Chess · White vs Black'], ['xiangqi', 'Xiangqi · Red vs Black']]) {
    await newGame(page, { mode: 'local', variant });
    const id = new URL(page.url()).pathname.split('/').pop();
    await page.waitForSelector('#game-head-players:not(:empty)');
    const head = await page.textContent('#game-head-players');
    await page.goto(app.server.url);
    await page.waitForSelector(`#recent a[href="/game/${id}"] .who`);
    const who = await page.textContent(`#recent a[href="/game/${id}"] .who`);
    assert.equal(who, want, variant);
    assert.ok(who.endsWith(head), `${variant}: the list's "${who}", the head's "${head}"`);
  }
});

test('the game header says what the game is; the tab says whose move it is and how it ended', async () => {
  const page = app.page;
  await newGame(page, { mode: 'local', variant: 'chess960', setup: '518', timed: true, minutes: 3, increment: 2 });
  await page.waitForSelector('#game-head-info:not(:empty)');
  assert.equal(await page.textContent('#game-head-info'), 'Chess960 (Fischer random) · 3+2 · Position 518 · Casual');
  assert.equal(await page.textContent('#game-head-players'), 'White vs Black');
  assert.equal(await page.title(), 'Chess960 (Fischer random) · Gambit'); // one screen: no "your move"
  await shot(page, 'header');

  await newGame(page, { mode: 'computer', level: 'greedy' });
  await page.waitForFunction(() => document.title.startsWith('Your move — '));
  assert.match(await page.textContent('#game-head-players'), /^You \(white\) vs Gambit · /);
  for (const m of ['f2f3', 'g2g4']) {
    await page.waitForFunction(() => document.title.startsWith('Your move'));
    await move(page, m).catch(() => {}); // the greedy reply may mate first
  }
  await page.click('#btn-resign', { timeout: 3000 }).catch(() => {});
  await page.click('#btn-resign', { timeout: 3000 }).catch(() => {});
  await page.waitForFunction(() => /wins/.test(document.title), null, { timeout: 15000 });
  assert.match(await page.title(), /^Black wins \(0-1\) · .+ — Chess · Gambit$/);
});

test('a theme switch redraws the board, and the coordinates read on every square', async () => {
  const page = app.page;
  await newGame(page, { mode: 'local' });
  await page.click('#btn-settings');
  await page.click('#settings-dialog .pv[data-id=purple]');
  await page.click('#settings-dialog .pv[data-id=flat]');
  await page.waitForSelector('body.board-purple.pieces-flat');
  await shot(page, 'settings');
  await page.click('#settings-dialog button.primary');
  // Each coordinate stands in the other colour of its square: a1 is dark.
  const colours = await page.evaluate(() => {
    const css = v => getComputedStyle(document.body).getPropertyValue(v).trim();
    const rgb = hex => `rgb(${[1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    const ranks = [...document.querySelectorAll('#board coords.ranks coord')].map(c => getComputedStyle(c).color);
    const files = [...document.querySelectorAll('#board coords.files coord')].map(c => getComputedStyle(c).color);
    return { light: rgb(css('--light')), dark: rgb(css('--dark')), ranks, files };
  });
  assert.deepEqual(colours.ranks.slice(0, 2), [colours.light, colours.dark], 'rank 1 on a dark square, rank 2 on a light one');
  assert.deepEqual(colours.files.slice(0, 2), [colours.light, colours.dark], 'file a on a dark square, file b on a light one');
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('gambit.settings'))).board, 'purple');
  await page.reload();
  await page.waitForSelector('body.board-purple.pieces-flat cg-board piece');
  await shot(page, 'chess-purple-flat');

  // The xiangqi board: paper, ICCS coordinates, then the traditional ones.
  await newGame(page, { mode: 'local', variant: 'xiangqi' });
  await page.click('#btn-settings');
  await page.click('#settings-dialog .pv[data-id=paper]');
  await page.click('#settings-dialog .pv[data-id=iccs]');
  await page.click('#settings-dialog button.primary');
  await page.waitForSelector('body.xqboard-paper');
  const iccs = await page.locator('#xboard .xq-coords text').allTextContents();
  assert.deepEqual(iccs.slice(0, 9), [...'abcdefghi']);
  assert.deepEqual(iccs.slice(9), [...'0123456789']);
  await shot(page, 'xiangqi-paper-iccs');
  await page.click('#btn-settings');
  await page.click('#settings-dialog .pv[data-id=traditional]');
  await page.click('#settings-dialog .pv[data-id=dark]');
  await page.click('#settings-dialog .theme-kind:has(#set-xqpieces) .pv[data-id=flat]');
  await page.click('#settings-dialog button.primary');
  const trad = await page.locator('#xboard .xq-coords text.red').allTextContents();
  assert.deepEqual(trad, [...'九八七六五四三二一']);
  assert.deepEqual(await page.locator('#xboard .xq-coords text.black').allTextContents(), [...'123456789']);
  await shot(page, 'xiangqi-dark-traditional');
  // Back to the defaults for the other tests.
  await page.evaluate(() => localStorage.removeItem('gambit.settings'));
});

test('on a phone the dialog keeps Start and Cancel in sight with the rules open', async () => {
  const page = app.page;
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(app.server.url);
  await page.click('#btn-new-top');
  await page.check('input[name=variant][value=bomb]');
  await page.click('#variant-rules-title');
  await page.waitForSelector('#variant-rules[open]');
  const inView = async sel => page.locator(sel).evaluate(el => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight && r.height > 0;
  });
  assert.ok(await inView('#btn-start'), 'Start in sight');
  assert.ok(await inView('#new-dialog button[value=cancel]'), 'Cancel in sight');
  await shot(page, 'dialog-phone-rules');
  // Scrolled to its end, the buttons are still there.
  await page.locator('#new-dialog').evaluate(d => { d.scrollTop = d.scrollHeight; });
  assert.ok(await inView('#btn-start'), 'Start in sight once scrolled');
  // The levels: Gambit's by strength apart from the teaching algorithms.
  await page.check('input[name=variant][value=chess]');
  const groups = await page.locator('#level optgroup').evaluateAll(gs => gs.map(g => g.label));
  assert.deepEqual(groups, ['Gambit, by strength', 'Teaching algorithms']);
  assert.match(await page.locator('#level optgroup').first().textContent(), /~800/);
  await page.click('#new-dialog button[value=cancel]');
  await page.setViewportSize({ width: 1100, height: 800 });
});

test('a game from a pasted PGN keeps its tags, comments and variations', async () => {
  const page = app.page;
  const pgn = '[Event "Casual game"]\n[White "Lin"]\n[Black "Chen"]\n\n{A quiet start.} 1. e4 {Best by test.} e5 (1... c5 {Sicilian} 2. Nf3) (1... e6) 2. Nf3 Nc6 *';
  await newGame(page, { mode: 'local', setup: pgn });
  await page.waitForSelector('#moves li.head-note');
  assert.equal(await page.textContent('#moves li.head-note summary'), 'Lin – Chen · Casual game');
  assert.equal(await page.textContent('#moves li.head-note .comment'), 'A quiet start.');
  assert.deepEqual(await page.locator('#moves .comment').allTextContents(), ['A quiet start.', 'Best by test.']);
  const folded = page.locator('#moves details.variations');
  assert.equal(await folded.locator('summary').textContent(), 'Variations (2)');
  assert.equal(await folded.locator('.variation').first().isVisible(), false, 'variations folded');
  await folded.locator('summary').click();
  assert.deepEqual(await folded.locator('.variation').allTextContents(), ['(1... c5 {Sicilian} 2. Nf3)', '(1... e6)']);
  await page.click('#moves li.head-note summary');
  await shot(page, 'pgn-notes');
  // Play goes on from the mainline's end, and the notes stay.
  await move(page, 'f1b5');
  assert.equal(await page.locator('#moves li.note').count(), 3);
});

test('"New game" clicked while the page still loads opens the dialog, with every variant', async () => {
  // The server's list of variants held back: a click before the page has
  // it did nothing (a slow CI machine found it), and now waits for it.
  const page = await app.newPerson('early');
  let release;
  const held = new Promise(r => { release = r; });
  await page.route('**/api/variants', async route => { await held; await route.continue(); });
  await page.goto(app.server.url, { waitUntil: 'domcontentloaded' });
  assert.equal(await page.isDisabled('#btn-new-top'), true, 'not yet: the dialog has nothing to offer');
  const click = page.click('#btn-new-top');
  release();
  await click;
  await page.waitForSelector('#new-dialog[open]');
  await page.check('input[name=variant][value=jieqi]');
  assert.ok((await page.$$('#variants input')).length >= 7, 'every variant offered');
});
