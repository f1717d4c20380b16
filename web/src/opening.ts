// An opening's name in the reader's language. lichess's table names the
// openings in English only; the families players meet most have Chinese
// names (openingnames.gen.ts, from chess/opening/family.go, which cites
// them), written in the reader's script with the English name beside:
// 西西里防禦（Sicilian Defense: Najdorf Variation）. A family the table does
// not name stays in English.

import { type Script, language, script } from './i18n';
import { openingFamilies } from './openingnames.gen';

// openingFamily is the Chinese name, in script s, of the family of the
// opening lichess calls name (its first words, before a colon, a comma or
// the end); undefined when the table names none.
export function openingFamily(name: string, s: Script): string | undefined {
  for (const [english, hant, hans] of openingFamilies) {
    if (!name.startsWith(english)) continue;
    const next = name.charAt(english.length);
    if (next === '' || next === ':' || next === ',' || next === ' ') return s === 'hans' ? hans : hant;
  }
  return undefined;
}

// openingText is the name as the reader reads it: in Chinese, the family's
// Chinese name and the English beside it; else the English alone.
export function openingText(name: string): string {
  const family = language() === 'en' ? undefined : openingFamily(name, script());
  return family ? `${family}（${name}）` : name;
}

// openingNodes is openingText as nodes of a page, the English marked as
// English (lang="en") so that a screen reader says it as English.
export function openingNodes(name: string): (string | HTMLElement)[] {
  const english = Object.assign(document.createElement('span'), { lang: 'en', textContent: name });
  const family = language() === 'en' ? undefined : openingFamily(name, script());
  return family ? [`${family}（`, english, '）'] : [english];
}
