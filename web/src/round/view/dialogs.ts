// The game-over dialog, and the fairness note of a seeded game (what the
// variant draws from its secret seed): its commitment, and once the game is over its seed and how to
// check it.

import type { State } from '../../api';
import { showRatingChange } from '../../account';
import { t } from '../../i18n';
import { VariantUI, describeEnd } from '../../variants';
import { $ } from './dom';

// showOver opens the game-over dialog for the state that ended the game.
export function showOver(s: State, v: VariantUI) {
  const [title, reason] = describeEnd(s);
  $('over-title').textContent = title;
  $('over-reason').textContent = reason;
  renderFair($('over-fair'), s, v);
  if (s.mode === 'online') void showRatingChange($('over-rating'), s.id);
  else $('over-rating').hidden = true;
  // Nothing to look back at in a game that ended before its first move.
  $('btn-over-review').hidden = s.ply === (s.setupPly ?? 0);
  $('btn-over-review').title = t(v.reviewable ? 'btn.review.engine' : 'btn.review.moves');
  const d = $<HTMLDialogElement>('over-dialog');
  if (!d.open) d.showModal();
}

// showRules opens the variant's rules (those that have their own).
export function showRules(v: VariantUI) {
  $('rules-title').textContent = t('rules.title', { variant: v.label });
  $('rules-text').textContent = v.rules ?? '';
  const d = $<HTMLDialogElement>('rules-dialog');
  if (!d.open) d.showModal();
}

// closeRules closes the rules when the game page goes.
export function closeRules() {
  const d = $<HTMLDialogElement>('rules-dialog');
  if (d.open) d.close();
}

// closeOver closes the dialog when the game page goes.
export function closeOver() {
  const over = $<HTMLDialogElement>('over-dialog');
  if (over.open) over.close(''); // '' and not the last choice, which main.ts acts on
}

// renderFair fills el with a seeded game's fairness note, or hides it.
export function renderFair(el: HTMLElement, s: State, v: VariantUI) {
  const fair = v.fair;
  el.hidden = !fair || !s.fair;
  if (!fair || !s.fair) return;
  el.textContent = '';
  const line = (text: string, cls = '') => el.appendChild(Object.assign(document.createElement('span'), { className: cls, textContent: text }));
  line(t(fair.text));
  line(t('fair.commitment', { hash: s.fair.commitment }), 'hash');
  if (s.fair.seed) {
    line(t('fair.seed', { seed: s.fair.seed }), 'hash seed');
    line(t('fair.verify', { command: fair.verify }));
  } else line(t('fair.later'));
}
