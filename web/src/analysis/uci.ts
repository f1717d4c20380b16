// Reading the UCI lines an engine in the browser writes. Pure, so
// test/analysis.test.mjs checks it without a browser or an engine.

// EngineLine is one principal variation at one depth, scored from the side
// to move's point of view, as UCI reports it.
export interface EngineLine {
  multipv: number; // 1-based rank
  depth: number;
  cp?: number; // centipawns, when no mate is seen
  mate?: number; // moves to mate: > 0 the side to move mates, < 0 it is mated
  bound?: 'lower' | 'upper';
  nodes?: number;
  pv: string[]; // the moves, in the engine's text
}

// parseInfo reads an "info" line with a score and a pv; anything else
// (info string, currmove reports, other commands) reads as undefined.
export function parseInfo(line: string): EngineLine | undefined {
  const w = line.trim().split(/\s+/);
  if (w[0] !== 'info') return undefined;
  const out: EngineLine = { multipv: 1, depth: 0, pv: [] };
  let scored = false;
  for (let i = 1; i < w.length; i++) {
    const num = () => Number(w[++i]);
    switch (w[i]) {
      case 'depth': out.depth = num(); break;
      case 'multipv': out.multipv = num(); break;
      case 'nodes': out.nodes = num(); break;
      case 'string': return undefined;
      case 'score':
        if (w[i + 1] === 'cp') { i++; out.cp = num(); scored = true; }
        else if (w[i + 1] === 'mate') { i++; out.mate = num(); scored = true; }
        break;
      case 'lowerbound': out.bound = 'lower'; break;
      case 'upperbound': out.bound = 'upper'; break;
      case 'pv':
        out.pv = w.slice(i + 1);
        i = w.length;
        break;
    }
  }
  const finite = [out.depth, out.multipv, out.cp ?? 0, out.mate ?? 0].every(Number.isFinite);
  if (!scored || out.pv.length === 0 || !finite || out.multipv < 1) return undefined;
  return out;
}

// whiteScore turns a line's score to White's (Red's) side: the side to
// move is black when turn is "black".
export function whiteScore(l: EngineLine, turn: 'white' | 'black'): { cp?: number; mate?: number } {
  const s = turn === 'white' ? 1 : -1;
  return l.mate !== undefined ? { mate: s * l.mate } : { cp: s * (l.cp ?? 0) };
}

// winPercent is lichess's winning chance of White for a score in
// centipawns, from its public accuracy page (lila modules/analyse,
// WinPercent.scala): 50 + 50·(2/(1+exp(−0.00368208·cp)) − 1), the score
// held to ±1000 first; a mate is a sure win.
export function winPercent(score: { cp?: number; mate?: number }): number {
  if (score.mate !== undefined) return score.mate > 0 ? 100 : score.mate < 0 ? 0 : 50;
  const cp = Math.max(-1000, Math.min(1000, score.cp ?? 0));
  return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * cp)) - 1);
}

// scoreText writes a score for people: "+0.35" pawns or "#3" / "#-2".
export function scoreText(score: { cp?: number; mate?: number }): string {
  if (score.mate !== undefined) return `#${score.mate}`;
  const p = (score.cp ?? 0) / 100;
  return `${p > 0 ? '+' : ''}${p.toFixed(2)}`;
}

// fairyToICCS turns a xiangqi move in Fairy-Stockfish's UCI text (ranks
// 1-10: "h3e3") into ICCS (ranks 0-9: "h2e2"), as Gambit's UCI engine
// writes it (uci/xiangqi.go); undefined for text that is not a move.
export function fairyToICCS(m: string): string | undefined {
  const r = /^([a-i])(10|[1-9])([a-i])(10|[1-9])$/.exec(m);
  return r ? `${r[1]}${Number(r[2]) - 1}${r[3]}${Number(r[4]) - 1}` : undefined;
}

// iccsToFairy is fairyToICCS backwards.
export function iccsToFairy(m: string): string | undefined {
  const r = /^([a-i])(\d)([a-i])(\d)$/.exec(m);
  return r ? `${r[1]}${Number(r[2]) + 1}${r[3]}${Number(r[4]) + 1}` : undefined;
}
