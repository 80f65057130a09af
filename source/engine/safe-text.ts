/**
 * Text that came from outside (files, arguments, typed answers, recordings, a network peer) made
 * safe for a terminal: every control or format character (C0 and C1 controls, escape sequences,
 * bidi overrides and isolates, …) is shown as a visible `\u{…}` escape instead of acting on the
 * terminal.
 *
 * Each way out to the terminal passes its text through one gate here, whatever the text is made
 * of, so a new message cannot forget it: the classic consoles' writer (`classicText`, in
 * classic/lines.ts), the full screen's stdout as Ink writes it (`screenText`, in cli/run.tsx)
 * and the one-line messages on standard error (`safeText`, in cli/common.ts).
 */
const escape = (char: string) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`;

/** A one-line message: nothing of it may act, not even a line end. */
export function safeText(text: string): string {
  return text.replace(/\p{C}/gu, escape);
}

/**
 * The classic consoles' output: lines, and the colours Yut's console writes itself (SGR: ESC [
 * numbers m, which only colour text). Anything else that would act is shown as an escape.
 */
// eslint-disable-next-line no-control-regex -- the program's own escapes, kept
const CLASSIC = /(\n|\x1b\[[0-9;]*m)|\p{C}/gu;
export function classicText(text: string): string {
  return text.replace(CLASSIC, (char, own: string | undefined) => own ?? escape(char));
}

/**
 * The full screen's output, as Ink writes it: its own escapes are colours (SGR), the cursor
 * hidden and shown, synchronized output, and its moves and erasures (up, down, to a column, the
 * rest of the screen from the cursor, the whole screen cleared then homed). Ink's frame keeps no escape of a text but the colours; any
 * other that would act (a lone clear screen, a title set by OSC, a C1 control, a bidi override,
 * a bell) is shown as an escape.
 */
const SCREEN =
  // eslint-disable-next-line no-control-regex -- the program's own escapes, kept
  /(\n|\x1b\[(?:[0-9;]*m|\?(?:25|2026)[hl]|[0-9]*[ABEGK]|J|2J\x1b\[3J\x1b\[H|[0-9;]*H))|\p{C}/gu;
export function screenText(text: string): string {
  return text.replace(SCREEN, (char, own: string | undefined) => own ?? escape(char));
}
