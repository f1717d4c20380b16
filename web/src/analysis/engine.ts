// The engine in the browser: a UCI engine in a Web Worker, served by
// gambit serve itself from /assets/engine/ (build.mjs copies it there), so
// analysing costs the server nothing and no request leaves the site.
//
// Chess and Chess960: Stockfish 19 from the npm package "stockfish"
// (Stockfish.js, GPL-3.0 as Gambit), its "lite single-threaded" build. Why
// that one: it needs no SharedArrayBuffer, so the page needs no cross-
// origin isolation (COOP/COEP headers would break nothing here, but every
// image and worker would then have to opt in); it is 1.8 MB of WebAssembly
// with a small network inside (the full build is 99 MB); and it speaks
// plain UCI over postMessage, with MultiPV and UCI_Chess960. The only
// change to the page's CSP is 'wasm-unsafe-eval' (and worker-src 'self').
//
// Xiangqi: Gambit's own xiangqi engine (engine/xq), compiled by make web
// with GOOS=js GOARCH=wasm (cmd/xqwasm) into a worker speaking the same
// UCI as `gambit uci` with UCI_Variant xiangqi, moves in Fairy-Stockfish's
// ranks 1-10. Fairy-Stockfish's WebAssembly build (the npm package
// fairy-stockfish-nnue.wasm) was not taken: it is built with threads and
// needs SharedArrayBuffer, hence cross-origin isolation. Gambit's engine
// reports as many lines (MultiPV) as Stockfish; a Go program in a worker
// cannot read a message while it searches, so a search is bounded in time
// and a worker that does not stop is replaced.

import { EngineLine, fairyToICCS, parseInfo } from './uci';

// EngineKind names the engine of a board.
export type EngineKind = 'chess' | 'xiangqi';

// Search is what the engine is asked.
export interface Search {
  fen: string;
  multipv: number; // 1-5
  chess960?: boolean;
}

// EngineHooks receive what the engine finds.
export interface EngineHooks {
  // lines reports the best lines found so far for the search's fen, best
  // first, moves in coordinate text (UCI; ICCS for xiangqi).
  lines(fen: string, lines: EngineLine[]): void;
  // state reports loading, thinking, done (search over) or failed.
  state(s: 'loading' | 'thinking' | 'done' | 'failed'): void;
}

const workers: Record<EngineKind, string> = {
  chess: '/assets/engine/stockfish-19-lite-single.js',
  xiangqi: '/assets/engine/xq-worker.js',
};

// LocalEngine runs one worker and one search at a time.
export class LocalEngine {
  private worker?: Worker;
  private ready = false;
  private searching?: Search; // the search the engine runs now
  private pending?: Search; // the search to start when the engine is free
  private found = new Map<number, EngineLine>();
  private stopTimer = 0;
  // firstLineMs is the time from the worker's start to its first line (a
  // measure for BENCH.md), once known.
  firstLineMs?: number;
  private started = 0;

  constructor(readonly kind: EngineKind, private hooks: EngineHooks) {}

  // analyse starts analysing s, stopping whatever ran before.
  analyse(s: Search) {
    this.pending = s;
    if (!this.worker) this.boot();
    else if (this.searching) this.stopSearch();
    else if (this.ready) this.next();
  }

  // stop ends the analysis.
  stop() {
    this.pending = undefined;
    if (this.searching) this.stopSearch();
  }

  destroy() {
    window.clearTimeout(this.stopTimer);
    this.worker?.terminate();
    this.worker = undefined;
  }

  private boot() {
    this.ready = false;
    this.searching = undefined;
    this.started = performance.now();
    this.hooks.state('loading');
    try {
      this.worker = new Worker(workers[this.kind]);
    } catch {
      this.hooks.state('failed');
      return;
    }
    this.worker.onmessage = e => this.read(String(e.data));
    this.worker.onerror = () => this.hooks.state('failed');
    this.send('uci');
  }

  private send(cmd: string) {
    this.worker?.postMessage(cmd);
  }

  private stopSearch() {
    this.send('stop');
    window.clearTimeout(this.stopTimer);
    // An engine that cannot stop (the Go worker mid-iteration) is replaced.
    this.stopTimer = window.setTimeout(() => {
      if (!this.searching) return;
      this.worker?.terminate();
      this.worker = undefined;
      this.boot();
    }, 400);
  }

  private read(text: string) {
    for (const line of text.split('\n')) {
      if (line === 'uciok') {
        if (this.kind === 'xiangqi') this.send('setoption name UCI_Variant value xiangqi');
        this.send('isready');
      } else if (line === 'readyok') {
        this.ready = true;
        this.next();
      } else if (line.startsWith('bestmove')) {
        window.clearTimeout(this.stopTimer);
        this.report(); // the last depth whole, when fewer lines came than asked
        const was = this.searching;
        this.searching = undefined;
        if (this.pending) this.next();
        else if (was) this.hooks.state('done');
      } else if (this.searching) {
        const l = parseInfo(line);
        if (l) this.found.set(l.multipv, this.kind === 'xiangqi' ? { ...l, pv: l.pv.map(m => fairyToICCS(m) ?? m) } : l);
        if (l && l.multipv === 1 || l && this.found.size >= this.searching.multipv) this.report();
      }
    }
  }

  private report() {
    const s = this.searching;
    if (!s || this.found.size === 0) return;
    if (this.firstLineMs === undefined) this.firstLineMs = performance.now() - this.started;
    this.hooks.lines(s.fen, shownLines([...this.found.values()], s.multipv));
  }

  private next() {
    const s = this.pending;
    if (!s || !this.ready) return;
    this.pending = undefined;
    this.searching = s;
    this.found.clear();
    this.hooks.state('thinking');
    if (this.kind === 'chess') {
      this.send(`setoption name UCI_Chess960 value ${s.chess960 ? 'true' : 'false'}`);
      this.send(`setoption name MultiPV value ${s.multipv}`);
      this.send(`position fen ${s.fen}`);
      this.send('go depth 24');
    } else {
      this.send(`setoption name MultiPV value ${s.multipv}`);
      this.send(`position fen ${s.fen}`);
      this.send('go movetime 8000');
    }
  }
}

// shownLines is what the board shows of the engine's latest line of each
// rank, up to multipv: by rank, each first move once. A new depth's first
// line comes before its others, which are then still the depth before's;
// one of those may begin with the move now ranked above it, and is left
// out until its own line of the new depth comes.
export function shownLines(found: EngineLine[], multipv: number): EngineLine[] {
  const seen = new Set<string>();
  const out: EngineLine[] = [];
  for (const l of [...found].filter(l => l.multipv <= multipv).sort((a, b) => a.multipv - b.multipv)) {
    if (seen.has(l.pv[0])) continue;
    seen.add(l.pv[0]);
    out.push(l);
  }
  return out;
}
