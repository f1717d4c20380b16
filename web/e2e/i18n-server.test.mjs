// What the server writes for people, in their language: a player gives a
// display name in the new-game dialog, the game page shows it and the PGN
// records it; then a person whose browser says zh-TW, and one whose browser
// says zh-CN, read the game's link preview (its Open Graph tags, <title>,
// <noscript>) and its standalone viewer page, and find no English sentence
// there: only the names the pages keep (Gambit, FEN, WXF, ICCS) and the
// player's name. The viewer writes the xiangqi moves in the reader's script.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, waitMoves, xiangqiMove } from './harness.mjs';

const app = openApp();

const allowed = /^(Gambit|JavaScript|FEN|WXF|ICCS|Home|End)$/;

// english lists the Latin words of text but the allowed names.
const english = text => (text.match(/[A-Za-z]{3,}/g) ?? []).filter(w => !allowed.test(w));

// Characters of one script only: a page in the other must not hold them.
const onlyTraditional = /[帥將傌馬俥車砲進後]/;
const onlySimplified = /[帅将马车进后]/;

test('a display name in the game and its PGN; the link preview and the viewer in zh-TW and zh-CN', async () => {
  mkdirSync(artifacts, { recursive: true });
  const page = app.page;
  const name = '王小明';
  await page.click('#btn-new-top');
  await page.check('input[name=variant][value=xiangqi]');
  await page.check('input[name=mode][value=computer]');
  await page.check('input[name=color][value=white]');
  await page.selectOption('#level', 'greedy');
  await page.setChecked('#timed', false);
  assert.equal(await page.isVisible('#new-name'), true, 'the dialog asks for a name');
  await page.fill('#new-name', `  ${name} `);
  await page.click('#btn-start');
  await page.waitForURL(u => u.pathname.startsWith('/game/'));
  await page.waitForFunction(() => document.body.dataset.game === location.pathname.split('/').pop());
  const id = new URL(page.url()).pathname.split('/').pop();
  await xiangqiMove(page, 'h2e2');
  await waitMoves(page, 2); // the computer answers
  assert.match(await page.textContent('#name-bottom'), new RegExp(name), 'the game page shows the name');
  await page.screenshot({ path: join(artifacts, 'i18n-server-name.png') });
  const pgn = await page.evaluate(gid => fetch(`/api/games/${gid}/pgn`).then(r => r.text()), id);
  assert.match(pgn, new RegExp(`\\[Red "${name}"\\]`), pgn);
  assert.match(pgn, /\[Black "Gambit Greedy \(1 ply\)"\]/, pgn); // the level's English name (issue 40)
  assert.match(pgn, /1\. 炮二平五 /, pgn);

  // The name is remembered for the next game, after a reload too.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.game === location.pathname.split('/').pop());
  await page.click('#btn-new-top');
  assert.equal(await page.inputValue('#new-name'), name);
  await page.evaluate(() => document.getElementById('new-dialog').close());

  const want = {
    'zh-TW': { title: `${name} 對 Gambit · 貪吃（1 層） · 象棋`, desc: /^對局中 · 已走 1 步$/, viewerTitle: '棋譜檢視器', river: '漢 界', notScript: onlySimplified },
    'zh-CN': { title: `${name} 对 Gambit · 贪吃（1 层） · 中国象棋`, desc: /^进行中 · 已走 1 步$/, viewerTitle: '棋谱查看器', river: '汉 界', notScript: onlyTraditional },
  };
  for (const [locale, w] of Object.entries(want)) {
    const person = await app.newPerson(locale, { locale });
    await person.goto(`${app.server.url}/favicon.svg`);
    // The link preview, as a crawler asking in this language gets it.
    const head = await person.evaluate(async gid => {
      const html = await fetch(`/game/${gid}`).then(r => r.text());
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const meta = p => doc.querySelector(`meta[property="${p}"]`)?.getAttribute('content') ?? '';
      return { lang: doc.documentElement.lang, title: doc.title, ogTitle: meta('og:title'), ogDesc: meta('og:description'),
        desc: doc.querySelector('meta[name=description]')?.getAttribute('content') ?? '',
        noscript: doc.querySelector('noscript')?.textContent ?? '' };
    }, id);
    assert.equal(head.lang, locale);
    assert.equal(head.ogTitle, w.title);
    assert.match(head.ogDesc, w.desc);
    assert.equal(head.title, `${w.title} · Gambit`);
    for (const [k, v] of Object.entries(head)) assert.deepEqual(english(v), [], `${locale}: the preview's ${k} "${v}" holds English`);

    // The viewer page: its texts, its title, the moves in this script.
    await person.goto(`${app.server.url}/game/${id}.html`);
    await person.waitForSelector('#moves .move');
    assert.equal(await person.evaluate(() => document.documentElement.lang), locale);
    const seen = await person.evaluate(() => {
      const tags = document.getElementById('tags');
      const saved = tags.innerHTML;
      tags.innerHTML = ''; // the PGN's own tag names and values are the record's, not the page's words
      const text = document.body.innerText;
      tags.innerHTML = saved;
      const labels = [...document.querySelectorAll('button[title], button[aria-label]')].map(b => `${b.title} ${b.getAttribute('aria-label')}`);
      return { text, labels: labels.join('\n'), title: document.title, h2: [...document.querySelectorAll('h2')].map(h => h.textContent).join(' ') };
    });
    for (const [k, v] of Object.entries(seen)) {
      assert.deepEqual(english(v.replaceAll(name, '')), [], `${locale}: the viewer's ${k} holds English:\n${v}`);
    }
    assert.match(seen.text, /炮二平五/);
    assert.doesNotMatch(seen.text, w.notScript, `${locale}: the viewer mixes scripts:\n${seen.text}`);
    assert.match(await person.evaluate(() => document.getElementById('board').textContent), new RegExp(w.river));
    await person.screenshot({ path: join(artifacts, `i18n-server-viewer-${locale}.png`) });
    await app.leave(person);
  }
});
