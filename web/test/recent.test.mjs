// The start page's two lists: the browser's own games apart from the
// others' games being played, and a stranger never called "You".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playersLine, playersParts, resultWords, seatLabel, splitRecent, standing, youAt } from '../src/recent.ts';
import { setLanguage } from '../src/i18n.ts';
import { setRegistry, variantOf } from '../src/variants.ts';

const human = { kind: 'human' };
const bot = { kind: 'bot', level: 'beginner', name: 'Gambit · Beginner' };
let clock = 0;
const game = (id, over = {}) => ({ id, mode: 'online', variant: 'chess', status: 'started', result: '*', plies: 4,
  seats: { white: human, black: human }, updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString(), ...over });

test('splitRecent: the browser\'s games apart from the others\' online games in play', () => {
  const mineOld = game('mine1', { mode: 'computer', seats: { white: human, black: bot }, yours: true });
  const ticketed = game('tick1', { status: 'mate', result: '1-0' });
  const strangerLive = game('str1');
  const strangerOver = game('str2', { status: 'resign', result: '0-1' });
  const strangerComputer = game('str3', { mode: 'computer', seats: { white: bot, black: human } });
  const waiting = game('str4', { status: 'created', seats: { white: human, black: { kind: 'open' } } });
  const flagged = game('mine2', { yours: true });
  const accepted = game('str5', { status: 'created' }); // seated, no move yet
  const lists = splitRecent([mineOld], [flagged, strangerLive, strangerOver, strangerComputer, waiting, accepted, ticketed, { ...mineOld }], { tick1: { color: 'white' } });
  assert.deepEqual(lists.yours.map(g => g.id), ['mine2', 'tick1', 'mine1']); // newest first, mine1 once
  assert.deepEqual(lists.now.map(g => g.id), ['str5', 'str1']);
});

test('splitRecent: the browser\'s games are kept however many newer games others played', () => {
  const mine = [game('old', { yours: true })];
  const recent = Array.from({ length: 30 }, (_, i) => game(`s${i}`));
  const lists = splitRecent(mine, recent, {}, 15);
  assert.deepEqual(lists.yours.map(g => g.id), ['old']);
  assert.equal(lists.now.length, 15);
});

test('a stranger is never "You"; the seat you hold is', () => {
  setLanguage('en');
  setRegistry([]);
  const v = variantOf('chess');
  const stranger = game('x', { mode: 'computer', seats: { white: human, black: bot } });
  assert.equal(seatLabel(v, stranger, 'white', undefined), 'White'); // as the game's head names it
  assert.doesNotMatch(playersLine(v, stranger), /You/);
  assert.equal(youAt(stranger), 'white');
  assert.match(playersLine(v, stranger, youAt(stranger)), /^Chess · You vs /);
  const online = game('y', { seats: { white: { kind: 'human', name: 'Mei' }, black: human } });
  assert.equal(youAt(online, { color: 'black' }), 'black');
  assert.equal(youAt(online), undefined);
  assert.equal(playersLine(v, online, 'black'), 'Chess · Online: Mei vs You');
  assert.equal(playersLine(v, online), 'Chess · Online: Mei vs Black');
  assert.equal(youAt(game('z', { mode: 'local' }), { color: 'white' }), undefined); // one screen: both seats
});

test('a game on one screen is listed as its head names it, and every variant by its name, chess too', async () => {
  const { default: registered } = await import('./testdata/variants.json');
  for (const [lang, chess, xiangqi] of [['en', 'Chess · White vs Black', 'Xiangqi · Red vs Black'],
    ['zh-TW', '西洋棋 · 白方 對 黑方', '象棋 · 紅方 對 黑方'], ['zh-CN', '国际象棋 · 白方 对 黑方', '中国象棋 · 红方 对 黑方']]) {
    setLanguage(lang);
    setRegistry(registered);
    assert.equal(playersLine(variantOf('chess'), game('c', { mode: 'local' })), chess, lang);
    assert.equal(playersLine(variantOf('xiangqi'), game('x', { mode: 'local', variant: 'xiangqi' })), xiangqi, lang);
  }
});

test('a finished game\'s result in words from the reader\'s seat, else which side won; never the record\'s 0-1', async () => {
  const { default: registered } = await import('./testdata/variants.json');
  const over = (variant, result, mode = 'computer') => game('r', { variant, mode, status: 'resign', result, seats: { white: human, black: bot } });
  for (const [lang, want] of [
    ['en', ['You lost', 'You won', 'Draw', 'Black wins', 'Red wins', '']],
    ['zh-TW', ['你輸了', '你贏了', '和棋', '黑方勝', '紅方勝', '']],
    ['zh-CN', ['你输了', '你赢了', '和棋', '黑方胜', '红方胜', '']],
  ]) {
    setLanguage(lang);
    setRegistry(registered);
    const chess = variantOf('chess');
    const xq = variantOf('xiangqi');
    const lost = over('xiangqi', '0-1');
    assert.deepEqual([
      resultWords(xq, lost, youAt(lost)),
      resultWords(chess, over('chess', '0-1'), 'black'),
      resultWords(chess, over('chess', '1/2-1/2'), 'white'),
      resultWords(chess, over('chess', '0-1', 'local')),
      resultWords(xq, over('xiangqi', '1-0', 'local')),
      resultWords(chess, over('chess', '*')),
    ], want, lang);
  }
  setLanguage('en');
  setRegistry([]);
});

test('moves are full moves wherever a player reads them: 1.e4 alone is 1 move, 1.e4 e5 too', async () => {
  const { fullMoves } = await import('../src/api.ts');
  assert.deepEqual([0, 1, 2, 3, 6].map(fullMoves), [0, 1, 1, 2, 3]);
  setRegistry([]);
  const v = variantOf('chess');
  for (const [lang, plies, want] of [['en', 1, 'in play · 1 move played'], ['en', 2, 'in play · 1 move played'], ['en', 6, 'in play · 3 moves played'],
    ['zh-TW', 2, '對局中 · 已走 1 步'], ['zh-CN', 6, '进行中 · 已走 3 步']]) {
    setLanguage(lang);
    assert.equal(standing(v, game('m', { plies })), want, `${lang}, ${plies} plies`);
  }
  setLanguage('en');
  assert.equal(standing(v, game('o', { status: 'mate', result: '1-0', termination: 'checkmate', plies: 7 })), 'White wins · checkmate');
});

test('levelGroups: Gambit by strength, the teaching algorithms, each engine apart', async () => {
  const { levelGroups } = await import('../src/levels.ts');
  const lv = (name, algorithm, group, extra = {}) => ({ name, label: name, algorithm, group, ...extra });
  const levels = [lv('greedy', 'greedy', 'teaching'), lv('minimax', 'minimax', 'teaching'), lv('alphabeta', 'alphabeta', 'teaching'),
    lv('beginner', 'full', 'strength', { elo: 800 }), lv('full', 'full', 'strength'),
    lv('stockfish-1', 'uci', 'engine', { engine: 'Stockfish', number: 1 }), lv('stockfish-2', 'uci', 'engine', { engine: 'Stockfish', number: 2 }),
    lv('other-1', 'uci', 'engine', { engine: 'Other', number: 1 })];
  assert.deepEqual(levelGroups(levels).map(g => [g.label, g.params?.engine, g.levels.map(l => l.name)]), [
    ['levels.strength', undefined, ['beginner', 'full']], ['levels.teaching', undefined, ['greedy', 'minimax', 'alphabeta']],
    ['levels.engine', 'Stockfish', ['stockfish-1', 'stockfish-2']], ['levels.engine', 'Other', ['other-1']]]);
  // xiangqi's as the server sends them: its search cut short apart, as chess's classroom.
  const { default: registered } = await import('./testdata/variants.json');
  const xq = registered.find(v => v.name === 'xiangqi').levels;
  assert.deepEqual(levelGroups(xq).map(g => [g.label, g.levels.map(l => l.name)]), [
    ['levels.strength', ['beginner', 'casual', 'club', 'strong', 'full']], ['levels.teaching', ['greedy', 'minimax', 'alphabeta']]]);
  // A variant's own levels are all by strength, or a server's that says no group.
  const own = [lv('easy', 'dice', 'strength'), lv('hard', 'dice')];
  assert.deepEqual(levelGroups(own), [{ label: 'levels.strength', levels: own }]);
  assert.deepEqual(levelGroups([]), []);
});

test('levelHelp: a line for each teaching algorithm, an engine, a rating', async () => {
  const { levelHelp } = await import('../src/levels.ts');
  const { setLanguage } = await import('../src/i18n.ts');
  setLanguage('en');
  for (const algorithm of ['greedy', 'minimax', 'negamax', 'alphabeta']) {
    assert.match(levelHelp({ name: algorithm, label: algorithm, algorithm, group: 'teaching' }), new RegExp(`^${algorithm === 'alphabeta' ? 'Alpha-beta' : algorithm[0].toUpperCase() + algorithm.slice(1)} `));
  }
  assert.match(levelHelp({ name: 'stockfish-3', label: '', algorithm: 'uci', group: 'engine', engine: 'Stockfish', number: 3 }), /^Stockfish at level 3 of 8/);
  assert.match(levelHelp({ name: 'casual', label: '', algorithm: 'full', group: 'strength', elo: 1200 }), /^Ratings are approximate/);
  assert.equal(levelHelp({ name: 'easy', label: '', algorithm: 'dice', group: 'strength' }), '');
  // Xiangqi's teaching levels say what its search does at their depth; its
  // strength levels show no rating, so no note about ratings.
  const { default: registered } = await import('./testdata/variants.json');
  const xq = registered.find(v => v.name === 'xiangqi').levels;
  assert.match(levelHelp(xq.find(l => l.name === 'greedy'), 'xiangqi'), /^Greedy takes whatever wins the most material at once.* 1 ply/);
  assert.match(levelHelp(xq.find(l => l.name === 'minimax'), 'xiangqi'), /^Alpha-beta looks 2 plies ahead/);
  assert.match(levelHelp(xq.find(l => l.name === 'alphabeta'), 'xiangqi'), /^Alpha-beta looks 3 plies ahead/);
  for (const name of ['beginner', 'casual', 'full']) assert.equal(levelHelp(xq.find(l => l.name === name), 'xiangqi'), '', name);
  setLanguage('zh-TW');
  assert.match(levelHelp({ name: 'minimax', label: '', algorithm: 'minimax', group: 'teaching' }), /^極小化極大：/);
  setLanguage('en');
});

test('heldGameText: a game a refusal offers, named as its head names it', async () => {
  const { heldGameText } = await import('../src/levels.ts');
  const { default: registered } = await import('./testdata/variants.json');
  const started = new Date(2026, 0, 2, 14, 5).getTime();
  const held = { id: 'abc', variant: 'chess', level: 'casual', opponent: 'Gambit Casual (~1200)', color: 'black', plies: 6, started: new Date(started).toISOString() }; // 1.e4 e6 2.Nf3 c6 3.Bc4 Ne7
  for (const [lang, want] of [
    ['en', /^Chess, Black, against Gambit · Casual \(~1200\): 3 moves played, begun 2:05\sPM$/],
    ['zh-TW', /^西洋棋，你執黑方，對 Gambit · 休閒（約 1200 分）：已走 3 步，(下午 ?)?(0?2|14):05 開始$/],
    ['zh-CN', /^国际象棋，你执黑方，对 Gambit · 休闲（约 1200 分）：已走 3 步，(下午 ?)?(0?2|14):05 开始$/],
  ]) {
    setLanguage(lang);
    setRegistry(registered);
    assert.match(heldGameText(held, started + 60000), want, lang);
  }
  setLanguage('en');
  setRegistry(registered);
  assert.match(heldGameText({ ...held, variant: 'xiangqi', level: 'beginner', color: 'white', plies: 0 }, started + 86400000 * 3),
    /^Xiangqi \(Chinese chess\), Red, against Gambit · Beginner: no move yet, begun Jan 2, 2026, 2:05\sPM$/);
  setRegistry([]);
});

test('a bot account is named after its title: in parts for the page, in text for its tooltip', () => {
  setLanguage('en');
  setRegistry([]);
  const v = variantOf('chess');
  const g = game('b1', { seats: { white: { kind: 'human', name: 'ann' }, black: { kind: 'human', name: 'Robo', title: 'BOT' } } });
  assert.deepEqual(playersParts(v, g, 'white', (label, title) => ({ title, label })), ['Chess', ' · ', 'Online: ', 'ann (you)', ' vs ', { title: 'BOT', label: 'Robo' }]);
  assert.equal(playersLine(v, g, 'white'), 'Chess · Online: ann (you) vs BOT Robo');
  const computer = game('c1', { mode: 'computer', seats: { white: human, black: { ...bot, title: 'BOT' } } });
  assert.doesNotMatch(playersLine(v, computer), /BOT/, 'the computer has a level, no account');
  setLanguage('zh-TW');
  const parts = playersParts(v, g, 'white', (label, title) => ({ title, label }));
  assert.equal(parts[2], '線上：');
  assert.deepEqual(parts.at(-1), { title: 'BOT', label: 'Robo' });
  setLanguage('en');
});
