// Banqi (暗棋) in the browser without a browser: the board's reading of the
// FEN and of clicks against the server's destinations, the move box, and
// the variant's module (its move list, words, colours and texts) in the
// three languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { banqiClick, banqiSquares, cellOf, firstColour, isFlip, parseBanqiFEN, seatColour, squareAt } from '../src/banqi.ts';
import { boards, describeEnd, notationOf, setRegistry, sideName, termName, variantOf, variantUI } from '../src/variants.ts';
import { colourWords, flipWords, moveText, stepParts, takenPieces } from '../src/variants/banqi.ts';
import { readMove } from '../src/movetext.ts';
import { setLanguage, t } from '../src/i18n.ts';
import registered from './testdata/variants.json';

// banqiInfo is banqi's registration as GET /api/variants writes it.
const banqiInfo = registered.find(v => v.name === 'banqi');
setRegistry(registered);
const banqi = variantOf('banqi');

const start = 'xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx w - 0 1';
// After a few turns: the first player (red) has a cannon on c2 and a
// soldier on e1; the second (black) a horse on c4 and a chariot on f1;
// h3, d2 and g1 are empty.
const mid = 'xxnxxxxx/xxxxxxx1/xxC1xxxx/xxxxPr1x b r 0 3';

const step = (uci, over = {}) => ({ uci, san: uci, fen: '', color: 'white', ...over });

test('the FEN: pieces by square from rank 4 down, x face down, digits empty', () => {
  const s = parseBanqiFEN(start);
  assert.equal(s.size, 32);
  assert.deepEqual([...new Set(s.values())], ['x']);
  assert.deepEqual([...s.keys()].sort(), [...banqiSquares].sort());
  const m = parseBanqiFEN(mid);
  assert.equal(m.get('c4'), 'n');
  assert.equal(m.get('h3'), undefined);
  assert.equal(m.get('c2'), 'C');
  assert.equal(m.get('d2'), undefined);
  assert.equal(m.get('e1'), 'P');
  assert.equal(m.get('f1'), 'r');
  assert.equal(m.get('g1'), undefined);
  assert.equal(m.get('h1'), 'x');
  assert.equal(m.size, 29);
  assert.equal(parseBanqiFEN('8/8/8/8 w - 0 1').size, 0);
  // Too much is never drawn off the board.
  assert.deepEqual([...parseBanqiFEN('xxxxxxxxxx/8/8/8/x w - 0 1').keys()], ['a4', 'b4', 'c4', 'd4', 'e4', 'f4', 'g4', 'h4']);
  assert.equal(banqiSquares[0], 'a1');
  assert.equal(banqiSquares[31], 'h4');
});

test('the colours: none before the first flip, then the first player the FEN\'s, the second the other', () => {
  assert.equal(firstColour(start), undefined);
  assert.equal(seatColour(start, 'white'), undefined);
  assert.equal(firstColour(mid), 'red');
  assert.equal(seatColour(mid, 'white'), 'red');
  assert.equal(seatColour(mid, 'black'), 'black');
  const b = 'xxxxxxxx/xxxxxxxx/xxxxxxxx/xxkxxxxx b b 0 1';
  assert.equal(seatColour(b, 'white'), 'black');
  assert.equal(seatColour(b, 'black'), 'red');
  assert.ok(isFlip('c2c2') && !isFlip('c2c3') && !isFlip(''));
});

test('squares on screen: a1 bottom left, h4 top right, always', () => {
  assert.deepEqual(cellOf('a1'), [0, 3]);
  assert.deepEqual(cellOf('h4'), [7, 0]);
  assert.deepEqual(cellOf('c2'), [2, 2]);
  assert.equal(squareAt(0.01, 0.99), 'a1');
  assert.equal(squareAt(0.99, 0.01), 'h4');
  assert.equal(squareAt(2.5 / 8, 2.5 / 4), 'c2');
  assert.equal(squareAt(-0.01, 0.5), undefined);
  assert.equal(squareAt(0.5, 1), undefined);
  for (const sq of banqiSquares) {
    const [x, y] = cellOf(sq);
    assert.equal(squareAt((x + 0.5) / 8, (y + 0.5) / 4), sq);
  }
});

test('clicks against the server\'s destinations: a flip in one click, a move in two, nothing else', () => {
  // The first player's turn in mid-game: three face-down pieces it may
  // flip (their own squares), its cannon and soldier that may move.
  const dests = new Map(Object.entries({ a1: ['a1'], d3: ['d3'], h4: ['h4'], c2: ['c3', 'c4'], e1: ['f1'] }));
  assert.deepEqual(banqiClick(dests, undefined, 'a1'), { kind: 'flip', square: 'a1' });
  assert.deepEqual(banqiClick(dests, 'c2', 'd3'), { kind: 'flip', square: 'd3' }, 'a flip while a piece is selected: not its destination');
  assert.deepEqual(banqiClick(dests, undefined, 'c2'), { kind: 'select', square: 'c2' });
  assert.deepEqual(banqiClick(dests, 'c2', 'c2'), { kind: 'select', square: 'c2' }, 'again: a drag may start from it');
  assert.deepEqual(banqiClick(dests, 'c2', 'c4'), { kind: 'move', from: 'c2', to: 'c4' });
  assert.deepEqual(banqiClick(dests, 'c2', 'e1'), { kind: 'select', square: 'e1' }, 'another piece that may move');
  assert.deepEqual(banqiClick(dests, 'e1', 'f1'), { kind: 'move', from: 'e1', to: 'f1' });
  assert.deepEqual(banqiClick(dests, 'c2', 'g2'), { kind: 'clear' }, 'a face-down piece the server does not let flip');
  assert.deepEqual(banqiClick(dests, undefined, 'f1'), { kind: 'clear' }, 'an empty square');
  // A destination of the piece selected comes before a flip there.
  const odd = new Map(Object.entries({ b2: ['b3'], b3: ['b3'] }));
  assert.deepEqual(banqiClick(odd, 'b2', 'b3'), { kind: 'move', from: 'b2', to: 'b3' });
  // Not the user's turn: no destinations, no clicks do anything.
  for (const sq of ['a1', 'c2', 'e1']) assert.deepEqual(banqiClick(new Map(), undefined, sq), { kind: 'clear' });
});

test('the move box: squares, a flip as its square alone or twice, the server\'s move text', () => {
  const p = { board: 'banqi', fen: mid.replace(' b ', ' w '), dests: { a1: ['a1'], d3: ['d3'], c2: ['c3', 'c4'], e1: ['f1'] } }; // c2 a cannon, e1 a soldier
  const cases = [
    ['a1', 'a1a1'], ['A1', 'a1a1'], ['a1a1', 'a1a1'], ['d3', 'd3d3'], ['c2c3', 'c2c3'], ['c2-c4', 'c2c4'], ['C2 C4', 'c2c4'], ['e1xf1', 'e1f1'], ['e1×f1', 'e1f1'],
    ['d3=K', 'd3d3'], ['Cc2-c3', 'c2c3'], ['Cc2xc4', 'c2c4'], ['cc2c3', 'c2c3'], ['Pe1-f1', 'e1f1'], ['Rc2-c3', 'illegal'], ['Cd3', 'illegal'],
    ['c2', 'illegal'], ['h4', 'illegal'], ['c2c5', 'unreadable'], ['i1', 'unreadable'], ['炮二平五', 'unreadable'], ['hello', 'unreadable'], ['a1b1', 'illegal'],
  ];
  for (const [input, want] of cases) {
    assert.deepEqual(readMove(input, p), /^[a-h]\d[a-h]\d$/.test(want) ? { uci: want } : { error: want }, input);
  }
  assert.deepEqual(readMove('  ', p), { error: 'empty' });
});

test('the board kind and the registration: its element, drawn one way, no analysis board, first and second', () => {
  assert.equal(banqi.board.kind, 'banqi');
  assert.equal(banqi.board.element, 'bqboard');
  assert.equal(banqi.board.orientable, false);
  assert.equal(banqi.board.analysis, false);
  assert.equal(variantOf('xiangqi').board.orientable, true);
  assert.equal(variantOf('chess').board.analysis, true);
  assert.equal(banqi.takeback, false);
  assert.equal(banqi.handOver, false, 'nothing to hide from the other player: both see the same board');
  assert.deepEqual(banqi.sides, { white: 'first', black: 'second' });
  assert.deepEqual(banqi.notations.options.map(n => n.id), ['pieces', 'squares']);
  assert.equal(t(banqi.sidesLegend), 'You play');
  assert.equal(t(variantOf('chess').sidesLegend), 'Your colour');
  for (const term of banqiInfo.terminations) assert.ok(banqi.reasons[term], `no words for ${term}`);
  assert.deepEqual(banqi.levels.map(l => l.name), ['easy', 'hard']);
  const names = { en: ['First', 'Second', 'first'], 'zh-TW': ['先手', '後手', '先手'], 'zh-CN': ['先手', '后手', '先手'] };
  try {
    for (const [lang, [first, second, inline]] of Object.entries(names)) {
      setLanguage(lang);
      const v = variantUI(banqiInfo);
      assert.equal(sideName(v, 'white'), first, lang);
      assert.equal(sideName(v, 'black'), second, lang);
      assert.equal(sideName(v, 'white', true), inline, lang);
      for (const l of v.levels) assert.notEqual(l.label, l.name, `${lang}: ${l.name} has words`);
      assert.ok(v.label.startsWith('暗棋') || lang === 'en', `${lang}: ${v.label}`);
      for (const term of banqiInfo.terminations) assert.equal(termName(v, term), t(boards.banqi.terms[term] ?? 'term.repetition'), `${lang}: the short name of ${term}`);
    }
  } finally {
    setLanguage('en');
  }
  assert.deepEqual(describeEnd({ variant: 'banqi', status: 'mate', result: '1-0', winner: 'white', termination: 'resignation' }), ['First wins (1-0)', 'Second resigned.']);
  // The board kind's sound: a flip is a move, a capture counts the pieces.
  const s = fen => ({ fen });
  assert.equal(boards.banqi.moveSound(s(start), s('xxxxxxxx/xxxxxxxx/xxCxxxxx/xxxxxxxx b r 0 1')), 'move');
  assert.equal(boards.banqi.moveSound(s(mid), s('xxnxxxxx/xxxxxxx1/xxC1xxxx/xxxxr2x w r 0 4')), 'capture');
});

test('the move list: a flip by its square and what it turned up, a move by its piece and squares, in each script', () => {
  const flip = step('c2c2', { ext: { reveal: 'C' } });
  const blackFlip = step('d3d3', { color: 'black', ext: { reveal: 'r' } });
  const cannon = step('c2d2');
  const capture = step('f1e1', { color: 'black' });
  const pieces = notationOf(banqi, 'pieces');
  const squares = notationOf(banqi, 'squares');
  assert.equal(notationOf(banqi, null), pieces, 'pieces by default');
  try {
    assert.equal(pieces.text(flip, start), 'c2 flip 炮');
    assert.equal(pieces.text(blackFlip, mid), 'd3 flip 車');
    assert.equal(pieces.text(cannon, mid), '炮 c2-d2');
    assert.equal(pieces.text(capture, mid), '車 f1×e1');
    assert.equal(pieces.text(step('c2c4'), mid), '炮 c2×c4', 'a cannon\'s jump');
    assert.equal(pieces.text(step('c2c2'), start), 'c2 flip', 'a flip whose piece the step does not say');
    assert.equal(pieces.text(flip), 'c2 flip 炮', 'from the start without a FEN before');
    assert.equal(pieces.text({ uci: '', san: '?', fen: '', color: 'white' }, mid), '?', 'a step the viewer may not see: the server\'s text');
    assert.equal(squares.text(flip, start), 'c2c2');
    setLanguage('zh-TW');
    assert.equal(pieces.text(flip, start), 'c2 翻炮');
    assert.equal(pieces.text(blackFlip, mid), 'd3 翻車');
    assert.equal(pieces.text(step('f1g1'), mid), '車 f1-g1');
    setLanguage('zh-CN');
    assert.equal(pieces.text(flip, start), 'c2 翻炮');
    assert.equal(pieces.text(blackFlip, mid), 'd3 翻车');
    assert.equal(pieces.text(step('f1g1'), mid), '车 f1-g1');
  } finally {
    setLanguage('en');
  }
  assert.deepEqual(stepParts(capture, mid), { kind: 'move', from: 'f1', to: 'e1', piece: 'r', took: 'P' });
  assert.deepEqual(stepParts(flip), { kind: 'flip', square: 'c2', reveal: 'C' });
  assert.equal(stepParts({ uci: 'i1i2', san: '', fen: '', color: 'white' }), undefined);
});

test('flips marked and worded, moves said, colours told: in English, 繁體 and 简体', () => {
  const flip = step('c2c2', { ext: { reveal: 'C' } });
  const blackFlip = step('d3d3', { color: 'black', ext: { reveal: 'r' } });
  const want = {
    en: {
      flip: 'First flipped c2: red cannon (炮).', black: 'Second flipped d3: black chariot (車).',
      speakFlip: 'flips c2', speakMove: 'red cannon (炮) c2 to d2', speakTake: 'black chariot (車) f1 takes red soldier (兵) on e1',
      before: 'The first flip decides the colours: the first player plays the colour it turns up.',
      you: 'You play black.', both: 'First plays red, Second plays black.',
    },
    'zh-TW': {
      flip: '先手翻開 c2：紅炮。', black: '後手翻開 d3：黑車。',
      speakFlip: '翻開 c2', speakMove: '紅炮 c2 走到 d2', speakTake: '黑車 f1 吃 e1 的紅兵',
      before: '第一次翻棋決定顏色：先手執翻出的那一色。',
      you: '你執黑。', both: '先手執紅，後手執黑。',
    },
    'zh-CN': {
      flip: '先手翻开 c2：红炮。', black: '后手翻开 d3：黑车。',
      speakFlip: '翻开 c2', speakMove: '红炮 c2 走到 d2', speakTake: '黑车 f1 吃 e1 的红兵',
      before: '第一次翻子决定颜色：先手执翻出的那一色。',
      you: '你执黑。', both: '先手执红，后手执黑。',
    },
  };
  try {
    for (const [lang, w] of Object.entries(want)) {
      setLanguage(lang);
      assert.equal(flipWords(flip, start), w.flip, lang);
      assert.equal(banqi.stepWords(blackFlip, mid), w.black, lang);
      assert.equal(banqi.stepWords(step('c2d2'), mid), undefined, `${lang}: a move says nothing beyond itself`);
      assert.deepEqual(banqi.stepMark(flip, start), { cls: 'reveal red', title: w.flip }, lang);
      assert.deepEqual(banqi.stepMark(step('c2d2'), mid), { cls: 'red', title: w.speakMove }, lang);
      assert.equal(banqi.speak(flip, start, false), w.speakFlip, lang);
      assert.equal(banqi.speak(step('c2d2'), mid, false), w.speakMove, lang);
      assert.equal(banqi.speak(step('f1e1', { color: 'black' }), mid, false), w.speakTake, lang);
      assert.equal(banqi.turnWords({ fen: start, variant: 'banqi' }, ['white']), w.before, lang);
      assert.equal(colourWords({ fen: mid, variant: 'banqi' }, ['black']), w.you, lang);
      assert.equal(banqi.turnWords({ fen: mid, variant: 'banqi' }, []), w.both, `${lang}: a spectator`);
      assert.equal(banqi.turnWords({ fen: mid, variant: 'banqi' }, ['white', 'black']), w.both, `${lang}: one screen`);
    }
  } finally {
    setLanguage('en');
  }
});

test('the pieces taken, from the state\'s ext, in the reader\'s script', () => {
  const s = { ext: { taken: ['CPP', 'nr'] } };
  assert.deepEqual(takenPieces(s), { red: ['炮', '兵', '兵'], black: ['馬', '車'] });
  assert.deepEqual(takenPieces({}), { red: [], black: [] }, 'a state without it');
  assert.deepEqual(takenPieces({ ext: { taken: ['', ''], layout: 'xxxxxxxx/8/8/8' } }), { red: [], black: [] });
  try {
    setLanguage('zh-CN');
    assert.deepEqual(takenPieces(s), { red: ['炮', '兵', '兵'], black: ['马', '车'] });
  } finally {
    setLanguage('en');
  }
});

test('banqi\'s texts in every language, its rules more than its summary', () => {
  for (const lang of ['en', 'zh-TW', 'zh-CN']) {
    setLanguage(lang);
    const v = variantUI(banqiInfo);
    assert.ok(v.rules.length > v.help.length, lang);
    for (const key of [v.setup.label, v.setup.placeholder, v.fair.text, 'movebox.placeholder.banqi', 'banqi.flipHint', ...Object.values(v.reasons)]) {
      assert.notEqual(t(key), key, `${lang}: ${key}`);
    }
  }
  setLanguage('en');
  assert.match(variantUI(banqiInfo).rules, /the soldier can capture the general|a soldier can capture the general/);
  assert.equal(variantUI(banqiInfo).fair.verify, 'gambit banqi verify');
});
