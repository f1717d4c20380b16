// Bots (issue 41): a bot written against the API alone (apibot.mjs) goes
// online; a person finds it on the bots page, marked BOT, is asked to sign
// in on the spot to challenge it, is declined with the bot's reason in
// their words (a variant it does not play), challenges again, is taken to
// the game, plays it on the board and loses to a fool's mate; the bot's
// greeting is in their chat, and its name carries its title everywhere
// the page names it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, move, waitMoves } from './harness.mjs';
import { ApiBot } from './apibot.mjs';

const app = openApp();

// shot saves a screenshot to the artifacts (and to SHOTS, when set).
async function shot(page, name) {
  mkdirSync(artifacts, { recursive: true });
  const path = join(artifacts, `${name}.png`);
  await page.screenshot({ path });
  if (process.env.SHOTS) {
    mkdirSync(process.env.SHOTS, { recursive: true });
    copyFileSync(path, join(process.env.SHOTS, `${name}.png`));
  }
}

test('a person challenges a bot from the bots page and plays it in the browser', async () => {
  const bot = new ApiBot(app.server.url, {
    name: 'Robo',
    greeting: 'Good luck, have fun!',
    decline: c => (c.variant.key === 'standard' ? undefined : 'standard'), // chess only
    script: { 'f2f3': 'e7e5', 'f2f3 e7e5 g2g4': 'd8h4' }, // as Black, the fool's mate
  });
  await bot.start();
  try {
    const page = app.page;
    await page.goto(app.server.url);
    await page.waitForSelector('#link-bots');
    await shot(page, 'bots-home-link');
    await page.click('#link-bots');
    await page.waitForURL(u => u.pathname === '/bots');
    const entry = page.locator('#bots-list li.bot[data-bot=robo]');
    await entry.waitFor();
    assert.equal(await entry.locator('.user-title').textContent(), 'BOT', 'the bot is marked BOT');
    assert.equal(await entry.locator('.bot-name').textContent(), 'BOT Robo');
    assert.equal(await page.title(), 'Bots online · Gambit');
    await shot(page, 'bots-list');

    // Signed out: the dialog asks for an account first, and makes one there.
    await entry.getByRole('button', { name: 'Challenge Robo' }).click();
    await page.waitForSelector('#challenge-dialog[open] #bots-account:not([hidden])');
    assert.match(await page.textContent('#bots-account-lead'), /sign in, or create an account, to challenge Robo/);
    assert.equal(await page.isVisible('#challenge-form'), false);
    await shot(page, 'bots-signin');
    await page.fill('#bots-signup input[name=username]', 'ann');
    await page.fill('#bots-signup input[name=password]', 'long enough pass');
    await page.click('#bots-signup button');
    await page.waitForSelector('#challenge-form:not([hidden])');
    assert.equal(await page.textContent('#nav-account'), 'ann', 'signed in on the spot');
    assert.equal(await page.textContent('#challenge-title'), 'Challenge BOT Robo');
    assert.deepEqual(await page.locator('#challenge-clocks label').allTextContents(), [' 1+0', ' 3+0', ' 3+2', ' 5+0', ' 10+0', ' 15+10']);
    await shot(page, 'bots-form');

    // Chess960, which this bot does not play: its reason, in the reader's words.
    await page.check('#challenge-variants input[value=chess960]');
    await page.click('#btn-challenge-send');
    await page.waitForFunction(() => /declined/.test(document.getElementById('challenge-status')?.textContent ?? ''));
    assert.equal(await page.textContent('#challenge-status'), 'Robo declined the challenge: “I’m not accepting variant challenges right now.”');
    await shot(page, 'bots-declined');

    // Chess, as White, 3+2: accepted, and to the game.
    await page.click('#btn-challenge-again');
    await page.check('#challenge-variants input[value=chess]');
    await page.check('#challenge-form input[name=color][value=white]');
    await page.click('#btn-challenge-send');
    await page.waitForURL(u => u.pathname.startsWith('/game/'), { timeout: 15000 });
    const id = new URL(page.url()).pathname.split('/').pop();
    await page.waitForFunction(id => document.body.dataset.game === id, id);
    assert.equal(await page.isVisible('#challenge-dialog'), false, 'the dialog is gone');
    await page.waitForFunction(() => document.getElementById('name-top')?.textContent === 'BOT Robo (black)');
    assert.equal(await page.textContent('#name-top .user-title'), 'BOT');
    assert.match(await page.textContent('#name-bottom'), /^ann \(you, white\)$/);
    assert.match(await page.textContent('#game-head-players'), /^ann \(you, white\) vs BOT Robo \(black\)$/);

    // The bot's greeting, under its name and title.
    const greeting = page.locator('#chat-lines li', { hasText: 'Good luck, have fun!' });
    await greeting.waitFor();
    assert.equal(await greeting.locator('.chat-who').textContent(), 'BOT Robo');

    // Played on the board: 1.f3 e5 2.g4 Qh4#.
    await move(page, 'f2f3');
    await waitMoves(page, 2);
    await move(page, 'g2g4');
    await page.waitForSelector('#over-dialog[open]', { timeout: 15000 });
    assert.equal(await page.textContent('#over-title'), 'Black wins (0-1)');
    assert.equal(await page.textContent('#over-players'), 'ann (you, white) vs BOT Robo (black)');
    assert.equal(await page.locator('#over-players .user-title').count(), 1);
    assert.equal(await page.textContent('#over-reason'), 'By checkmate.');
    await shot(page, 'bots-game-over');

    // The home page's list of one's games names the bot with its title.
    await page.click('#btn-over-close');
    await page.click('.top .logo');
    const mine = page.locator('#recent li', { hasText: 'Robo' }).filter({ has: page.locator('.user-title') });
    await mine.first().waitFor();
    assert.match(await mine.first().locator('.who').textContent(), /BOT Robo/);
    await shot(page, 'bots-home-recent');
  } catch (e) {
    await shot(app.page, 'bots-failed');
    e.message += `\nthe bot's log:\n${bot.log.join('\n')}\nthe dialog: ${await app.page.textContent('#challenge-dialog').catch(() => '?')}`;
    throw e;
  } finally {
    bot.stop();
  }
});
