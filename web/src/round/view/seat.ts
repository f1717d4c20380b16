// The open seat of a rated invite, offered to a browser without an
// account: the server refuses it the seat (a rated game is between two
// accounts: 401 signed_out), so the page says why and offers to sign in
// (password or passkey) or to create an account on the spot, with the
// account page's calls (account.ts). Once in, the page takes the seat as
// the account (the session cookie goes with the join) and plays.

import { failureText } from '../../api';
import { logIn, passkeyLogin, refreshAccount, signUp } from '../../account';
import { passkeysAvailable } from '../../passkey';
import { $ } from './dom';

// SeatForms are the sign-in and sign-up forms beside a rated open seat.
export class SeatForms {
  // entered is called once the browser is signed in: it takes the seat,
  // and throws (an APIError) when it cannot, which the forms then show.
  constructor(private entered: () => Promise<void>) {
    this.form('seat-login', d => logIn(d.username, d.password));
    this.form('seat-signup', d => signUp(d.username, d.password));
    $('btn-seat-passkey').onclick = () => void this.enter(passkeyLogin);
  }

  // show shows the forms (and the reason) or hides them.
  show(on: boolean) {
    $('seat-account').hidden = !on;
    $('btn-seat-passkey').hidden = !on || !passkeysAvailable();
    if (!on) $('seat-account-error').hidden = true;
  }

  // unbind lets go of the forms when the game page closes.
  unbind() {
    this.show(false);
    for (const id of ['seat-login', 'seat-signup']) $<HTMLFormElement>(id).onsubmit = null;
    $('btn-seat-passkey').onclick = null;
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

  // enter signs in by way, then takes the seat; it reports whether both
  // went, and otherwise shows why.
  private async enter(way: () => Promise<unknown>): Promise<boolean> {
    const err = $('seat-account-error');
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
