// The chess board's extra marks (fog, mines, safe squares), the blast area,
// and the dice panel's reading of the dice, without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allSquares, blastArea, marksOf } from '../src/marks.ts';
import { dieFigure, liveDice, rollText } from '../src/dice.ts';

test('marksOf: fog live only, mines and safe squares always, classes joined', () => {
  const s = { ext: { fog: ['a8', 'b8'], mines: ['c3', 'd4'], safe: ['d4', 'e5'] } }; // as one state could never hold both: each key is its variant's
  assert.deepEqual(marksOf(s, true), { a8: 'fog', b8: 'fog', c3: 'mine', d4: 'safe mine', e5: 'safe' });
  assert.deepEqual(marksOf(s, false), { c3: 'mine', d4: 'safe mine', e5: 'safe' });
  assert.deepEqual(marksOf({}, true), {});
});

test('allSquares is the 64 squares', () => {
  assert.equal(allSquares.length, 64);
  assert.equal(new Set(allSquares).size, 64);
  assert.ok(allSquares.includes('a1') && allSquares.includes('h8'));
});

test('blastArea: the 3×3 block, cut at the edges', () => {
  assert.deepEqual(blastArea('e4').sort(), ['d3', 'd4', 'd5', 'e3', 'e4', 'e5', 'f3', 'f4', 'f5']);
  assert.deepEqual(blastArea('a1').sort(), ['a1', 'a2', 'b1', 'b2']);
  assert.deepEqual(blastArea('h5').sort(), ['g4', 'g5', 'g6', 'h4', 'h5', 'h6']);
});

test('dice: figures by side, each die left matched once', () => {
  assert.equal(dieFigure('N', 'white'), '♘');
  assert.equal(dieFigure('P', 'black'), '♟');
  assert.equal(dieFigure('k', 'white'), '♔');
  assert.equal(rollText(['N', 'B', 'P'], 'white'), '♘♗♙');
  assert.deepEqual(liveDice({ rolled: ['N', 'B', 'P'], left: ['B', 'P'], moves: 1, canPass: true }), [false, true, true]);
  assert.deepEqual(liveDice({ rolled: ['N', 'N', 'P'], left: ['N'], moves: 2, canPass: true }), [true, false, false]);
  assert.deepEqual(liveDice({ rolled: ['Q', 'Q', 'Q'], left: [], moves: 1, canPass: true }), [false, false, false]);
});
