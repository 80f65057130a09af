/** Text helpers for the screens: what may be typed into a field, and wrapping prose to a width. */

/** Printable characters only: typed text never carries control characters into the screen. */
export function printable(text: string): string {
  return text.replace(/\p{C}/gu, '');
}

/**
 * Markdown-ish prose to screen lines of at most `width` columns: paragraphs are wrapped at
 * spaces, list items and table rows keep their start, and headings stand alone.
 */
export function wrapText(text: string, width: number): string[] {
  const out: string[] = [];
  for (const raw of text.replace(/\r/g, '').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (line.length <= width) {
      out.push(line);
      continue;
    }
    const indent = /^(\s*(?:[-*]|\d+\.)?\s*)/.exec(line)?.[1]?.length ?? 0;
    const hang = ' '.repeat(Math.min(indent, 8));
    let rest = line;
    let first = true;
    while (rest.length > 0) {
      const room = width - (first ? 0 : hang.length);
      if (rest.length <= room) {
        out.push(first ? rest : hang + rest);
        break;
      }
      let cut = rest.lastIndexOf(' ', room);
      if (cut <= 0) cut = room;
      out.push((first ? '' : hang) + rest.slice(0, cut));
      rest = rest.slice(cut).replace(/^ +/, '');
      first = false;
    }
  }
  return out;
}

/** A help page: the game's keys, then its rules wrapped to the page's width. */
export function helpLines(keys: readonly string[], rulesText: string, width: number): string[] {
  return [...keys, '', ...wrapText(rulesText, Math.max(20, width))];
}
