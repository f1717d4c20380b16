// The standalone game viewer (gambit render --pgn ... --html ...): a page
// opened from disk with the network off, stepped through whole games by
// keys and by clicks, into a variation, flipped, switching games and, for
// xiangqi, notations; and the same page under a strict Content-Security-Policy.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { artifacts, bin, launch, watchTroubles } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const data = process.env.GAMBIT_DATA || join(here, '..', '..', '..', 'shared', 'data');
const work = mkdtempSync(join(tmpdir(), 'gambit-viewer-'));

// The Opera Game, with a nested variation and comments; FENs from
// chess/pgn at the plies given (the last one is the final position).
const opera = `[Event "Paris Opera"]
[Site "Paris FRA"]
[Date "1858.11.02"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

{The Opera Game.} 1. e4 e5 2. Nf3 d6 3. d4 Bg4 (3... exd4 4. Qxd4 (4. Nxd4 {the quiet recapture}) 4... Nc6)
4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7
12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0

`;
const operaPlies = 33;
const operaFENs = {
  0: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  1: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
  2: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
  10: 'rn1qkbnr/ppp2ppp/8/4p3/4P3/5Q2/PPP2PPP/RNB1KB1R w KQkq - 0 6',
  20: 'rn2kb1r/p3qppp/5n2/1p2p1B1/2B1P3/1Q6/PPP2PPP/R3K2R w KQkq - 0 11',
  30: '4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16',
  33: '1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17',
};
const afterNxd4 = 'rnbqkbnr/ppp2ppp/3p4/8/3NP3/8/PPP2PPP/RNBQKB1R b KQkq - 0 4';

// The first xiangqi game of the shared file (吕钦–许银川 2004, 72 moves).
const xiangqiPlies = 143;
const xiangqiFENs = {
  0: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
  1: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1',
  2: 'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2',
  20: '1n1akab2/9/c3b1n1c/p3p1C1p/2p4r1/6P2/P1P1P3P/2N1C1N2/9/2BAKAB1R w - - 0 11',
  80: '2bak4/4a4/4b1P2/4R3p/6r2/P4nN2/4P2c1/2N1B4/4A4/4KAB2 w - - 1 41',
  140: '2bak4/4a4/4b4/9/P8/9/3r1p3/3NB4/R3A4/4KAB2 w - - 32 71',
  143: '2bak4/4a4/4b4/9/P8/4R4/3rp4/3NB4/4A4/4KAB2 b - - 35 72',
};

let browser, page, fileRequests, blocked, troubles;

// render runs gambit render and returns the page's file URL.
function render(pgnPath, name, ...flags) {
  const out = join(work, name);
  execFileSync(bin, ['render', '--pgn', pgnPath, '--html', out, ...flags]);
  return { path: out, url: pathToFileURL(out).href };
}

before(async () => {
  browser = await launch();
  await browser.ctx.setOffline(true);
  page = browser.ctx.pages()[0] ?? await browser.ctx.newPage();
  troubles = [];
  watchTroubles(page, troubles);
  fileRequests = [];
  blocked = [];
  page.on('request', r => fileRequests.push(r.url()));
  await browser.ctx.route('**/*', route => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    blocked.push(url);
    return route.abort();
  });
});

afterEach(() => {
  assert.deepEqual(blocked, [], 'the page tried to reach the network');
  assert.deepEqual(fileRequests.filter(u => !u.startsWith('file:')), [], 'the page requested something other than its file');
  assert.deepEqual(troubles.splice(0), [], 'console errors or failed requests on the page');
});

after(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

// open loads a viewer page and checks that it requested only itself.
async function open(url) {
  fileRequests.length = 0;
  await page.goto(url);
  await page.waitForSelector('#board .piece');
  assert.deepEqual([...new Set(fileRequests)], [url], 'requests other than the page itself');
}

// placement maps each occupied square of a FEN's board to its letter, with
// ranks from 1 (chess) or 0 (xiangqi).
function placement(fen, variant) {
  const rows = fen.split(' ')[0].split('/');
  const base = variant === 'chess' ? 1 : 0;
  const out = {};
  rows.forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (c >= '0' && c <= '9') file += Number(c);
      else out[String.fromCharCode(97 + file++) + (rows.length - 1 - i + base)] = c;
    }
  });
  return out;
}

// shown returns the FEN in the copyable field, after checking that the
// board draws exactly that position.
async function shown(variant) {
  const fen = await page.inputValue('#fen');
  const drawn = await page.$$eval('#board .piece', ps => Object.fromEntries(ps.map(p => [p.dataset.square, p.dataset.piece])));
  assert.deepEqual(drawn, placement(fen, variant), `the board does not show ${fen}`);
  assert.equal(await page.getAttribute('#board', 'data-fen'), fen);
  return fen;
}

// walkByKeys steps from the start to the end with the Right arrow and
// returns the FEN after each ply (index 0: the start).
async function walkByKeys(plies, variant) {
  await page.keyboard.press('Home');
  const fens = [await shown(variant)];
  for (let i = 0; i < plies; i++) {
    await page.keyboard.press('ArrowRight');
    fens.push(await shown(variant));
  }
  await page.keyboard.press('ArrowRight'); // past the end: stays
  assert.equal(await shown(variant), fens[plies]);
  return fens;
}

// walkByClicks clicks every mainline move of the list in turn and returns
// the FENs shown; the clicked move is the one highlighted.
async function walkByClicks(variant) {
  const moves = page.locator('#moves > .move');
  const fens = [];
  for (let i = 0, n = await moves.count(); i < n; i++) {
    await moves.nth(i).click();
    assert.equal(await page.locator('#moves .move.current').count(), 1);
    assert.equal(await page.locator('#moves .move.current').textContent(), await moves.nth(i).textContent());
    fens.push(await shown(variant));
  }
  return fens;
}

function assertFENs(fens, want) {
  for (const [ply, fen] of Object.entries(want)) assert.equal(fens[ply], fen, `FEN at ply ${ply}`);
}

// pieceY returns the vertical centre of the piece on a square, as a
// fraction of the board's height from the top.
async function pieceY(square) {
  const board = await page.locator('#board').boundingBox();
  const piece = await page.locator(`#board .piece[data-square="${square}"]`).boundingBox();
  return (piece.y + piece.height / 2 - board.y) / board.height;
}

test('chess: whole games by keys and clicks, a variation, flip, the game picker', async () => {
  const pgnPath = join(work, 'chess.pgn');
  writeFileSync(pgnPath, opera + readFileSync(join(data, 'pgn/edge/python-chess/cutechess-fischerrandom.pgn'), 'utf8'));
  const { url } = render(pgnPath, 'chess.html');
  await open(url);

  assert.equal(await page.title(), 'Paul Morphy – Duke Karl / Count Isouard');
  assert.equal(await page.locator('#game option').count(), 5);
  assert.equal(await page.inputValue('#game'), '0');
  assert.equal(await page.isVisible('#notation'), false);
  assert.match(await page.textContent('#tags'), /WhitePaul Morphy/);
  assert.equal(await page.textContent('#result'), '1-0');
  assert.match(await page.textContent('#moves'), /^The Opera Game\./);

  const byKeys = await walkByKeys(operaPlies, 'chess');
  assertFENs(byKeys, operaFENs);
  assert.equal(await page.textContent('#moves .move.current'), '17. Rd8#');
  assert.deepEqual(await page.$$eval('#board .last', es => es.map(e => e.dataset.square)), ['d1', 'd8']);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  assert.equal(await shown('chess'), operaFENs[30]);
  await page.keyboard.press('Home');
  assert.equal(await shown('chess'), operaFENs[0]);
  await page.keyboard.press('End');
  assert.equal(await shown('chess'), operaFENs[33]);

  // The same game by clicks on its moves, and by the buttons.
  assert.deepEqual(await walkByClicks('chess'), byKeys.slice(1));
  await page.click('#first');
  assert.equal(await shown('chess'), operaFENs[0]);
  await page.click('#next');
  await page.click('#next');
  assert.equal(await shown('chess'), operaFENs[2]);
  await page.click('#prev');
  assert.equal(await shown('chess'), operaFENs[1]);
  await page.click('#last');
  assert.equal(await shown('chess'), operaFENs[33]);

  // Into the variation nested in a variation: 3... exd4 4. Nxd4.
  const nested = page.locator('#moves .variation .variation .move');
  assert.equal(await nested.textContent(), '4. Nxd4');
  await nested.click();
  assert.equal(await shown('chess'), afterNxd4);
  assert.match(await page.textContent('#moves .variation .variation'), /the quiet recapture/);
  await page.keyboard.press('ArrowRight'); // the variation ends here
  assert.equal(await shown('chess'), afterNxd4);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.textContent('#moves .move.current'), '3... exd4');

  // Flip: White's king goes from the bottom to the top, and the names swap.
  await page.keyboard.press('Home');
  assert.ok(await pieceY('e1') > 0.8);
  assert.equal(await page.textContent('#player-bottom'), 'Paul Morphy');
  await page.click('#flip');
  assert.equal(await page.locator('#board.flipped').count(), 1);
  assert.ok(await pieceY('e1') < 0.2);
  assert.equal(await page.textContent('#player-bottom'), 'Duke Karl / Count Isouard');
  assert.equal(await shown('chess'), operaFENs[0]);
  await page.click('#flip');
  assert.ok(await pieceY('e1') > 0.8);

  // Game 2, a Chess960 game: its own start, stepped by keys after the switch.
  await page.selectOption('#game', '1');
  assert.match(await shown('chess'), /^nbbrknrq\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/NBBRKNRQ w /);
  assert.match(await page.textContent('#tags'), /Variant/);
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await shown('chess'), '1bbrknrq/pp2pp1p/1np3p1/8/3PB1P1/2P5/PP3P1P/N1BRKNRQ w KQkq - 0 6');

  // Back to the Opera Game at move 10 for the picture.
  await page.selectOption('#game', '0');
  assert.equal(await shown('chess'), operaFENs[0]);
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'viewer-chess.png') });
});

test('xiangqi: a whole game by keys and clicks, the three notations, flip, the game picker', async () => {
  const { url } = render(join(data, 'xiangqi/pgn/xiangqijs-4games-chinese.pgn'), 'xiangqi.html');
  await open(url);
  assert.equal(await page.locator('#game option').count(), 4);
  assert.equal(await page.isVisible('#notation'), true);

  const first = page.locator('#moves > .move').first();
  const second = page.locator('#moves > .move').nth(1);
  assert.equal(await first.textContent(), '1. 炮二平五');
  assert.equal(await second.textContent(), '馬８進７');
  await page.selectOption('#notation', 'wxf');
  assert.equal(await first.textContent(), '1. C2.5');
  assert.equal(await second.textContent(), 'H8+7');
  await page.selectOption('#notation', 'iccs');
  assert.equal(await first.textContent(), '1. h2e2');
  assert.equal(await second.textContent(), 'h9g7');
  await page.selectOption('#notation', 'chinese');
  assert.equal(await first.textContent(), '1. 炮二平五');

  const byKeys = await walkByKeys(xiangqiPlies, 'xiangqi');
  assertFENs(byKeys, xiangqiFENs);
  assert.deepEqual(await walkByClicks('xiangqi'), byKeys.slice(1));

  // Flip: Red's general from the bottom to the top.
  await page.keyboard.press('Home');
  assert.ok(await pieceY('e0') > 0.85);
  await page.click('#flip');
  assert.ok(await pieceY('e0') < 0.15);
  await page.click('#flip');

  // The fourth game, a handicap game from a FEN.
  await page.selectOption('#game', '3');
  const start = await shown('xiangqi');
  assert.notEqual(start, xiangqiFENs[0]);
  await page.keyboard.press('ArrowRight');
  assert.notEqual(await shown('xiangqi'), start);

  await page.selectOption('#game', '0');
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'viewer-xiangqi.png') });

  // In Chinese the picker's remark is in Chinese brackets, its parts
  // joined by a Chinese comma, as the page around it is written.
  const en = await page.locator('#game option').allTextContents();
  const zh = render(join(data, 'xiangqi/pgn/xiangqijs-4games-chinese.pgn'), 'xiangqi-zh.html', '--lang', 'zh-TW');
  await open(zh.url);
  const options = await page.locator('#game option').allTextContents();
  assert.ok(en.some(o => / \(.+\) /.test(o)), en.join(' | '));
  for (const o of options) assert.doesNotMatch(o, /[()]|, /, o);
  assert.ok(options.some(o => /（.+）/.test(o)), options.join(' | '));
});

test('the page runs under a CSP that allows only the hashes of its inline script and style', async () => {
  const pgnPath = join(work, 'csp.pgn');
  writeFileSync(pgnPath, opera);
  const { path } = render(pgnPath, 'csp.html');
  const html = readFileSync(path, 'utf8');
  const hash = text => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(m => hash(m[1]));
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(m => hash(m[1]));
  assert.equal(scripts.length, 1);
  assert.equal(styles.length, 1);
  const policy = `default-src 'none'; script-src ${scripts.join(' ')}; style-src ${styles.join(' ')}`;
  const strict = join(work, 'csp-strict.html');
  writeFileSync(strict, html.replace('<head>', `<head>\n<meta http-equiv="Content-Security-Policy" content="${policy}">`));
  const violations = [];
  page.on('console', m => { if (/Content.Security.Policy|Refused/i.test(m.text())) violations.push(m.text()); });
  await open(pathToFileURL(strict).href);
  await page.keyboard.press('End');
  assert.equal(await shown('chess'), operaFENs[33]);
  // The style applies too: the light squares are filled from the stylesheet.
  assert.equal(await page.$eval('#board rect.light', r => getComputedStyle(r).fill), 'rgb(238, 219, 183)');
  assert.deepEqual(violations, []);
});
