// A bot written against Gambit's lichess-style API alone, as a program
// elsewhere would be: fetch and NDJSON, nothing of Gambit's code and no
// chess library. It signs up, makes a token (POST /api/token), becomes a
// bot (POST /api/bot/account/upgrade), keeps its event stream open (which
// lists it in GET /api/bot/online), accepts the challenges it likes and
// declines the others with lichess's reasons, streams each game it plays,
// greets its opponent in the chat and plays a scripted line: its next
// move is looked up by the moves played so far, as the game's states
// give them (gameFull, gameState).

// ApiBot is one bot on the server at base.
export class ApiBot {
  // script maps the moves so far ("f2f3 e7e5 g2g4", "" at the start) to the
  // bot's reply; decline says why a challenge is refused (a lichess reason:
  // "standard", "rated", …), or nothing to accept it; greeting is its first
  // line in each game's chat.
  constructor(base, { name, password = 'long enough pass', script = {}, decline = () => undefined, greeting = '' }) {
    Object.assign(this, { base, name, password, script, decline, greeting });
    this.id = name.toLowerCase();
    this.abort = new AbortController();
    this.games = new Set();
    this.log = []; // what it did, for a failing test to show
  }

  // start makes the account and the bot, and returns once its event
  // stream is open (the bot is online from then on).
  async start() {
    await this.call('POST', '/api/signup', { json: { username: this.name, password: this.password } }, 201);
    const { token } = await this.call('POST', '/api/token', { json: { username: this.name, password: this.password, description: 'e2e bot' } });
    this.token = token;
    await this.call('POST', '/api/bot/account/upgrade', {});
    const events = await this.stream('/api/stream/event');
    void this.follow(events, e => this.onEvent(e));
  }

  stop() { this.abort.abort(); }

  // call sends a request with the token and returns its JSON; a status
  // other than want throws.
  async call(method, path, { json, form } = {}, want = 200) {
    const headers = {};
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    let body;
    if (json) { headers['Content-Type'] = 'application/json'; body = JSON.stringify(json); }
    if (form) { headers['Content-Type'] = 'application/x-www-form-urlencoded'; body = new URLSearchParams(form).toString(); }
    const res = await fetch(this.base + path, { method, headers, body, signal: this.abort.signal });
    const text = await res.text();
    if (res.status !== want) throw new Error(`${this.name}: ${method} ${path} = ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  // stream opens an NDJSON stream and returns its response.
  async stream(path) {
    const res = await fetch(this.base + path, { headers: { Authorization: `Bearer ${this.token}` }, signal: this.abort.signal });
    if (res.status !== 200) throw new Error(`${this.name}: GET ${path} = ${res.status} ${await res.text()}`);
    return res;
  }

  // follow reads res's lines, one JSON value each (an empty line keeps the
  // stream alive), until it ends or the bot stops.
  async follow(res, onLine) {
    const text = new TextDecoder();
    let rest = '';
    try {
      for await (const chunk of res.body) {
        const lines = (rest + text.decode(chunk, { stream: true })).split('\n');
        rest = lines.pop();
        for (const line of lines) if (line.trim()) await onLine(JSON.parse(line));
      }
    } catch (e) {
      if (!this.abort.signal.aborted) this.log.push(`stream cut: ${e.message}`);
    }
  }

  async onEvent(e) {
    this.log.push(`event ${e.type} ${e.challenge?.id ?? e.game?.gameId ?? ''}`);
    try {
      if (e.type === 'challenge' && e.challenge.destUser?.id === this.id) {
        const reason = this.decline(e.challenge);
        if (reason) await this.call('POST', `/api/challenge/${e.challenge.id}/decline`, { form: { reason } });
        else await this.call('POST', `/api/challenge/${e.challenge.id}/accept`, {});
      }
      if (e.type === 'gameStart' && !this.games.has(e.game.gameId)) {
        this.games.add(e.game.gameId);
        void this.play(e.game.gameId);
      }
    } catch (err) {
      if (!this.abort.signal.aborted) this.log.push(`event failed: ${err.message}`);
    }
  }

  // play streams game id and answers each state where the script has a
  // reply to the moves so far (the colour it plays from gameFull).
  async play(id) {
    const res = await this.stream(`/api/bot/game/stream/${id}`);
    let color;
    await this.follow(res, async line => {
      let state = line;
      if (line.type === 'gameFull') {
        color = line.white?.id === this.id ? 'white' : 'black';
        state = line.state;
        if (this.greeting) await this.call('POST', `/api/bot/game/${id}/chat`, { form: { room: 'player', text: this.greeting } });
      }
      if (state?.type !== 'gameState' || state.status !== 'started') return;
      const moves = state.moves ? state.moves.split(' ') : [];
      if ((moves.length % 2 === 0) !== (color === 'white')) return; // the opponent's turn
      const reply = this.script[moves.join(' ')];
      this.log.push(`game ${id}: after "${moves.join(' ')}" plays ${reply ?? 'nothing'}`);
      if (reply) await this.call('POST', `/api/bot/game/${id}/move/${reply}`, {});
    });
  }
}
