// A seeded game's fairness, checked in the page once the game is over
// (package variant/fair's scheme, ported): the revealed seed must hash
// (SHA-256, the browser's crypto.subtle) to the commitment published at
// the start, and what the variant drew from it must be what the game
// showed:
//
//   - bomb chess: the eight mines are the squares numbered
//     seed.Shuffle("mines", 32, 8) from a3 (variant/bomb Mines), checked
//     against the mines the finished game shows;
//   - jieqi from its usual start: each side's fifteen face-down pieces
//     are dealt by seed.Shuffle("jieqi red" / "jieqi black", 15, 15) onto
//     its points in square order (variant/jieqi Deal), checked against
//     every piece the game turned up;
//   - dice chess: the commitment only. A turn's dice are drawn among the
//     piece types that can move at its start, which takes the rules of
//     chess to know, and the page has none: `gambit dice verify` replays
//     every roll.
//
// Intn is HMAC-SHA256 keyed with the seed over a label, read as four
// big-endian 64-bit numbers with rejection sampling (BigInt here, as
// Go's uint64 there); Shuffle is Fisher-Yates with one Intn per step.

import { type State, type Step, extOf } from './api';

// FairCheck is what the page found: the seed against its commitment,
// then what the variant drew. drawn: 'mines' (all eight checked),
// 'reveals' (n pieces turned up, each checked), or '' (nothing more the
// page can check); bad names what did not match.
export interface FairCheck { seed: boolean; drawn: '' | 'mines' | 'reveals'; n: number; bad?: string }

const hexBytes = (hex: string): Uint8Array<ArrayBuffer> | undefined => {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return undefined;
  const out = new Uint8Array(new ArrayBuffer(32));
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
};

const toHex = (b: ArrayBuffer) => [...new Uint8Array(b)].map(x => x.toString(16).padStart(2, '0')).join('');

// canCheck says the browser has what the checks need: crypto.subtle is
// given to secure pages only (https, or localhost).
export const canCheck = (): boolean => typeof crypto !== 'undefined' && !!crypto.subtle;

// commitmentOf is the SHA-256 of the seed's 32 bytes in hex, as the
// server publishes it; undefined for a seed that is not 64 hex digits.
export async function commitmentOf(seed: string): Promise<string | undefined> {
  const b = hexBytes(seed);
  return b && toHex(await crypto.subtle.digest('SHA-256', b));
}

// Seed draws numbers from a revealed seed as variant/fair does.
export class Seed {
  private constructor(private key: CryptoKey) {}

  static async of(seed: string): Promise<Seed | undefined> {
    const b = hexBytes(seed);
    if (!b) return undefined;
    return new Seed(await crypto.subtle.importKey('raw', b, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']));
  }

  // intn is the choice labelled label, uniform in [0, n): fair.Seed.Intn.
  async intn(label: string, n: number): Promise<number> {
    if (!(n > 0)) throw new RangeError('fair: intn with n <= 0');
    const max = (1n << 64n) - 1n;
    const limit = max - (max % BigInt(n));
    for (let round = 0; ; round++) {
      const l = round > 0 ? `${label} ${round}` : label;
      const mac = new DataView(await crypto.subtle.sign('HMAC', this.key, new TextEncoder().encode(l)));
      for (let i = 0; i < 32; i += 8) {
        const v = mac.getBigUint64(i);
        if (v < limit) return Number(v % BigInt(n));
      }
    }
  }

  // shuffle is the first k of 0..n-1 in a Fisher-Yates shuffle labelled
  // label: fair.Seed.Shuffle.
  async shuffle(label: string, n: number, k: number): Promise<number[]> {
    const order = Array.from({ length: n }, (_, i) => i);
    for (let i = 0; i < Math.min(k, n); i++) {
      const j = i + await this.intn(`${label} ${i + 1}`, n - i);
      [order[i], order[j]] = [order[j], order[i]];
    }
    return order.slice(0, Math.min(k, n));
  }
}

// bombMines are the squares of the mines seed lays (variant/bomb Mines):
// numbers 0 to 31 run a3, b3, ..., h3, a4, ..., h6.
export async function bombMines(seed: Seed): Promise<string[]> {
  return (await seed.shuffle('mines', 32, 8)).map(n => String.fromCharCode(97 + (n % 8)) + String(3 + Math.floor(n / 8))).sort();
}

// jieqiStart is jieqi's usual start (variant/jieqi StartFEN): the deal
// below is that of a game from it.
export const jieqiStart = 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1';

// jieqiPool is a side's fifteen pieces at the start in PieceType order
// (advisors, elephants, horses, chariots, cannons, soldiers).
const jieqiPool = 'AABBNNRRCCPPPPP';

// jieqiPoints are a side's face-down points at the start, in square
// order (rank by rank from Red's side, a to i).
const jieqiPoints = {
  red: ['a0', 'b0', 'c0', 'd0', 'f0', 'g0', 'h0', 'i0', 'b2', 'h2', 'a3', 'c3', 'e3', 'g3', 'i3'],
  black: ['a6', 'c6', 'e6', 'g6', 'i6', 'b7', 'h7', 'a9', 'b9', 'c9', 'd9', 'f9', 'g9', 'h9', 'i9'],
};

// jieqiDeal is the piece each face-down point of the usual start gets
// from seed (variant/jieqi Deal): upper case Red, lower case Black.
export async function jieqiDeal(seed: Seed): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const side of ['red', 'black'] as const) {
    const draw = await seed.shuffle(`jieqi ${side}`, 15, 15);
    jieqiPoints[side].forEach((p, j) => {
      const letter = jieqiPool[draw[j]];
      out[p] = side === 'red' ? letter : letter.toLowerCase();
    });
  }
  return out;
}

// check checks a finished seeded game: s its state (its seed revealed,
// the bomb's mines in its ext), moves its steps (jieqi's reveals).
export async function check(s: Pick<State, 'variant' | 'fair' | 'ext' | 'startFen'>, moves: Step[]): Promise<FairCheck> {
  const f = s.fair;
  const out: FairCheck = { seed: false, drawn: '', n: 0 };
  if (!f?.seed) return out;
  out.seed = (await commitmentOf(f.seed)) === f.commitment.toLowerCase();
  const seed = out.seed ? await Seed.of(f.seed) : undefined;
  if (!seed) return out;
  if (s.variant === 'bomb') {
    const shown = [...(extOf<{ mines: string[] }>(s).mines ?? [])].sort();
    const laid = await bombMines(seed);
    out.drawn = 'mines';
    out.n = laid.length;
    if (shown.join() !== laid.join()) out.bad = laid.filter(m => !shown.includes(m)).join(' ') || shown.join(' ');
  } else if (s.variant === 'jieqi' && (!s.startFen || s.startFen === jieqiStart)) {
    const deal = await jieqiDeal(seed);
    out.drawn = 'reveals';
    for (const m of moves) {
      const reveal = extOf<{ reveal: string }>(m).reveal;
      if (!reveal) continue;
      out.n++;
      const from = m.uci.slice(0, 2);
      if (deal[from] !== reveal) out.bad ??= `${from}: ${reveal} ≠ ${deal[from] ?? '?'}`;
    }
  }
  return out;
}
