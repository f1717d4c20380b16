// Playing the computer as a new player meets it (issue 40, items 3 and 9),
// in English, 繁體中文 and 简体中文: the new-game dialog lists Gambit's
// levels by strength, the teaching algorithms (each explained in a line)
// and Stockfish's levels apart, in xiangqi as in chess (its strength
// levels without a rating or a note about one, its search cut to 1, 2
// and 3 plies as the teaching levels), and each variant's own levels with
// their own words whatever variant was picked before; a level has one name
// in the dialog, the game's head, the page's title, the viewer page and
// the list of one's games, and its English name in the PGN, in chess and
// in xiangqi; and people behind one
// address each have their own share of games against the computer, a
// refusal naming the asker's games, while the address's ceiling holds.
// Screenshots go to e2e/artifacts/computer-levels-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, move, newGame, waitMoves, Server } from './harness.mjs';

const app = openApp({ detectEngines: true }); // Stockfish's levels in the menu, as on a server with Debian's engines
mkdirSync(artifacts, { recursive: true });
const shot = (page, name) => page.screenshot({ path: join(artifacts, `computer-levels-${name}.png`) });

// words are what each language calls things here.
const words = {
  'en-US': {
    groups: ['Gambit, by strength', 'Teaching algorithms', 'Stockfish, levels 1–8'],
    xqGroups: ['Gambit, by strength', 'Teaching algorithms', 'Fairy-Stockfish, levels 1–8'],
    xqStrength: ['Beginner', 'Casual', 'Club', 'Strong', 'Full strength'],
    xqTeaching: ['Greedy (1 ply)', 'Alpha-beta (2 plies)', 'Alpha-beta (3 plies)'],
    xqHelp: { greedy: /^Greedy takes whatever wins the most material at once/, minimax: /^Alpha-beta looks 2 plies ahead/, alphabeta: /^Alpha-beta looks 3 plies ahead/ },
    strength: ['Beginner (~800)', 'Casual (~1200)', 'Club (~1600)', 'Strong (~2000)', 'Full strength (~2250)'],
    teaching: ['Greedy (grabs material, 1 ply)', 'Minimax (3 plies)', 'Negamax (3 plies)', 'Alpha-beta (4 plies)'],
    minimax: /^Minimax looks 3 plies ahead/, alphabeta: /^Alpha-beta is minimax that skips/, stockfish: /^Stockfish at level 2 of 8/, rating: /^Ratings are approximate/,
    own: {
      jieqi: ['Easy (1 ply, guesses the face-down pieces)', 'Hard (2 plies, weighs what a piece may turn up as)'],
      fogofwar: ['Easy (guesses once, 2 plies)', 'Hard (votes over 8 guesses, 3 plies)'],
      dice: ['Easy (best plan for its own dice)', 'Hard (also weighs the opponent’s rolls)'],
      bomb: ['Easy (1 ply, wary of unknown squares)', 'Hard (3 plies, wary of unknown squares)'],
    },
    tooMany: /^You already have 4 games against the computer going/,
    network: /^Your network already has 10 games against the computer going/,
    held: /^Chess, (White|Black), against Gambit · (Beginner \(~800\)|Casual \(~1200\)|Greedy \(grabs material, 1 ply\)): (no move yet|\d+ moves? played), begun \d/,
    played: /^Chess, White, against Gambit · Beginner \(~800\): 1 move played, begun /, // 1.e4 and its answer: one move
  },
  'zh-TW': {
    groups: ['Gambit（依棋力）', '教學用演算法', 'Stockfish（第 1–8 級）'],
    xqGroups: ['Gambit（依棋力）', '教學用演算法', 'Fairy-Stockfish（第 1–8 級）'],
    xqStrength: ['初學', '休閒', '棋社', '高手', '全力'],
    xqTeaching: ['貪吃（1 層）', 'α-β 剪枝（2 層）', 'α-β 剪枝（3 層）'],
    xqHelp: { greedy: /^貪吃：/, minimax: /^α-β 剪枝：往後看 2 層/, alphabeta: /^α-β 剪枝：往後看 3 層/ },
    strength: ['初學（約 800 分）', '休閒（約 1200 分）', '棋社（約 1600 分）', '高手（約 2000 分）', '全力（約 2250 分）'],
    teaching: ['貪吃（只顧吃子，1 層）', '極小化極大（3 層）', '負極大值（3 層）', 'α-β 剪枝（4 層）'],
    minimax: /^極小化極大：往後看 3 層/, alphabeta: /^α-β 剪枝：/, stockfish: /^Stockfish 第 2 級（共 8 級）/, rating: /^等級分僅為約略值/,
    own: {
      jieqi: ['簡單（1 層，猜測暗子）', '困難（2 層，權衡暗子可能翻出的棋子）'],
      fogofwar: ['簡單（猜一次局面，2 層）', '困難（猜 8 次局面再投票，3 層）'],
      dice: ['簡單（只就自己的骰子找最佳走法）', '困難（也考慮對手可能擲出的骰子）'],
      bomb: ['簡單（1 層，避開未知的格子）', '困難（3 層，避開未知的格子）'],
    },
    tooMany: /^你已有 4 盤與電腦的對局正在進行/,
    held: /^西洋棋，你執(白方|黑方)，對 Gambit · (初學（約 800 分）|休閒（約 1200 分）|貪吃（只顧吃子，1 層）)：(尚未走棋|已走 \d+ 步)，(\d{4}年\d{1,2}月\d{1,2}日 )?[上下]午\d{1,2}:\d\d 開始$/, // 上午/下午, as Taiwan writes the time (not CLDR's 清晨, 凌晨)
  },
  'zh-CN': {
    groups: ['Gambit（按棋力）', '教学用算法', 'Stockfish（第 1–8 级）'],
    xqGroups: ['Gambit（按棋力）', '教学用算法', 'Fairy-Stockfish（第 1–8 级）'],
    xqStrength: ['入门', '休闲', '俱乐部', '高手', '全力'],
    xqTeaching: ['贪吃（1 层）', 'α-β 剪枝（2 层）', 'α-β 剪枝（3 层）'],
    xqHelp: { greedy: /^贪吃：/, minimax: /^α-β 剪枝：往后看 2 层/, alphabeta: /^α-β 剪枝：往后看 3 层/ },
    strength: ['入门（约 800 分）', '休闲（约 1200 分）', '俱乐部（约 1600 分）', '高手（约 2000 分）', '全力（约 2250 分）'],
    teaching: ['贪吃（只顾吃子，1 层）', '极小化极大（3 层）', '负极大值（3 层）', 'α-β 剪枝（4 层）'],
    minimax: /^极小化极大：往后看 3 层/, alphabeta: /^α-β 剪枝：/, stockfish: /^Stockfish 第 2 级（共 8 级）/, rating: /^等级分仅为大约值/,
    own: {
      jieqi: ['简单（1 层，猜测暗子）', '困难（2 层，权衡暗子可能翻出的棋子）'],
      fogofwar: ['简单（猜一次局面，2 层）', '困难（猜 8 次局面后投票，3 层）'],
      dice: ['简单（只按自己的骰子找最佳走法）', '困难（还考虑对手可能掷出的点数）'],
      bomb: ['简单（1 层，避开未知格子）', '困难（3 层，避开未知格子）'],
    },
    network: /^你所在的网络已有 10 盘与电脑的对局正在进行/,
    held: /^国际象棋，你执(白方|黑方)，对 Gambit · (入门（约 800 分）|休闲（约 1200 分）)：(尚未走棋|已走 \d+ 步)，(\d{4}年\d{1,2}月\d{1,2}日 )?\d\d:\d\d 开始$/,
  },
};

// menu reads the level menu: its groups, each with its options' texts.
const menu = page => page.$$eval('#level optgroup', gs => gs.map(g => [g.label, [...g.querySelectorAll('option')].map(o => o.textContent)]));

// pick chooses variant in the open dialog.
const pick = (page, variant) => page.check(`input[name=variant][value=${variant}]`);

// help chooses level and reads the line under the menu.
async function help(page, level) {
  await page.selectOption('#level', level);
  return (await page.isVisible('#level-help')) ? page.textContent('#level-help') : '';
}

// shotMenu photographs the dialog with the menu opened out (a <select>
// with a size shows its groups in place; a dropdown is drawn outside the page).
async function shotMenu(page, name) {
  await page.$eval('#level', s => { s.size = s.options.length + s.querySelectorAll('optgroup').length; });
  await page.locator('#level').scrollIntoViewIfNeeded();
  await shot(page, name);
  await page.$eval('#level', s => { s.size = 0; });
}

for (const [locale, w] of Object.entries(words)) {
  test(`${locale}: the levels in groups, each explained, each variant with its own words`, async () => {
    const page = await app.newPerson(locale, { locale });
    await page.goto(app.server.url);
    await page.click('#btn-new-top');
    await page.check('input[name=mode][value=computer]');
    assert.equal(await page.inputValue('#level'), 'beginner', 'a new player starts at the beginner');
    // The first variant chosen is one with levels of its own: then the
    // others, chess last, each in its own words (after jieqi, fog of war
    // once said jieqi's).
    for (const v of ['jieqi', 'fogofwar', 'dice', 'bomb']) {
      await pick(page, v);
      assert.deepEqual(await page.$$eval('#level option', os => os.map(o => o.textContent)), w.own[v], `${v}'s levels after the variant before`);
    }
    for (const v of ['jieqi', 'fogofwar', 'dice', 'bomb']) {
      await pick(page, v);
      assert.deepEqual(await menu(page), [[w.groups[0], w.own[v]]], `${v}: one group`);
      assert.equal(await help(page, 'hard'), '', `${v}: its level says it all`);
      if (v === 'fogofwar') await shotMenu(page, `${locale}-fog-after-jieqi`);
    }
    // Xiangqi as chess: its strength levels named by strength (no engine's
    // skill number, no rating and so no note about ratings), its search cut
    // to 1, 2 and 3 plies apart as teaching levels, each explained.
    await pick(page, 'xiangqi');
    const xq = await menu(page);
    assert.deepEqual(xq.map(([g]) => g), w.xqGroups, 'xiangqi: by strength, teaching, then Fairy-Stockfish');
    assert.deepEqual(xq[0][1], w.xqStrength);
    assert.deepEqual(xq[1][1], w.xqTeaching);
    assert.equal(xq[2][1].length, 8);
    for (const level of ['beginner', 'casual', 'full']) assert.equal(await help(page, level), '', `xiangqi ${level}: no figure, no note`);
    for (const [level, re] of Object.entries(w.xqHelp)) assert.match(await help(page, level), re, `xiangqi ${level}`);
    await shotMenu(page, `${locale}-xiangqi`);
    await pick(page, 'chess');
    const chess = await menu(page);
    assert.deepEqual(chess.map(([g]) => g), w.groups);
    assert.deepEqual(chess[0][1], w.strength);
    assert.deepEqual(chess[1][1], w.teaching);
    assert.equal(chess[2][1].length, 8);
    assert.match(await help(page, 'beginner'), w.rating, 'a rating explained');
    assert.match(await help(page, 'minimax'), w.minimax);
    assert.match(await help(page, 'stockfish-2'), w.stockfish);
    assert.match(await help(page, 'alphabeta'), w.alphabeta);
    assert.equal(await page.getAttribute('#level', 'aria-describedby'), 'level-help');
    await shotMenu(page, `${locale}-chess`);
    await page.locator('#level-help').scrollIntoViewIfNeeded();
    await shot(page, `${locale}-alphabeta-help`);
    // Back to a variant of its own, the menu says its words again.
    await pick(page, 'dice');
    assert.deepEqual(await menu(page), [[w.groups[0], w.own.dice]]);
    assert.equal(await page.isVisible('#level-help'), false, 'no stale explanation');
    await page.click('#new-dialog button[value=cancel]');
  });

  for (const [variant, english] of [['chess', 'Casual (~1200)'], ['xiangqi', 'Casual']]) test(`${locale}: one name for a ${variant} level in the dialog, the game's head, title and viewer, the list of games; English in the PGN`, async () => {
    const page = await app.newPerson(locale, { locale });
    await page.goto(app.server.url);
    await page.click('#btn-new-top');
    await page.check('input[name=mode][value=computer]');
    await pick(page, variant);
    const label = await page.$eval('#level option[value=casual]', o => o.textContent);
    assert.equal(label, (variant === 'chess' ? w.strength : w.xqStrength)[1]);
    await newGame(page, { mode: 'computer', color: 'white', level: 'casual', variant });
    const id = new URL(page.url()).pathname.split('/').pop();
    const name = `Gambit · ${label}`;
    await page.waitForFunction(n => document.getElementById('name-top')?.textContent === n, name);
    assert.ok((await page.textContent('#game-head-players')).includes(name), await page.textContent('#game-head-players'));
    await shot(page, `${locale}-${variant}-head`);
    const fetchText = async path => {
      const res = await fetch(app.server.url + path, { headers: { 'Accept-Language': locale } });
      assert.equal(res.status, 200, path);
      return res.text();
    };
    const title = (await fetchText(`/game/${id}`)).match(/<title>(.*)<\/title>/)?.[1] ?? '';
    assert.ok(title.includes(name), `the page's title: ${title}`);
    const viewer = await fetchText(`/game/${id}.html`);
    assert.ok(viewer.includes(`"value":"${name}"`), `the viewer's Black tag names ${name}`);
    const pgn = await fetchText(`/api/games/${id}/pgn`);
    assert.ok(pgn.includes(`[Black "Gambit ${english}"]`), pgn);
    // The list of one's games names it the same.
    await page.goto(app.server.url);
    const row = page.locator(`a[href="/game/${id}"]`).first();
    await row.waitFor();
    assert.ok((await row.textContent()).includes(name), await row.textContent());
  });
}

test('people behind one address each have their 4 games against the computer; a refusal names the asker\'s own; the address\'s ceiling holds', async () => {
  // A server of its own, its address's ceiling at 10: the players' shares
  // of 4 fit twice behind it, and a third person meets the ceiling.
  const server = new Server();
  server.args = ['--data', server.data, '--no-engine-detect', '--computer-games-per-addr', '10'];
  await server.start();
  app.allowTrouble(/429/); // each refusal is an answer of 429, logged by the browser
  try {
    // games opens n games against the computer, each in a tab of its own
    // (kept open: its player stays connected), at the levels given.
    const games = async (person, levels) => {
      const tabs = [];
      for (const [i, level] of levels.entries()) {
        const tab = i === 0 ? person : await person.context().newPage();
        await tab.goto(server.url);
        await newGame(tab, { mode: 'computer', color: i === 2 ? 'black' : 'white', level });
        tabs.push(tab);
      }
      return tabs;
    };
    // refused asks for one more from tab and returns the refusal's text
    // and the games it lists.
    const refused = async tab => {
      for (const d of await tab.locator('dialog[open]').all()) await d.evaluate(el => el.close());
      await tab.click('#btn-new-top');
      await pick(tab, 'chess');
      await tab.check('input[name=mode][value=computer]');
      await tab.selectOption('#level', 'beginner');
      await tab.click('#btn-start');
      await tab.locator('#new-error').waitFor({ state: 'visible' });
      const links = await tab.$$eval('#new-error .held-games a', as => as.map(a => [a.getAttribute('href'), a.textContent]));
      return { text: await tab.textContent('#new-error'), links };
    };
    const idOf = tab => new URL(tab.url()).pathname.split('/').pop();
    const ann = await app.newPerson('ann', { locale: 'en-US' });
    const annTabs = await games(ann, ['beginner', 'casual', 'greedy', 'beginner']);
    await move(annTabs[0], 'e2e4'); // one under way: its moves are counted
    await waitMoves(annTabs[0], 2);
    const bob = await app.newPerson('bob', { locale: 'zh-TW' });
    const bobTabs = await games(bob, ['beginner', 'casual', 'greedy', 'beginner']); // his own 4, behind ann's address

    const en = words['en-US'];
    let r = await refused(annTabs[3]);
    assert.match(r.text, en.tooMany);
    assert.deepEqual(r.links.map(([href]) => href).sort(), annTabs.map(t => `/game/${idOf(t)}`).sort(), 'ann is offered her 4, not bob\'s');
    for (const [, text] of r.links) assert.match(text, en.held);
    assert.match(r.links.find(([href]) => href === `/game/${idOf(annTabs[0])}`)[1], en.played);
    await shot(annTabs[3], 'refused-player-en-US');
    const tw = words['zh-TW'];
    r = await refused(bobTabs[3]);
    assert.match(r.text, tw.tooMany);
    assert.deepEqual(r.links.map(([href]) => href).sort(), bobTabs.map(t => `/game/${idOf(t)}`).sort(), 'bob is offered his 4');
    for (const [, text] of r.links) assert.match(text, tw.held);
    await shot(bobTabs[3], 'refused-player-zh-TW');

    const carol = await app.newPerson('carol', { locale: 'zh-CN' });
    const carolTabs = await games(carol, ['beginner', 'casual']); // the address's ninth and tenth
    const cn = words['zh-CN'];
    r = await refused(carolTabs[1]);
    assert.match(r.text, cn.network);
    assert.deepEqual(r.links.map(([href]) => href).sort(), carolTabs.map(t => `/game/${idOf(t)}`).sort(), 'carol is offered her 2, no one else\'s');
    for (const [, text] of r.links) assert.match(text, cn.held);
    await shot(carolTabs[1], 'refused-address-zh-CN');

    const dee = await app.newPerson('dee', { locale: 'en-US' });
    await dee.goto(server.url);
    r = await refused(dee);
    assert.match(r.text, en.network);
    assert.deepEqual(r.links, [], 'a newcomer is offered no one\'s games');

    // A game offered opens.
    await refused(annTabs[3]);
    await annTabs[3].click(`#new-error .held-games a[href="/game/${idOf(annTabs[1])}"]`);
    await annTabs[3].waitForURL(u => u.pathname === `/game/${idOf(annTabs[1])}`);
    assert.equal(await annTabs[3].isVisible('#new-dialog'), false);
  } finally {
    for (const p of app.people) p.quiet = true; // the server stops under the tabs
    await server.stop();
    server.cleanup();
  }
});
