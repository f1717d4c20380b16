// What the arena's and the Swiss event's unit tests share (not a test
// file itself: run.mjs bundles only *.test.mjs): a tournament page's
// controller with a fake server and socket, the wait for its promises,
// the socket's "me" messages both kinds read alike, and a private one's
// password asked before joining.
import assert from 'node:assert/strict';

// fakeCtrl makes Ctrl (ArenaCtrl, SwissCtrl) over fakes: get answers
// what got() gives (a fresh copy each time), join keeps its passwords,
// withdraw (and pause) count; the socket's hooks are kept to send it
// messages. calls counts it all; more adds or replaces deps.
export function fakeCtrl(Ctrl, { id = 't1', got, user = 'Ann', visited = new Set(), more = {} }) {
  const calls = { get: 0, went: [], join: [], withdraw: 0, pause: 0, closed: 0 };
  let hooks;
  const deps = {
    get: async () => { calls.get++; return structuredClone(got()); },
    join: async (_id, pw) => { calls.join.push(pw); },
    withdraw: async () => { calls.withdraw++; },
    pause: async () => { calls.pause++; },
    socket: (_id, h) => { hooks = h; return { close: () => calls.closed++ }; },
    now: () => 0,
    user: () => user,
    go: game => calls.went.push(game),
    visited: { has: game => visited.has(game), add: game => visited.add(game) },
    ...more,
  };
  const c = new Ctrl(id, deps, () => {});
  return { c, calls, send: m => hooks.message(m), visited };
}

// settle lets the promises under way run.
export const settle = () => new Promise(r => setTimeout(r, 0));

// assertDecodesMe checks a socket's decodeMessage on the viewer's place:
// one with its rank (and game), null before they join; nothing without
// a rank, of another type, or not JSON.
export function assertDecodesMe(decodeMessage) {
  assert.deepEqual(decodeMessage('{"t":"me","d":{"rank":3,"gameId":"g9"}}'), { t: 'me', d: { rank: 3, gameId: 'g9' } });
  assert.deepEqual(decodeMessage('{"t":"me","d":null}'), { t: 'me', d: null });
  assert.equal(decodeMessage('{"t":"me","d":{"gameId":"g9"}}'), undefined, 'a place without its rank');
  assert.equal(decodeMessage('{"t":"other","d":{"id":"a1"}}'), undefined);
  assert.equal(decodeMessage('not json'), undefined);
  assert.equal(decodeMessage('null'), undefined);
}

// assertAsksPassword checks that Join on a private tournament asks its
// password inline first, then joins with it.
export async function assertAsksPassword(f) {
  await f.c.join();
  assert.equal(f.c.askPassword, true);
  assert.deepEqual(f.calls.join, []);
  await f.c.join('pw');
  assert.deepEqual(f.calls.join, ['pw']);
  assert.equal(f.c.askPassword, false);
}
