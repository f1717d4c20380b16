// An account's title beside its name, as lichess shows one: "BOT" before
// the name of a bot account (a program that plays through the Bot API),
// wherever the page names it: the profile, the bots online, a game's
// players, header, chat and result, the leaderboard, the lists of games.
// The title comes from the server, which gives it from the account itself
// (a seat's title, GET /api/user/{name}, the leaderboard): a person who
// calls themselves "BOT something" gets no tag.

import { t } from './i18n';

// botTitle is lichess's title of a bot account.
export const botTitle = 'BOT';

// titleTag is a title's label: small and bold, the same word in every
// language (as on lichess), its meaning in the reader's words on hover.
export function titleTag(title: string): HTMLElement {
  const tag = Object.assign(document.createElement('span'), { className: 'user-title', textContent: title });
  if (title === botTitle) tag.title = t('profile.bot');
  return tag;
}

// titledName is name after its title's tag, when it has one.
export function titledName(name: string, title?: string): DocumentFragment {
  const out = document.createDocumentFragment();
  if (title) out.append(titleTag(title), ' ');
  out.append(name);
  return out;
}

// showName writes name into el, after its title's tag when it has one.
export function showName(el: HTMLElement, name: string, title?: string) {
  el.replaceChildren(titledName(name, title));
}
