import { describe, expect, it } from 'vitest';
import { resultOfSticks } from '../../../source/games/yut/sticks.js';
import {
  parseThrowScript,
  scriptedThrows,
  seededThrows,
  type ThrowSource,
} from '../../../source/games/yut/throws.js';

function draw(source: ThrowSource, n: number) {
  return Array.from({ length: n }, () => source.next());
}

describe('the seeded throw source', () => {
  it('gives the same throws for the same seed, and others for another seed', () => {
    const a = draw(seededThrows(42), 50);
    expect(draw(seededThrows(42), 50)).toEqual(a);
    expect(draw(seededThrows(43), 50)).not.toEqual(a);
  });

  it('lands each result about as often as §2 says (p = 0.5)', () => {
    const counts: Record<string, number> = {};
    const n = 64_000;
    for (const drawn of draw(seededThrows(7), n)) {
      if (!drawn.ok) throw new Error(drawn.problem);
      const r = resultOfSticks(drawn.event.sticks);
      counts[r] = (counts[r] ?? 0) + 1;
    }
    const expected = { 'back-do': 1, do: 3, gae: 6, geol: 4, yut: 1, mo: 1 };
    for (const [result, sixteenths] of Object.entries(expected)) {
      const share = (counts[result] ?? 0) / n;
      // Five standard deviations of a binomial share: fails only on a real bias.
      const sd = Math.sqrt(((sixteenths / 16) * (1 - sixteenths / 16)) / n);
      expect(Math.abs(share - sixteenths / 16), result).toBeLessThan(5 * sd);
    }
  });

  it('honours the stick probability p', () => {
    const fronts = draw(seededThrows(1, 0.8), 10_000)
      .flatMap((d) => (d.ok ? d.event.sticks : []))
      .filter((f) => f === 1).length;
    expect(fronts / 40_000).toBeGreaterThan(0.78);
    expect(fronts / 40_000).toBeLessThan(0.82);
  });
});

describe('throw scripts', () => {
  it('reads result names and faces, skipping blanks and comments, CRLF or not', () => {
    const parsed = parseThrowScript(
      '# a catch\r\ngae\r\n\r\n0111  # geol by faces\nMO\n1000\n',
      't.txt',
    );
    if (!parsed.ok) throw new Error(parsed.problem);
    const source = scriptedThrows(parsed.script);
    const results = draw(source, 4).map((d) => (d.ok ? resultOfSticks(d.event.sticks) : d.problem));
    expect(results).toEqual(['gae', 'geol', 'mo', 'back-do']);
  });

  it('names the file and line of a line that is not a throw', () => {
    expect(parseThrowScript('gae\ndo\ngaee\n', 'throws.txt')).toEqual({
      ok: false,
      problem:
        'throws.txt:3: "gaee" is not a throw (write a result such as gae, or four faces such as 0111)',
    });
    expect(parseThrowScript('01110', 'x').ok).toBe(false);
  });

  it('says so when the script runs out, naming its last line', () => {
    const parsed = parseThrowScript('do\n# end\n', 'short.txt');
    if (!parsed.ok) throw new Error(parsed.problem);
    const source = scriptedThrows(parsed.script);
    expect(source.next().ok).toBe(true);
    expect(source.next()).toEqual({
      ok: false,
      problem: 'short.txt: the throw script ran out (after line 1, 1 throws)',
    });
  });
});
