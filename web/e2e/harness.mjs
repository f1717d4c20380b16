// Test harness: a real `gambit serve` on a free local port with a temp data
// directory, and Debian's Chromium driven by playwright-core.
import { spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const bin = process.env.GAMBIT_BIN || join(here, '..', '..', 'bin', 'gambit');
export const artifacts = join(here, 'artifacts');

// openApp registers hooks that start a real server and a browser page on it
// before a test file's tests and stop both after them. It returns the shared
// state: { server, browser, page, troubles, allowTrouble, newPerson }, filled
// once the before hook has run.
//
// Every test fails if the page logged a console error, threw, or had a
// request fail or answered 4xx/5xx (a missing favicon included), unless the
// test declared that trouble expected with app.allowTrouble(regexp), as the
// server-restart test does for the dropped connection.
//
// app.newPerson(label) opens a page for another person: a browser context of
// its own (cookies and storage apart from app.page's and every other's),
// watched for trouble like app.page, its lines prefixed with the label. It
// lasts until the end of the test, or until app.leave(page) closes it;
// options are the context's (playwright's newContext: { locale: 'zh-TW' }).
// options.detectEngines lets the server find Debian's stockfish and
// fairy-stockfish by themselves (off by default: the other tests see the
// built-in levels only).
export function openApp(options = {}) {
  const app = { troubles: [], allowed: [], people: [] };
  app.allowTrouble = re => app.allowed.push(re);
  app.newPerson = async (label, options = {}) => {
    app.others ??= await chromium.launch(browserOptions);
    const person = { ctx: await app.others.newContext({ viewport, ...options }), quiet: false };
    person.page = await person.ctx.newPage();
    watchTroubles(person.page, app.troubles, label, () => person.quiet);
    app.people.push(person);
    return person.page;
  };
  app.leave = async page => {
    const i = app.people.findIndex(p => p.page === page);
    const [person] = app.people.splice(i, 1);
    person.quiet = true; // a closing page drops its connections: no trouble
    await person.ctx.close();
  };
  before(async () => {
    app.server = new Server(undefined, options);
    await app.server.start();
    app.browser = await launch();
    app.page = app.browser.ctx.pages()[0] ?? await app.browser.ctx.newPage();
    watchTroubles(app.page, app.troubles);
    await app.page.goto(app.server.url);
  });
  beforeEach(() => { app.allowed = []; });
  afterEach(async () => {
    const unexpected = app.troubles.filter(t => !app.allowed.some(re => re.test(t)));
    app.troubles.length = 0;
    for (const p of app.people.splice(0)) {
      p.quiet = true; // a closing page drops its connections: no trouble
      await p.ctx.close();
    }
    assert.deepEqual(unexpected, [], 'console errors or failed requests on the page');
  });
  after(async () => {
    // A browser that does not close (seen under load after a walk) must not
    // hold the file's run: each close has its time, and node's test runner
    // exits at the end (--test-force-exit in the Makefile).
    await closeWithin(app.others, 'the other people\'s browser');
    await closeWithin(app.browser, 'the browser');
    await app.server?.stop();
    app.server?.cleanup();
  });
  return app;
}

// closeWithin closes what (a browser or a context holder with close()),
// giving up after 20 s with a note on stderr rather than hanging the run.
async function closeWithin(what, name) {
  if (!what) return;
  let timer;
  const late = new Promise(resolve => { timer = setTimeout(() => resolve('late'), 20000); });
  const done = await Promise.race([what.close().then(() => 'closed'), late]);
  clearTimeout(timer);
  if (done === 'late') console.error(`e2e: ${name} did not close within 20 s; left to the runner's exit`);
}

// watchTroubles records, as one line each, everything on a page that a user's
// browser console would show as wrong; label (a person's) starts each line,
// and nothing is recorded while quiet() says so.
export function watchTroubles(page, troubles, label = '', quiet = () => false) {
  const note = text => { if (!quiet()) troubles.push(label ? `${label}: ${text}` : text); };
  page.on('console', m => { if (m.type() === 'error') note(`console error: ${m.text()}`); });
  page.on('pageerror', e => note(`page error: ${e.message}`));
  // A request cut short by a navigation (a test's goto while the lobby
  // polls, a reload) is aborted: the browser shows the user nothing.
  page.on('requestfailed', r => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') note(`request failed: ${r.method()} ${r.url()}: ${r.failure()?.errorText}`);
  });
  page.on('response', r => { if (r.status() >= 400) note(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`); });
}

// Server runs gambit serve; restart keeps the port and the data directory.
// args, when given, replace --data DIR (a node of a cluster: --db, --nats);
// engines are looked for only with detectEngines.
export class Server {
  // extra are further flags of gambit serve.
  constructor(args, { detectEngines = false, extra = [] } = {}) {
    this.data = mkdtempSync(join(tmpdir(), 'gambit-e2e-'));
    this.addr = '127.0.0.1:0';
    this.args = [...(args ?? ['--data', this.data]), ...extra, ...(detectEngines ? [] : ['--no-engine-detect'])];
    this.startTimeout = detectEngines ? 60000 : 15000; // the engines shake hands first
  }

  async start() {
    this.proc = spawn(bin, ['serve', '--addr', this.addr, ...this.args], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc.stderr.on('data', d => { if (process.env.E2E_VERBOSE) process.stderr.write(d); });
    this.url = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error('gambit serve did not start: ' + out)), this.startTimeout);
      this.proc.stdout.on('data', d => {
        out += d;
        const m = out.match(/serving on (http:\/\/\S+)/);
        if (m) { clearTimeout(timer); resolve(m[1]); }
      });
      this.proc.on('exit', code => reject(new Error(`gambit serve exited with ${code}: ${out}`)));
    });
    this.addr = new URL(this.url).host; // restart on the same port
    return this.url;
  }

  async stop() {
    if (!this.proc || this.proc.exitCode !== null) return;
    const exited = new Promise(r => this.proc.once('exit', r));
    this.proc.kill('SIGTERM');
    await exited;
  }

  async restart() {
    await this.stop();
    await this.start();
  }

  cleanup() { rmSync(this.data, { recursive: true, force: true }); }
}

// TcpProxy is a TCP relay to a server that can cut the line: cut drops every
// connection through it and refuses new ones until restore, as a player's
// network going down and coming back. Pages opened at proxy.url reach the
// server through it.
export class TcpProxy {
  constructor(target) {
    this.target = new URL(target);
    this.sockets = new Set();
  }

  async start(port = 0) {
    this.server = createServer(client => this.relay(client));
    await new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    this.port = this.server.address().port;
    this.url = `http://127.0.0.1:${this.port}`;
    return this.url;
  }

  relay(client) {
    const upstream = connect(Number(this.target.port), this.target.hostname);
    for (const [a, b] of [[client, upstream], [upstream, client]]) {
      this.sockets.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => { this.sockets.delete(a); b.destroy(); });
    }
  }

  // cut drops every connection and stops listening: new ones are refused.
  async cut() {
    const closed = new Promise(r => this.server.close(r));
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }

  // restore listens again on the same port.
  async restore() { await this.start(this.port); }

  async stop() {
    if (this.server?.listening) await this.cut();
  }
}

const viewport = { width: 1100, height: 800 };
const browserOptions = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

// launch starts Chromium with a fresh profile.
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'gambit-chromium-'));
  const ctx = await chromium.launchPersistentContext(profile, { ...browserOptions, viewport });
  return { ctx, close: async () => { await ctx.close(); rmSync(profile, { recursive: true, force: true }); } };
}

// square returns the page coordinates of a square's centre on the board.
export async function squarePoint(page, key) {
  const box = await page.locator('#board').boundingBox();
  const black = await page.locator('#board.orientation-black').count() > 0;
  let file = key.charCodeAt(0) - 97;
  let rank = Number(key[1]) - 1;
  if (black) { file = 7 - file; rank = 7 - rank; }
  const size = box.width / 8;
  return { x: box.x + (file + 0.5) * size, y: box.y + (7 - rank + 0.5) * size };
}

// pointPoint returns the page coordinates of a xiangqi point ("e0": file a-i
// from Red's left, rank 0-9 from Red's side) on the xiangqi board.
export async function pointPoint(page, key) {
  const box = await page.locator('#xboard').boundingBox();
  const black = await page.locator('#xboard.orientation-black').count() > 0;
  let x = key.charCodeAt(0) - 97;
  let y = 9 - Number(key.slice(1));
  if (black) { x = 8 - x; y = 9 - y; }
  return { x: box.x + (x + 0.5) * box.width / 9, y: box.y + (y + 0.5) * box.height / 10 };
}

export async function clickPoint(page, key) {
  const p = await pointPoint(page, key);
  await page.mouse.click(p.x, p.y);
}

// xiangqiMove plays an ICCS move by clicking both points and waits for the server.
export async function xiangqiMove(page, iccs) {
  const before = await page.locator('#moves .san:not(.empty)').count();
  await clickPoint(page, iccs.slice(0, 2));
  await clickPoint(page, iccs.slice(2, 4));
  await waitMoves(page, before + 1);
}

export async function clickSquare(page, key) {
  const p = await squarePoint(page, key);
  await page.mouse.click(p.x, p.y);
}

// move plays orig→dest by clicking both squares, then waits for the server
// to acknowledge it in the move list.
export async function move(page, uci) {
  const before = await page.locator('#moves .san:not(.empty)').count();
  await clickSquare(page, uci.slice(0, 2));
  await clickSquare(page, uci.slice(2, 4));
  await waitMoves(page, before + 1);
}

export async function waitMoves(page, n) {
  await page.waitForFunction(n => document.querySelectorAll('#moves .san:not(.empty)').length >= n, n, { timeout: 15000 });
}

export async function sans(page) {
  return page.locator('#moves .san:not(.empty)').allTextContents();
}

// newGame fills in the new-game dialog and waits for the game page.
export async function newGame(page, { mode = 'local', color = 'white', level = 'greedy', setup = '', timed = false, variant = 'chess',
  minutes = 5, increment = 3, lobby = false, ruleSet = '' } = {}) {
  for (const d of await page.locator('dialog[open]').all()) await d.evaluate(el => el.close());
  const before = new URL(page.url()).pathname;
  await page.click('#btn-new-top');
  await page.check(`input[name=variant][value=${variant}]`);
  await page.check(`input[name=mode][value=${mode}]`);
  if (mode !== 'local') await page.check(`input[name=color][value=${color}]`);
  if (mode === 'computer') await page.selectOption('#level', level);
  if (mode === 'online') await page.setChecked('input[name=lobby]', lobby);
  await page.setChecked('#timed', timed);
  if (timed) {
    await page.fill('input[name=minutes]', String(minutes));
    await page.fill('input[name=increment]', String(increment));
  }
  if (ruleSet) await page.selectOption('#ruleset', ruleSet);
  await page.fill('textarea[name=setup]', setup);
  await page.click('#btn-start');
  await page.waitForURL(u => u.pathname !== before && u.pathname.startsWith('/game/'));
  await page.waitForFunction(() => document.body.dataset.game === location.pathname.split('/').pop());
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// axe runs axe-core on the page as it is (an open modal dialog makes the
// rest inert, as for a person) and returns its serious and critical
// violations, one line each: what is wrong, and where.
export async function axe(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource); // evaluated, not a <script>: the CSP allows none
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
      .map(v => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(' | ')}`);
  });
}

// signUp makes an account on page through the account page of the server
// at url, and waits until the page's navigation shows it signed in.
export async function signUp(page, url, username, password) {
  await page.goto(`${url}/account`);
  await page.waitForSelector('#signup-form');
  await accountForm(page, '#signup-form', username, password);
}

// logIn signs page in from the account page's sign-in form (the page
// already showing it, or opened at url/account), waiting as signUp does.
export async function logIn(page, url, username, password) {
  if (!(await page.isVisible('#login-form'))) {
    await page.goto(`${url}/account`);
    await page.waitForSelector('#login-form');
  }
  await accountForm(page, '#login-form', username, password);
}

// inviteRated makes, from the new-game dialog of a signed-in page, a rated
// 5+3 chess invite in which the page plays white, and returns its link
// and the game's id.
export async function inviteRated(page) {
  await page.click('#btn-new-top');
  await page.check('input[name=variant][value=chess]');
  await page.check('input[name=mode][value=online]');
  await page.check('input[name=color][value=white]');
  await page.waitForSelector('#rated-choice:not([hidden])');
  await page.check('input[name=rated]');
  await page.setChecked('#timed', true);
  await page.fill('input[name=minutes]', '5');
  await page.fill('input[name=increment]', '3');
  await page.click('#btn-start');
  await page.waitForSelector('#invite:not([hidden])');
  const link = await page.inputValue('#invite-link');
  return { link, id: new URL(link).pathname.split('/').pop() };
}

// accountForm fills and sends the form of a username and password, then
// waits for the navigation to name the (lower-cased) account.
async function accountForm(page, form, username, password) {
  await page.fill(`${form} input[name=username]`, username);
  await page.fill(`${form} input[name=password]`, password);
  await page.click(`${form} button`);
  await page.waitForFunction(n => document.getElementById('nav-account')?.textContent === n, username.toLowerCase());
}
