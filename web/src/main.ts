// Gambit's web UI: the start page with the new-game dialog and recent games,
// and the game page (play.ts). Routes: / and /game/{id}.

import 'chessground/assets/chessground.base.css';
import 'chessground/assets/chessground.brown.css';
import 'chessground/assets/chessground.cburnett.css';
import './style.css';
import { createGame, failureText, finished, listGames, listVariants, Summary } from './api';
import { Lobby } from './lobby';
import { currentAccount, refreshAccount, showAccountPage } from './account';
import { showProfile } from './profile';
import { Play } from './play';
import { installGlyphPieces } from './pieces';
import { applySettings, loadSettings, saveSettings, saveTicket } from './settings';
import { Sounds } from './sound';
import { ago, applyTexts, chooseLanguage, language, languages, plural, setLanguage, t } from './i18n';
import { VariantUI, botName, setRegistry, sideName, termName, variantOf, variants } from './variants';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const settings = loadSettings();

// The language: ?lang=zh-TW, else the one picked in the settings, else the
// browser's (i18n.ts chooseLanguage); chosen before any text is written.
setLanguage(chooseLanguage({ search: location.search, saved: settings.lang, browser: navigator.languages ?? [navigator.language] }));
document.documentElement.lang = language();
const sounds = new Sounds();
let play: Play | undefined;
let lobby: Lobby | undefined;

function route() {
  play?.destroy();
  play = undefined;
  lobby?.stop();
  lobby = undefined;
  const m = location.pathname.match(/^\/game\/([a-z0-9]+)$/);
  const accountPage = location.pathname === '/account';
  const profile = location.pathname.match(/^\/@\/([A-Za-z0-9_-]{1,20})$/);
  $('home').hidden = !!m || accountPage || !!profile;
  $('play').hidden = !m;
  $('account').hidden = !accountPage;
  $('profile').hidden = !profile;
  document.title = t('title.home'); // the game page names its game once it knows it
  if (profile) {
    void showProfile(profile[1]);
  } else if (accountPage) {
    void showAccountPage(go);
  } else if (m) {
    play = new Play(m[1], { newGame: openNewGame, go, sounds });
  } else {
    void showRecent();
    lobby = new Lobby({ go });
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
    ul.textContent = t('recent.loadFailed', { error: failureText(e) });
    return;
  }
  ul.textContent = '';
  if (games.length === 0) ul.appendChild(Object.assign(document.createElement('li'), { className: 'empty', textContent: t('recent.none') }));
  for (const g of games) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `/game/${g.id}`;
    a.dataset.link = '';
    const v = variantOf(g.variant);
    // Against the computer the person is "You"; on one screen and online
    // the list cannot tell whose is which seat: it names the sides.
    const who = (c: 'white' | 'black') => (g.seats[c].kind === 'bot' ? botName(v, g.seats[c]) : g.mode === 'computer' ? t('player.you.short') : sideName(v, c, true));
    const over = finished(g.status);
    a.innerHTML = '<span class="who"></span><span class="res"></span><span class="act"></span>';
    a.querySelector('.act')!.textContent = t(over || !g.yours ? 'recent.review' : 'recent.resume');
    let players = t('recent.players', { white: who('white'), black: who('black') });
    if (g.mode === 'online') players = t('recent.online', { players });
    a.querySelector('.who')!.textContent = v.tag ? t('recent.tagged', { tag: v.tag, players }) : players;
    const state = over ? `${g.result}${g.termination ? ' · ' + termName(v, g.termination) : ''}` : plural('recent.inPlay', g.plies);
    a.querySelector('.res')!.textContent = [g.timeControl, state, ago(Date.parse(g.updatedAt))].filter(Boolean).join(' · ');
    li.appendChild(a);
    ul.appendChild(li);
  }
}

// The new-game dialog. The levels are the chosen variant's, as the server
// registers them; the one chosen stays when the next variant has it too.
function fillLevels(v: VariantUI) {
  const sel = $<HTMLSelectElement>('level');
  const keep = sel.value || 'beginner';
  const list = v.levels;
  if ([...sel.options].map(o => o.value).join() === list.map(l => l.name).join()) return;
  sel.textContent = '';
  for (const l of list) sel.add(new Option(l.label, l.name));
  sel.value = list.some(l => l.name === keep) ? keep : list[0]?.name ?? ''; // each variant has its own levels
}

// fillVariants offers every variant in the new-game dialog, the first chosen.
function fillVariants() {
  const box = $('variants');
  variants().forEach((v, i) => {
    const input = Object.assign(document.createElement('input'), { type: 'radio', name: 'variant', value: v.name, checked: i === 0 });
    const label = document.createElement('label');
    label.append(input, ' ' + v.label);
    box.appendChild(label);
  });
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
  // One screen holds both sides; against the computer and online one picks a side.
  for (const el of form.querySelectorAll<HTMLElement>('.color-choice')) el.hidden = mode === 'local';
  for (const el of form.querySelectorAll<HTMLElement>('.online-only')) el.hidden = mode !== 'online';
  $('rated-choice').hidden = mode !== 'online' || !currentAccount(); // a rated game is between two accounts
  const v = variantOf((form.elements.namedItem('variant') as RadioNodeList).value);
  fillLevels(v);
  form.querySelector('.first-side')!.textContent = sideName(v, 'white');
  $('setup-label').textContent = t(v.setup.label);
  // The chosen variant's rules: a few words, and in full behind "Rules".
  $('variant-help').textContent = v.help ?? '';
  $('variant-rules').hidden = !v.rules;
  $('variant-rules-title').textContent = t('dialog.rules');
  $('variant-rules-text').textContent = v.rules ?? '';
  (form.elements.namedItem('setup') as HTMLTextAreaElement).placeholder = t(v.setup.placeholder);
}

// clockOf reads the dialog's time control: correspondence (days per move,
// online only) before a clock, and none when neither is ticked.
function clockOf(f: FormData, mode: string) {
  if (mode === 'online' && f.get('correspondence')) return { days: Number(f.get('days')) };
  if (f.get('timed')) return { minutes: Number(f.get('minutes')), increment: Number(f.get('increment')) };
  return null;
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
      variant: variantOf(String(f.get('variant'))).name,
      color: mode !== 'local' ? String(f.get('color')) : undefined,
      level: mode === 'computer' ? String(f.get('level')) : undefined,
      clock: clockOf(f, mode),
      setup: String(f.get('setup') ?? ''),
      lobby: mode === 'online' && f.get('lobby') ? true : undefined,
      rated: mode === 'online' && f.get('rated') ? true : undefined,
    });
    saveTicket(g.id, { color: mode === 'local' ? 'white' : g.color });
    (form.elements.namedItem('setup') as HTMLTextAreaElement).value = ''; // a pasted position is for one game
    $<HTMLDialogElement>('new-dialog').close();
    go(`/game/${g.id}`);
  } catch (err) {
    const p = $('new-error');
    p.textContent = failureText(err);
    p.hidden = false;
  }
}

// Settings.
function bindSettings() {
  const board = $<HTMLSelectElement>('set-board');
  const pieces = $<HTMLSelectElement>('set-pieces');
  const sound = $<HTMLInputElement>('set-sound');
  const langSel = $<HTMLSelectElement>('set-language');
  langSel.add(new Option(t('language.auto'), 'auto'));
  for (const l of languages) {
    const o = new Option(l.name, l.lang);
    o.lang = l.lang; // each language named in itself
    langSel.add(o);
  }
  langSel.value = languages.some(l => l.lang === settings.lang) ? settings.lang : 'auto';
  // Another language rewords the whole page: it is loaded again in it (a
  // game's state is the server's), without a ?lang that would override it.
  langSel.onchange = () => {
    settings.lang = langSel.value;
    saveSettings(settings);
    const u = new URL(location.href);
    u.searchParams.delete('lang');
    location.replace(u.href);
  };
  const sync = () => {
    applySettings(settings);
    sounds.enabled = settings.sound;
    $('btn-sound').textContent = t(settings.sound ? 'sound.on' : 'sound.off');
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

// loadRegistry asks the server which variants it plays; without an answer
// the page offers chess alone (and the server says the rest when it can).
async function loadRegistry() {
  try {
    setRegistry(await listVariants());
  } catch {
    setRegistry([]);
  }
}

async function init() {
  $('no-bundle').hidden = true;
  applyTexts(document);
  installGlyphPieces();
  bindSettings();
  await Promise.all([loadRegistry(), refreshAccount()]);
  fillVariants();
  fillLevels(variantOf());
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

void init();
