// The variants' rules and events, for a player who came by a link (issue
// 40): the rules one click from the game's head, and each event in words
// as it happens, in English, 繁體中文 and 简体中文: a mine's blast (its
// square and the pieces it removed), what the dice allow, what a jieqi
// piece turned up as; and fog of war's move list on one screen, which
// follows the player at the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, axe, move, newGame, sans, waitMoves, xiangqiMove } from './harness.mjs';

const app = openApp();

const shot = async (page, name) => {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, name) });
};

const gameOf = page => page.evaluate(() => fetch(`/api/games/${document.body.dataset.game}`).then(r => r.json()));

// inLanguage reloads page's game in lang and waits for its state.
async function inLanguage(page, lang) {
  const u = new URL(page.url());
  u.searchParams.set('lang', lang);
  await page.goto(u.href);
  await page.waitForFunction(() => !!document.body.dataset.v);
}

// words reads the variant's words under the status once they read like re.
async function words(page, re) {
  await page.waitForFunction(src => new RegExp(src).test(document.getElementById('variant-words').textContent), re.source);
  return page.textContent('#variant-words');
}

test('a player who came by a link finds the variant\'s rules one click from the game\'s head', async () => {
  const host = app.page;
  const locales = { fogofwar: 'en-US', dice: 'zh-TW', bomb: 'zh-CN', jieqi: 'zh-TW' };
  for (const [variant, locale] of Object.entries(locales)) {
    await host.goto(app.server.url);
    await host.waitForSelector('input[name=variant][value=chess]', { state: 'attached' }); // the page is set up
    await newGame(host, { mode: 'online', variant, color: 'white' });
    await host.waitForSelector('#invite:not([hidden])');
    const link = await host.inputValue('#invite-link');
    const friend = await app.newPerson(`friend ${variant}`, { locale });
    await friend.goto(link);
    await friend.waitForFunction(id => document.body.dataset.game === id, new URL(link).pathname.split('/').pop());
    await friend.waitForSelector('#btn-rules:not([hidden])');
    await friend.click('#btn-rules');
    await friend.waitForSelector('#rules-dialog[open]');
    // The same rules as the new-game dialog's, which this friend never opened.
    const title = await friend.textContent('#rules-title');
    const text = await friend.textContent('#rules-text');
    await shot(friend, `newplayer-rules-${variant}-${locale}.png`);
    assert.deepEqual(await axe(friend), [], `${variant}: the rules dialog is accessible`);
    await friend.click('#rules-dialog button');
    await friend.click('#btn-new-top');
    await friend.check(`input[name=variant][value=${variant}]`);
    assert.equal(text, await friend.textContent('#variant-rules-text'), variant);
    const label = await friend.evaluate(v => document.querySelector(`input[name=variant][value=${v}]`).parentElement.textContent.trim(), variant);
    assert.equal(title, locale === 'en-US' ? `Rules of ${label}` : locale === 'zh-TW' ? `${label}規則` : `${label}规则`);
    await app.leave(friend);
  }
  // Plain chess has no rules of its own to show.
  await host.goto(app.server.url);
  await host.waitForSelector('input[name=variant][value=chess]', { state: 'attached' });
  await newGame(host, { mode: 'local' });
  assert.equal(await host.isVisible('#btn-rules'), false);
});

test('bomb chess: a blast says which mine went off and what it took, in the status, to the screen reader and in the move list', async () => {
  const page = app.page;
  await page.goto(app.server.url);
  await page.waitForSelector('input[name=variant][value=chess]', { state: 'attached' });
  await newGame(page, { mode: 'local', variant: 'bomb' });
  // Play on one screen onto squares of ranks 3 to 6 not known safe, until a mine goes off.
  let blast;
  for (let i = 0; i < 40 && !blast; i++) {
    const s = await gameOf(page);
    const safe = new Set(s.ext?.safe ?? []);
    const dests = await page.evaluate(() => JSON.parse(document.body.dataset.dests));
    const moves = Object.entries(dests).flatMap(([from, tos]) => tos.map(to => from + to));
    const fresh = moves.filter(u => /[3-6]$/.test(u.slice(2, 4)) && !safe.has(u.slice(2, 4)));
    const u = fresh[i % Math.max(1, fresh.length)] ?? moves[0];
    await move(page, u);
    const after = await gameOf(page);
    blast = after.last?.ext?.blast ? after.last : undefined;
  }
  assert.ok(blast, 'a mine went off');
  const said = await words(page, /^A mine exploded on /);
  assert.match(said, new RegExp(`^A mine exploded on ${blast.ext.blast}(, removing the (white|black) (pawn|knight|bishop|rook|queen) on [a-h][1-8]` +
    `((, | and |, and )the (white|black) (pawn|knight|bishop|rook|queen) on [a-h][1-8])*\\.|; it removed no piece \\(kings survive\\)\\.)$`));
  // As many pieces as the blast cleared squares.
  assert.equal((said.match(/ on [a-h][1-8]/g) ?? []).length - 1, blast.ext.cleared.length);
  assert.equal(await page.getAttribute('#moves .san.blast', 'title'), said);
  assert.ok((await page.textContent('#announce')).includes(said), 'the screen reader heard it');
  await shot(page, 'newplayer-bomb-en.png');
  for (const [lang, re] of [['zh-TW', /^[a-h][3-6] 的地雷爆炸(，炸掉了(白方|黑方) [a-h][1-8] 的(士兵|騎士|主教|城堡|皇后).*。|了，沒有棋子被炸掉)/],
    ['zh-CN', /^[a-h][3-6] 的地雷爆炸(，炸掉了(白方|黑方) [a-h][1-8] 的(兵|马|象|车|后).*。|了，没有棋子被炸掉)/]]) {
    await inLanguage(page, lang);
    assert.match(await words(page, re), re, lang);
    await shot(page, `newplayer-bomb-${lang}.png`);
  }
});

test('bomb chess against the computer: the blast of the player\'s move stays under the status after the computer\'s reply', async () => {
  const page = app.page;
  // Move onto squares of ranks 3 to 6 not known safe until one of the
  // player's moves sets off a mine and the computer answers it (a new game
  // when a blast ends one).
  let blast;
  for (let i = 0; i < 80 && !blast; i++) {
    let s = await gameOf(page);
    if (i === 0 || s.status !== 'started') {
      await page.goto(app.server.url);
      await page.waitForSelector('input[name=variant][value=chess]', { state: 'attached' });
      await newGame(page, { mode: 'computer', variant: 'bomb', level: 'easy', color: 'white' });
      s = await gameOf(page);
    }
    const safe = new Set(s.ext?.safe ?? []);
    const dests = await page.evaluate(() => JSON.parse(document.body.dataset.dests));
    const moves = Object.entries(dests).flatMap(([from, tos]) => tos.map(to => from + to));
    const fresh = moves.filter(u => /[3-6]$/.test(u.slice(2, 4)) && !safe.has(u.slice(2, 4)));
    await move(page, fresh[i % Math.max(1, fresh.length)] ?? moves[0]);
    // The computer's reply: the player may move again, or the game is over.
    await page.waitForFunction(() => document.body.dataset.status !== 'started' || document.body.dataset.dests !== '{}', null, { timeout: 15000 });
    const after = await gameOf(page);
    const mine = after.moves[s.ply];
    if (mine?.ext?.blast && after.ply === s.ply + 2) blast = mine;
  }
  assert.ok(blast, 'a move of the player set off a mine, and the computer replied');
  const said = await page.textContent('#variant-words');
  assert.match(said, new RegExp(`^A mine exploded on ${blast.ext.blast}[,;]`), 'the blast is still said after the reply');
  await shot(page, 'newplayer-bomb-computer-en.png');
  await inLanguage(page, 'zh-TW');
  assert.match(await words(page, /地雷/), new RegExp(`^${blast.ext.blast} 的地雷爆炸`));
  // Then the player's next move starts the line anew.
  const dests = await page.evaluate(() => JSON.parse(document.body.dataset.dests));
  const [from, tos] = Object.entries(dests)[0];
  const ply = (await gameOf(page)).ply;
  await move(page, from + tos[0]);
  await page.waitForFunction(() => document.body.dataset.status !== 'started' || document.body.dataset.dests !== '{}', null, { timeout: 15000 });
  const next = await gameOf(page);
  if (!next.moves.slice(ply).some(m => m.ext?.blast)) assert.equal(await page.isVisible('#variant-words'), false, 'no blast since the player\'s move: no words');
});

test('dice chess: the status says which pieces the dice let move this turn, each kind once', async () => {
  const page = app.page;
  await page.goto(app.server.url);
  await page.waitForSelector('input[name=variant][value=chess]', { state: 'attached' });
  const names = { P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', K: 'king' };
  // Each kind is named once however many dice show it: on one screen (no
  // limit on games), a first roll with two dice alike, as most are (only
  // pawns and knights can move), said "knight, pawn, and pawn".
  let s;
  for (let i = 0; i < 12 && !(s && new Set(s.ext.left).size < s.ext.left.length); i++) {
    await newGame(page, { mode: 'local', variant: 'dice' });
    s = await gameOf(page);
  }
  assert.ok(new Set(s.ext.left).size < s.ext.left.length, `no roll with two dice alike in 12 games: ${s.ext.left}`);
  const alike = await words(page, /^White may move: /);
  assert.deepEqual(alike.replace('White may move: ', '').split(/, and |, | and /).sort(), [...new Set(s.ext.left)].map(l => names[l]).sort(), alike);
  // Against the computer, the player to move is told.
  await newGame(page, { mode: 'computer', variant: 'dice', level: 'easy', color: 'white' });
  s = await gameOf(page);
  const kinds = [...new Set(s.ext.left)];
  const said = await words(page, /^You may move: /);
  const listed = said.replace('You may move: ', '').split(/, and |, | and /);
  assert.deepEqual([...listed].sort(), kinds.map(l => names[l]).sort(), said);
  await shot(page, 'newplayer-dice-en.png');
  const zh = { 'zh-TW': [/^你可以走：/, { P: '士兵', N: '騎士', B: '主教', R: '城堡', Q: '皇后', K: '國王' }],
    'zh-CN': [/^你可以走：/, { P: '兵', N: '马', B: '象', R: '车', Q: '后', K: '王' }] };
  for (const [lang, [re, pieces]] of Object.entries(zh)) {
    await inLanguage(page, lang);
    const text = await words(page, re);
    assert.deepEqual(text.replace(re, '').split(/、|和/).sort(), kinds.map(l => pieces[l]).sort(), text);
    await shot(page, `newplayer-dice-${lang}.png`);
  }
  // The move list shows each turn's roll at the head of its row, during
  // the game (and after: the same rows), as the server's steps carry it.
  const dests = await page.evaluate(() => JSON.parse(document.body.dataset.dests));
  const [from, tos] = Object.entries(dests)[0];
  await move(page, from + tos[0]);
  // The rest of the turn passed (if the move did not end it), the computer's turn follows.
  if (await page.isEnabled('#btn-pass')) await page.click('#btn-pass');
  await page.waitForFunction(() => document.querySelectorAll('#moves li.turn').length >= 2, null, { timeout: 15000 });
  const played = await gameOf(page);
  const figures = { white: { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙' }, black: { K: '♚', Q: '♛', R: '♜', B: '♝', N: '♞', P: '♟' } };
  const want = played.moves.filter(m => m.ext?.roll).map(m => m.ext.roll.map(l => figures[m.color][l]).join(''));
  assert.ok(want.length >= 2, 'both turns rolled');
  assert.deepEqual((await page.locator('#moves .roll').allTextContents()).slice(0, want.length), want);
});

test('jieqi: a reveal says what the piece turned up as, in the status, to the screen reader and in the move list', async () => {
  const page = app.page;
  await page.goto(app.server.url);
  await page.waitForSelector('input[name=variant][value=chess]', { state: 'attached' });
  await newGame(page, { mode: 'local', variant: 'jieqi' });
  // The face-down piece on the horse's point h0 moves as a horse.
  await xiangqiMove(page, 'h0g2');
  const s = await gameOf(page);
  const reveal = s.last.ext.reveal;
  const en = { R: 'a chariot', N: 'a horse', B: 'an elephant', A: 'an advisor', C: 'a cannon', P: 'a soldier' };
  // The point as the move list's notation names it (Chinese by default: the board's labels).
  const said = await words(page, /^Red's face-down piece at 傌二 turned up /);
  assert.match(said, new RegExp(`^Red's face-down piece at 傌二 turned up ${en[reveal]} \\(.\\)\\.$`));
  assert.equal(await page.getAttribute('#moves .san.reveal', 'title'), said);
  assert.ok((await page.textContent('#announce')).includes(said), 'the screen reader heard it');
  await shot(page, 'newplayer-jieqi-en.png');
  const glyphs = { 'zh-TW': { R: '俥', N: '傌', B: '相', A: '仕', C: '炮', P: '兵' }, 'zh-CN': { R: '车', N: '马', B: '相', A: '仕', C: '炮', P: '兵' } };
  for (const [lang, g] of Object.entries(glyphs)) {
    const want = lang === 'zh-TW' ? `紅方傌二的暗子翻開是${g[reveal]}。` : `红方马二的暗子翻开为${g[reveal]}。`;
    await inLanguage(page, lang);
    assert.equal(await words(page, /暗子/), want, lang);
    assert.equal(await page.getAttribute('#moves .san.reveal', 'title'), want);
    await shot(page, `newplayer-jieqi-${lang}.png`);
  }
  // Under ICCS, whose board labels are a…i and 0…9, the square.
  await page.selectOption('#notation', 'iccs');
  assert.equal(await words(page, /暗子/), `红方 h0 的暗子翻开为${glyphs['zh-CN'][reveal]}。`);
});

test('fog of war on one screen: while the board is covered, the move list is the mover\'s own, never the next player\'s', async () => {
  const page = app.page;
  await page.goto(app.server.url);
  await page.waitForSelector('input[name=variant][value=chess]', { state: 'attached' });
  await newGame(page, { mode: 'local', variant: 'fogofwar' });
  await move(page, 'e2e4');
  await page.waitForSelector('#handover:not([hidden])');
  // White is at the screen: its own move, as it made it.
  await page.waitForFunction(() => document.querySelector('#moves .san')?.textContent === 'e4');
  assert.deepEqual(await sans(page), ['e4']);
  await page.click('#btn-handover');
  // Black's view: White's move unseen.
  await page.waitForFunction(() => document.querySelector('#moves .san')?.textContent === '?');
  await move(page, 'g8f6');
  await page.waitForSelector('#handover:not([hidden])');
  // Black is at the screen: its own move, and White's still unseen (the
  // server sent White's view, where e4 shows and Nf6 does not).
  await page.waitForFunction(() => document.querySelectorAll('#moves .san:not(.empty)').length === 2);
  assert.deepEqual(await sans(page), ['?', 'Nf6']);
  await shot(page, 'newplayer-fog-covered.png');
  await page.click('#btn-handover');
  await page.waitForFunction(() => document.querySelector('#moves .san')?.textContent === 'e4');
  assert.deepEqual(await sans(page), ['e4', '?']);
  await move(page, 'd2d4');
  await page.waitForSelector('#handover:not([hidden])');
  await waitMoves(page, 3);
  assert.deepEqual(await sans(page), ['e4', '?', 'd4']);
});

test('fog of war against the computer: a piece of the player\'s taken unseen is said, in the status and to the screen reader', async () => {
  const page = app.page;
  await page.goto(app.server.url);
  await page.waitForSelector('input[name=variant][value=chess]', { state: 'attached' });
  // Black's rook on h8 sees White's on h1, which the player leaves there, free to take.
  await newGame(page, { mode: 'computer', variant: 'fogofwar', level: 'easy', color: 'white', setup: 'k6r/8/8/8/8/8/8/4K2R w - - 0 1' });
  await move(page, 'e1d1');
  await waitMoves(page, 2);
  assert.deepEqual(await sans(page), ['Kd1', '?'], 'the computer\'s move is unseen');
  assert.equal(await words(page, /captured/), 'Your rook on h1 was captured.');
  await page.waitForFunction(() => document.getElementById('announce').textContent.includes('Your rook on h1 was captured.'));
  await shot(page, 'newplayer-fog-lost-en.png');
  await inLanguage(page, 'zh-TW');
  assert.equal(await words(page, /被吃掉/), '你在 h1 的城堡被吃掉了。');
  await shot(page, 'newplayer-fog-lost-zh-TW.png');
  // The player's next move: the loss has been read, the line goes.
  await move(page, 'd1c2');
  await page.waitForFunction(() => document.body.dataset.status !== 'started' || document.body.dataset.dests !== '{}', null, { timeout: 15000 });
  assert.ok(!(await page.textContent('#variant-words')).includes('h1'));
});
