// The chat panel of an online game's page: the lines of this viewer's room
// (the players' or the spectators', which never read each other; see
// server/hub_chat.go), a line to type into, and a mute switch remembered in
// localStorage. Chat text comes from other people: it only ever goes into
// the page as text (textContent), never as HTML.

import type { ChatLine, ChatLog, ChatRoom, Color, Seat } from './api';
import { formatTime, t } from './i18n';
import { showName } from './title';
import { VariantUI, sideName } from './variants';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// chatMaxLength is the server's limit on a line, in characters; the input
// counts UTF-16 units, so it is never looser than the server.
export const chatMaxLength = 140;

// keepLines is how many lines the panel shows, as many as the server keeps.
const keepLines = 50;

// muteKey remembers, in localStorage, that the lines are hidden.
const muteKey = 'gambit.chatMuted';

// Speakers is what naming a line's author needs: the game's variant (its
// side names), the seats this browser holds, and the game's seats (an
// account's title).
export interface Speakers { variant: VariantUI; you: Color[]; seats?: Record<Color, Seat> }

// speaker names a line's author: "You" for a seat this browser holds, a
// titled account (a bot) by its name, the side's name for the other seat
// ("Red" in xiangqi, which the server calls white), a spectator's tag as
// the server gave it.
export function speaker(line: ChatLine, who: Speakers): string {
  if (line.from === 'spectator') return line.name;
  if (who.you.includes(line.from)) return t('player.you.short');
  if (speakerTitle(line, who)) return line.name;
  return sideName(who.variant, line.from);
}

// speakerTitle is the title of a line's author's account ("BOT"), shown
// before its name; none for a spectator, for oneself, or a person.
export function speakerTitle(line: ChatLine, who: Speakers): string | undefined {
  if (line.from === 'spectator' || who.you.includes(line.from)) return undefined;
  return who.seats?.[line.from]?.title || undefined;
}

// roomTitle is the panel's heading for a room.
export function roomTitle(room: ChatRoom): string {
  return t(room === 'players' ? 'chat.players' : 'chat.spectators');
}

// Chat draws the panel and sends what is typed through send.
export class Chat {
  private lines: ChatLine[] = [];
  private muted = localStorage.getItem(muteKey) === '1';

  constructor(private send: (text: string) => void, private who: () => Speakers) {
    const input = $<HTMLInputElement>('chat-input');
    input.maxLength = chatMaxLength;
    $<HTMLFormElement>('chat-form').onsubmit = e => {
      e.preventDefault();
      const text = input.value.trim();
      if (text) this.send(text);
      input.value = '';
    };
    $('chat-mute').onclick = () => this.setMuted(!this.muted);
    this.setMuted(this.muted);
    this.render();
  }

  // show shows the panel or hides it: only online games have chat.
  show(on: boolean) { $('chat').hidden = !on; }

  // setLog replaces the lines with a room's recent ones, as the server sends
  // them after every (re)connection.
  setLog(log: ChatLog) {
    $('chat-title').textContent = roomTitle(log.room);
    this.lines = log.lines.slice(-keepLines);
    this.render();
  }

  // add appends one line.
  add(line: ChatLine) {
    this.lines.push(line);
    if (this.lines.length > keepLines) this.lines.shift();
    this.render();
  }

  // notice says why a line was refused (too fast, no chat here) under the lines.
  notice(text: string) {
    const el = $('chat-note');
    el.textContent = text;
    el.hidden = false;
    window.clearTimeout(this.noteTimer);
    this.noteTimer = window.setTimeout(() => { el.hidden = true; }, 4000);
  }

  private noteTimer?: number;

  // destroy empties and hides the panel, for the next game's page.
  destroy() {
    window.clearTimeout(this.noteTimer);
    this.lines = [];
    this.render();
    this.show(false);
    $('chat-note').hidden = true;
  }

  private setMuted(muted: boolean) {
    this.muted = muted;
    if (muted) localStorage.setItem(muteKey, '1');
    else localStorage.removeItem(muteKey);
    const btn = $('chat-mute');
    btn.textContent = t(muted ? 'chat.unmute' : 'chat.mute');
    btn.setAttribute('aria-pressed', String(muted));
    $('chat-lines').hidden = muted;
    $('chat-muted').hidden = !muted;
    $('chat-muted').textContent = t('chat.muted');
  }

  // render draws the lines, newest at the bottom and scrolled into view.
  private render() {
    const ol = $('chat-lines');
    ol.textContent = '';
    const who = this.who();
    for (const line of this.lines) {
      const li = document.createElement('li');
      li.className = `chat-line from-${line.from}`;
      const at = Date.parse(line.at);
      li.title = Number.isFinite(at) ? formatTime(at, true) : ''; // in the page's language, not the browser's
      const name = document.createElement('span');
      name.className = 'chat-who';
      showName(name, speaker(line, who), speakerTitle(line, who));
      const text = document.createElement('span');
      text.className = 'chat-text';
      text.textContent = line.text;
      li.append(name, text);
      ol.appendChild(li);
    }
    ol.scrollTop = ol.scrollHeight;
  }
}
