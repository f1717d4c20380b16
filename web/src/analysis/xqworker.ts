// The xiangqi engine's worker (bundled by build.mjs into
// assets/engine/xq-worker.js): it loads Go's wasm_exec.js (copied from
// the Go installation at build time) and Gambit's engine compiled to
// WebAssembly (cmd/xqwasm, assets/engine/xq.wasm), and passes UCI lines
// between the page and the engine.

// GoRuntime is the part of wasm_exec.js's Go class used here.
interface GoRuntime { importObject: WebAssembly.Imports; run(instance: WebAssembly.Instance): Promise<void> }

interface WorkerScope {
  importScripts(...urls: string[]): void;
  postMessage(m: string): void;
  onmessage: ((e: MessageEvent) => void) | null;
  Go: new () => GoRuntime;
  gambitUCI?: (line: string) => void;
  gambitOut: (line: string) => void;
}

const scope = self as unknown as WorkerScope;
scope.importScripts('wasm_exec.js');
const waiting: string[] = [];
scope.gambitOut = line => scope.postMessage(line);
scope.onmessage = e => {
  const line = String(e.data);
  if (scope.gambitUCI) scope.gambitUCI(line);
  else waiting.push(line);
};
const go = new scope.Go();
void WebAssembly.instantiateStreaming(fetch('xq.wasm'), go.importObject).then(r => {
  void go.run(r.instance); // sets gambitUCI, then waits for commands
  for (const line of waiting.splice(0)) scope.gambitUCI?.(line);
});
