/**
 * Text that came from outside (files, arguments, typed answers, recordings, a network peer) made
 * safe for a terminal: every control or format character (C0 and C1 controls, escape sequences,
 * bidi overrides and isolates, …) is shown as a visible `\u{…}` escape instead of acting on the
 * terminal.
 *
 * Each way out to the terminal passes its text through one gate here, whatever the text is made
 * of, so a new message cannot forget it: the classic consoles' writer (`classicText`, in
 * classic/lines.ts), the full screen's frames (`screenText`, in cli/run.tsx and for each SSH
 * session in serve/server.ts, and every text the renderer takes into its cells, `cellText`) and
 * the one-line messages on standard error (`safeText`, in cli/common.ts).
 */
const escape = (char: string) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`;

/**
 * Printable characters only, for text typed in (a name, a chat line): it never carries a control
 * or format character into a screen or a file; the rest of the gate's escapes are never needed.
 */
export function printable(text: string): string {
  return text.replace(/\p{C}/gu, '');
}

/**
 * A text of a screen drawn by madang's own renderer (source/render/), which writes cells, never
 * escapes from a text: every control or format character but the line end is shown as an escape,
 * as the full screen's gate shows it.
 */
export function cellText(text: string): string {
  return text.replace(/(?!\n)\p{C}/gu, escape);
}

/** A one-line message: nothing of it may act, not even a line end. */
export function safeText(text: string): string {
  return text.replace(/\p{C}/gu, escape);
}

/**
 * The classic consoles' output: lines, and the colours Yut's console writes itself (its seats'
 * red, bright blue, green and yellow, and their end: yut/text.ts). Anything else that would act,
 * another colour or style from outside text (`ESC [ 8 m` hides what follows) included, is shown
 * as an escape.
 */
// eslint-disable-next-line no-control-regex -- the program's own escapes, kept
const CLASSIC = /(\n|\x1b\[(?:31|94|32|33|0)m)|\p{C}/gu;
export function classicText(text: string): string {
  return text.replace(CLASSIC, (char, own: string | undefined) => own ?? escape(char));
}

/**
 * The full screen's output (madang's renderer's frames, render/frames.ts, and Ink's, for what Ink
 * still draws): its own escapes are the colours and styles the screens use, one number each as
 * chalk writes them (foreground colours, bold, dim, underline, inverse, their ends, a reset), the
 * cursor hidden and shown, synchronized output, and its moves and erasures (up, down, to a
 * column, to a row and column, the rest of the row or of the screen from the cursor, the whole
 * screen cleared then homed as Ink clears it). Any other that would
 * act (a lone clear screen, a title set by OSC, a C1 control, a bidi override, a bell, hidden or
 * blinking text, a background, 256 colours) is shown as an escape. The clear loses its ESC[3J
 * ("erase saved lines"): in tmux and most terminals it emptied the history above madang, on every
 * frame, for every SSH client too.
 */
const SCREEN =
  // eslint-disable-next-line no-control-regex -- the program's own escapes, kept
  /(\n|\x1b\[(?:(?:0|1|2|4|7|22|24|27|3[0-79]|9[0-7])m|\?(?:25|2026)[hl]|[0-9]*[ABEGK]|J|2J\x1b\[3J\x1b\[H|[0-9;]*H))|\p{C}/gu;
/** Ink's clear of a frame drawn whole; its ESC[3J would erase the terminal's saved lines. */
const INK_CLEAR = '\x1b[2J\x1b[3J\x1b[H';
/** The same clear keeping the history above the program (the alternate screen has none). */
export const FRAME_CLEAR = '\x1b[2J\x1b[H';
/**
 * The last text gated and its answer: the viewers of one drawing (the lobby's, a table's
 * spectators) are sent the same change one after another, and it is gated once for them.
 */
const lastScreen = { text: '', gated: '' };
export function screenText(text: string): string {
  if (text !== lastScreen.text) {
    lastScreen.text = text;
    lastScreen.gated = text.replace(SCREEN, (char, own: string | undefined) =>
      own === INK_CLEAR ? FRAME_CLEAR : (own ?? escape(char)),
    );
  }
  return lastScreen.gated;
}
