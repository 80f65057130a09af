/**
 * Keys as names, so that key handling is a pure function of (screen, key) tested without Ink.
 *
 * madang reads its own keys from the input Ink splits into sequences, instead of Ink's
 * `useInput`: Ink 6.8's keypress parser throws on sequences a terminal never sends but anyone can
 * type (`ESC [ 8 m`, `ESC[5x`: no key name, then `undefined.startsWith`), which ended the program
 * and, over SSH, the whole server. `keysOf` is total: any string gives a list of keys, and a
 * sequence that is no key of ours gives none.
 */

/** 'up' 'down' 'left' 'right' 'enter' 'space' 'escape' 'backspace' 'delete' 'tab' 'home' 'end' 'pageup' 'pagedown' 'ctrl+c', or a character. */
export type Key = string;

const ESC = '\x1b';

/** The control characters that are keys; every other one (Ctrl+A, a bell, C1 codes) is none. */
const CONTROL_KEYS: Readonly<Record<string, Key>> = {
  // A terminal still in cooked mode (a key typed while the program starts) turns Enter into
  // a line feed.
  '\r': 'enter',
  '\n': 'enter',
  ' ': 'space',
  // Most terminals send DEL (0x7f) for the Backspace key; the forward Delete key (ESC [3~) erases
  // backwards too, as a person at most terminals expects; Ctrl+D deletes forwards in a text field.
  '\x7f': 'backspace',
  '\b': 'backspace',
  '\t': 'tab',
  [ESC]: 'escape',
  '\x03': 'ctrl+c',
  '\x04': 'delete',
};

/** The final letter of a cursor key (`ESC [ A`, `ESC O A`, `ESC [ 1 ; 5 A` with a modifier). */
const LETTER_KEYS: Readonly<Record<string, Key>> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
  H: 'home',
  F: 'end',
  // Shift+Tab.
  Z: 'tab',
};

/** The number of an editing key (`ESC [ 5 ~`), as the xterm, rxvt and Linux consoles send them. */
const TILDE_KEYS: Readonly<Record<string, Key>> = {
  '1': 'home',
  '7': 'home',
  '4': 'end',
  '8': 'end',
  '3': 'backspace',
  '5': 'pageup',
  '6': 'pagedown',
};

/** Printable: not a C0 or C1 control character. */
const printable = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0x9f);
};

/** The keys of a run of plain characters (fast typing, a paste, a script): one per character. */
function textKeys(text: string): Key[] {
  const keys: Key[] = [];
  for (const char of text) {
    const named = CONTROL_KEYS[char];
    if (named !== undefined) keys.push(named);
    else if (printable(char)) keys.push(char);
  }
  return keys;
}

/** The key of one escape sequence, or none. */
function sequenceKey(sequence: string): Key[] {
  // ESC ESC [ A: Alt with a cursor key is the cursor key.
  const body = sequence.startsWith(ESC + ESC) && sequence.length > 2 ? sequence.slice(1) : sequence;
  if (body === ESC || body === ESC + ESC) return ['escape'];
  // eslint-disable-next-line no-control-regex
  const csi = /^\x1b\[([0-9;]*)([A-Z~])$/.exec(body);
  if (csi) {
    const [, params = '', final = ''] = csi;
    if (final === '~') {
      const key = TILDE_KEYS[params.split(';')[0] ?? ''];
      return key ? [key] : [];
    }
    const key = LETTER_KEYS[final];
    // ESC [ 1 ; 5 A is Ctrl+Up; a cursor key never has more than two numbers.
    return key && params.split(';').length <= 2 ? [key] : [];
  }
  // eslint-disable-next-line no-control-regex
  const ss3 = /^\x1bO([A-DHF])$/.exec(body);
  if (ss3) return [LETTER_KEYS[ss3[1] ?? ''] ?? ''].filter(Boolean);
  // Alt with a character (ESC x) is that character, as it was under Ink's own parser; a sequence
  // begun and never finished (ESC [, ESC O, cut off by a pause) is no key.
  const rest = body.slice(1);
  if ([...rest].length === 1 && printable(rest) && rest !== '[' && rest !== 'O') return [rest];
  return [];
}

/** How long the escape sequence that starts at `at` is (its ECMA-48 shape). */
export function sequenceLength(input: string, at: number): number {
  return sequenceEnd(input, at) - at;
}

/** Where an escape sequence that starts at `at` ends (one past it). */
function sequenceEnd(input: string, at: number): number {
  let i = at + 1;
  // ESC ESC [ A: Alt with a cursor key.
  if (input[i] === ESC && (input[i + 1] === '[' || input[i + 1] === 'O')) i++;
  const kind = input[i];
  if (kind === '[') {
    i++;
    // Parameter and intermediate bytes, then one final byte (ECMA-48).
    while (i < input.length && /[\x20-\x3f]/.test(input[i] ?? '')) i++;
    return i < input.length && /[\x40-\x7e]/.test(input[i] ?? '') ? i + 1 : i;
  }
  if (kind === 'O') return Math.min(i + 2, input.length);
  if (kind === undefined) return i;
  // ESC with one character (Alt+x, or ESC ESC), whole code point.
  return i + ((input.codePointAt(i) ?? 0) > 0xffff ? 2 : 1);
}

/**
 * The keys in one input as Ink hands it over (a run of plain characters, or one escape sequence:
 * Ink holds a sequence cut across two reads until it is whole). Any other string is taken apart
 * the same way: text, and escape sequences by their ECMA-48 shape.
 */
export function keysOf(input: string): Key[] {
  const keys: Key[] = [];
  let at = 0;
  while (at < input.length) {
    const esc = input.indexOf(ESC, at);
    if (esc === -1) {
      keys.push(...textKeys(input.slice(at)));
      break;
    }
    keys.push(...textKeys(input.slice(at, esc)));
    const end = sequenceEnd(input, esc);
    keys.push(...sequenceKey(input.slice(esc, end)));
    at = end;
  }
  return keys;
}

/**
 * Where an escape sequence cut by the end of `input` starts (the rest of it may come in the next
 * read), or -1 when the input ends whole.
 */
export function unfinishedAt(input: string): number {
  const esc = input.lastIndexOf(ESC);
  if (esc === -1) return -1;
  // ESC ESC [ …: the sequence starts at the first of the two.
  const at = esc > 0 && input[esc - 1] === ESC ? esc - 1 : esc;
  const end = sequenceEnd(input, at);
  if (end < input.length) return -1;
  // eslint-disable-next-line no-control-regex -- the second ESC of Alt with a cursor key
  const body = input.slice(at + 1).replace(/^\x1b/, '');
  if (body === '') return at;
  if (body[0] === '[') return /[\x40-\x7e]$/.test(body.slice(1)) ? -1 : at;
  if (body[0] === 'O') return body.length < 2 ? at : -1;
  return -1;
}
