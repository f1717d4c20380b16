// The languages' tables, the choice of language and the Intl wording.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ago, chooseLanguage, errorText, formatDateTime, formatDateTimeLong, formatTime, formatUnit, languages, matchLanguage, plural, setLanguage, t, tParts, tables } from '../src/i18n.ts';

const params = text => [...text.matchAll(/\{(\w+)\}/g)].map(m => m[1]).sort();

test('every language has every key, with the same named parameters', () => {
  const keys = Object.keys(tables.en).sort();
  assert.deepEqual(languages.map(l => l.lang).sort(), Object.keys(tables).sort());
  for (const [lang, table] of Object.entries(tables)) {
    assert.deepEqual(Object.keys(table).sort(), keys, `${lang}: keys`);
    for (const k of keys) {
      assert.deepEqual(params(table[k]), params(tables.en[k]), `${lang} ${k}: params`);
      assert.ok(table[k].trim() !== '', `${lang} ${k}: empty`);
    }
  }
});

test('the Chinese tables are Chinese: no English word outside the allowed names', () => {
  // Names and codes that stay as they are: formats, the brand, notations.
  // The setup fields' placeholders are sample FENs and PGNs.
  const allowed = /^(FEN|PGN|GIF|SHA|ICCS|WXF|Gambit|Home|End)$/;
  for (const lang of ['zh-TW', 'zh-CN']) {
    for (const [k, text] of Object.entries(tables[lang])) {
      if (k.endsWith('.placeholder')) continue;
      for (const w of text.replace(/\{\w+\}/g, '').match(/[A-Za-z]{3,}/g) ?? []) assert.match(w, allowed, `${lang} ${k}: ${text}`);
    }
  }
});

test('the two Chinese tables are written each for its readers, not converted', () => {
  // Terms that differ between Taiwan and the mainland, not only by script.
  const pairs = [
    ['variant.chess', '西洋棋', '国际象棋'],
    ['btn.offerDraw', '提和', '求和'],
    ['piece.knight', '騎士', '马'],
    ['nav.settings', '設定', '设置'],
    ['invite.qr', 'QR 碼', '二维码'],
    ['reason.checkmate', '將死', '将杀'],
  ];
  for (const [k, tw, cn] of pairs) {
    assert.ok(tables['zh-TW'][k].includes(tw), `zh-TW ${k}: ${tables['zh-TW'][k]}`);
    assert.ok(tables['zh-CN'][k].includes(cn), `zh-CN ${k}: ${tables['zh-CN'][k]}`);
  }
  // The same words of chess and xiangqi throughout each table.
  const tw = Object.values(tables['zh-TW']).join('\n');
  const cn = Object.values(tables['zh-CN']).join('\n');
  for (const w of ['国际象棋', '认输', '将杀', '设置', '进']) assert.ok(!tw.includes(w), `zh-TW has ${w}`);
  for (const w of ['西洋棋', '認輸', '將死', '設定', '進', '國王']) assert.ok(!cn.includes(w), `zh-CN has ${w}`);
});

test('a variant\'s tag (the lists of games, the profile\'s filter, the lobby) is its full name without the dialog\'s explanation', () => {
  // 迷雾 | 骰子 | 地雷 beside 国际象棋 in the profile's filter read as fog,
  // dice and a landmine (issue 40, walk 3, item 3).
  for (const [lang, table] of Object.entries(tables)) {
    for (const [k, tag] of Object.entries(table)) {
      const name = /^variant\.(\w+)\.tag$/.exec(k)?.[1];
      if (!name) continue;
      const full = table[`variant.${name}`].replace(/\s*[(（].*[)）]$/, '');
      assert.equal(tag, full, `${lang} ${k}`);
    }
  }
});

test('the language from navigator.languages, ?lang and the saved choice', () => {
  const browser = (...l) => chooseLanguage({ search: '', saved: null, browser: l });
  for (const tag of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-CN', 'zh_TW']) assert.equal(browser(tag), 'zh-TW', tag);
  for (const tag of ['zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-HK', 'zh']) assert.equal(browser(tag), 'zh-CN', tag);
  assert.equal(browser('en-GB', 'zh-TW'), 'en');
  assert.equal(browser('fr-FR', 'zh-TW'), 'zh-TW'); // the first the UI is written in
  assert.equal(browser('fr-FR', 'de'), 'en');
  assert.equal(browser(), 'en');
  assert.equal(chooseLanguage({ search: '?lang=zh-TW', saved: 'zh-CN', browser: ['en'] }), 'zh-TW');
  assert.equal(chooseLanguage({ search: '?x=1&lang=zh-Hans', saved: null, browser: ['zh-TW'] }), 'zh-CN');
  assert.equal(chooseLanguage({ search: '?lang=klingon', saved: 'zh-CN', browser: ['en'] }), 'zh-CN');
  assert.equal(chooseLanguage({ search: '', saved: 'auto', browser: ['zh-HK'] }), 'zh-TW');
  assert.equal(chooseLanguage({ search: '', saved: 'en', browser: ['zh-HK'] }), 'en');
  assert.equal(matchLanguage('ja'), undefined);
});

test('plurals, numbers, units and relative times through Intl', () => {
  try {
    setLanguage('en');
    assert.equal(plural('watching', 1), '1 watching');
    assert.equal(plural('recent.inPlay', 1), 'in play · 1 move played');
    assert.equal(plural('recent.inPlay', 2), 'in play · 2 moves played');
    assert.equal(plural('recent.inPlay', 1200), 'in play · 1,200 moves played');
    assert.equal(plural('dice.moves', 0), '0 moves made this turn');
    assert.equal(formatUnit(2, 'day'), '2d');
    const now = Date.parse('2025-03-01T12:00:00Z');
    assert.equal(ago(now - 5000, now), 'now');
    assert.equal(ago(now - 3 * 60000, now), '3 minutes ago');
    assert.equal(ago(now - 60000, now), '1 minute ago');
    assert.equal(ago(now - 2 * 3600000, now), '2 hours ago');

    setLanguage('zh-TW');
    assert.equal(plural('recent.inPlay', 1), '對局中 · 已走 1 步');
    assert.equal(plural('recent.inPlay', 1200), '對局中 · 已走 1,200 步');
    assert.equal(ago(now - 3 * 60000, now), '3 分鐘前');
    assert.equal(formatUnit(5, 'hour'), '5 小時');
    assert.equal(t('claim.wait', { n: 12 }), '對手已離開——12 秒後你可以宣告獲勝');

    setLanguage('zh-CN');
    assert.equal(plural('watching', 1), '1 人观战');
    assert.equal(ago(now - 2 * 3600000, now), '2小时前');
    assert.equal(formatUnit(5, 'hour'), '5小时');
  } finally {
    setLanguage('en');
  }
});

test('times of day as each language writes them: 上午/下午 in Taiwan, the 24-hour clock on the mainland', () => {
  const dawn = new Date(2026, 11, 6, 6, 30, 5).getTime();
  const evening = new Date(2026, 11, 6, 18, 30).getTime();
  const midnight = new Date(2026, 11, 6, 0, 5).getTime();
  setLanguage('zh-TW');
  assert.equal(formatTime(dawn), '上午6:30');
  assert.equal(formatTime(evening), '下午6:30');
  assert.equal(formatTime(midnight), '上午12:05');
  assert.equal(formatTime(dawn, true), '上午6:30:05');
  assert.equal(formatDateTime(dawn), '2026年12月6日 上午6:30');
  assert.equal(formatDateTimeLong(evening), '2026年12月6日星期日 下午6:30');
  // CLDR's finer day periods (the short time style's) never show.
  for (const ms of [dawn, evening, midnight, new Date(2026, 11, 6, 12, 30).getTime(), new Date(2026, 11, 6, 21, 0).getTime()]) {
    assert.doesNotMatch(formatDateTime(ms) + formatTime(ms) + formatDateTimeLong(ms), /清晨|凌晨|早上|中午|晚上|半夜/);
  }
  setLanguage('zh-CN');
  assert.equal(formatTime(dawn), '06:30');
  assert.equal(formatTime(midnight), '00:05');
  assert.equal(formatDateTime(evening), '2026年12月6日 18:30');
  setLanguage('en');
  assert.equal(formatTime(dawn), '6:30 AM');
  assert.equal(formatDateTime(evening), 'Dec 6, 2026, 6:30 PM');
});

test('the server’s errors worded by their code, its message only for an unknown one', () => {
  try {
    setLanguage('zh-CN');
    assert.equal(errorText({ code: 'seat_taken', message: 'game: seat taken' }), '这个座位已被别人抢先占了。');
    assert.equal(errorText({ code: 'rate_limited', message: 'slow down', retryAfter: 2.2 }), '操作太快：请等 3 秒后再试。');
    assert.equal(errorText({ code: 'bad_setup', message: 'FEN: 7 ranks' }), '无法从这个局面开始：FEN: 7 ranks');
    assert.equal(errorText({ code: 'teapot', message: 'I am a teapot' }), 'I am a teapot');
    setLanguage('zh-TW');
    assert.equal(errorText({ code: 'illegal_move', message: 'illegal move' }), '這步棋不合規則。');
    // A case of a code, with the numbers the server sends (reason, params).
    assert.equal(errorText({ code: 'cannot_claim', message: 'wait 12 s more', reason: 'claim_early', params: { seconds: 12 } }), '對手可能還會回來：12 秒後才能提出。');
    assert.equal(errorText({ code: 'cannot_claim', message: 'your opponent is here' }), '現在還不能提出這項要求。');
    assert.equal(errorText({ code: 'rate_limited', message: 'x', retryAfter: 1, reason: 'chat_burst', params: { most: 3, seconds: 1 } }), '一次最多 3 行，之後每秒一行：請等 1 秒。');
    assert.equal(errorText({ code: 'rate_limited', message: 'x', retryAfter: 2, reason: 'no_such_limit', params: { most: 3, seconds: 2 } }), '太快了：請等 2 秒再試。');
    assert.equal(errorText({ code: 'bad_name', message: 'too long' }), '這個名字不能使用：請填 1 到 20 個字，不要有換行或控制字元。');
    setLanguage('en');
    assert.equal(errorText({ code: 'cannot_claim', message: 'x', reason: 'claim_early', params: { seconds: 5 } }), 'Your opponent may still come back: you can claim in 5 s.');
  } finally {
    setLanguage('en');
  }
});

test('every error code the server sends has words', async () => {
  const { readFileSync } = await import('node:fs');
  const src = readFileSync(new URL('../server/wire/errors.go', `file://${process.cwd()}/`), 'utf8'); // npm run unit runs in web/
  const codes = [...src.matchAll(/http\.Status\w+, "(\w+)"/g)].map(m => m[1]);
  assert.ok(codes.length > 20, 'codes found');
  for (const c of [...codes, 'internal']) assert.ok(`error.${c}` in tables.en, c);
});

test('tParts: a text cut at its placeholders, each param in the language\'s order, another tParts spliced in', () => {
  setLanguage('en');
  const white = { el: 'ann' }, black = { el: 'Robo' };
  assert.deepEqual(tParts('recent.players', { white, black }), [white, ' vs ', black]);
  assert.deepEqual(tParts('recent.online', { players: tParts('recent.players', { white, black }) }), ['Online: ', white, ' vs ', black]);
  assert.deepEqual(tParts('player.named', { name: white }), [white, ' ({side})'], 'a missing param stays as written');
  setLanguage('zh-TW');
  assert.deepEqual(tParts('recent.online', { players: [white] }), ['線上：', white]);
  setLanguage('en');
});
