/**
 * Throw sources: where the sticks come from, at the edge of the program. A seeded source makes
 * a game reproducible; a scripted source (`--throws FILE`) lets a tester force any situation.
 */
import { type Random, seededRandom } from '../../engine/random.js';
import { isResult } from './board.js';
import { type Face, parseFaces, STICKS_FOR, type Sticks } from './sticks.js';

export type Drawn =
  { readonly ok: true; readonly sticks: Sticks } | { readonly ok: false; readonly problem: string };

export interface ThrowSource {
  next(): Drawn;
}

/** Each stick lands front up with probability p, independently; the first stick is the marked one. */
export function randomThrows(random: Random, frontProbability = 0.5): ThrowSource {
  const face = (): Face => (random.next() < frontProbability ? 1 : 0);
  return { next: () => ({ ok: true, sticks: [face(), face(), face(), face()] }) };
}

export function seededThrows(seed: number, frontProbability = 0.5): ThrowSource {
  return randomThrows(seededRandom(seed), frontProbability);
}

export interface ThrowScript {
  readonly file: string;
  readonly throws: readonly { readonly sticks: Sticks; readonly line: number }[];
}

export type ParsedScript = { ok: true; script: ThrowScript } | { ok: false; problem: string };

/**
 * A throw script: one throw per line, a result name (`gae`) or four faces (`0111`, first stick
 * marked, 1 = front). Blank lines and `#` comments are ignored. CRLF is accepted.
 */
export function parseThrowScript(text: string, file: string): ParsedScript {
  const throws: { sticks: Sticks; line: number }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const content = (lines[i] ?? '').replace(/#.*/, '').trim();
    if (content === '') continue;
    const word = content.toLowerCase();
    const sticks = isResult(word) ? STICKS_FOR[word] : parseFaces(word);
    if (!sticks) {
      const shown = content.length > 30 ? `${content.slice(0, 30)}…` : content;
      return {
        ok: false,
        problem: `${file}:${i + 1}: "${shown}" is not a throw (write a result such as gae, or four faces such as 0111)`,
      };
    }
    throws.push({ sticks, line: i + 1 });
  }
  return { ok: true, script: { file, throws } };
}

export function scriptedThrows(script: ThrowScript): ThrowSource {
  let index = 0;
  return {
    next() {
      const entry = script.throws[index];
      if (!entry) {
        const last = script.throws.at(-1);
        const where = last ? `after line ${last.line}` : 'it has no throws';
        return {
          ok: false,
          problem: `${script.file}: the throw script ran out (${where}, ${script.throws.length} throws)`,
        };
      }
      index++;
      return { ok: true, sticks: entry.sticks };
    },
  };
}

/**
 * The throws of the n-th game of a run: the script if any (one sequence for the whole run, so a
 * second game goes on where the first stopped), else --seed for the first game, else a fresh seed.
 */
export function throwsForGame(
  script: ThrowSource | undefined,
  seed: number | undefined,
  game: number,
  fresh: () => number,
): { throws: ThrowSource; seed: number | null } {
  if (script) return { throws: script, seed: null };
  const chosen = game === 0 && seed !== undefined ? seed : fresh();
  return { throws: seededThrows(chosen), seed: chosen };
}
