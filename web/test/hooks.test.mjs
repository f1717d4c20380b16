// The variants' own hooks without a browser: fog of war's and bomb chess's
// marks, the blast area, the dice panel's reading of the dice, jieqi's
// taken pieces, and the xiangqi board's reading of face-down pieces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allSquares } from '../src/chessboard.ts';
import { joinMarks } from '../src/round/view/board.ts';
import { blastArea, bomb, mineMarks } from '../src/variants/bomb.ts';
import { dieFigure, liveDice, rollText } from '../src/variants/dice.ts';
import { fogofwar } from '../src/variants/fog.ts';
import { takenPieces } from '../src/variants/jieqi.ts';
import { parseFEN, pieceLook } from '../src/xiangqi.ts';

test('marks: fog live only, mines and safe squares always, classes joined', () => {
  const fog = { ext: { fog: ['a8', 'b8'] } };
  assert.deepEqual(joinMarks(fogofwar.marks(fog, true)), { a8: 'fog', b8: 'fog' });
  assert.deepEqual(fogofwar.marks(fog, false), {});
  const mines = { ext: { mines: ['c3', 'd4'], safe: ['d4', 'e5'] } };
  assert.deepEqual(joinMarks(bomb.marks(mines, true)), { c3: 'mine', d4: 'safe mine', e5: 'safe' });
  assert.deepEqual(mineMarks({}), {});
  assert.deepEqual(fogofwar.marks({}, true), {});
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

test('xiangqi board: X and x are face-down pieces of Red and Black, drawn without a character', () => {
  const start = parseFEN('xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1');
  assert.equal(start.size, 32);
  assert.equal(start.get('a0'), 'X');
  assert.equal(start.get('e0'), 'K');
  assert.equal(start.get('b2'), 'X');
  assert.equal(start.get('i9'), 'x');
  assert.equal(start.get('e9'), 'k');
  assert.equal([...start.values()].filter(c => c === 'X').length, 15);
  assert.equal([...start.values()].filter(c => c === 'x').length, 15);
  assert.deepEqual(pieceLook('X'), { red: true, faceDown: true, glyph: '' });
  assert.deepEqual(pieceLook('x'), { red: false, faceDown: true, glyph: '' });
  assert.deepEqual(pieceLook('N'), { red: true, faceDown: false, glyph: '傌' });
  assert.deepEqual(pieceLook('r'), { red: false, faceDown: false, glyph: '車' });
  // A piece turned up stands beside face-down ones.
  const later = parseFEN('xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X4NX1/9/X1XXKXXXX b - - 1 1');
  assert.equal(later.get('g2'), 'N');
  assert.equal(later.has('b0'), false);
});

test('jieqi: the taken pieces, known as characters of their side, unknown as "?"', () => {
  assert.deepEqual(takenPieces({ ext: { known: ['RN', 'c'], unknown: [0, 2] } }), {
    white: [{ color: 'white', glyph: '俥', unknown: false }, { color: 'white', glyph: '傌', unknown: false }],
    black: [{ color: 'black', glyph: '砲', unknown: false }, { color: 'black', glyph: '?', unknown: true }, { color: 'black', glyph: '?', unknown: true }],
  });
  assert.deepEqual(takenPieces({}), { white: [], black: [] });
});
