/**
 * A screen as cells: each a character (with any marks of no width after it), its style and its
 * width. The renderer draws into them and madang serve diffs them; their text is written in one
 * form (`textOf`), so that two rows that look the same are the same string.
 */
import stringWidth from 'string-width';

/** A cell's style, in the terms the screens use (chalk's foreground colours at 16 colours). */
export interface Style {
  /** The SGR foreground: 39 the terminal's own, 30–37 and 90–97 the named colours. */
  readonly fg: number;
  readonly bold: boolean;
  readonly dim: boolean;
  readonly underline: boolean;
  readonly inverse: boolean;
}

export const PLAIN: Style = Object.freeze({
  fg: 39,
  bold: false,
  dim: false,
  underline: false,
  inverse: false,
});

export interface Cell {
  readonly text: string;
  readonly style: Style;
  readonly width: number;
}

/** The space of a screen nobody wrote to: one object, shared. */
export const BLANK: Cell = Object.freeze({ text: ' ', style: PLAIN, width: 1 });

/**
 * What follows a cell of two columns, in its second column: nothing is written there, but it
 * keeps the character's style (a write over the character's first column leaves it a space of
 * that style, as Ink does).
 */
const seconds = new WeakMap<Style, Cell>();
export function secondOf(style: Style): Cell {
  let cell = seconds.get(style);
  if (!cell) seconds.set(style, (cell = Object.freeze({ text: '', style, width: 0 })));
  return cell;
}
export const isSecond = (cell: Cell | undefined): boolean =>
  cell !== undefined && cell.width === 0 && cell.text === '';

/** Chalk's foreground colour names, as SGR numbers. */
const COLOURS: Record<string, number> = {
  black: 30,
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
  white: 37,
  gray: 90,
  grey: 90,
  blackBright: 90,
  redBright: 91,
  greenBright: 92,
  yellowBright: 93,
  blueBright: 94,
  magentaBright: 95,
  cyanBright: 96,
  whiteBright: 97,
};

export const colourCode = (name: string | undefined): number | undefined =>
  name === undefined ? undefined : COLOURS[name];

export const sameStyle = (a: Style, b: Style) =>
  a === b ||
  (a.fg === b.fg &&
    a.bold === b.bold &&
    a.dim === b.dim &&
    a.underline === b.underline &&
    a.inverse === b.inverse);

const ESC = '\x1b[';

/** The sequence that takes a terminal from `from` to `to`. */
export function styleChange(from: Style, to: Style): string {
  if (sameStyle(from, to)) return '';
  // Bold and dim end together (22), then the one that stays is set again.
  const codes: number[] = [];
  const weight = (from.bold && !to.bold) || (from.dim && !to.dim);
  if (weight) codes.push(22);
  if (to.bold && (weight || !from.bold)) codes.push(1);
  if (to.dim && (weight || !from.dim)) codes.push(2);
  if (to.underline !== from.underline) codes.push(to.underline ? 4 : 24);
  if (to.inverse !== from.inverse) codes.push(to.inverse ? 7 : 27);
  if (to.fg !== from.fg) codes.push(to.fg);
  return codes.map((code) => `${ESC}${code}m`).join('');
}

/** The text of cells, styled, from the plain style; back to plain at its end. */
export function textOf(cells: readonly Cell[]): string {
  let out = '';
  let style = PLAIN;
  for (const cell of cells) {
    if (cell.width === 0 && cell.text === '') continue;
    out += styleChange(style, cell.style) + cell.text;
    style = cell.style;
  }
  return out + styleChange(style, PLAIN);
}

/**
 * A text's columns as Ink measures them (string-width), each text measured once: the boards are
 * drawn of box-drawing characters, and measuring them again on every frame was a fifth of the
 * server's time. Bounded: any text may come in (names, chat); the cache keeps what screens draw.
 */
const widths = new Map<string, number>();
export function measured(text: string): number {
  let width = widths.get(text);
  if (width === undefined) {
    width = stringWidth(text);
    if (widths.size > 8192) widths.clear();
    widths.set(text, width);
  }
  return width;
}

/** A character's columns: printable ASCII and Latin-1 one, the rest as Ink measures them. */
export const charWidth = (char: string, code: number): number =>
  code >= 0x20 && code < 0x300 ? 1 : measured(char);

/**
 * Characters drawn one a cell with no question of what joins them: ASCII and Latin-1, the
 * punctuation, arrows, technical signs, box drawing and shapes the boards are made of, CJK and
 * Hangul syllables. Any other (marks, joiners, variation selectors, emoji, jamo, fillers) sends
 * the text through grapheme clusters, as Ink draws it.
 */
function simple(code: number): boolean {
  return (
    (code >= 0x20 && code < 0x300) ||
    (code >= 0x2010 && code < 0x2028) ||
    (code >= 0x2030 && code < 0x205f) ||
    (code >= 0x2190 && code < 0x2400) ||
    (code >= 0x2500 && code < 0x2600) ||
    (code >= 0x4e00 && code < 0xa000) ||
    (code >= 0xac00 && code < 0xd7a4)
  );
}

const clusters = new Intl.Segmenter();
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}+$/u;

/**
 * Plain text as cells of one style, a cell a grapheme cluster (a mark of no width, a joined
 * emoji, a flag: one cell, as wide as Ink measures it); a cluster of nothing visible is dropped,
 * as Ink drops it.
 */
export function cellsOfText(text: string, style: Style, into: Cell[] = []): Cell[] {
  let plain = true;
  for (let i = 0; i < text.length && plain; i++) plain = simple(text.charCodeAt(i));
  if (plain) {
    for (let i = 0; i < text.length; i++) {
      const char = text[i] as string;
      into.push({ text: char, style, width: charWidth(char, text.charCodeAt(i)) });
    }
    return into;
  }
  for (const { segment } of clusters.segment(text)) {
    if (IGNORABLE.test(segment)) continue;
    const code = segment.codePointAt(0) as number;
    // As Ink writes it: a cluster takes at least one column.
    const width = Math.max(1, segment.length === 1 ? charWidth(segment, code) : measured(segment));
    into.push({ text: segment, style, width });
  }
  return into;
}

/** The columns of a plain text (one line). */
export function widthOfText(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code < 0x300) width++;
    // A character of the boards and panels (▶ ◆ ─), not joined to the next (which is then one
    // of them too, or the end): measured alone, as cellsOfText cuts it, and the rest of the line
    // not sent through string-width each time the line is new.
    else if (simple(code) && (i + 1 === text.length || simple(text.charCodeAt(i + 1))))
      width += charWidth(text[i] as string, code);
    else return width + measured(text.slice(i));
  }
  return width;
}

/** A style after one SGR number (those the screens write: the gate lets no other through). */
export function styled(style: Style, code: number): Style {
  switch (code) {
    case 0:
      return PLAIN;
    case 1:
      return { ...style, bold: true };
    case 2:
      return { ...style, dim: true };
    case 4:
      return { ...style, underline: true };
    case 7:
      return { ...style, inverse: true };
    case 22:
      return { ...style, bold: false, dim: false };
    case 24:
      return { ...style, underline: false };
    case 27:
      return { ...style, inverse: false };
    default:
      return (code >= 30 && code <= 39) || (code >= 90 && code <= 97)
        ? { ...style, fg: code }
        : style;
  }
}

// eslint-disable-next-line no-control-regex -- the styles in a text written with escapes
const SGR = /\x1b\[([0-9;]*)m/y;

/**
 * A text written with escapes (text and styles, no other escape) as its pieces of plain text,
 * each told with the style it is in (one style carried across its line ends).
 */
export function eachStyled(text: string, visit: (piece: string, style: Style) => void): void {
  let style = PLAIN;
  let from = 0;
  let i = text.indexOf('\x1b');
  while (i !== -1) {
    SGR.lastIndex = i;
    const found = SGR.exec(text);
    if (!found) {
      i = text.indexOf('\x1b', i + 1);
      continue;
    }
    if (i > from) visit(text.slice(from, i), style);
    for (const part of (found[1] || '0').split(';')) style = styled(style, Number(part || 0));
    from = SGR.lastIndex;
    i = text.indexOf('\x1b', from);
  }
  if (from < text.length) visit(text.slice(from), style);
}

/** A row written with escapes as cells. */
export function cellsOfAnsi(row: string): Cell[] {
  const cells: Cell[] = [];
  eachStyled(row, (piece, style) => cellsOfText(piece, style, cells));
  return cells;
}
