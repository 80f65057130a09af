/**
 * Chance sources: where throws and rolls come from, at the edge of the program. A seeded source
 * makes a game reproducible; a script (`--throws FILE`) lets a tester force any situation. Each
 * game says how to draw its chance events and how to read one line of a script; the rest is here.
 */
import type { GameEvent } from './game.js';

export type Drawn<E> =
  { readonly ok: true; readonly event: E } | { readonly ok: false; readonly problem: string };

export interface ChanceSource<E extends GameEvent = GameEvent> {
  /**
   * The next chance event. `state` is the game as it stands, for a game whose chance depends on
   * the position (Layers draws among the players not yet in the round's order); sticks and dice
   * ignore it.
   */
  next(state?: unknown): Drawn<E>;
}

export interface ChanceScript<E extends GameEvent = GameEvent> {
  readonly file: string;
  readonly items: readonly { readonly event: E; readonly line: number }[];
}

export type ParsedScript<E extends GameEvent> =
  { ok: true; script: ChanceScript<E> } | { ok: false; problem: string };

/**
 * A script: one chance event per line, read by the game's `parseLine` (undefined when the line
 * is not one; `expected` then says what is). Blank lines and `#` comments are ignored; CRLF too.
 */
export function parseScript<E extends GameEvent>(
  text: string,
  file: string,
  parseLine: (content: string) => E | undefined,
  expected: string,
): ParsedScript<E> {
  const items: { event: E; line: number }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const content = (lines[i] ?? '').replace(/#.*/, '').trim();
    if (content === '') continue;
    const event = parseLine(content);
    if (!event) {
      const shown = content.length > 30 ? `${content.slice(0, 30)}…` : content;
      return { ok: false, problem: `${file}:${i + 1}: "${shown}" is not ${expected}` };
    }
    items.push({ event, line: i + 1 });
  }
  return { ok: true, script: { file, items } };
}

/** A script's events in order; running out is a problem that names the file. `noun`: throw, roll. */
export function scriptedSource<E extends GameEvent>(
  script: ChanceScript<E>,
  noun: string,
): ChanceSource<E> {
  let index = 0;
  return {
    next() {
      const entry = script.items[index];
      if (!entry) {
        const last = script.items.at(-1);
        const where = last ? `after line ${last.line}` : `it has no ${noun}s`;
        return {
          ok: false,
          problem: `${script.file}: the ${noun} script ran out (${where}, ${script.items.length} ${noun}s)`,
        };
      }
      index++;
      return { ok: true, event: entry.event };
    },
  };
}
