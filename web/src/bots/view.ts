// The bots page (/bots): the bots online, each with its title (BOT), a
// link to its profile and a button to challenge it; and the challenge
// dialog, drawn from the controller's phase: sign in first, the choices,
// the wait, the bot's answer. index.html holds the elements; this module
// fills them and binds them while the page shows.

import { currentAccount } from '../account';
import { t, tParts } from '../i18n';
import { SignInForms } from '../signin';
import { showName, titledName } from '../title';
import { variantOf, variants } from '../variants';
import type { Bot } from './socket';
import { BotsCtrl, type Choice, type Phase, botVariants, clockText, timeControls } from './ctrl';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// defaultClock is the time control chosen when the form opens: 3+2.
const defaultClock = 2;

export class BotsPage {
  private ctrl: BotsCtrl;
  private forms: SignInForms;
  private drawn = ''; // the list last drawn, as JSON

  constructor(go: (path: string) => void) {
    document.title = t('bots.title');
    this.ctrl = new BotsCtrl({ redraw: () => this.render(), go, signedIn: () => !!currentAccount() });
    this.forms = new SignInForms('bots', async () => this.ctrl.signedIn());
    this.fillForm();
    const dialog = $<HTMLDialogElement>('challenge-dialog');
    dialog.onclose = () => this.ctrl.close(); // Esc, or a button: a challenge waiting is taken back
    $<HTMLFormElement>('challenge-form').onsubmit = e => {
      e.preventDefault();
      void this.ctrl.send(this.choice());
    };
    $('btn-challenge-close').onclick = () => dialog.close();
    $('btn-challenge-withdraw').onclick = () => this.ctrl.withdraw();
    $('btn-challenge-again').onclick = () => this.ctrl.again();
    this.render();
  }

  destroy() {
    this.ctrl.destroy();
    this.forms.unbind();
    $<HTMLDialogElement>('challenge-dialog').onclose = null;
  }

  // fillForm offers the time controls and the variants (chess and
  // Chess960, of those the server plays), the first of each chosen.
  private fillForm() {
    const clocks = $('challenge-clocks');
    clocks.querySelectorAll('label').forEach(l => l.remove());
    timeControls.forEach((c, i) => {
      const input = Object.assign(document.createElement('input'), { type: 'radio', name: 'clock', value: String(i), checked: i === defaultClock });
      const label = document.createElement('label');
      label.append(input, ' ' + clockText(c));
      clocks.append(label);
    });
    const box = $('challenge-variants');
    box.querySelectorAll('label').forEach(l => l.remove());
    const offered = variants().filter(v => botVariants.includes(v.name));
    (offered.length ? offered : [variantOf('chess')]).forEach((v, i) => {
      const input = Object.assign(document.createElement('input'), { type: 'radio', name: 'variant', value: v.name, checked: i === 0 });
      const label = document.createElement('label');
      label.append(input, ' ' + v.label);
      box.append(label);
    });
  }

  // choice reads the form.
  private choice(): Choice {
    const f = new FormData($<HTMLFormElement>('challenge-form'));
    const color = String(f.get('color'));
    return {
      clock: timeControls[Number(f.get('clock'))] ?? timeControls[defaultClock],
      color: color === 'white' || color === 'black' ? color : 'random',
      rated: f.get('mode') === 'rated',
      variant: String(f.get('variant') ?? 'chess'),
    };
  }

  private render() {
    this.renderList();
    this.renderDialog(this.ctrl.phase);
  }

  // renderList draws the bots, by name; drawn again only when it changed,
  // so that a button in focus stays.
  private renderList() {
    const c = this.ctrl;
    $('bots-error').textContent = c.error;
    $('bots-error').hidden = !c.error;
    $('bots-empty').hidden = !c.loaded || !!c.error || c.bots.length > 0;
    const key = JSON.stringify(c.bots);
    if (key === this.drawn) return;
    this.drawn = key;
    $('bots-list').replaceChildren(...c.bots.map(b => this.botEntry(b)));
  }

  private botEntry(b: Bot): HTMLLIElement {
    const li = Object.assign(document.createElement('li'), { className: 'bot' });
    li.dataset.bot = b.id;
    const a = Object.assign(document.createElement('a'), { href: `/@/${encodeURIComponent(b.username)}`, className: 'bot-name' });
    a.dataset.link = '';
    showName(a, b.username, b.title);
    const btn = Object.assign(document.createElement('button'), { type: 'button', className: 'primary', textContent: t('bots.challenge') });
    btn.setAttribute('aria-label', t('bots.challengeName', { name: b.username }));
    btn.onclick = () => this.ctrl.open(b);
    li.append(a, btn);
    return li;
  }

  // renderDialog shows the dialog as the phase says.
  private renderDialog(p: Phase) {
    const dialog = $<HTMLDialogElement>('challenge-dialog');
    if (p.t === 'closed') {
      if (dialog.open) dialog.close();
      return;
    }
    $('challenge-title').replaceChildren(...tParts('bots.challengeName', { name: titledName(p.bot.username, p.bot.title) }));
    this.forms.show(p.t === 'signIn');
    $('bots-account-lead').textContent = t('bots.signIn', { name: p.bot.username });
    const form = p.t === 'form' || p.t === 'sending';
    $('challenge-form').hidden = !form;
    $('btn-challenge-send').hidden = !form;
    $<HTMLButtonElement>('btn-challenge-send').disabled = p.t === 'sending';
    $('challenge-error').hidden = !(p.t === 'form' && p.error);
    $('challenge-error').textContent = p.t === 'form' ? p.error ?? '' : '';
    $('challenge-status').textContent = statusText(p);
    $('challenge-status').hidden = !$('challenge-status').textContent;
    $('btn-challenge-withdraw').hidden = p.t !== 'waiting';
    $('btn-challenge-again').hidden = p.t !== 'declined' && p.t !== 'canceled';
    $('btn-challenge-close').textContent = t(form ? 'btn.cancel' : 'btn.close');
    if (!dialog.open) dialog.showModal();
  }
}

// statusText says where a challenge stands, once sent.
function statusText(p: Phase): string {
  switch (p.t) {
    case 'waiting': return t('bots.waiting', { name: p.bot.username });
    case 'declined': return t('bots.declined', { name: p.bot.username, reason: p.reason });
    case 'canceled': return t('bots.canceled');
  }
  return '';
}
