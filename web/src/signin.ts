// Signing in on the spot, where a page needs an account: the open seat of
// a rated invite (a rated game is between two accounts: the server refuses
// the seat to a browser without one, 401 signed_out), or a challenge to a
// bot (a bot plays accounts only). The page says why and offers to sign in
// (password or passkey) or to create an account there, with the account
// page's calls (account.ts); once in, it goes on as the account (the
// session cookie goes with what it sends next).
//
// Each page has its own copy of the forms in index.html, their ids made
// from its prefix: PREFIX-account (the section), PREFIX-account-error,
// PREFIX-login, PREFIX-signup and btn-PREFIX-passkey.

import { failureText } from './api';
import { logIn, passkeyLogin, refreshAccount, signUp } from './account';
import { passkeysAvailable } from './passkey';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// SignInForms are the sign-in and sign-up forms of one page.
export class SignInForms {
  // entered is called once the browser is signed in: it goes on (takes
  // the seat, shows the challenge), and throws (an APIError) when it
  // cannot, which the forms then show.
  constructor(private prefix: 'seat' | 'bots', private entered: () => Promise<void>) {
    this.form(`${prefix}-login`, d => logIn(d.username, d.password));
    this.form(`${prefix}-signup`, d => signUp(d.username, d.password));
    $(`btn-${prefix}-passkey`).onclick = () => void this.enter(passkeyLogin);
  }

  // show shows the forms (and the reason) or hides them.
  show(on: boolean) {
    $(`${this.prefix}-account`).hidden = !on;
    $(`btn-${this.prefix}-passkey`).hidden = !on || !passkeysAvailable();
    if (!on) $(`${this.prefix}-account-error`).hidden = true;
  }

  // unbind lets go of the forms when the page closes.
  unbind() {
    this.show(false);
    for (const id of [`${this.prefix}-login`, `${this.prefix}-signup`]) $<HTMLFormElement>(id).onsubmit = null;
    $(`btn-${this.prefix}-passkey`).onclick = null;
  }

  private form(id: string, send: (d: { username: string; password: string }) => Promise<unknown>) {
    const el = $<HTMLFormElement>(id);
    el.onsubmit = e => {
      e.preventDefault();
      const d = new FormData(el);
      void this.enter(() => send({ username: String(d.get('username') ?? ''), password: String(d.get('password') ?? '') })).then(ok => {
        if (ok) el.reset();
      });
    };
  }

  // enter signs in by way, then goes on; it reports whether both went,
  // and otherwise shows why.
  private async enter(way: () => Promise<unknown>): Promise<boolean> {
    const err = $(`${this.prefix}-account-error`);
    err.hidden = true;
    try {
      await way();
      await refreshAccount(); // the header names the account
      await this.entered();
      return true;
    } catch (e) {
      err.textContent = failureText(e);
      err.hidden = false;
      return false;
    }
  }
}
