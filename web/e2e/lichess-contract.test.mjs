// The contract with lichess's API (issue 41): every lichess route Gambit
// serves (lichess-routes.json, "gambit": "tested" or "own"), requested as
// lichess's clients do by two people's accounts and a bot's, every JSON
// answer and every NDJSON line recorded, then checked by TypeScript's
// compiler against lichess's types (@lichess-org/types, lichess-types.mjs
// says how). No browser: a real `gambit serve` and fetch.
//
// What is checked: each answer of 2xx against the operation's answer of
// that status (an NDJSON line against its event's schema, by its type, as
// a member of the operation's union of lines), each error against the
// status's schema where lichess documents it, else lichess's Error
// ({error}). Gambit's extra fields are not checked (lichess-types.mjs
// says why); the fields where Gambit differs are in loose below, each
// with its reason, and in docs/api.md. server/lichess_coverage_test.go
// checks that lichess-routes.json marks every lichess route a route of
// Gambit's takes; the last test here, that every route it marks served
// was requested.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from './harness.mjs';
import { typeCheck } from './lichess-types.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const routes = JSON.parse(readFileSync(join(here, 'lichess-routes.json'), 'utf8')).routes;
const byRoute = new Map(routes.map(r => [r.route, r]));

// The schema of each NDJSON line, by its type (lichess's event and game
// stream lines).
const lineSchema = {
  challenge: 'ChallengeEvent',
  challengeCanceled: 'ChallengeCanceledEvent',
  challengeDeclined: 'ChallengeDeclinedEvent',
  gameStart: 'GameStartEvent',
  gameFinish: 'GameFinishEvent',
  gameFull: 'GameFullEvent',
  gameState: 'GameStateEvent',
  chatLine: 'ChatLineEvent',
  opponentGone: 'OpponentGoneEvent',
};

// The fields left out of the check: for the answers (or lines) of routes
// that when accepts, fields (dotted paths from the top, "[]" an array's
// element) are typed any. Each is a difference docs/api.md lists, with
// its reason here.
const loose = [
  {
    why: "Gambit's own variants (xiangqi, fog of war, …) are not among lichess's VariantKey: their key is Gambit's name",
    routes: ['POST /api/challenge/{username}', 'GET /api/stream/event', 'GET /api/challenge'],
    when: v => JSON.stringify(v).includes('"key":"xiangqi"'),
    fields: ['variant.key', 'challenge.variant.key', 'in.[].variant.key', 'out.[].variant.key'],
  },
  {
    why: "Gambit's own variants are not among lichess's VariantKey: an exported game's variant is Gambit's name",
    routes: ['GET /game/export/{gameId}', 'GET /api/games/user/{username}'],
    when: v => v.variant === 'xiangqi',
    fields: ['variant'],
  },
  {
    why: "Gambit keeps the ratings a rated game changed, none of a casual game's: its players are named, without a rating " +
      "(lichess's GamePlayerUser requires the rating each had then)",
    routes: ['GET /game/export/{gameId}', 'GET /api/games/user/{username}'],
    when: v => !v.rated,
    fields: ['players.white.rating', 'players.black.rating'],
  },
  {
    why: "the game export (server/export) gives a rated game's players their ratings once it is rated, not while it runs " +
      "(lichess's GamePlayerUser requires rating)",
    routes: ['GET /game/export/{gameId}', 'GET /api/games/user/{username}'],
    when: v => v.rated && (v.status === 'started' || v.status === 'created'),
    fields: ['players.white.rating', 'players.black.rating'],
  },
];

// looseFor is the fields left out of rec's check.
function looseFor(rec) {
  return loose.filter(l => l.routes.includes(rec.route) && l.when(rec.value)).flatMap(l => l.fields);
}

let server;
const records = []; // { route, status, type, value } for each JSON answer or NDJSON line
const streams = [];

before(async () => {
  server = new Server();
  await server.start();
});

after(async () => {
  for (const s of streams) s.close();
  await server?.stop();
  server?.cleanup();
});

// pathOf fills route's {params} from params; each must be given.
function pathOf(route, params) {
  return route.replace(/^\S+ /, '').replace(/\{(\w+)\}/g, (_, k) => {
    assert.ok(k in params, `${route}: no ${k}`);
    return encodeURIComponent(params[k]);
  });
}

// call requests lichess route (its key in lichess-routes.json) as token's
// account, with params for its path, an optional query, form (a form body,
// as lichess's clients send), text (a text/plain body) or json (Gambit's
// own routes), and wants status; it records the JSON answer and returns
// it (null for none).
async function call(route, { token, params = {}, query = '', form, text, json, accept, status = 200, record = true } = {}) {
  assert.ok(!record || byRoute.has(route), `${route} is not one of lichess's routes`);
  const method = route.split(' ')[0];
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (accept) headers.Accept = accept;
  let body;
  if (form) { body = new URLSearchParams(form).toString(); headers['Content-Type'] = 'application/x-www-form-urlencoded'; }
  if (text !== undefined) { body = text; headers['Content-Type'] = 'text/plain'; }
  if (json) { body = JSON.stringify(json); headers['Content-Type'] = 'application/json'; }
  const res = await fetch(server.url + pathOf(route, params) + query, { method, headers, body });
  const raw = await res.text();
  assert.equal(res.status, status, `${route} (${pathOf(route, params)}${query}): ${res.status} ${raw}`);
  const type = (res.headers.get('content-type') ?? '').split(';')[0];
  if (raw === '') {
    if (record) records.push({ route, status: res.status, type, value: undefined });
    return null;
  }
  if (type === 'application/x-ndjson') {
    const lines = raw.split('\n').filter(l => l.trim() !== '').map(l => JSON.parse(l));
    if (record) for (const value of lines) records.push({ route, status: res.status, type, value });
    return lines;
  }
  assert.equal(type, 'application/json', `${route}: ${type} ${raw}`);
  const value = JSON.parse(raw);
  if (record) records.push({ route, status: res.status, type, value });
  return value;
}

// stream opens route's NDJSON stream as token's account and records each
// line; it returns { lines, next(pred) }: next waits (10 s) for the first
// line from the one after the last it returned that pred accepts.
async function stream(route, { token, params = {} }) {
  const ctrl = new AbortController();
  const res = await fetch(server.url + pathOf(route, params), { headers: { Authorization: `Bearer ${token}` }, signal: ctrl.signal });
  assert.equal(res.status, 200, `${route}: ${res.status} ${res.status === 200 ? '' : await res.text()}`);
  assert.equal(res.headers.get('content-type')?.split(';')[0], 'application/x-ndjson', route);
  const s = { lines: [], seen: 0, waiters: [], close: () => ctrl.abort() };
  streams.push(s);
  (async () => {
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for await (const chunk of res.body) {
        buf += decoder.decode(chunk, { stream: true });
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i).trim();
          buf = buf.slice(i + 1);
          if (line === '') continue; // keep-alive
          const value = JSON.parse(line);
          records.push({ route, status: 200, type: 'application/x-ndjson', value });
          s.lines.push(value);
          for (const w of s.waiters.splice(0)) w();
        }
      }
    } catch (e) {
      if (e.name !== 'AbortError') throw e;
    }
  })();
  s.next = async (pred, what = 'a line') => {
    const deadline = Date.now() + 10000;
    for (;;) {
      const i = s.lines.findIndex((l, j) => j >= s.seen && pred(l));
      if (i >= 0) { s.seen = i + 1; return s.lines[i]; }
      const left = deadline - Date.now();
      assert.ok(left > 0, `${route}: no ${what} in ${JSON.stringify(s.lines.slice(s.seen))}`);
      await new Promise(r => { const t = setTimeout(r, left); s.waiters.push(() => { clearTimeout(t); r(); }); });
    }
  };
  return s;
}

const ofType = t => l => l.type === t;

// account signs name up (Gambit's own POST /api/signup) and makes it a
// token with every scope (Gambit's POST /api/token, at lichess's path).
async function account(name) {
  const password = 'correct horse battery staple';
  await call('POST /api/signup', { json: { username: name, password }, status: 201, record: false });
  const { token } = await call('POST /api/token', { json: { username: name, password } });
  assert.match(token, /^gbt_/);
  return token;
}

// challengeAccepted has from challenge to (an account's name) with form,
// and to accept; it returns the game's id.
async function challengeAccepted(from, to, toName, form) {
  const c = await call('POST /api/challenge/{username}', { token: from, params: { username: toName }, form });
  await call('POST /api/challenge/{challengeId}/accept', { token: to, params: { challengeId: c.id } });
  return c.id;
}

test('every lichess route Gambit serves answers in lichess\'s shapes', async () => {
  const ann = await account('Ann');
  const bob = await account('bob');
  const robo = await account('Robo');
  await call('POST /api/token/test', { text: `${ann},${robo},gbt_${'x'.repeat(43)}` });
  await call('POST /api/token/test', { text: ' , ', status: 400 });
  await call('POST /api/bot/account/upgrade', { token: robo });

  const annEvents = await stream('GET /api/stream/event', { token: ann });
  const bobEvents = await stream('GET /api/stream/event', { token: bob });
  await stream('GET /api/stream/event', { token: robo });
  for (let i = 0; ; i++) { // the bot is online once its event stream is
    const bots = await call('GET /api/bot/online', { record: false });
    if (bots?.some(b => b.id === 'robo')) break;
    assert.ok(i < 50, `robo never online: ${JSON.stringify(bots)}`);
    await new Promise(r => setTimeout(r, 100));
  }
  await call('GET /api/bot/online');
  await call('GET /api/users/status', { query: '?ids=ann,bob,robo,nobody' });
  await call('GET /api/account', { token: ann });
  await call('GET /api/account', { token: robo });
  await call('GET /api/user/{username}', { params: { username: 'robo' } });
  await call('GET /api/user/{username}', { params: { username: 'nobody' }, status: 404 });

  // A rated game between the two people, played to bob's resignation.
  const rated = await call('POST /api/challenge/{username}', { token: ann, params: { username: 'bob' },
    form: { rated: 'true', 'clock.limit': '300', 'clock.increment': '3', color: 'white' } });
  const id = rated.id;
  await annEvents.next(l => l.type === 'challenge' && l.challenge.id === id, 'challenge');
  await bobEvents.next(l => l.type === 'challenge' && l.challenge.id === id, 'challenge');
  await call('GET /api/challenge', { token: bob });
  await call('GET /api/challenge', { token: ann });
  await call('POST /api/challenge/{challengeId}/accept', { token: ann, params: { challengeId: id }, status: 404 });
  await call('POST /api/challenge/{challengeId}/accept', { token: bob, params: { challengeId: id } });
  await annEvents.next(l => l.type === 'gameStart' && l.game.gameId === id, 'gameStart');
  await bobEvents.next(l => l.type === 'gameStart' && l.game.gameId === id, 'gameStart');
  const annGame = await stream('GET /api/board/game/stream/{gameId}', { token: ann, params: { gameId: id } });
  const bobGame = await stream('GET /api/board/game/stream/{gameId}', { token: bob, params: { gameId: id } });
  await annGame.next(ofType('gameFull'), 'gameFull');
  await bobGame.next(ofType('gameFull'), 'gameFull');
  const board = (token, action, params = {}, opts = {}) =>
    call(`POST /api/board/game/{gameId}/${action}`, { token, params: { gameId: id, ...params }, ...opts });
  await board(ann, 'move/{move}', { move: 'e2e4' });
  await board(ann, 'move/{move}', { move: 'd2d4' }, { status: 409 }); // not her turn
  await board(bob, 'move/{move}', { move: 'e7e4' }, { status: 422 }); // illegal
  await board(bob, 'move/{move}', { move: 'e7' }, { status: 400 }); // no move at all
  await board(bob, 'move/{move}', { move: 'e7e5' });
  await annGame.next(l => l.type === 'gameState' && l.moves === 'e2e4 e7e5', 'gameState after e7e5');
  await board(ann, 'chat', {}, { form: { room: 'player', text: 'good luck' } });
  await board(ann, 'chat', {}, { form: { room: 'spectator', text: 'hello, watchers' } });
  await board(ann, 'chat', {}, { form: { room: 'player', text: '' }, status: 400 });
  await bobGame.next(ofType('chatLine'), 'chatLine');
  await call('GET /api/board/game/{gameId}/chat', { token: bob, params: { gameId: id } });
  await board(ann, 'draw/{accept}', { accept: 'yes' });
  await bobGame.next(l => l.type === 'gameState' && l.wdraw === true, 'gameState with wdraw');
  await board(bob, 'draw/{accept}', { accept: 'no' });
  await board(bob, 'takeback/{accept}', { accept: 'yes' });
  await annGame.next(l => l.type === 'gameState' && l.btakeback === true, 'gameState with btakeback');
  await board(ann, 'takeback/{accept}', { accept: 'no' });
  await board(ann, 'claim-victory', {}, { status: 409 });
  await board(ann, 'claim-draw', {}, { status: 409 });
  await board(ann, 'abort', {}, { status: 409 });
  await call('GET /api/account/playing', { token: ann });
  await call('GET /game/export/{gameId}', { params: { gameId: id }, accept: 'application/json' });
  await board(bob, 'resign');
  await annGame.next(l => l.type === 'gameState' && l.status === 'resign', 'the gameState of the resignation');
  await annEvents.next(l => l.type === 'gameFinish' && l.game.gameId === id, 'gameFinish');
  await bobEvents.next(l => l.type === 'gameFinish' && l.game.gameId === id, 'gameFinish');
  await board(bob, 'resign', {}, { status: 409 });
  await call('GET /game/export/{gameId}', { params: { gameId: id }, accept: 'application/json' });
  await call('GET /game/export/{gameId}', { params: { gameId: 'nosuchgame' }, accept: 'application/json', status: 404 });
  await call('POST /api/games/export/_ids', { text: `${id},nosuchgame`, accept: 'application/x-ndjson' });
  await call('GET /api/user/{username}/rating-history', { params: { username: 'ann' } });
  await call('GET /api/stream/game/{id}', { params: { id } }); // the game over: its one line
  await call('POST /api/bot/account/upgrade', { token: ann, status: 400 }); // she has played

  // Declined, then cancelled, then accepted and aborted.
  const declined = await call('POST /api/challenge/{username}', { token: ann, params: { username: 'bob' }, form: { 'clock.limit': '60', 'clock.increment': '0' } });
  await call('POST /api/challenge/{challengeId}/decline', { token: bob, params: { challengeId: declined.id }, form: { reason: 'nosuch' }, status: 400 });
  await call('POST /api/challenge/{challengeId}/decline', { token: bob, params: { challengeId: declined.id }, form: { reason: 'tooFast' } });
  await annEvents.next(l => l.type === 'challengeDeclined' && l.challenge.id === declined.id, 'challengeDeclined');
  await bobEvents.next(l => l.type === 'challengeDeclined' && l.challenge.id === declined.id, 'challengeDeclined');
  const cancelled = await call('POST /api/challenge/{username}', { token: ann, params: { username: 'bob' }, form: { days: '3' } });
  await call('POST /api/challenge/{challengeId}/cancel', { token: bob, params: { challengeId: cancelled.id }, status: 404 });
  await call('POST /api/challenge/{challengeId}/cancel', { token: ann, params: { challengeId: cancelled.id } });
  await bobEvents.next(l => l.type === 'challengeCanceled' && l.challenge.id === cancelled.id, 'challengeCanceled');
  await call('POST /api/challenge/{challengeId}/decline', { token: bob, params: { challengeId: cancelled.id }, status: 404 });
  await call('POST /api/challenge/{username}', { token: ann, params: { username: 'nobody' }, status: 404 });
  await call('POST /api/challenge/{username}', { token: ann, params: { username: 'bob' }, form: { variant: 'atomic' }, status: 422 });
  const xiangqi = await call('POST /api/challenge/{username}', { token: ann, params: { username: 'bob' }, form: { variant: 'xiangqi' } });
  await call('GET /api/challenge', { token: bob });
  await call('POST /api/challenge/{challengeId}/decline', { token: bob, params: { challengeId: xiangqi.id }, form: { reason: 'variant' } });
  await bobEvents.next(l => l.type === 'challengeDeclined' && l.challenge.id === xiangqi.id, 'challengeDeclined');
  const aborted = await challengeAccepted(ann, bob, 'bob', {});
  await call('POST /api/board/game/{gameId}/abort', { token: ann, params: { gameId: aborted } });
  await bobEvents.next(l => l.type === 'gameFinish' && l.game.gameId === aborted, 'gameFinish of the aborted game');

  // The bot's game: the Bot API's routes, the Board API's refusals of a bot.
  const botGame = await call('POST /api/challenge/{username}', { token: ann, params: { username: 'robo' },
    form: { 'clock.limit': '600', 'clock.increment': '0', color: 'black' } });
  const bg = botGame.id;
  await call('POST /api/challenge/{challengeId}/accept', { token: robo, params: { challengeId: bg } });
  const roboGame = await stream('GET /api/bot/game/stream/{gameId}', { token: robo, params: { gameId: bg } });
  await roboGame.next(ofType('gameFull'), 'gameFull');
  const bot = (action, params = {}, opts = {}) =>
    call(`POST /api/bot/game/{gameId}/${action}`, { token: robo, params: { gameId: bg, ...params }, ...opts });
  await bot('move/{move}', { move: 'e2e4' });
  await bot('move/{move}', { move: 'e2e4' }, { status: 409 });
  await call('POST /api/board/game/{gameId}/move/{move}', { token: robo, params: { gameId: bg, move: 'e7e5' }, status: 403 }); // a bot
  await call('POST /api/bot/game/{gameId}/move/{move}', { token: ann, params: { gameId: bg, move: 'e7e5' }, status: 403 }); // no bot
  await call('POST /api/board/game/{gameId}/move/{move}', { token: ann, params: { gameId: bg, move: 'e7e5' } });
  await roboGame.next(l => l.type === 'gameState' && l.moves === 'e2e4 e7e5', 'gameState after e7e5');
  await bot('chat', {}, { form: { room: 'player', text: 'have fun' } });
  await bot('chat', {}, { form: { room: 'spectator', text: 'hello, watchers' } });
  await call('POST /api/board/game/{gameId}/chat', { token: ann, params: { gameId: bg }, form: { text: 'thanks' } });
  await roboGame.next(l => l.type === 'chatLine' && l.text === 'thanks', 'chatLine');
  await call('GET /api/bot/game/{gameId}/chat', { token: robo, params: { gameId: bg } });
  await bot('draw/{accept}', { accept: 'yes' });
  await call('POST /api/board/game/{gameId}/draw/{accept}', { token: ann, params: { gameId: bg, accept: 'no' } });
  await bot('takeback/{accept}', { accept: 'yes' });
  await call('POST /api/board/game/{gameId}/takeback/{accept}', { token: ann, params: { gameId: bg, accept: 'no' } });
  await bot('takeback/{accept}', { accept: 'maybe' }, { status: 400 });
  await bot('claim-victory', {}, { status: 409 });
  await bot('claim-draw', {}, { status: 409 });
  await bot('abort', {}, { status: 409 });
  await bot('resign');
  await roboGame.next(l => l.type === 'gameState' && l.status === 'resign', 'the gameState of the resignation');
  const botAborted = await challengeAccepted(ann, robo, 'robo', {});
  await call('POST /api/bot/game/{gameId}/abort', { token: robo, params: { gameId: botAborted } });
  await call('GET /api/bot/game/stream/{gameId}', { token: robo, params: { gameId: 'nosuchgame' }, status: 404 });
  await call('GET /api/board/game/stream/{gameId}', { token: ann, params: { gameId: 'nosuchgame' }, status: 404 });

  // Every game of ann's, to a stranger (the rated one) and to ann (all).
  await call('GET /api/games/user/{username}', { params: { username: 'ann' }, accept: 'application/x-ndjson' });
  await call('GET /api/games/user/{username}', { token: ann, params: { username: 'ann' }, accept: 'application/x-ndjson' });

  // The puzzles: the starter set's, to
  // anyone and to ann, whose token has every scope (puzzle:read and
  // puzzle:write among them).
  const daily = await call('GET /api/puzzle/daily');
  await call('GET /api/puzzle/{id}', { params: { id: daily.puzzle.id } });
  await call('GET /api/puzzle/{id}', { params: { id: 'nosuchpuzzle' }, status: 404 });
  const next = await call('GET /api/puzzle/next', { token: ann, query: '?angle=mix&difficulty=harder' });
  await call('GET /api/puzzle/next', { token: ann, query: '?difficulty=impossible', status: 400 });
  await call('GET /api/puzzle/next', { token: ann, query: '?angle=noSuchTheme', status: 404 });
  await call('GET /api/puzzle/batch/{angle}', { token: ann, params: { angle: 'mix' }, query: '?nb=5' });
  await call('GET /api/puzzle/batch/{angle}', { token: ann, params: { angle: 'mateIn1' } });
  await call('GET /api/puzzle/batch/{angle}', { params: { angle: 'mix' }, query: '?nb=1' }); // a stranger: near 1500
  const result = { solutions: [{ id: next.puzzle.id, win: true, rated: true }] };
  await call('POST /api/puzzle/batch/{angle}', { params: { angle: 'mix' }, json: result, status: 401 }); // no one's
  const solved = await call('POST /api/puzzle/batch/{angle}', { token: ann, params: { angle: 'mix' }, query: '?nb=3', json: result });
  assert.equal(solved.rounds[0].id, next.puzzle.id);
  assert.ok(solved.rounds[0].ratingDiff > 0, `a rated first win: ${JSON.stringify(solved.rounds)}`);
  const again = await call('POST /api/puzzle/batch/{angle}', { token: ann, params: { angle: 'mix' }, json: result });
  assert.equal(again.rounds[0].ratingDiff, 0, 'a second attempt rates nothing');
  await call('POST /api/puzzle/batch/{angle}', { token: ann, params: { angle: 'mix' }, json: { solutions: [{ id: next.puzzle.id }] }, status: 400 });
  const activity = await call('GET /api/puzzle/activity', { token: ann, query: '?max=10' });
  assert.equal(activity.length, 1);
  await call('GET /api/puzzle/activity', { status: 401 });

  // An arena: Ann makes one starting now, Ann and bob join it, the
  // director pairs them, each moves and Black resigns; the list, the
  // arena, its results and games, as lichess's tournament clients read
  // them.
  const arenaForm = { name: 'Contract', clockTime: '3', clockIncrement: '2', minutes: '20', waitMinutes: '0', variant: 'standard' };
  await call('POST /api/tournament', { json: arenaForm, status: 401 }); // signed out (a form without a token is refused as cross-site: 403)
  await call('POST /api/tournament', { token: ann, form: { ...arenaForm, clockTime: 'soon' }, status: 400 });
  const arena = await call('POST /api/tournament', { token: ann, form: arenaForm });
  await call('POST /api/tournament/{id}/join', { token: ann, params: { id: arena.id }, form: {} });
  await call('POST /api/tournament/{id}/join', { token: bob, params: { id: arena.id }, form: {} });
  await call('POST /api/tournament/{id}/join', { params: { id: arena.id }, json: {}, status: 401 });
  let full;
  for (const deadline = Date.now() + 10000; Date.now() < deadline; await new Promise(r => setTimeout(r, 100))) {
    full = await call('GET /api/tournament/{id}', { params: { id: arena.id }, record: false });
    if (full.duels.length === 1) break;
  }
  assert.equal(full.duels.length, 1, `Ann and bob paired: ${JSON.stringify(full)}`);
  const duel = full.duels[0];
  const [whiteToken, blackToken] = duel.p[0].n === 'Ann' ? [ann, bob] : [bob, ann];
  // White goes berserk before its first move (the arena allows it, as
  // lichess's default): half its 3 minutes, no increment; once is all.
  await call('POST /api/board/game/{gameId}/berserk', { token: whiteToken, params: { gameId: duel.id } });
  await call('POST /api/board/game/{gameId}/berserk', { token: whiteToken, params: { gameId: duel.id }, status: 409 });
  await call('POST /api/board/game/{gameId}/move/{move}', { token: whiteToken, params: { gameId: duel.id, move: 'e2e4' } });
  await call('POST /api/board/game/{gameId}/move/{move}', { token: blackToken, params: { gameId: duel.id, move: 'e7e5' } });
  await call('POST /api/board/game/{gameId}/resign', { token: blackToken, params: { gameId: duel.id } });
  for (const deadline = Date.now() + 10000; Date.now() < deadline; await new Promise(r => setTimeout(r, 100))) {
    full = await call('GET /api/tournament/{id}', { token: ann, params: { id: arena.id } });
    if (full.standing.players[0]?.score === 2) break;
  }
  assert.equal(full.standing.players[0].name, duel.p[0].n, 'the winner leads');
  assert.equal(full.standing.players[0].sheet.scores, '2');
  await call('GET /api/tournament');
  const results = await call('GET /api/tournament/{id}/results', { params: { id: arena.id } });
  assert.deepEqual(results.map(r => [r.rank, r.score]), [[1, 2], [2, 0]]);
  const games = await call('GET /api/tournament/{id}/games', { params: { id: arena.id }, accept: 'application/x-ndjson' });
  assert.deepEqual(games.map(g => g.id), [duel.id]);
  await call('POST /api/tournament/{id}/withdraw', { token: bob, params: { id: arena.id }, form: {} });
  await call('GET /api/tournament/{id}', { params: { id: 'nosucharena' }, status: 404 });

  // A Swiss event (Gambit has no teams: any teamId): Ann makes one of
  // three rounds, Ann and bob join it, bob withdraws; the event, its
  // results, games and TRF file.
  const swissForm = { name: 'Contract', 'clock.limit': '180', 'clock.increment': '2', nbRounds: '3', startsAt: String(Date.now() + 60000), roundInterval: '10', variant: 'standard' };
  const swiss = await call('POST /api/swiss/new/{teamId}', { token: ann, params: { teamId: '-' }, form: swissForm });
  await call('POST /api/swiss/new/{teamId}', { token: ann, params: { teamId: '-' }, form: { ...swissForm, nbRounds: 'many' }, status: 400 });
  await call('POST /api/swiss/{id}/join', { token: ann, params: { id: swiss.id }, form: {} });
  await call('POST /api/swiss/{id}/join', { token: bob, params: { id: swiss.id }, form: {} });
  const shown = await call('GET /api/swiss/{id}', { params: { id: swiss.id } });
  assert.equal(shown.nbPlayers, 2);
  await call('GET /api/swiss/{id}/results', { params: { id: swiss.id } });
  await call('GET /api/swiss/{id}/games', { params: { id: swiss.id }, accept: 'application/x-ndjson' });
  const trf = await fetch(`${server.url}/swiss/${swiss.id}.trf`);
  const trfText = await trf.text();
  assert.equal(trf.status, 200, trfText);
  assert.match(trfText, /^012 Contract/m);
  records.push({ route: 'GET /swiss/{id}.trf', status: 200, type: 'text/plain', value: undefined }); // a file, not JSON
  await call('POST /api/swiss/{id}/withdraw', { token: bob, params: { id: swiss.id }, form: {} });

  await call('GET /api/account', { status: 401 });
  await call('DELETE /api/token', { token: bob, status: 204 });
  await call('GET /api/account', { token: bob, status: 401, record: false });
}, { timeout: 60000 });

test('the contract test requested every lichess route Gambit serves, and its answers type-check against lichess\'s', () => {
  const served = routes.filter(r => r.gambit === 'tested' || r.gambit?.startsWith('own:')).map(r => r.route);
  const requested = new Set(records.map(r => r.route));
  assert.deepEqual(served.filter(r => !requested.has(r)), [], 'lichess routes Gambit serves (lichess-routes.json) that the test did not request');
  assert.deepEqual([...requested].filter(r => !served.includes(r)), [], 'routes requested that lichess-routes.json does not mark served');

  const checks = [];
  const counts = {};
  for (const rec of records) {
    const r = byRoute.get(rec.route);
    if (r.gambit.startsWith('own:') || rec.value === undefined) continue;
    const n = (counts[r.operation] = (counts[r.operation] ?? 0) + 1);
    const name = `${r.operation}_${n}`;
    const base = { route: rec.route, value: rec.value, loose: looseFor(rec) };
    const op = JSON.stringify(r.operation);
    if (rec.status >= 400) {
      checks.push({ ...base, name, what: `${rec.status} error`,
        target: `ErrorBody<${op}, ${rec.status}>` });
      continue;
    }
    const schema = rec.type === 'application/x-ndjson' ? lineSchema[rec.value?.type] : undefined;
    const what = schema ? `${rec.value.type} line` : rec.type === 'application/x-ndjson' ? 'NDJSON line' : `${rec.status} answer`;
    // A line of a known type is checked against its own schema, as the
    // member of the operation's union it is (never, so refused, where the
    // operation's lines have no such member); any other answer against
    // the operation's.
    const body = `Body<${op}, ${rec.status}, ${JSON.stringify(rec.type)}>`;
    const target = schema ? `Extract<${body}, Schemas[${JSON.stringify(schema)}]>` : rec.type === 'application/x-ndjson' ? `Line<${body}>` : body;
    checks.push({ ...base, name, what, target });
  }
  const diagnostics = typeCheck(checks);
  assert.deepEqual(diagnostics, [], `answers that are not lichess's shape (e2e/artifacts/lichess-contract.ts):\n${diagnostics.join('\n')}`);
});
