// For everyone: moves typed in the move box (chess SAN, xiangqi Chinese,
// WXF and ICCS), what the screen readers' live region says, the game
// page clean for axe-core while played by keyboard, the settings dialog
// clean for it in each language, and the bots page with its challenge
// dialog. walk.test.mjs runs
// axe-core on every step of its walks, in each language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, axe, newGame, sans, waitMoves } from './harness.mjs';
import { ApiBot } from './apibot.mjs';

const app = openApp();

// typeMove types text in the move box and presses Enter.
async function typeMove(page, text) {
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
}

// played types a move and waits for the server to show it.
async function played(page, text) {
  const before = (await sans(page)).length;
  await typeMove(page, text);
  await waitMoves(page, before + 1);
  assert.equal(await page.inputValue('#move-input'), '', `${text}: the box is emptied`);
}

// said is what the live region holds, line by line.
const said = page => page.locator('#announce p').allTextContents();

test('chess by keyboard: SAN, lenient SAN, UCI, and a clear word for a wrong move', async () => {
  const page = app.page;
  await newGame(page, { mode: 'local' });
  assert.equal(await page.getAttribute('#board', 'tabindex'), '0');
  assert.match(await page.getAttribute('#board', 'aria-label'), /move box/);
  // From the focused board, a typed key goes on in the move box.
  await page.focus('#board');
  await page.keyboard.type('e4');
  assert.equal(await page.inputValue('#move-input'), 'e4');
  await page.keyboard.press('Enter');
  await waitMoves(page, 1);
  for (const m of ['e7e5', 'nf3', 'Nc6', 'd3', 'Nf6']) await played(page, m);
  await typeMove(page, 'Nd2');
  assert.equal(await page.textContent('#move-note'), '“Nd2” could be Nbd2 or Nfd2: say which.');
  await typeMove(page, 'Ke3');
  assert.equal(await page.textContent('#move-note'), '“Ke3” is not a legal move here.');
  await typeMove(page, 'hello');
  assert.match(await page.textContent('#move-note'), /^“hello” is not a move in any notation I know/);
  await played(page, 'Nbd2');
  await played(page, 'Bc5');
  await played(page, 'Nxe5');
  await played(page, 'Nxe5');
  await typeMove(page, '0-0'); // illegal: the bishop on f1
  assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3', 'Nc6', 'd3', 'Nf6', 'Nbd2', 'Bc5', 'Nxe5', 'Nxe5']);
  assert.equal(await page.textContent('#move-note'), '“0-0” is not a legal move here.');
  assert.deepEqual((await said(page)).slice(-2), ['White: Knight takes e5', 'Black: Knight takes e5']);
  assert.deepEqual(await axe(page), [], 'axe, chess game page');
});

test('xiangqi by keyboard in 简体中文: Chinese in either script, WXF, ICCS; said in Chinese', async () => {
  const page = await app.newPerson('zh-CN', { locale: 'zh-CN' });
  await page.goto(app.server.url);
  await newGame(page, { mode: 'local', variant: 'xiangqi' });
  assert.equal(await page.getAttribute('#move-input', 'placeholder'), '炮二平五、C2.5、h2e2');
  await played(page, '炮二平五');
  await played(page, 'H8+7');
  await played(page, '傌二進三');
  await played(page, 'b9c7');
  await played(page, '车一平二');
  assert.deepEqual(await sans(page), ['炮二平五', '马８进７', '马二进三', '马２进３', '车一平二']);
  await typeMove(page, '车1进9');
  assert.equal(await page.textContent('#move-note'), '“车1进9”在当前局面下不合规则。');
  await typeMove(page, '炮二平十');
  assert.match(await page.textContent('#move-note'), /^无法识别“炮二平十”/);
  assert.deepEqual((await said(page)).slice(-2), ['黑方：马２进３', '红方：车一平二']);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'a11y-xiangqi-keyboard.png') });
});

test('the analysis board is clean for axe: empty, its move tree with a variation, the engine on', async () => {
  app.allowTrouble(/\/api\/opening|status of 404/); // a position no opening is named for
  const page = app.page;
  await page.goto(app.server.url);
  await page.evaluate(() => localStorage.removeItem('gambit.analysis.engine'));
  await page.goto(`${app.server.url}/analysis`);
  await page.waitForSelector('#a-board piece');
  assert.deepEqual(await axe(page), [], 'axe, an empty analysis board');
  // A finished game opens with its moves, and a variation added by hand.
  const g = await page.evaluate(async () => {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'local', variant: 'chess', setup: '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#' }) });
    return r.json();
  });
  await page.goto(`${app.server.url}/analysis?game=${g.id}&ply=2`);
  await page.waitForFunction(() => document.querySelectorAll('#a-tree .a-move').length === 7);
  await page.waitForTimeout(300); // the position's legal moves
  await page.locator('#a-tree').focus();
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.getElementById('analysis').dataset.path === 'e2e4');
  await page.waitForTimeout(300);
  const box = await page.locator('#a-board').boundingBox();
  const at = k => ({ x: box.x + (k.charCodeAt(0) - 96.5) * box.width / 8, y: box.y + (8.5 - Number(k[1])) * box.height / 8 });
  for (const k of ['c7', 'c5']) await page.mouse.click(at(k).x, at(k).y);
  await page.waitForFunction(() => document.querySelectorAll('#a-tree .variation').length === 1);
  assert.deepEqual(await axe(page), [], 'axe, analysis board with a variation');
  await page.click('#a-engine');
  await page.waitForSelector('#a-lines .engine-line', { timeout: 30000 });
  assert.deepEqual(await axe(page), [], 'axe, analysis board with the engine on');
  await page.click('#a-engine');
});

test('the settings dialog is clean for axe, in each language; its previews name what they show, and each reads apart', async () => {
  for (const locale of ['en-US', 'zh-TW', 'zh-CN']) {
    const page = await app.newPerson(locale, { locale });
    await page.goto(app.server.url);
    await page.click('#btn-settings');
    await page.waitForSelector('#settings-dialog[open]');
    assert.deepEqual(await axe(page), [], `axe, the settings dialog (${locale})`);
    // Each preview button is named by its choice (the menu's option),
    // the picture inside it left out of its name; only the buttons are pressed.
    for (const kind of await page.locator('#theme-settings .theme-kind').all()) {
      const options = await kind.locator('select option').allTextContents();
      const buttons = kind.locator('button.pv');
      assert.equal(await buttons.count(), options.length);
      for (const [i, o] of options.entries()) {
        assert.equal(await kind.getByRole('button', { name: o, exact: true }).count(), 1, `${locale}: a button named ${o}`);
        assert.equal(await buttons.nth(i).getAttribute('title'), o);
      }
      assert.equal(await kind.locator('[aria-pressed]:not(button)').count(), 0, `${locale}: aria-pressed on the buttons only`);
    }
    // The xiangqi coordinates' previews each show something else ("By
    // language" is not ICCS's "a b c" in English, nor the traditional's in Chinese).
    const shown = await page.locator('.theme-kind:has(#set-xqcoords) button.pv > [aria-hidden=true]').evaluateAll(ps => ps.map(p => p.innerText.replace(/\s+/g, ' ').trim()));
    assert.equal(shown.length, 4);
    assert.equal(new Set(shown).size, shown.length, `${locale}: the coordinates' previews ${JSON.stringify(shown)} read apart`);
    mkdirSync(artifacts, { recursive: true });
    await page.locator('#settings-dialog').screenshot({ path: join(artifacts, `a11y-settings-${locale}.png`) });
    await app.leave(page);
  }
});

test('the bots page is clean for axe: the list, the sign-in asked first, the challenge form, in 繁體中文', async () => {
  const bot = new ApiBot(app.server.url, { name: 'Axe_Bot' });
  await bot.start();
  try {
    const page = await app.newPerson('zh-TW', { locale: 'zh-TW' });
    await page.goto(`${app.server.url}/bots`);
    const entry = page.locator('#bots-list li.bot[data-bot=axe_bot]');
    await entry.waitFor();
    assert.equal(await page.textContent('#bots h2'), '線上機器人');
    assert.deepEqual(await axe(page), [], 'axe, the bots online');
    await entry.getByRole('button', { name: '挑戰 Axe_Bot' }).click();
    await page.waitForSelector('#challenge-dialog[open] #bots-account:not([hidden])');
    assert.deepEqual(await axe(page), [], 'axe, the sign-in before a challenge');
    await page.fill('#bots-signup input[name=username]', 'mei');
    await page.fill('#bots-signup input[name=password]', 'long enough pass');
    await page.click('#bots-signup button');
    await page.waitForSelector('#challenge-form:not([hidden])');
    assert.deepEqual(await axe(page), [], 'axe, the challenge form');
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'a11y-bots-form-zh-TW.png') });
  } finally {
    bot.stop();
  }
});
