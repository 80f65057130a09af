/** Text helpers for the screens: what may be typed into a field, display widths, wrapping prose. */
import stringWidth from 'string-width';

/** Printable characters only: typed text never carries control characters into the screen. */
export function printable(text: string): string {
  return text.replace(/\p{C}/gu, '');
}

/** Columns a string takes on screen: wide (Korean, CJK) characters take two. */
export const displayWidth = (text: string): number => stringWidth(text);

/** Inline markdown a reader need not see: emphasis, strong, code, link targets. */
function inline(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|[\s(])_([^_]+)_(?=[\s.,;:)]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1');
}

/** One paragraph or list item to lines of at most `width` columns, continuing under `hang`. */
function wrapLine(text: string, width: number, hang: string, out: string[]): void {
  let line = '';
  for (const word of text.split(/ +/)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && displayWidth(next) > width) {
      out.push(line);
      line = `${hang}${word}`;
    } else line = next;
  }
  if (line !== '') out.push(line);
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

/** A help page: the game's keys, then its rules wrapped to the page's width. */
export function helpLines(keys: readonly string[], rulesText: string, width: number): string[] {
  return [...keys, '', ...wrapText(rulesText, Math.max(20, width))];
}
