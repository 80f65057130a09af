/**
 * A text's runs as lines of cells at a width: as they are where they fit (the usual case, and
 * no string of escapes is made), else wrapped or cut as Ink does it (wrap-ansi and cli-truncate,
 * on the runs written as escapes and read back), with the text's own style laid over each line.
 */
import { Chalk } from 'chalk';
import cliTruncate from 'cli-truncate';
import { styledCharsFromTokens, styledCharsToString, tokenize } from '@alcalzone/ansi-tokenize';
import wrapAnsi from 'wrap-ansi';
import { type Cell, cellsOfText, eachStyled, PLAIN, type Style } from './cells.js';

export type Wrap =
  'wrap' | 'hard' | 'truncate' | 'truncate-end' | 'truncate-middle' | 'truncate-start';

/** A piece of text in one style. */
export interface Run {
  readonly text: string;
  readonly style: Style;
}

/** A text's content: its runs, its plain lines and their widest. */
export interface Runs {
  readonly runs: readonly Run[];
  /**
   * The text written with escapes exactly as Ink writes it (its spans' styles nested as chalk
   * nests them), for the rare text that has to be wrapped or cut: wrap-ansi and cli-truncate
   * then do to it what they do to Ink's, to the cell.
   */
  readonly ansi: () => string;
  readonly lines: readonly string[];
  readonly width: number;
  /** Its cells at a width, kept for the last width asked (a text is drawn at one width). */
  drawn?: { width: number; lines: readonly (readonly Cell[])[] } | undefined;
}

/** `inner` laid over by `own` (the text's style), as chalk's nesting shows it. */
export function overlay(inner: Style, own: Style): Style {
  if (own === PLAIN) return inner;
  if (inner === PLAIN) return own;
  const fg = inner.fg !== 39 ? inner.fg : own.fg;
  const bold = inner.bold || own.bold;
  const dim = inner.dim || own.dim;
  const underline = inner.underline || own.underline;
  const inverse = inner.inverse || own.inverse;
  return fg === inner.fg &&
    bold === inner.bold &&
    dim === inner.dim &&
    underline === inner.underline &&
    inverse === inner.inverse
    ? inner
    : { fg, bold, dim, underline, inverse };
}

export interface TextLines {
  readonly lines: readonly (readonly Cell[])[];
}

/** The lines of a text at `width` columns (kept on its runs for the last width and style asked). */
export function textCells(runs: Runs, width: number, wrap: Wrap, own: Style): TextLines {
  const kept = runs.drawn as (TextLines & { width: number; wrap: Wrap; own: Style }) | undefined;
  if (kept && kept.width === width && kept.wrap === wrap && kept.own === own) return kept;
  const lines = runs.width <= width ? asTheyAre(runs, own) : wrapped(runs, width, wrap, own);
  const drawn = { lines, width, wrap, own };
  (runs as { drawn?: unknown }).drawn = drawn;
  return drawn;
}

function asTheyAre(runs: Runs, own: Style): Cell[][] {
  const lines: Cell[][] = [[]];
  for (const run of runs.runs) {
    const style = overlay(run.style, own);
    const parts = run.text.split('\n');
    parts.forEach((part, i) => {
      if (i > 0) lines.push([]);
      cellsOfText(part, style, lines[lines.length - 1]);
    });
  }
  return lines;
}

/** Chalk as Ink's Text uses it (its 16 colours: madang's screens use no others). */
const chalk = new Chalk({ level: 1 });
const NAMES: Record<number, string> = {
  30: 'black',
  31: 'red',
  32: 'green',
  33: 'yellow',
  34: 'blue',
  35: 'magenta',
  36: 'cyan',
  37: 'white',
  90: 'gray',
  91: 'redBright',
  92: 'greenBright',
  93: 'yellowBright',
  94: 'blueBright',
  95: 'magentaBright',
  96: 'cyanBright',
  97: 'whiteBright',
};

/** Ink's Text's transform of one style: dim, the colour, bold, underline, inverse, in that order. */
export function inkStyled(text: string, style: Style): string {
  if (style === PLAIN || text === '') return text;
  let out = text;
  if (style.dim) out = chalk.dim(out);
  const name = NAMES[style.fg];
  if (name) out = (chalk as unknown as Record<string, (t: string) => string>)[name]?.(out) ?? out;
  if (style.bold) out = chalk.bold(out);
  if (style.underline) out = chalk.underline(out);
  if (style.inverse) out = chalk.inverse(out);
  return out;
}

/** Ink's wrapText, on the runs written as escapes. */
function inkWrap(runs: Runs, width: number, wrap: Wrap): string {
  const text = runs.ansi();
  if (width <= 0 && (wrap === 'wrap' || wrap === 'hard')) return text;
  const columns = width > 0 && width < 1 ? 1 : width;
  if (wrap === 'wrap') return wrapAnsi(text, columns, { trim: false, hard: true });
  if (wrap === 'hard') return wrapAnsi(text, columns, { trim: false, hard: true, wordWrap: false });
  const position =
    wrap === 'truncate-middle' ? 'middle' : wrap === 'truncate-start' ? 'start' : 'end';
  // Each line cut on its own, as Ink does (its styles carried across the line ends).
  const lines = text.includes('\n') ? linesOf(text) : [text];
  return lines.map((line) => cliTruncate(line, columns, { position })).join('\n');
}

/**
 * Text with escapes split at its line ends as Ink splits it: by styled characters, each line
 * written again with the styles it carries (ansi-tokenize, Ink's own reader of escapes).
 */
function linesOf(text: string): string[] {
  const lines: ReturnType<typeof styledCharsFromTokens>[] = [[]];
  for (const char of styledCharsFromTokens(tokenize(text)))
    if (char.value === '\n') lines.push([]);
    else lines[lines.length - 1]?.push(char);
  return lines.map((line) => styledCharsToString(line));
}

function wrapped(runs: Runs, width: number, wrap: Wrap, own: Style): Cell[][] {
  return readAnsi(inkWrap(runs, width, wrap), own);
}

/** Text written as escapes (one style carried across its lines) as lines of cells. */
function readAnsi(text: string, own: Style): Cell[][] {
  const lines: Cell[][] = [[]];
  eachStyled(text, (piece, style) => {
    const shown = overlay(style, own);
    piece.split('\n').forEach((part, k) => {
      if (k > 0) lines.push([]);
      if (part !== '') cellsOfText(part, shown, lines[lines.length - 1]);
    });
  });
  return lines;
}
