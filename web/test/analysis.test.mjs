// The analysis board's parts that need no browser: the move tree (add,
// promote, delete, comments), its PGN with variations and comments, the
// link's text and back, and reading the engine's UCI lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Tree, pgn, pgnMoves, encodeTree, decodeTree, lines, applyComments } from '../src/analysis/tree.ts';
import { parseInfo, whiteScore, winPercent, scoreText, fairyToICCS, iccsToFairy } from '../src/analysis/uci.ts';
import { shownLines } from '../src/analysis/engine.ts';

const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// m makes a move as the server answers it (the FENs do not matter here
// but their side to move and numbers).
const m = (uci, san, fen = 'x') => ({ uci, san, fen });

// sample: 1. e4 e5 (1... c5 2. Nf3) 2. Nf3 (2. Bc4) Nc6
function sample() {
  const t = new Tree(start);
  const e5 = t.addLine('', [m('e2e4', 'e4'), m('e7e5', 'e5'), m('g1f3', 'Nf3'), m('b8c6', 'Nc6')]);
  assert.equal(e5, 'e2e4,e7e5,g1f3,b8c6');
  assert.equal(t.add('e2e4', m('c7c5', 'c5')), 'e2e4,c7c5');
  t.add('e2e4,c7c5', m('g1f3', 'Nf3'));
  t.add('e2e4,e7e5', m('f1c4', 'Bc4'));
  return t;
}

test('add keeps the first move as the main line, a second as a variation, and a move played again as it was', () => {
  const t = sample();
  assert.deepEqual(t.root.children.map(c => c.san), ['e4']);
  assert.deepEqual(t.nodeAt('e2e4').children.map(c => c.san), ['e5', 'c5']);
  assert.equal(t.add('e2e4', m('c7c5', 'c5')), 'e2e4,c7c5');
  assert.equal(t.nodeAt('e2e4').children.length, 2, 'no duplicate');
  assert.equal(t.nodeAt('e2e4,c7c5,g1f3').ply, 3);
  assert.equal(t.nodeAt('e2e4,d7d5'), undefined);
  assert.deepEqual(t.mainlinePaths(), ['e2e4', 'e2e4,e7e5', 'e2e4,e7e5,g1f3', 'e2e4,e7e5,g1f3,b8c6']);
  assert.equal(t.lineEnd('e2e4,c7c5'), 'e2e4,c7c5,g1f3');
  assert.equal(t.nodesOn('e2e4,c7c5,g1f3').length, 4);
});

test('promote makes a variation the main line, up to the root', () => {
  const t = sample();
  t.promote('e2e4,c7c5,g1f3');
  assert.deepEqual(t.nodeAt('e2e4').children.map(c => c.san), ['c5', 'e5']);
  assert.deepEqual(t.mainlinePaths(), ['e2e4', 'e2e4,c7c5', 'e2e4,c7c5,g1f3']);
  t.promote('e2e4,e7e5,f1c4');
  assert.deepEqual(t.nodeAt('e2e4').children.map(c => c.san), ['e5', 'c5']);
  assert.deepEqual(t.nodeAt('e2e4,e7e5').children.map(c => c.san), ['Bc4', 'Nf3']);
});

test('remove deletes a move with what follows and returns its parent', () => {
  const t = sample();
  assert.equal(t.remove('e2e4,c7c5'), 'e2e4');
  assert.deepEqual(t.nodeAt('e2e4').children.map(c => c.san), ['e5']);
  assert.equal(t.remove('e2e4,e7e5,g1f3'), 'e2e4,e7e5');
  assert.deepEqual(t.nodeAt('e2e4,e7e5').children.map(c => c.san), ['Bc4'], 'the variation is the main line now');
  assert.equal(t.remove(''), '');
  assert.equal(t.root.children.length, 1, 'the root stays');
});

test('PGN export keeps variations, comments and glyphs, numbered as PGN wants', () => {
  const t = sample();
  t.setComment('e2e4,c7c5', 'the Sicilian');
  t.setComment('e2e4,e7e5,g1f3', 'develops {fast}');
  t.nodeAt('e2e4,e7e5,f1c4').glyph = '?!';
  assert.equal(pgnMoves(t), '1. e4 e5 (1... c5 { the Sicilian } 2. Nf3) 2. Nf3 { develops (fast) } (2. Bc4?!) 2... Nc6');
  const text = pgn(t, [['Event', 'Test'], ['Result', '*']], start);
  assert.equal(text, '[Event "Test"]\n[Result "*"]\n\n1. e4 e5 (1... c5 { the Sicilian } 2. Nf3) 2. Nf3 { develops (fast) } (2. Bc4?!) 2... Nc6 *\n');
  t.setComment('e2e4,c7c5', '');
  assert.equal(t.nodeAt('e2e4,c7c5').comment, undefined, 'an empty comment clears it');
});

test('PGN export words moves and notes as its reader reads them: a note before the move\'s comment, a number after it', () => {
  const t = sample();
  t.setComment('e2e4,e7e5', 'mine');
  const notes = new Map([[t.nodeAt('e2e4'), '[%eval 0.30]'], [t.nodeAt('e2e4,e7e5'), '[%eval 0.25] 失误。']]);
  const text = { move: (n, before) => (n.uci === 'g1f3' ? `N@${before}` : undefined), note: n => notes.get(n) };
  assert.equal(pgnMoves(t, text), '1. e4 { [%eval 0.30] } 1... e5 { [%eval 0.25] 失误。 mine } (1... c5 2. N@x) 2. N@x (2. Bc4) 2... Nc6');
});

test('PGN export from a set position starts with Black and says where it starts', () => {
  const fen = '4k3/8/8/8/8/8/4P3/4K3 b - - 0 12';
  const t = new Tree(fen);
  t.addLine('', [m('e8d8', 'Kd8'), m('e2e4', 'e4')]);
  t.add('', m('e8f8', 'Kf8'));
  assert.equal(pgnMoves(t), '12... Kd8 (12... Kf8) 13. e4');
  assert.match(pgn(t, [], start), /\[SetUp "1"\]\n\[FEN "4k3\/8\/8\/8\/8\/8\/4P3\/4K3 b - - 0 12"\]\n\[Result "\*"\]\n\n12\.\.\. Kd8/);
});

test('a link carries the tree: moves, variations and comments come back', () => {
  const t = sample();
  t.setComment('e2e4,c7c5', 'the Sicilian');
  t.setComment('e2e4', 'best by test');
  t.nodeAt('e2e4').children.push({ uci: 'd7d5', san: 'd5', fen: 'x', ply: 2, children: [] });
  const text = encodeTree(t);
  assert.equal(text, 'e2e4 {best by test} e7e5 ( c7c5 {the Sicilian} g1f3 ) ( d7d5 ) g1f3 ( f1c4 ) b8c6');
  const sk = decodeTree(text);
  assert.deepEqual(lines(sk), [
    ['e2e4', 'e7e5', 'g1f3', 'b8c6'], ['e2e4', 'e7e5', 'f1c4'], ['e2e4', 'c7c5', 'g1f3'], ['e2e4', 'd7d5'],
  ]);
  // Filling a tree from the lines (as the server does) gives the same tree.
  const back = new Tree(start);
  const sans = { e2e4: 'e4', e7e5: 'e5', g1f3: 'Nf3', b8c6: 'Nc6', f1c4: 'Bc4', c7c5: 'c5', d7d5: 'd5' };
  for (const l of lines(sk)) back.addLine('', l.map(u => m(u, sans[u])));
  applyComments(back, sk);
  assert.equal(pgnMoves(back), pgnMoves(t));
  assert.equal(encodeTree(back), text);
  // Nested variations and a comment before the first move.
  const nested = '{start} e2e4 ( d2d4 d7d5 ( g8f6 c2c4 ) ) e7e5';
  assert.deepEqual(lines(decodeTree(nested)), [['e2e4', 'e7e5'], ['d2d4', 'd7d5'], ['d2d4', 'g8f6', 'c2c4']]);
  assert.equal(decodeTree(nested).comment, 'start');
  for (const bad of ['( e2e4', 'e2e4 (', 'e2e4 )', 'e2e4 {x', 'e2e4 ~~']) assert.throws(() => decodeTree(bad), bad);
  assert.deepEqual(lines(decodeTree('')), []);
});

test('parseInfo reads scores, depth, multipv and the line; ignores the rest', () => {
  assert.deepEqual(parseInfo('info depth 12 seldepth 18 multipv 2 score cp -35 nodes 12345 nps 1 time 5 pv e7e5 g1f3 b8c6'),
    { multipv: 2, depth: 12, cp: -35, nodes: 12345, pv: ['e7e5', 'g1f3', 'b8c6'] });
  assert.deepEqual(parseInfo('info depth 20 score mate -3 upperbound pv e1e2'), { multipv: 1, depth: 20, mate: -3, bound: 'upper', pv: ['e1e2'] });
  for (const skip of ['info string NNUE loaded', 'info depth 3 currmove e2e4 currmovenumber 1', 'bestmove e2e4', 'info depth 1 score cp 10',
    'info depth x score cp 1 pv e2e4', '', 'readyok']) {
    assert.equal(parseInfo(skip), undefined, skip);
  }
});

test('scores turn to White\'s side, Win% follows lichess, and read as pawns or mate', () => {
  const l = { multipv: 1, depth: 5, cp: 50, pv: ['a'] };
  assert.deepEqual(whiteScore(l, 'white'), { cp: 50 });
  assert.deepEqual(whiteScore(l, 'black'), { cp: -50 });
  assert.deepEqual(whiteScore({ ...l, cp: undefined, mate: 2 }, 'black'), { mate: -2 });
  assert.equal(winPercent({ cp: 0 }), 50);
  // lichess: 50 + 50·(2/(1+exp(−0.00368208·cp)) − 1); +100 cp ≈ 59.1 %
  assert.ok(Math.abs(winPercent({ cp: 100 }) - 59.1) < 0.05, String(winPercent({ cp: 100 })));
  assert.equal(winPercent({ cp: 5000 }), winPercent({ cp: 1000 }));
  assert.equal(winPercent({ mate: 3 }), 100);
  assert.equal(winPercent({ mate: -1 }), 0);
  assert.equal(scoreText({ cp: 35 }), '+0.35');
  assert.equal(scoreText({ cp: -120 }), '-1.20');
  assert.equal(scoreText({ mate: -2 }), '#-2');
});

test('xiangqi moves go between Fairy-Stockfish ranks and ICCS', () => {
  assert.equal(fairyToICCS('h3e3'), 'h2e2');
  assert.equal(fairyToICCS('a10a9'), 'a9a8');
  assert.equal(iccsToFairy('a9a8'), 'a10a9');
  assert.equal(fairyToICCS('e2e4q'), undefined);
  assert.equal(fairyToICCS('j1a1'), undefined);
});

test('shownLines shows each rank\'s latest line by rank, each first move once, up to the lines asked', () => {
  const l = (multipv, depth, ...pv) => ({ multipv, depth, cp: 0, pv });
  // Depth 9's first line has come; ranks 2 and 3 are still depth 8's, and
  // rank 3's first move is now rank 1's.
  const found = [l(2, 8, 'b2e2', 'h9g7'), l(1, 9, 'h2e2', 'h9g7'), l(3, 8, 'h2e2', 'b9c7'), l(4, 8, 'g3g4')];
  assert.deepEqual(shownLines(found, 3).map(x => [x.multipv, x.depth, x.pv[0]]), [[1, 9, 'h2e2'], [2, 8, 'b2e2']]);
  assert.deepEqual(shownLines(found, 4).map(x => x.pv[0]), ['h2e2', 'b2e2', 'g3g4']);
  assert.deepEqual(shownLines([], 3), []);
});
