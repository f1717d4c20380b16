// Gambit's web UI: the start page with the new-game dialog and recent games,
// the game page (play.ts) and the analysis board (analysis/view.ts).
// Routes: /, /game/{id}, /analysis, /account, /@/{name}, /leaderboard,
// /bots (bots/view.ts), /training (the puzzles: training/view.ts) and
// /tournament, /tournament/{id} (arena tournaments: tournament/list.ts,
// tournament/view.ts), /swiss/{id} (a Swiss event: swiss/view.ts).

import 'chessground/assets/chessground.base.css';
import 'chessground/assets/chessground.brown.css';
import 'chessground/assets/chessground.cburnett.css';
import './style.css';
import { APIError, createGame, failureText, finished, listGames, listMine, listVariants, Summary } from './api';
import { Lobby } from './lobby';
import { currentAccount, refreshAccount, showAccountPage } from './account';
import { showProfile } from './profile';
import { showLeaderboard } from './leaderboard';
import { BotsPage } from './bots/view';
import { TrainingPage } from './training/view';
import { TournamentPage } from './tournament/view';
import { TournamentListPage } from './tournament/list';
import { SwissPageView } from './swiss/view';
import { Play } from './play';
import { Analysis, sourceOf } from './analysis/view';
import { installGlyphPieces } from './pieces';
import { openingNodes } from './opening';
import { heldGameText, levelGroups, levelHelp } from './levels';
import { RecentLists, playersLine, playersParts, splitRecent, standing, youAt } from './recent';
import { titledName } from './title';
import { applySettings, loadSettings, loadTickets, saveSettings, saveTicket } from './settings';
import { Sounds } from './sound';
import { Key, ago, applyTexts, chooseLanguage, language, languages, plural, script, setLanguage, t } from './i18n';
import { xiangqiGlyph } from './notation';
import { pieceFace } from './xiangqi';
import { ThemeChoice, installThemes, themeLists, xiangqiCoordsFor } from './themes';
import { VariantUI, ruleSetName, setRegistry, sideName, termName, variantOf, variants } from './variants';
import { saveName, savedName } from './name';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const settings = loadSettings();

// The language: ?lang=zh-TW, else the one picked in the settings, else the
// browser's (i18n.ts chooseLanguage); chosen before any text is written.
setLanguage(chooseLanguage({ search: location.search, saved: settings.lang, browser: navigator.languages ?? [navigator.language] }));
document.documentElement.lang = language();
const sounds = new Sounds();
let play: Play | undefined;
let lobby: Lobby | undefined;
let analysis: Analysis | undefined;
let bots: BotsPage | undefined;
let training: TrainingPage | undefined;
let tournament: TournamentPage | TournamentListPage | SwissPageView | undefined;

function route() {
  play?.destroy();
  play = undefined;
  lobby?.stop();
  lobby = undefined;
  analysis?.destroy();
  analysis = undefined;
  bots?.destroy();
  bots = undefined;
  training?.destroy();
  training = undefined;
  tournament?.destroy();
  tournament = undefined;
  const m = location.pathname.match(/^\/game\/([a-z0-9]+)$/);
  const analysing = location.pathname === '/analysis';
  const accountPage = location.pathname === '/account';
  const profile = location.pathname.match(/^\/@\/([A-Za-z0-9_-]{1,20})$/);
  const leaders = location.pathname === '/leaderboard';
  const botsPage = location.pathname === '/bots';
  const trainingPage = location.pathname.match(/^\/training(?:\/([A-Za-z0-9_-]{1,64}))?$/);
  const tournamentPage = location.pathname.match(/^\/tournament(?:\/([A-Za-z0-9_-]{1,64}))?$/);
  const swissPage = location.pathname.match(/^\/swiss\/([A-Za-z0-9_-]{1,64})$/);
  const home = location.pathname === '/';
  $('home').hidden = !home;
  $('notfound').hidden = true;
  $('play').hidden = !m;
  $('analysis').hidden = !analysing;
  $('account').hidden = !accountPage;
  $('profile').hidden = !profile;
  $('leaderboard').hidden = !leaders;
  $('bots').hidden = !botsPage;
  $('training').hidden = !trainingPage;
  $('tournament').hidden = !tournamentPage && !swissPage; // a Swiss event's page is drawn there too
  document.title = t('title.home'); // the game page names its game once it knows it
  if (analysing) {
    analysis = new Analysis($('analysis'), sourceOf(location));
  } else if (profile) {
    void showProfile(profile[1]);
  } else if (leaders) {
    void showLeaderboard();
  } else if (botsPage) {
    bots = new BotsPage(go);
  } else if (trainingPage) {
    training = new TrainingPage($('training'), trainingPage[1]);
  } else if (tournamentPage) {
    tournament = tournamentPage[1] ? new TournamentPage($('tournament'), tournamentPage[1]) : new TournamentListPage($('tournament'), go);
  } else if (swissPage) {
    tournament = new SwissPageView($('tournament'), swissPage[1]);
  } else if (accountPage) {
    void showAccountPage(go);
  } else if (m) {
    play = new Play(m[1], { newGame: openNewGame, go, sounds, missing: () => notFound('notFound.game', 'notFound.gameText') });
  } else if (home) {
    void showRecent();
    lobby = new Lobby({ go });
  } else {
    notFound('notFound.title', 'notFound.text');
  }
}

// notFound shows, in the reader's language, that there is nothing at this
// address (the server answers any unknown one with this page and a 404),
// or no such game at a game's, with a link home: the game page's board and
// buttons go, as there is nothing to play.
function notFound(title: Key, text: Key) {
  play?.destroy();
  play = undefined;
  $('play').hidden = true;
  $('notfound').hidden = false;
  $('notfound-title').textContent = t(title);
  $('notfound-text').textContent = t(text);
  document.title = `${t(title)} · Gambit`;
}

function go(path: string) {
  history.pushState(null, '', path);
  route();
}

async function showRecent() {
  let lists: RecentLists;
  try {
    const [mine, recent] = await Promise.all([listMine(), listGames()]);
    lists = splitRecent(mine, recent, loadTickets());
  } catch (e) {
    $('recent').textContent = t('recent.loadFailed', { error: failureText(e) });
    return;
  }
  fillRecent($('recent'), lists.yours, t('recent.none'), true);
  fillRecent($('playing-now'), lists.now, t('recent.nowNone'), false);
}

// fillRecent lists games, each on one line (two on a phone): who plays,
// then the time control, how it stands and when it last changed. mine says
// they are this browser's games, where it may be "You".
function fillRecent(ul: HTMLElement, games: Summary[], none: string, mine: boolean) {
  ul.textContent = '';
  if (games.length === 0) ul.appendChild(Object.assign(document.createElement('li'), { className: 'empty', textContent: none }));
  const tickets = loadTickets();
  for (const g of games) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `/game/${g.id}`;
    a.dataset.link = '';
    const v = variantOf(g.variant);
    const over = finished(g.status);
    a.innerHTML = '<span class="who"></span><span class="res"></span><span class="act"></span>';
    a.querySelector('.act')!.textContent = t(!mine ? 'recent.watch' : over ? 'recent.review' : 'recent.resume');
    const who = a.querySelector<HTMLElement>('.who')!;
    const you = mine ? youAt(g, tickets[g.id]) : undefined;
    who.replaceChildren(...playersParts(v, g, you, titledName)); // a bot after its title, BOT
    who.title = playersLine(v, g, you);
    const state = standing(v, g, you);
    const res = a.querySelector('.res')!;
    res.textContent = [g.timeControl, state, ago(Date.parse(g.updatedAt))].filter(Boolean).join(' · ');
    if (g.opening) res.append(' · ', `${g.opening.eco} `, ...openingNodes(g.opening.name)); // in Chinese the family's Chinese name, lichess's English beside
    li.appendChild(a);
    ul.appendChild(li);
  }
}

// The new-game dialog. The levels are the chosen variant's, as the server
// registers them, in their groups (levels.ts); the one chosen stays when
// the next variant has it too. The menu is made again whenever its levels
// read otherwise: variants share level names ("easy") that say different
// things. The line under it explains the level chosen.
function fillLevels(v: VariantUI) {
  const sel = $<HTMLSelectElement>('level');
  const keep = sel.value || 'beginner';
  const groups = levelGroups(v.levels);
  const shown = [...sel.options].map(o => `${o.value}\n${o.text}`).concat([...sel.querySelectorAll('optgroup')].map(o => o.label));
  const wanted = groups.flatMap(g => g.levels).map(l => `${l.name}\n${l.label}`).concat(groups.map(g => t(g.label, g.params)));
  if (shown.join('\n') !== wanted.join('\n')) {
    sel.textContent = '';
    for (const g of groups) {
      const group = Object.assign(document.createElement('optgroup'), { label: t(g.label, g.params) });
      for (const l of g.levels) group.appendChild(new Option(l.label, l.name));
      sel.appendChild(group);
    }
    sel.value = v.levels.some(l => l.name === keep) ? keep : groups[0]?.levels[0]?.name ?? ''; // each variant has its own levels
  }
  const help = $('level-help');
  const explain = () => {
    help.textContent = levelHelp(v.levels.find(l => l.name === sel.value), v.board.kind);
    help.hidden = !help.textContent;
  };
  sel.onchange = explain;
  explain();
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
  const nameInput = $<HTMLInputElement>('new-name');
  if (!nameInput.value) nameInput.value = savedName();
  syncModeFields();
  $<HTMLDialogElement>('new-dialog').showModal();
}

// fillRuleSets offers the chosen variant's sets of rules (xiangqi's
// repetition rules), its default first; none for a variant with one.
function fillRuleSets(v: VariantUI) {
  const sel = $<HTMLSelectElement>('ruleset');
  $('ruleset-choice').hidden = v.ruleSets.length === 0;
  const wanted = v.ruleSets.join(' ');
  if (sel.dataset.sets === wanted) return;
  sel.dataset.sets = wanted;
  sel.replaceChildren(...v.ruleSets.map(r => new Option(ruleSetName(r), r)));
}

function syncModeFields() {
  const form = $<HTMLFormElement>('new-form');
  const mode = (form.elements.namedItem('mode') as RadioNodeList).value;
  for (const el of form.querySelectorAll<HTMLElement>('.computer-only')) el.hidden = mode !== 'computer';
  // One screen holds both sides; against the computer and online one picks a side.
  for (const el of form.querySelectorAll<HTMLElement>('.color-choice')) el.hidden = mode === 'local';
  for (const el of form.querySelectorAll<HTMLElement>('.not-local')) el.hidden = mode === 'local';
  for (const el of form.querySelectorAll<HTMLElement>('.online-only')) el.hidden = mode !== 'online';
  $('rated-choice').hidden = mode !== 'online' || !currentAccount(); // a rated game is between two accounts
  const v = variantOf((form.elements.namedItem('variant') as RadioNodeList).value);
  fillLevels(v);
  fillRuleSets(v);
  form.querySelector('.first-side')!.textContent = sideName(v, 'white');
  form.querySelector('.second-side')!.textContent = sideName(v, 'black');
  form.querySelector('.sides-legend')!.textContent = t(v.sidesLegend);
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
    const name = String(f.get('name') ?? '').trim();
    const g = await createGame({
      name: mode !== 'local' && name ? name : undefined,
      mode,
      variant: variantOf(String(f.get('variant'))).name,
      color: mode !== 'local' ? String(f.get('color')) : undefined,
      level: mode === 'computer' ? String(f.get('level')) : undefined,
      clock: clockOf(f, mode),
      setup: String(f.get('setup') ?? ''),
      lobby: mode === 'online' && f.get('lobby') ? true : undefined,
      rated: mode === 'online' && f.get('rated') ? true : undefined,
      ruleSet: variantOf(String(f.get('variant'))).ruleSets.length ? String(f.get('ruleSet')) : undefined,
    });
    saveTicket(g.id, { color: mode === 'local' ? 'white' : g.color });
    if (mode !== 'local') saveName(name);
    (form.elements.namedItem('setup') as HTMLTextAreaElement).value = ''; // a pasted position is for one game
    $<HTMLDialogElement>('new-dialog').close();
    go(`/game/${g.id}`);
  } catch (err) {
    const p = $('new-error');
    p.textContent = failureText(err);
    if (err instanceof APIError && err.games.length) offerHeldGames(p, err);
    p.hidden = false;
    p.scrollIntoView({ block: 'nearest' }); // under the form: in sight, above the buttons
  }
}

// offerHeldGames lists, under the refusal of a game against the computer,
// the asker's games that fill the share: each named (heldGameText) and
// opened to be played on or resigned.
function offerHeldGames(p: HTMLElement, err: APIError) {
  const ul = document.createElement('ul');
  ul.className = 'held-games';
  for (const id of err.games) {
    const held = err.held.find(g => g.id === id);
    const a = Object.assign(document.createElement('a'), { href: `/game/${id}`, textContent: held ? heldGameText(held) : id });
    a.addEventListener('click', e => {
      e.preventDefault();
      $<HTMLDialogElement>('new-dialog').close();
      go(`/game/${id}`);
    });
    const li = document.createElement('li');
    li.appendChild(a);
    ul.appendChild(li);
  }
  p.append(document.createElement('br'), t('computerGames.offer'), ul);
}

// themeSelects fills the settings' themes: for each kind a menu and its
// previews (buttons that choose as the menu does), by themes.ts's lists.
// A preview button is named by its choice, in text that only screen
// readers read: the picture in it (a board's corner, pieces, characters,
// coordinates) is hidden from them, so that its name is all they hear
// and axe's label-content-name-mismatch has no visible text to compare.
function themeSelects(): [keyof ThemeChoice, HTMLSelectElement][] {
  const box = $('theme-settings');
  const kinds: [keyof ThemeChoice, string, Key][] = [
    ['board', 'set-board', 'settings.board'], ['pieces', 'set-pieces', 'settings.pieces'],
    ['xqBoard', 'set-xqboard', 'settings.xqBoard'], ['xqPieces', 'set-xqpieces', 'settings.xqPieces'], ['xqCoords', 'set-xqcoords', 'settings.xqCoords'],
  ];
  return kinds.map(([k, id, label]) => {
    const wrap = Object.assign(document.createElement('div'), { className: 'theme-kind' });
    const lab = Object.assign(document.createElement('label'), { className: 'block' });
    const sel = Object.assign(document.createElement('select'), { id });
    for (const o of themeLists[k]) sel.add(new Option(t(o.label), o.id));
    lab.append(Object.assign(document.createElement('span'), { textContent: t(label) }), sel);
    const pvs = Object.assign(document.createElement('div'), { className: 'theme-pvs' });
    for (const o of themeLists[k]) {
      const b = Object.assign(document.createElement('button'), { type: 'button', className: 'pv', title: t(o.label) });
      b.dataset.id = o.id;
      b.innerHTML = previewHTML(k, o.id);
      b.firstElementChild?.setAttribute('aria-hidden', 'true');
      b.append(Object.assign(document.createElement('span'), { className: 'sr-only', textContent: t(o.label) }));
      pvs.appendChild(b);
    }
    wrap.append(lab, pvs);
    box.appendChild(wrap);
    return [k, sel];
  });
}

// previewHTML is a theme's preview: a corner of the board, or a piece.
function previewHTML(k: keyof ThemeChoice, id: string): string {
  switch (k) {
    case 'board': return `<span class="pv-board board-${id}"></span>`;
    case 'pieces': return `<span class="pv-pieces pv-pieces-${id}${id === 'cburnett' ? ' cg-wrap pv' : ''}"><piece class="knight white"></piece><piece class="queen black"></piece></span>`;
    case 'xqBoard': return `<span class="pv-xqboard xqboard-${id}"></span>`;
    case 'xqPieces': return `<span class="pv-xqpieces pv-xqpieces-${id}"><span class="xq-piece red">${pieceFace('R', xiangqiGlyph('R', script()) ?? '')}</span><span class="xq-piece black">${pieceFace('k', xiangqiGlyph('k', script()) ?? '')}</span></span>`;
    default: {
      // "By language" shows both, the reader's language's first: it is
      // neither ICCS nor the traditional numbers in every language.
      const text = (c: string) => (c === 'iccs' ? 'a b c' : c === 'traditional' ? '九 八 七' : '—');
      if (id === 'auto') {
        const first = xiangqiCoordsFor(id, language());
        const both = first === 'iccs' ? ['iccs', 'traditional'] : ['traditional', 'iccs'];
        return `<span class="pv-coords pv-coords-auto">${both.map(c => `<span>${text(c)}</span>`).join('')}</span>`;
      }
      return `<span class="pv-coords">${text(xiangqiCoordsFor(id, language()))}</span>`;
    }
  }
}

// Settings.
function bindSettings() {
  const themes = themeSelects();
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
    const state = t(settings.sound ? 'sound.on' : 'sound.off');
    $('btn-sound').textContent = state;
    $('btn-sound').setAttribute('aria-label', t('nav.soundNow', { state })); // the visible text first, as screen-reader users hear it
    for (const [k, sel] of themes) {
      sel.value = settings[k];
      for (const b of sel.closest('.theme-kind')!.querySelectorAll<HTMLButtonElement>('button.pv')) b.setAttribute('aria-pressed', String(b.dataset.id === sel.value)); // the buttons: the cburnett preview inside one is .pv too
    }
    sound.checked = settings.sound;
  };
  const save = () => {
    for (const [k, sel] of themes) settings[k] = sel.value;
    settings.sound = sound.checked;
    saveSettings(settings);
    sync();
  };
  for (const [, sel] of themes) {
    sel.onchange = save;
    for (const b of sel.closest('.theme-kind')!.querySelectorAll<HTMLButtonElement>('button.pv')) b.onclick = () => { sel.value = b.dataset.id!; save(); };
  }
  sound.onchange = save;
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
  // No form of this app is sent by the browser itself: each has a handler
  // that sends what it must. One sent before its handler is on must do
  // nothing rather than go out as a GET with its fields (a password) in
  // the address. A dialog's form still closes its dialog.
  document.addEventListener('submit', e => {
    if ((e.target as HTMLFormElement).method !== 'dialog') e.preventDefault();
  }, true);
  applyTexts(document);
  installGlyphPieces();
  installThemes();
  bindSettings();
  await Promise.all([loadRegistry(), refreshAccount()]);
  fillVariants();
  fillLevels(variantOf());
  // The buttons come enabled once the dialog can be filled: a click while
  // the page still asks the server which variants it plays did nothing.
  for (const id of ['btn-new-top', 'btn-new-home']) {
    const b = $<HTMLButtonElement>(id);
    b.onclick = openNewGame;
    b.disabled = false;
  }
  $('new-form').onchange = syncModeFields;
  $('new-form').onsubmit = e => void startGame(e as SubmitEvent);
  $<HTMLDialogElement>('over-dialog').onclose = () => {
    const choice = $<HTMLDialogElement>('over-dialog').returnValue;
    if (choice === 'new') openNewGame();
    if (choice === 'review') void play?.review();
  };
  document.addEventListener('click', e => {
    const a = (e.target as HTMLElement).closest('a[data-link]') as HTMLAnchorElement | null;
    if (a && !e.metaKey && !e.ctrlKey) {
      e.preventDefault();
      go(a.pathname + a.search + a.hash);
    }
  });
  window.onpopstate = route;
  route();
}

void init();
