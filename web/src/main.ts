// Gambit's web UI: the start page with the new-game dialog and recent games,
// and the game page (play.ts). Routes: / and /game/{id}.

import 'chessground/assets/chessground.base.css';
import 'chessground/assets/chessground.brown.css';
import 'chessground/assets/chessground.cburnett.css';
import './style.css';
import { createGame, finished, levels, listGames, Summary, Variant } from './api';
import { Play } from './play';
import { installGlyphPieces } from './pieces';
import { applySettings, loadSettings, loadTickets, saveSettings, saveTicket } from './settings';
import { Sounds } from './sound';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const settings = loadSettings();
const sounds = new Sounds();
let play: Play | undefined;

function route() {
  play?.destroy();
  play = undefined;
  const m = location.pathname.match(/^\/game\/([a-z0-9]+)$/);
  $('home').hidden = !!m;
  $('play').hidden = !m;
  if (m) {
    play = new Play(m[1], { newGame: openNewGame, sounds });
  } else {
    void showRecent();
  }
}

function go(path: string) {
  history.pushState(null, '', path);
  route();
}

async function showRecent() {
  const ul = $('recent');
  let games: Summary[] = [];
  try {
    games = await listGames();
  } catch (e) {
    ul.textContent = `Could not load games: ${(e as Error).message}`;
    return;
  }
  ul.textContent = '';
  if (games.length === 0) ul.innerHTML = '<li class="empty">No games yet.</li>';
  const tickets = loadTickets();
  for (const g of games) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `/game/${g.id}`;
    a.dataset.link = '';
    const xiangqi = g.variant === 'xiangqi';
    const side = (c: 'white' | 'black') => (xiangqi && c === 'white' ? 'red' : c);
    const who = (c: 'white' | 'black') => (g.seats[c].kind === 'bot' ? g.seats[c].name ?? 'Computer' : g.mode === 'local' ? side(c) : 'You');
    const over = finished(g.status);
    const action = over || !tickets[g.id] ? 'Review' : 'Resume';
    a.innerHTML = `<span class="who"></span><span class="res"></span><span class="act">${action}</span>`;
    a.querySelector('.who')!.textContent = `${xiangqi ? 'Xiangqi · ' : ''}${who('white')} vs ${who('black')}`;
    const state = over ? `${g.result}${g.termination ? ' · ' + g.termination : ''}` : `in play · ${g.plies} ${g.plies === 1 ? 'move' : 'moves'} played`;
    a.querySelector('.res')!.textContent = [g.timeControl, state, ago(g.updatedAt)].filter(Boolean).join(' · ');
    li.appendChild(a);
    ul.appendChild(li);
  }
}

// ago says how long ago an ISO time was, roughly.
function ago(iso: string): string {
  const s = (Date.now() - Date.parse(iso)) / 1000;
  if (!(s >= 0)) return '';
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}

// The new-game dialog. The levels are the same in both games, labelled for each.
let levelsOf = '';
async function fillLevels(variant: Variant = 'chess') {
  if (levelsOf === variant) return;
  levelsOf = variant;
  const sel = $<HTMLSelectElement>('level');
  try {
    const list = await levels(variant);
    const keep = sel.value || 'beginner'; // read after the fetch: the user may have chosen meanwhile
    sel.textContent = '';
    for (const l of list) sel.add(new Option(l.label, l.name));
    sel.value = keep;
  } catch {
    if (sel.options.length === 0) sel.add(new Option('Greedy', 'greedy'));
  }
}

function openNewGame() {
  $('new-error').hidden = true;
  syncModeFields();
  $<HTMLDialogElement>('new-dialog').showModal();
}

function syncModeFields() {
  const form = $<HTMLFormElement>('new-form');
  const mode = (form.elements.namedItem('mode') as RadioNodeList).value;
  for (const el of form.querySelectorAll<HTMLElement>('.computer-only')) el.hidden = mode !== 'computer';
  const xiangqi = (form.elements.namedItem('variant') as RadioNodeList).value === 'xiangqi';
  void fillLevels(xiangqi ? 'xiangqi' : 'chess');
  form.querySelector('.first-side')!.textContent = xiangqi ? 'Red' : 'White';
  $('setup-label').textContent = xiangqi ? 'Start from a xiangqi FEN or PGN (optional)' : 'Start from FEN or PGN (optional)';
  (form.elements.namedItem('setup') as HTMLTextAreaElement).placeholder = xiangqi
    ? 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 or 1. 炮二平五 馬８进７'
    : 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 or 1. e4 e5 2. Nf3';
}

async function startGame(e: SubmitEvent) {
  const form = $<HTMLFormElement>('new-form');
  if ((e.submitter as HTMLButtonElement | null)?.value !== 'start') return;
  e.preventDefault();
  const f = new FormData(form);
  const mode = String(f.get('mode'));
  try {
    const g = await createGame({
      mode,
      variant: f.get('variant') === 'xiangqi' ? 'xiangqi' : 'chess',
      color: mode === 'computer' ? String(f.get('color')) : undefined,
      level: mode === 'computer' ? String(f.get('level')) : undefined,
      clock: f.get('timed') ? { minutes: Number(f.get('minutes')), increment: Number(f.get('increment')) } : null,
      setup: String(f.get('setup') ?? ''),
    });
    saveTicket(g.id, { token: g.token, color: mode === 'local' ? 'white' : g.color });
    (form.elements.namedItem('setup') as HTMLTextAreaElement).value = ''; // a pasted position is for one game
    $<HTMLDialogElement>('new-dialog').close();
    go(`/game/${g.id}`);
  } catch (err) {
    const p = $('new-error');
    p.textContent = (err as Error).message;
    p.hidden = false;
  }
}

// Settings.
function bindSettings() {
  const board = $<HTMLSelectElement>('set-board');
  const pieces = $<HTMLSelectElement>('set-pieces');
  const sound = $<HTMLInputElement>('set-sound');
  const sync = () => {
    applySettings(settings);
    sounds.enabled = settings.sound;
    $('btn-sound').textContent = settings.sound ? '♪ on' : '♪ off';
    board.value = settings.board;
    pieces.value = settings.pieces;
    sound.checked = settings.sound;
  };
  const save = () => {
    settings.board = board.value;
    settings.pieces = pieces.value;
    settings.sound = sound.checked;
    saveSettings(settings);
    sync();
  };
  board.onchange = pieces.onchange = sound.onchange = save;
  $('btn-settings').onclick = () => $<HTMLDialogElement>('settings-dialog').showModal();
  $('btn-sound').onclick = () => { sound.checked = !settings.sound; save(); };
  sync();
}

function init() {
  $('no-bundle').hidden = true;
  installGlyphPieces();
  bindSettings();
  void fillLevels();
  $('btn-new-top').onclick = $('btn-new-home').onclick = openNewGame;
  $('new-form').onchange = syncModeFields;
  $('new-form').onsubmit = e => void startGame(e as SubmitEvent);
  $<HTMLDialogElement>('over-dialog').onclose = () => {
    if ($<HTMLDialogElement>('over-dialog').returnValue === 'new') openNewGame();
  };
  document.addEventListener('click', e => {
    const a = (e.target as HTMLElement).closest('a[data-link]') as HTMLAnchorElement | null;
    if (a && !e.metaKey && !e.ctrlKey) {
      e.preventDefault();
      go(a.pathname);
    }
  });
  window.onpopstate = route;
  route();
}

init();
