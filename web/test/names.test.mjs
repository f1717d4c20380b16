// One word for one thing in each language: the review is 複盤 in zh-TW
// everywhere (never 覆盤), and a variant's short name (the profile's filter,
// the recent games) is its full name without the note in brackets, as the
// server names it in link previews (game.Spec.Labels).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tables } from '../src/i18n.ts';

test('zh-TW says 複盤 for a review, never 覆盤; zh-CN says 复盘', () => {
  const tw = Object.entries(tables['zh-TW']).filter(([, v]) => v.includes('覆盤')).map(([k]) => k);
  assert.deepEqual(tw, []);
  for (const k of ['recent.review', 'btn.review', 'review.request']) {
    assert.equal(tables['zh-TW'][k], '複盤', k);
    assert.equal(tables['zh-CN'][k], '复盘', k);
  }
});

test('a variant\'s short name is its full name, as the server labels it', () => {
  const server = { 'zh-TW': { chess960: '費雪任意制西洋棋', xiangqi: '象棋' }, 'zh-CN': { chess960: '菲舍尔任意制象棋', xiangqi: '中国象棋' } };
  for (const [lang, names] of Object.entries(server)) {
    for (const [v, label] of Object.entries(names)) {
      assert.equal(tables[lang][`variant.${v}.tag`], label, `${lang} variant.${v}.tag`);
      assert.ok(tables[lang][`variant.${v}`].startsWith(label), `${lang} variant.${v}`);
    }
    assert.ok(!Object.values(tables[lang]).some(s => /960 (象棋|西洋棋)/.test(s)), `${lang}: "960 象棋" is no name`);
  }
});
