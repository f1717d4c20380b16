// Opening names in the reader's language: the family's Chinese name in
// the reader's script, the English beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openingFamily, openingText } from '../src/opening.ts';
import { setLanguage } from '../src/i18n.ts';

test('the families in either script, the English kept beside; English alone in English', () => {
  assert.equal(openingFamily('Sicilian Defense: Najdorf Variation', 'hant'), '西西里防禦');
  assert.equal(openingFamily('Sicilian Defense: Najdorf Variation', 'hans'), '西西里防御');
  assert.equal(openingFamily("Queen's Gambit Declined: Orthodox Defense", 'hans'), '拒绝后翼弃兵');
  assert.equal(openingFamily("Queen's Gambit", 'hant'), '后翼棄兵');
  assert.equal(openingFamily('Vienna Gambit, with Max Lange Defense', 'hans'), '维也纳弃兵');
  assert.equal(openingFamily('Ruy Lopez: Berlin Defense', 'hant'), '西班牙開局');
  assert.equal(openingFamily('Caro-Kann Defense', 'hant'), '卡羅-卡恩防禦');
  assert.equal(openingFamily('Sicilian Defenses', 'hant'), undefined);
  assert.equal(openingFamily('Bongcloud Attack', 'hans'), undefined);
  assert.equal(openingFamily("King's Knight Opening: Normal Variation", 'hant'), '王翼騎士開局');
  assert.equal(openingFamily('Ware Opening', 'hans'), '韦尔开局');
  setLanguage('zh-TW');
  assert.equal(openingText('Sicilian Defense: Najdorf Variation'), '西西里防禦（Sicilian Defense: Najdorf Variation）');
  assert.equal(openingText('Bongcloud Attack'), 'Bongcloud Attack');
  assert.equal(openingText("King's Knight Opening: Normal Variation"), "王翼騎士開局（King's Knight Opening: Normal Variation）");
  setLanguage('zh-CN');
  assert.equal(openingText('French Defense: Winawer Variation'), '法兰西防御（French Defense: Winawer Variation）');
  setLanguage('en');
  assert.equal(openingText('Sicilian Defense: Najdorf Variation'), 'Sicilian Defense: Najdorf Variation');
});
