// The player's display name (no account needed), remembered in this
// browser for the next game: sent when creating, joining or pairing, and
// checked by the server (game.ParseName: 1 to 20 characters, trimmed, no
// control characters; a bad one is refused with the code bad_name).

const nameKey = 'gambit.name';

// maxName is the most characters a name may have (the server's limit).
export const maxName = 20;

// savedName is the name remembered, "" for none.
export function savedName(): string {
  try {
    return localStorage.getItem(nameKey) ?? '';
  } catch {
    return '';
  }
}

// saveName remembers a name ("" forgets it).
export function saveName(name: string) {
  const n = name.trim();
  try {
    if (n) localStorage.setItem(nameKey, n);
    else localStorage.removeItem(nameKey);
  } catch {
    // storage may be full or off: the name is then asked again next time
  }
}
