// The bots page's controller, no DOM: the bots online, and a challenge to
// one from its dialog: signing in first when the browser has no account
// (a bot plays accounts only), the choices (time control, colour, rated
// or casual, variant), then the wait for the bot's answer on the
// account's event stream. Accepted, the page goes to the game, where the
// person plays it as any online game; declined, it says the bot's reason
// in the reader's language. Should the stream drop while it waits, it
// asks the game itself until the seat is taken or the game is over.

import { APIError, type Color, getGame, openSeat } from '../api';
import { hasText, t } from '../i18n';
import { saveTicket } from '../settings';
import { type Bot, type ChallengeParams, EventStream, type StreamEvent, cancelChallenge, listBots, sendChallenge } from './socket';

// TimeControl is a clock: limit and increment in seconds.
export interface TimeControl { limit: number; increment: number }

// timeControls are the clocks offered, as lichess offers them for a
// challenge: bullet, blitz and rapid.
export const timeControls: readonly TimeControl[] = [
  { limit: 60, increment: 0 }, { limit: 180, increment: 0 }, { limit: 180, increment: 2 },
  { limit: 300, increment: 0 }, { limit: 600, increment: 0 }, { limit: 900, increment: 10 },
];

// clockText writes a clock as lichess does: "3+2" (minutes + seconds).
export const clockText = (c: TimeControl): string => `${c.limit / 60}+${c.increment}`;

// botVariants are the variants a challenge to a bot offers: those of
// lichess a bot plays (chess, Chess960), of those the server registers.
export const botVariants: readonly string[] = ['chess', 'chess960'];

// Choice is what the challenge form asks.
export interface Choice { clock: TimeControl; color: 'white' | 'black' | 'random'; rated: boolean; variant: string }

// challengeParams are a choice's fields as lichess's API names them
// (chess is lichess's "standard").
export function challengeParams(c: Choice): ChallengeParams {
  return { 'clock.limit': c.clock.limit, 'clock.increment': c.clock.increment, color: c.color, rated: c.rated,
    variant: c.variant === 'chess' ? 'standard' : c.variant };
}

// declineKeys are lichess's reasons for declining, by the key its API
// takes (the event writes it in lower case).
const declineKeys = ['generic', 'later', 'tooFast', 'tooSlow', 'timeControl', 'rated', 'casual', 'standard', 'variant', 'noBot', 'onlyBot'];

// declineText is a declined challenge's reason in the reader's words: a
// known key's text, else the bot's own text (lichess's English), else
// the generic reason.
export function declineText(key?: string, text?: string): string {
  const known = declineKeys.find(k => k.toLowerCase() === key?.toLowerCase());
  const textKey = known && `decline.${known}`;
  if (textKey && hasText(textKey)) return t(textKey);
  return text || t('decline.generic');
}

// Answer is the bot's answer to a challenge.
export type Answer = { t: 'accepted' } | { t: 'declined'; reason: string } | { t: 'canceled' };

// answerOf is the answer an event gives to challenge id, if it gives one:
// the game's start is an acceptance.
export function answerOf(e: StreamEvent, id: string): Answer | undefined {
  if (e.type === 'gameStart' && e.game.gameId === id) return { t: 'accepted' };
  if (e.type === 'challengeDeclined' && e.challenge.id === id) return { t: 'declined', reason: declineText(e.challenge.declineReasonKey, e.challenge.declineReason) };
  if (e.type === 'challengeCanceled' && e.challenge.id === id) return { t: 'canceled' };
  return undefined;
}

// Phase is where the challenge dialog stands.
export type Phase =
  | { t: 'closed' }
  | { t: 'signIn'; bot: Bot } // the browser has no account: sign in or up first
  | { t: 'form'; bot: Bot; error?: string } // the choices (error: why the last try failed)
  | { t: 'sending'; bot: Bot }
  | { t: 'waiting'; bot: Bot; id: string }
  | { t: 'declined'; bot: Bot; reason: string }
  | { t: 'canceled'; bot: Bot };

export interface BotsHooks {
  redraw: () => void;
  go: (path: string) => void;
  signedIn: () => boolean;
}

// listEvery is how often the list is asked again while shown; gameEvery
// how often the game is, while the stream is down.
const listEvery = 15000;
const gameEvery = 2000;

export class BotsCtrl {
  bots: Bot[] = [];
  loaded = false;
  error = ''; // why the list could not be read
  phase: Phase = { t: 'closed' };
  private stream?: EventStream;
  private early: StreamEvent[] = []; // events read before the challenge's id is known
  private challenge?: { id: string; color: Color };
  private listTimer: number;
  private gameTimer?: number;
  private done = false;

  constructor(private hooks: BotsHooks) {
    void this.load();
    this.listTimer = window.setInterval(() => void this.load(), listEvery);
  }

  // load asks which bots are online.
  async load() {
    try {
      this.bots = await listBots();
      this.error = '';
    } catch (e) {
      this.error = e instanceof APIError ? e.message : t('error.network');
    }
    this.loaded = true;
    if (!this.done) this.hooks.redraw();
  }

  // open opens the dialog for a challenge to bot: its form, or the
  // sign-in first.
  open(bot: Bot) {
    this.set(this.hooks.signedIn() ? { t: 'form', bot } : { t: 'signIn', bot });
  }

  // signedIn goes on to the form once the dialog's sign-in went.
  signedIn() {
    if (this.phase.t === 'signIn') this.set({ t: 'form', bot: this.phase.bot });
  }

  // again shows the form once more after an answer.
  again() {
    if (this.phase.t === 'declined' || this.phase.t === 'canceled') this.set({ t: 'form', bot: this.phase.bot });
  }

  // send sends the challenge chosen: the event stream is opened first, so
  // that no answer can come before the page listens.
  async send(choice: Choice) {
    if (this.phase.t !== 'form') return;
    const bot = this.phase.bot;
    this.set({ t: 'sending', bot });
    this.stop();
    const stream = new EventStream(e => this.onEvent(e), () => this.onStreamEnd());
    this.stream = stream;
    try {
      await stream.ready;
      const c = await sendChallenge(bot.id, challengeParams(choice));
      if (this.stage() !== 'sending' || this.stream !== stream) { // closed meanwhile: take it back
        void cancelChallenge(c.id).catch(() => undefined);
        return;
      }
      this.challenge = { id: c.id, color: c.finalColor };
      this.set({ t: 'waiting', bot, id: c.id });
      for (const e of this.early.splice(0)) this.onEvent(e);
    } catch (e) {
      this.stop();
      if (this.stage() === 'sending') this.set({ t: 'form', bot, error: e instanceof APIError ? e.message : t('error.network') });
    }
  }

  // withdraw takes the challenge back and shows the form again.
  withdraw() {
    if (this.phase.t !== 'waiting') return;
    const bot = this.phase.bot;
    this.takeBack();
    this.set({ t: 'form', bot });
  }

  // close closes the dialog; a challenge still waiting is taken back.
  close() {
    if (this.phase.t === 'closed') return;
    this.takeBack();
    this.stop();
    this.set({ t: 'closed' });
  }

  // destroy lets go of everything when the page is left.
  destroy() {
    this.close();
    this.done = true;
    window.clearInterval(this.listTimer);
  }

  // stage is the phase now, read after an await (where the compiler still
  // holds to the phase it saw before it).
  private stage(): Phase['t'] {
    return this.phase.t;
  }

  private set(p: Phase) {
    this.phase = p;
    if (!this.done) this.hooks.redraw();
  }

  private takeBack() {
    if (this.phase.t === 'waiting') void cancelChallenge(this.phase.id).catch(() => undefined); // answered meanwhile: nothing to take back
    this.stop();
  }

  private stop() {
    this.stream?.close();
    this.stream = undefined;
    this.early = [];
    this.challenge = undefined;
    window.clearInterval(this.gameTimer);
    this.gameTimer = undefined;
  }

  private onEvent(e: StreamEvent) {
    if (!this.challenge) {
      if (this.phase.t === 'sending') this.early.push(e);
      return;
    }
    const a = answerOf(e, this.challenge.id);
    if (a) this.answered(a);
  }

  private answered(a: Answer) {
    if (this.phase.t !== 'waiting' || !this.challenge) return;
    const { bot } = this.phase;
    const { id, color } = this.challenge;
    this.stop();
    if (a.t === 'accepted') {
      saveTicket(id, { color }); // the game page knows the seat is this browser's
      this.set({ t: 'closed' }); // nothing left to take back as the page goes
      this.hooks.go(`/game/${id}`);
      return;
    }
    this.set(a.t === 'declined' ? { t: 'declined', bot, reason: a.reason } : { t: 'canceled', bot });
  }

  // onStreamEnd: the stream dropped while the page waits: the game itself
  // says whether the seat was taken (accepted) or the game aborted
  // (declined or withdrawn, the reason unheard).
  private onStreamEnd() {
    if (this.phase.t !== 'waiting' || this.gameTimer !== undefined) return;
    const id = this.phase.id;
    this.gameTimer = window.setInterval(() => {
      void getGame(id).then(s => {
        if (!openSeat(s)) this.answered({ t: 'accepted' });
        else if (s.status === 'aborted') this.answered({ t: 'declined', reason: t('decline.generic') });
      }, () => undefined); // not there yet: asked again
    }, gameEvery);
  }
}
