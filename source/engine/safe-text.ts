/**
 * Text that came from outside (files, arguments, typed answers) made safe for a terminal: every
 * control or format character (C0 and C1 controls, escape sequences, bidi overrides and
 * isolates, …) is shown as a visible `\u{…}` escape instead of acting on the terminal. One
 * function, used by every message that can carry such text.
 */
export function safeText(text: string): string {
  return text.replace(/\p{C}/gu, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`);
}
