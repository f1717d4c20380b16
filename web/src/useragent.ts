// A browser's User-Agent read as people name it: "Chrome on Linux",
// "Safari on iPhone", "Firefox on Windows". The account page lists the
// signed-in browsers so (the raw string in a title); the server keeps the
// string as sent. Only the browser's name and system are read, never a
// version, and anything unknown falls back to the string's first
// product ("curl", "TestBrowser"), so no User-Agent is ever refused or
// shown wrong with confidence.

// Agent is what a User-Agent names: a browser and its system ("" when
// the string does not say).
export interface Agent { browser: string; os: string }

// browsers are tried in order: an Edge, Opera or Samsung Internet
// string also says Chrome and Safari, a Chrome one also says Safari.
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b|\bOPiOS\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

// systems are tried in order: an iPhone's string says "like Mac OS X",
// an Android one says Linux, ChromeOS's says Linux too.
const systems: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\biPod\b/, 'iPod'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

// readAgent reads a User-Agent string; an empty one names nothing.
export function readAgent(ua: string): Agent {
  const s = ua.slice(0, 512); // a browser's is a few hundred characters; the rest says nothing more
  const os = systems.find(([re]) => re.test(s))?.[1] ?? '';
  let browser = browsers.find(([re]) => re.test(s))?.[1] ?? '';
  // Safari names itself only on Apple's systems; elsewhere "Safari/" is
  // a WebKit browser's nod to it, and its first product names it better.
  if (browser === 'Safari' && !['iPhone', 'iPad', 'iPod', 'macOS'].includes(os)) browser = '';
  if (!browser) {
    const first = /^\s*([A-Za-z][\w.-]{0,40})(?:\/|\s|$)/.exec(s)?.[1] ?? '';
    browser = first === 'Mozilla' ? '' : first;
  }
  return { browser, os };
}
