/**
 * Yut's throw sources: how the sticks are drawn from a seeded generator (each stick front up with
 * probability p), and how a line of a throw script (`--throws FILE`) reads. The shared
 * machinery (scripts, running out) is the engine's chance sources.
 */
import {
  type ChanceScript,
  type ChanceSource,
  type ParsedScript,
  parseScript,
  scriptedSource,
} from '../../engine/chance.js';
import { type Random, seededRandom } from '../../engine/random.js';
import { isResult } from './board.js';
import type { SticksThrown } from './rules.js';
import { type Face, parseFaces, STICKS_FOR } from './sticks.js';

export type ThrowSource = ChanceSource<SticksThrown>;
export type ThrowScript = ChanceScript<SticksThrown>;

/** Each stick lands front up with probability p, independently; the first stick is the marked one. */
export function randomThrows(random: Random, frontProbability = 0.5): ThrowSource {
  const face = (): Face => (random.next() < frontProbability ? 1 : 0);
  return {
    next: () => ({
      ok: true,
      event: { type: 'yut/sticksThrown', sticks: [face(), face(), face(), face()] },
    }),
  };
}

export function seededThrows(seed: number, frontProbability = 0.5): ThrowSource {
  return randomThrows(seededRandom(seed), frontProbability);
}

/** One line of a throw script: a result name (`gae`) or four faces (`0111`, first stick marked). */
export function parseThrowLine(content: string): SticksThrown | undefined {
  const word = content.toLowerCase();
  const sticks = isResult(word) ? STICKS_FOR[word] : parseFaces(word);
  return sticks ? { type: 'yut/sticksThrown', sticks } : undefined;
}

/** A throw script: one throw per line; blank lines and `#` comments are ignored. */
export function parseThrowScript(text: string, file: string): ParsedScript<SticksThrown> {
  return parseScript(
    text,
    file,
    parseThrowLine,
    'a throw (write a result such as gae, or four faces such as 0111)',
  );
}

export function scriptedThrows(script: ThrowScript): ThrowSource {
  return scriptedSource(script, 'throw');
}
