// Game images in the browser: the GIF download beside the PGN's, a game's
// PNG shown in a page, the Open Graph tags of a game's page, and the
// standalone viewer downloaded and opened from disk offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openApp, artifacts, move, newGame, xiangqiMove } from './harness.mjs';

const app = openApp();

// gifFrames counts the images of a GIF file by walking its blocks.
function gifFrames(b) {
  assert.equal(b.subarray(0, 6).toString('latin1'), 'GIF89a');
  let i = 13;
  if (b[10] & 0x80) i += 3 << ((b[10] & 7) + 1); // the global colour table
  const skipSubBlocks = () => { while (b[i] !== 0) i += b[i] + 1; i++; };
  let frames = 0;
  for (;;) {
    const kind = b[i++];
    if (kind === 0x3b) return frames; // the trailer
    if (kind === 0x21) { i++; skipSubBlocks(); continue; } // an extension: its label, its data
    assert.equal(kind, 0x2c, `unexpected GIF block 0x${kind?.toString(16)} at ${i - 1}`);
    frames++;
    const flags = b[i + 8];
    i += 9;
    if (flags & 0x80) i += 3 << ((flags & 7) + 1); // a local colour table
    i++; // the LZW code size
    skipSubBlocks();
  }
}

test('a game gives a GIF to download, a PNG to show and Open Graph tags', async () => {
  const page = app.page;
  await newGame(page, { mode: 'local' });
  for (const m of ['e2e4', 'e7e5', 'g1f3']) await move(page, m);
  const id = new URL(page.url()).pathname.split('/').pop();

  const viewer = await page.getAttribute('#btn-download-viewer', 'href');
  assert.equal(viewer, `/game/${id}.html?download=1&lang=en`, 'in the page\'s language');
  assert.equal(await page.textContent('#btn-download-gif'), 'Download GIF');

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-download-gif')]);
  assert.equal(download.suggestedFilename(), `gambit-${id}.gif`);
  const gif = readFileSync(await download.path());
  assert.equal(gifFrames(gif), 4, 'the start and three moves');

  const width = await page.evaluate(src => new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth);
    img.onerror = () => reject(new Error('the PNG did not load'));
    img.src = src;
  }), `/game/${id}.png?size=256`);
  assert.equal(width, 256);

  const html = await page.evaluate(id => fetch(`/game/${id}`).then(r => r.text()), id);
  const meta = name => html.match(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`))?.[1];
  const origin = new URL(page.url()).origin;
  assert.equal(meta('og:title'), 'White vs Black · Chess');
  assert.equal(meta('og:description'), 'In play · 2 moves');
  assert.equal(meta('og:url'), `${origin}/game/${id}`);
  assert.equal(meta('og:image'), `${origin}/game/${id}.png?size=600`);
  assert.equal(meta('og:image:width'), '600');
  assert.equal(meta('twitter:card'), 'summary_large_image');

  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'image-buttons.png') });
});

test('"Download viewer" saves an HTML file that replays the game offline', async () => {
  const page = app.page;
  await newGame(page, { mode: 'local' });
  for (const m of ['e2e4', 'e7e5', 'g1f3', 'b8c6']) await move(page, m);
  const id = new URL(page.url()).pathname.split('/').pop();

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-download-viewer')]);
  assert.equal(download.suggestedFilename(), `gambit-${id}.html`);
  mkdirSync(artifacts, { recursive: true });
  const file = join(artifacts, download.suggestedFilename());
  await download.saveAs(file);

  // Opened from disk in another browser with the network off: it may
  // request nothing but itself.
  const viewer = await app.newPerson('viewer');
  await viewer.context().setOffline(true);
  const requests = [];
  viewer.on('request', r => requests.push(r.url()));
  const url = pathToFileURL(file).href;
  await viewer.goto(url);
  await viewer.waitForSelector('#board .piece');
  assert.deepEqual([...new Set(requests)], [url], 'the viewer requested something besides itself');
  const moves = await viewer.textContent('#moves');
  for (const san of ['e4', 'e5', 'Nf3', 'Nc6']) assert.ok(moves.includes(san), `the moves lack ${san}: ${moves}`);
  assert.equal(await viewer.locator('#board .piece').count(), 32);
  assert.equal(await viewer.locator('#board .piece text').count(), 0, 'built-in pieces, not the app\'s');
  assert.ok(await viewer.locator('#board .piece path').count() > 32, 'the pieces are not drawn as paths');
  await viewer.screenshot({ path: join(artifacts, 'viewer-download.png') });

  // Served, under its own Content-Security-Policy: the script and style
  // run (a violation would be a console error, which fails the test).
  const served = await app.newPerson('served viewer');
  const answer = await served.goto(`${app.server.url}/game/${id}.html`);
  assert.match(answer.headers()['content-security-policy'], /^default-src 'none'; script-src 'sha256-/);
  await served.waitForSelector('#board .piece');
  await served.click('#last');
  assert.match(await served.inputValue('#fen'), /^r1bqkbnr\/pppp1ppp\/2n5\/4p3\/4P3\/5N2\/PPPP1PPP\/RNBQKB1R w KQkq - 2 3$/);
});

test('a finished jieqi game\'s viewer replays it, face-down pieces and all, in the reader\'s language; a hidden game in play says when its viewer opens', async () => {
  const page = app.page;
  await page.goto(app.server.url);
  await page.waitForSelector('input[name=variant][value=chess]', { state: 'attached' });
  await newGame(page, { mode: 'local', variant: 'jieqi' });
  await xiangqiMove(page, 'h0g2');
  await xiangqiMove(page, 'h9g7');
  const id = new URL(page.url()).pathname.split('/').pop();
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForFunction(() => !['created', 'started'].includes(document.body.dataset.status));
  assert.equal(await page.isVisible('#btn-download-viewer'), true, 'a finished game offers its viewer');
  const last = await page.evaluate(id => fetch(`/api/games/${id}`).then(r => r.json()).then(s => s.fen), id);

  const reader = await app.newPerson('reader', { locale: 'zh-TW' });
  const answer = await reader.goto(`${app.server.url}/game/${id}.html`);
  assert.equal(answer.status(), 200);
  await reader.waitForSelector('#board .piece');
  assert.ok(await reader.locator('#board .piece[data-piece="X"]').count() > 0, 'Red\'s face-down pieces are drawn');
  assert.ok(await reader.locator('#board .piece[data-piece="x"]').count() > 0, 'Black\'s face-down pieces are drawn');
  const moves = await reader.textContent('#moves');
  assert.match(moves, /^1\. 傌二進三 翻.+/, moves);
  assert.match(await reader.textContent('#tags'), /紅方紅方黑方黑方/);
  await reader.click('#last');
  assert.equal(await reader.inputValue('#fen'), last);
  mkdirSync(artifacts, { recursive: true });
  await reader.screenshot({ path: join(artifacts, 'viewer-jieqi-zh-TW.png') });
  // The game's page says the result in Chinese brackets among Chinese text.
  await reader.goto(`${app.server.url}/game/${id}`);
  await reader.waitForFunction(() => /^(紅方|黑方)勝（(1-0|0-1)）/.test(document.getElementById('status').textContent));
  assert.doesNotMatch(await reader.textContent('#status'), / \(/);

  // A fog of war game in play: its viewer would show what the players may not see.
  await newGame(page, { mode: 'local', variant: 'fogofwar' });
  const fog = new URL(page.url()).pathname.split('/').pop();
  app.allowTrouble(new RegExp(`HTTP 409: GET .*/game/${fog}\\.html|status of 409`));
  const refused = await reader.goto(`${app.server.url}/game/${fog}.html`);
  assert.equal(refused.status(), 409);
  assert.match(await reader.textContent('body'), /棋局結束後才能用檢視器觀看/);
  assert.equal(await reader.getAttribute('a', 'href'), `/game/${fog}`);
});
