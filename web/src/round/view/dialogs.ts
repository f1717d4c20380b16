// The game-over dialog, and the fairness note of a seeded game (what the
// variant draws from its secret seed): its commitment, and once the game is over its seed, the page's
// own check of it, and how to check it oneself.

import { type State, getGame } from '../../api';
import { showRatingChange } from '../../account';
import { type FairCheck, canCheck, check } from '../../fair';
import { t } from '../../i18n';
import { VariantUI, describeEnd } from '../../variants';
import { $ } from './dom';
import { backDelay, backPathOf, tournamentPath } from '../../tournament/back';

// showOver opens the game-over dialog for the state that ended the game;
// players names them (a bot after its title), but on one screen.
export function showOver(s: State, v: VariantUI, players: (string | Node)[]) {
  const [title, reason] = describeEnd(s);
  $('over-title').textContent = title;
  $('over-players').replaceChildren(...players);
  $('over-players').hidden = s.mode === 'local';
  $('over-reason').textContent = reason;
  renderFair($('over-fair'), s, v);
  if (s.mode === 'online') void showRatingChange($('over-rating'), s.id);
  else $('over-rating').hidden = true;
  // Nothing to look back at in a game that ended before its first move.
  $('btn-over-review').hidden = s.ply === (s.setupPly ?? 0);
  $('btn-over-review').title = t(v.reviewable ? 'btn.review.engine' : 'btn.review.moves');
  showArenaBack(s);
  const d = $<HTMLDialogElement>('over-dialog');
  if (!d.open) d.showModal();
}

// arenaTimer is the way back to an arena the dialog will take.
let arenaTimer: number | undefined;

// showArenaBack offers, in the dialog of a tournament's game, the way back
// to the tournament (any tab, anyone watching), taken by itself after
// backDelay in the tab the tournament's page sent to the game, unless the
// player chose something else meanwhile.
function showArenaBack(s: State) {
  const a = $<HTMLAnchorElement>('over-arena');
  const sent = backPathOf(s.id); // an arena's page or a Swiss event's
  const back = sent ?? (s.tournament && tournamentPath(s.tournament));
  window.clearTimeout(arenaTimer);
  a.hidden = !back;
  if (!back) return;
  a.href = back;
  if (!sent) return;
  arenaTimer = window.setTimeout(() => {
    if ($<HTMLDialogElement>('over-dialog').open) location.assign(a.href);
  }, backDelay);
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
  window.clearTimeout(arenaTimer);
  if (over.open) over.close(''); // '' and not the last choice, which main.ts acts on
}

// renderFair fills el with a seeded game's fairness note, or hides it.
// Once the game is over the page checks it itself (fair.ts): the seed
// against the commitment published at the start, and what the seed drew
// where the page can tell (bomb chess's mines, jieqi's pieces turned
// up), and says so; the command that checks everything stays beside it,
// for whoever wants to check it themselves.
export function renderFair(el: HTMLElement, s: State, v: VariantUI) {
  const fair = v.fair;
  el.hidden = !fair || !s.fair;
  if (!fair || !s.fair) return;
  el.textContent = '';
  const line = (text: string, cls = '') => el.appendChild(Object.assign(document.createElement('span'), { className: cls, textContent: text }));
  line(t(fair.text));
  line(t('fair.commitment', { hash: s.fair.commitment }), 'hash');
  if (!s.fair.seed) {
    line(t('fair.later'));
    delete el.dataset.fairCheck;
    return;
  }
  if (canCheck()) {
    const verdict = line(t('fair.checking'), 'fair-check');
    verdict.setAttribute('role', 'status');
    const key = `${s.id} ${s.fair.seed}`;
    el.dataset.fairCheck = key;
    void fairCheck(s, key).then(r => {
      if (el.dataset.fairCheck !== key || !verdict.isConnected) return;
      verdict.textContent = verdictText(r, s.variant);
      verdict.className = `fair-check ${r.seed && !r.bad ? 'ok' : 'bad'}`;
    });
  }
  line(t('fair.seed', { seed: s.fair.seed }), 'hash seed');
  line(t('fair.yourself', { command: fair.verify }));
}

// checks are the fairness checks made, by game and seed: a game over
// changes no more, and the page checks it once.
const checks = new Map<string, Promise<FairCheck>>();

// fairCheck checks game s once. Jieqi's reveals are read from the whole
// game (the spectators' view: every piece turned up is public) when the
// state at hand does not hold every move.
function fairCheck(s: State, key: string): Promise<FairCheck> {
  let p = checks.get(key);
  if (!p) {
    const moves = async () => (s.variant !== 'jieqi' || (s.moves?.length ?? 0) >= s.ply ? s.moves ?? [] : (await getGame(s.id)).moves ?? []);
    p = moves().then(ms => check(s, ms));
    p.catch(() => checks.delete(key));
    checks.set(key, p);
  }
  return p;
}

// verdictText says what the check found.
function verdictText(r: FairCheck, variant: string): string {
  if (!r.seed) return t('fair.mismatch');
  if (r.bad) return t(r.drawn === 'mines' ? 'fair.mismatch.mines' : 'fair.mismatch.reveals', { detail: r.bad });
  if (r.drawn === 'mines') return t('fair.verified.mines');
  if (r.drawn === 'reveals' && r.n > 0) return t('fair.verified.reveals', { n: r.n });
  return t(variant === 'dice' ? 'fair.verified.dice' : 'fair.verified');
}
