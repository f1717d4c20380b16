// The themes' registry and the xiangqi board's coordinate labels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chessBoards, chessPieces, defaultThemes, pickThemes, themeCSS, themeClasses, themeLists, xiangqiBoards, xiangqiCoordsFor, xiangqiPieces } from '../src/themes.ts';
import { coordInset, pieceFace, xiangqiCoordLabels, xiangqiCoordsOf } from '../src/xiangqi.ts';
import { tables } from '../src/i18n.ts';
import { xiangqiGlyph } from '../src/notation.ts';

test('the registry offers enough themes, each with its words and distinct colours', () => {
  assert.ok(chessBoards.length >= 6 && chessPieces.length >= 4 && xiangqiBoards.length >= 3 && xiangqiPieces.length >= 2);
  assert.deepEqual(xiangqiBoards.map(b => b.id).slice(0, 3), ['wood', 'paper', 'dark']);
  for (const [kind, list] of Object.entries(themeLists)) {
    assert.equal(new Set(list.map(o => o.id)).size, list.length, `${kind}: ids repeat`);
    assert.equal(list[0].id, defaultThemes[kind], `${kind}: the default first`);
    for (const o of list) for (const [lang, table] of Object.entries(tables)) assert.ok(table[o.label], `${lang}: no words for ${o.label}`);
  }
  assert.equal(new Set(chessBoards.map(b => b.light + b.dark)).size, chessBoards.length);
  for (const b of chessBoards) assert.notEqual(b.light, b.dark);
});

test('pickThemes keeps what names a theme, and the default for the rest', () => {
  assert.deepEqual(pickThemes({}), defaultThemes);
  assert.deepEqual(pickThemes({ board: 'purple', pieces: 'nope', xqBoard: 3, xqCoords: 'iccs' }), { ...defaultThemes, board: 'purple', xqCoords: 'iccs' });
  assert.deepEqual(themeClasses(defaultThemes), ['board-brown', 'pieces-cburnett', 'xqboard-wood', 'xqpieces-drawn']);
});

test('the drawn piece sets need no font: every piece is a path', () => {
  const css = themeCSS();
  for (const set of ['flat', 'disc']) {
    for (const role of ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn']) {
      for (const color of ['white', 'black']) {
        const m = css.match(new RegExp(`body\\.pieces-${set} \\.cg-wrap:not\\(\\.pv\\) piece\\.${role}\\.${color}[^{]*\\{ background-image: url\\("data:image/svg\\+xml;utf8,([^"]+)"\\)`));
        assert.ok(m, `${set} ${role} ${color}`);
        const svg = decodeURIComponent(m[1]);
        assert.doesNotMatch(svg, /<text|font/, `${set} ${role}: text`);
        assert.match(svg, /<path /);
      }
    }
  }
  for (const b of chessBoards) assert.match(css, new RegExp(`body\\.board-${b.id}[^{]*\\{ --light: ${b.light}; --dark: ${b.dark}; \\}`));
});

test('xiangqi coordinates: ICCS, and the traditional numbers of each side', () => {
  const texts = (style, o, cls) => xiangqiCoordLabels(style, o).filter(l => !cls || l.cls === cls).map(l => l.text);
  assert.deepEqual(xiangqiCoordLabels('none', 'white'), []);
  assert.deepEqual(texts('iccs', 'white', 'file'), [...'abcdefghi']);
  assert.deepEqual(texts('iccs', 'white', 'rank'), [...'0123456789']);
  assert.deepEqual(texts('traditional', 'white', 'file red'), [...'九八七六五四三二一']);
  assert.deepEqual(texts('traditional', 'white', 'file black'), [...'123456789']);
  const at = (style, o, text) => xiangqiCoordLabels(style, o).find(l => l.text === text);
  // Red below: its 九 at the bottom left, Black's 1 at the top left (the same file a).
  const nine = at('traditional', 'white', '九');
  const one = at('traditional', 'white', '1');
  assert.equal(nine.x, one.x);
  assert.ok(nine.y > 900 && one.y < 100 && nine.x < 100);
  // Black below: Red's numbers at the top, and file a on the right.
  const nineB = at('traditional', 'black', '九');
  assert.ok(nineB.y < 100 && nineB.x > 800);
  assert.ok(at('traditional', 'black', '1').y > 900);
  // ICCS rank 0 is Red's back rank: at the bottom for Red, the top for Black.
  assert.ok(at('iccs', 'white', '0').y > at('iccs', 'white', '9').y);
  assert.ok(at('iccs', 'black', '0').y < at('iccs', 'black', '9').y);
  // The labels stay in the margin, outside the grid of points.
  for (const l of xiangqiCoordLabels('iccs', 'white')) {
    assert.ok(l.cls === 'rank' ? l.x < 900 * coordInset : l.y > 1000 * (1 - coordInset), `${l.text} at ${l.x},${l.y}`);
  }
  assert.equal(xiangqiCoordsOf('iccs'), 'iccs');
  assert.equal(xiangqiCoordsOf(undefined), 'traditional');
  assert.equal(xiangqiCoordsOf('bogus'), 'traditional');
});

test('the coordinates follow the language until one is chosen', () => {
  assert.equal(defaultThemes.xqCoords, 'auto');
  assert.equal(xiangqiCoordsFor('auto', 'en'), 'iccs');
  assert.equal(xiangqiCoordsFor('auto', 'zh-TW'), 'traditional');
  assert.equal(xiangqiCoordsFor('auto', 'zh-CN'), 'traditional');
  assert.equal(xiangqiCoordsFor('none', 'zh-CN'), 'none');
  assert.equal(xiangqiCoordsFor('traditional', 'en'), 'traditional');
});

test('the drawn xiangqi style has an outline for every piece, in either script', () => {
  for (const [letter, hans] of Object.entries({ K: '帅', A: '仕', B: '相', E: '相', N: '马', H: '马', R: '车', C: '炮', P: '兵', k: '将', a: '士', b: '象', e: '象', n: '马', h: '马', r: '车', c: '炮', p: '卒' })) {
    const face = pieceFace(letter, hans);
    assert.match(face, new RegExp(`^<span class="xq-char">${hans}</span><svg class="xq-glyph" viewBox="-?[\\d.]+ -?[\\d.]+ 1000 1000" role="img" aria-label="${hans}"><path d="M[-\\d .MLCQZ]+"/></svg>$`), letter);
    const hant = xiangqiGlyph(letter, 'hant');
    const path = (f) => f.match(/<path d="([^"]+)"/)[1];
    assert.equal(path(face) === path(pieceFace(letter, hant)), hans === hant, `${letter}: the outline of ${hans}, not of ${hant}`);
  }
  assert.equal(pieceFace('x', ''), '<span class="xq-char"></span>', 'a face-down piece has no outline');
});
