/** Text helpers for the screens: what may be typed into a field, display widths, wrapping prose. */
import { widthOfText } from '../render/cells.js';

/** Columns a string takes on screen: wide (Korean, CJK) characters take two. */
export function displayWidth(text: string): number {
  // As the renderer counts the columns of a text (render/cells.ts): a character at a time where
  // none joins the next (ASCII, Latin-1, the boards' signs, Hangul), string-width for the rest.
  // A served table's strip, with its ' · ' and a name, was measured through string-width for
  // each of a hundred screens on every move, its cache of texts outgrown by so many.
  return widthOfText(text);
}

/** Inline markdown a reader need not see: emphasis, strong, code, link targets. */
function inline(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|[\s(])_([^_]+)_(?=[\s.,;:)]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1');
}

/**
 * The words of a line, split at spaces, but a board's size ('9 × 9', '5 × 6') is one: its numbers
 * on two lines read as two sizes.
 */
function words(text: string): string[] {
  const out: string[] = [];
  const parts = text.split(/ +/);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const next = parts[i + 1];
    const last = out.at(-1);
    if (
      part === '×' &&
      last !== undefined &&
      next !== undefined &&
      /\d$/.test(last) &&
      /^\d/.test(next)
    ) {
      out[out.length - 1] = `${last} × ${next}`;
      i++;
    } else out.push(part);
  }
  return out;
}

/** One paragraph or list item to lines of at most `width` columns, continuing under `hang`. */
function wrapLine(text: string, width: number, hang: string, out: string[]): void {
  const lead = /^ */.exec(text)?.[0] ?? '';
  let line = lead;
  // The line's width, kept as words join it: measuring the whole line again for each word made
  // a page of rules with a few wide or typographic characters cost tens of milliseconds.
  let columns = lead.length;
  let empty = true;
  for (const whole of words(text.trim())) {
    // A word longer than a line is cut where the line ends.
    const pieces: string[] = [];
    let word = whole;
    while (displayWidth(word) > Math.max(1, width - hang.length)) {
      let cut = '';
      for (const char of word) {
        if (displayWidth(cut + char) > Math.max(1, width - hang.length)) break;
        cut += char;
      }
      pieces.push(cut);
      word = word.slice(cut.length);
    }
    pieces.push(word);
    for (const piece of pieces) {
      const wide = displayWidth(piece);
      if (!empty && columns + 1 + wide > width) {
        out.push(line);
        line = `${hang}${piece}`;
        columns = hang.length + wide;
      } else {
        line = empty ? `${line}${piece}` : `${line} ${piece}`;
        columns += (empty ? 0 : 1) + wide;
      }
      empty = false;
    }
  }
  if (!empty) out.push(line);
}

/**
 * A rules page (markdown) as screen lines of at most `width` columns: paragraphs and list items
 * joined and wrapped at spaces (list items hang under their text), code blocks and tables kept
 * as they are, headings on their own line with their `#` (the page draws them bold).
 */
export function wrapText(text: string, width: number): string[] {
  const out: string[] = [];
  let block: { text: string; hang: string } | undefined;
  const flush = () => {
    if (block) wrapLine(inline(block.text), width, block.hang, out);
    block = undefined;
  };
  let code = false;
  for (const raw of text.replace(/\r/g, '').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (line.startsWith('```')) {
      flush();
      code = !code;
      continue;
    }
    if (code) {
      out.push(line);
      continue;
    }
    if (/^\s*\|[\s:-]+\|/.test(line) && !/[a-z0-9]/i.test(line)) continue; // a table's rule
    if (line === '' || line.startsWith('#') || line.startsWith('|')) {
      flush();
      out.push(line.startsWith('|') ? inline(line) : line);
      continue;
    }
    const item = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      flush();
      const marker = `${item[1] ?? ''}${item[2] === '*' ? '-' : item[2]} `;
      block = { text: `${marker}${item[3] ?? ''}`, hang: ' '.repeat(marker.length) };
      continue;
    }
    if (block) block.text += ` ${line.trim()}`;
    else block = { text: line.trim(), hang: '' };
  }
  flush();
  while (out.at(-1) === '') out.pop();
  return out;
}

/**
 * The help pages made so far, by keys, rules and width: every play screen makes its page as it
 * opens, and a server opens hundreds of the same game's (wrapping the rules takes milliseconds).
 */
const HELP_PAGES = new WeakMap<readonly string[], Map<string, readonly string[]>>();

/** A help page: the game's keys, then its rules wrapped to the page's width (shared: never changed). */
export function helpLines(keys: readonly string[], rulesText: string, width: number): string[] {
  const pages = HELP_PAGES.get(keys) ?? new Map<string, readonly string[]>();
  HELP_PAGES.set(keys, pages);
  const known = `${width}\n${rulesText}`;
  const page = pages.get(known) ?? Object.freeze(makeHelpLines(keys, rulesText, width));
  // A few widths at a time (windows of every size would keep a page each).
  if (pages.size >= 16 && !pages.has(known)) pages.clear();
  pages.set(known, page);
  return page as string[];
}

function makeHelpLines(keys: readonly string[], rulesText: string, width: number): string[] {
  const room = Math.max(20, width);
  const lines: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const line = keys[i] as string;
    // A key's description wraps under itself: the column after the key and its spaces.
    const key = /^(\s*\S+(?: \S+)*\s{2,})/.exec(line)?.[1];
    if (key !== undefined && key.length <= 20) {
      // Its description may go on in lines of its own, written in its column.
      const group = [line];
      while (continues(keys[i + 1], key.length)) group.push(keys[++i] as string);
      // The key keeps its spaces, so every description starts in its column; a description too
      // wide for the page is wrapped again as one.
      if (group.every((one) => displayWidth(one) <= room)) lines.push(...group);
      else {
        const text = group
          .map((one, k) => (k === 0 ? one.slice(key.length) : one.trim()))
          .join(' ');
        const wrapped: string[] = [];
        wrapLine(text, room - key.length, '', wrapped);
        wrapped.forEach((part, k) =>
          lines.push(`${k === 0 ? key : ' '.repeat(key.length)}${part}`),
        );
      }
    } else if (displayWidth(line) <= room) lines.push(line);
    else wrapLine(line, room, '  ', lines);
    if (line === '') lines.push('');
  }
  return [...lines, '', ...wrapText(rulesText, room)];
}

/** Whether `line` goes on with the description above it: written in its column, no key of its own. */
const continues = (line: string | undefined, column: number): line is string =>
  line !== undefined &&
  line.length > column &&
  line.slice(0, column).trim() === '' &&
  line[column] !== ' ';

/** `text` in exactly `width` columns: cut with an ellipsis when longer, padded when shorter. */
/** A path cut from its start (`…/madang/recordings`) to `width` columns: its end says most. */
export function pathFit(path: string, width: number): string {
  if (width <= 0) return '';
  const chars = [...path];
  if (chars.length <= width) return path;
  const tail = chars.slice(chars.length - width + 1).join('');
  // Cut at a folder's start where one is in what stays (`…/madang`, not `…e/madang`).
  const slash = tail.indexOf('/');
  return `…${slash > 0 ? tail.slice(slash) : tail}`;
}

export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  if (displayWidth(text) <= width) return text + ' '.repeat(width - displayWidth(text));
  let out = '';
  for (const char of text) {
    if (displayWidth(`${out}${char}…`) > width) break;
    out += char;
  }
  return out + '…' + ' '.repeat(Math.max(0, width - displayWidth(`${out}…`)));
}

/** The whole log as a page's lines, each entry wrapped as `lastLines` wraps it. */
export function logPage(log: readonly string[], width: number): string[] {
  const lines: string[] = [];
  for (const line of log) {
    const indent = /^ */.exec(line)?.[0] ?? '';
    const wrapped: string[] = [];
    wrapLine(line, Math.max(8, width), `${indent}  `, wrapped);
    lines.push(...(wrapped.length === 0 ? [''] : wrapped));
  }
  return lines;
}

/**
 * The first lines of a text that fit `rows` screen lines, wrapped as `lastLines` wraps: for the
 * replay's timeline, read from the top (where we are, what happened, why), so that what does not
 * fit is the end of a long reason, never the turn and the move.
 */
export function firstLines(log: readonly string[], width: number, rows: number): string[] {
  return logPage(log, width).slice(0, Math.max(0, rows));
}

/**
 * The newest lines of a log that fit `rows` screen lines of `width` columns, each wrapped at
 * spaces (continuations indented), so that nothing is cut and the latest line is always shown.
 */
export function lastLines(log: readonly string[], width: number, rows: number): string[] {
  const shown: string[] = [];
  for (let i = log.length - 1; i >= 0 && shown.length < rows; i--) {
    const wrapped: string[] = [];
    const line = log[i] ?? '';
    const indent = /^ */.exec(line)?.[0] ?? '';
    wrapLine(line, Math.max(8, width), `${indent}  `, wrapped);
    if (wrapped.length === 0) wrapped.push('');
    if (shown.length + wrapped.length > rows) {
      // Only part of the oldest entry fits: its end, which says what happened.
      shown.unshift(...wrapped.slice(wrapped.length - (rows - shown.length)));
      break;
    }
    shown.unshift(...wrapped);
  }
  return shown;
}
