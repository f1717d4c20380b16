// The game header's words: the Chess960 start number, the time control,
// and the tab's title (the numbers checked against chess.backRank960).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chess960Number } from '../src/variants/chess.ts';
import { headerParts, pageTitle, timeControlText } from '../src/round/view/header.ts';
import { setLanguage } from '../src/i18n.ts';
import { setRegistry, variantOf } from '../src/variants.ts';

const start = rank => `${rank.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${rank} w KQkq - 0 1`;

test('chess960Number reads Scharnagl\'s numbering back', () => {
  for (const [rank, n] of [['RNBQKBNR', 518], ['BBQNNRKR', 0], ['RKRNNQBB', 959], ['QBNNRKBR', 12], ['BQRBNKNR', 481], ['QRKBBNRN', 777]]) {
    assert.equal(chess960Number(start(rank)), n, rank);
  }
  for (const fen of [start('KRNBBQNR'), start('RBQBKNNR'), start('RNBQRBNK'), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', '', 'x']) {
    assert.equal(chess960Number(fen), undefined, fen);
  }
});

test('the header names the time control, the start and the game', () => {
  setLanguage('en');
  setRegistry([{ name: 'chess960', label: 'Chess960', board: 'chess', sides: ['White', 'Black'], terminations: [], claimDraw: true, takeback: true,
    seeded: false, hidden: false, handOver: false, pass: false, viewer: true, levels: [] }]);
  assert.equal(timeControlText(undefined), 'No clock');
  assert.equal(timeControlText({ white: 0, black: 0, initial: 300000, increment: 3000 }), '5+3');
  assert.equal(timeControlText({ white: 0, black: 0, initial: 30000, increment: 0 }), '0.5+0');
  assert.equal(timeControlText({ white: 0, black: 0, initial: 86400000, increment: 0, perMove: true }), '1 day per move');
  assert.equal(timeControlText({ white: 0, black: 0, initial: 3 * 86400000, increment: 0, perMove: true }), '3 days per move');
  const v = variantOf('chess960');
  const s = { status: 'started', startFen: start('BBQNNRKR'), fen: '', seats: {}, result: '*' };
  assert.deepEqual(headerParts(v, s), ['Chess960 (Fischer random)', 'No clock', 'Position 0', 'Casual']);
  assert.deepEqual(headerParts(v, s, true), ['Chess960 (Fischer random)', 'No clock', 'Position 0', 'Rated']);
  assert.equal(pageTitle(v, s, true), 'Your move — Chess960 (Fischer random) · Gambit');
  assert.equal(pageTitle(v, s, false), 'Chess960 (Fischer random) · Gambit');
  assert.match(pageTitle(v, { ...s, status: 'mate', result: '1-0', winner: 'white', termination: 'checkmate' }, true), /^White wins \(1-0\) · checkmate — Chess960/);
  setLanguage('zh-TW');
  assert.match(pageTitle(v, s, true), /^輪到你了/);
  assert.equal(headerParts(v, s, true).at(-1), '計分');
  assert.equal(headerParts(v, s).at(-1), '不計分');
});

test('a xiangqi game names its repetition rules, and its end by them, in three languages', async () => {
  const { describeEnd } = await import('../src/variants.ts');
  setRegistry([{ name: 'xiangqi', label: 'Xiangqi', board: 'xiangqi', sides: ['Red', 'Black'], terminations: ['perpetual chase'],
    ruleSets: ['wxf', 'chinese'], claimDraw: false, takeback: true, seeded: false, hidden: false, handOver: false, pass: false, viewer: true, levels: [] }]);
  const v = variantOf('xiangqi');
  const s = { variant: 'xiangqi', status: 'started', fen: '', seats: {}, result: '*', ruleSet: 'chinese' };
  const over = { ...s, status: 'forfeit', result: '0-1', winner: 'black', termination: 'perpetual chase' };
  for (const [lang, rules, end] of [['en', 'Chinese rules', 'Red loses by perpetual chase.'], ['zh-TW', '中國棋例', '紅方長捉，判負。'],
    ['zh-CN', '中国棋例', '红方长捉，判负。']]) {
    setLanguage(lang);
    assert.ok(headerParts(v, s).includes(rules), `${lang}: ${headerParts(v, s)}`);
    assert.equal(describeEnd(over)[1], end);
  }
  setLanguage('en');
  assert.ok(headerParts(v, { ...s, ruleSet: 'wxf' }).includes('WXF rules'));
});

test('notesTitle: a pasted PGN\'s players and event, or that it was imported', async () => {
  const { notesTitle } = await import('../src/round/view/moves.ts');
  setLanguage('en');
  const tags = [{ name: 'Event', value: 'Casual game' }, { name: 'White', value: 'Lin' }, { name: 'Black', value: 'Chen' }, { name: 'Date', value: '1999.01.20' }];
  assert.equal(notesTitle({ tags }), 'Lin – Chen · Casual game · 1999.01.20');
  assert.equal(notesTitle({ tags: [{ name: 'Black', value: 'Chen' }] }), '? – Chen');
  assert.equal(notesTitle({ intro: 'x' }), 'Imported from PGN');
});
