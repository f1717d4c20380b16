// The few DOM helpers the game page's views share.

// $ is the page's element of that id (index.html has them all).
export const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// setDisabled greys a button out, or not.
export function setDisabled(id: string, disabled: boolean) {
  $<HTMLButtonElement>(id).disabled = disabled;
}
