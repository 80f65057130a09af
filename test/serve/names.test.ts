/**
 * A served name may not look like one taken by another key: `Hоnest` with a Cyrillic о beside
 * `Honest` is refused, as are Greek look-alikes, full-width and mathematical letters, 0 for O,
 * I or 1 for l, rn for m, and an invisible joiner inside; a name merely near one (Honesty) is not,
 * and a key may take a look-alike of its own name.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlayerBook } from '../../source/serve/identity.js';
import { skeleton } from '../../source/serve/skeleton.js';

function book(...names: string[]): PlayerBook {
  const players = new PlayerBook(join(mkdtempSync(join(tmpdir(), 'madang-names-')), 'p.json'));
  names.forEach((name, at) => players.add(`SHA256:${at}`, 'ssh-ed25519 AAAA', name, new Date(0)));
  return players;
}

describe('names that look alike', () => {
  it.each([
    ['Hоnest', 'Honest', 'Cyrillic о'],
    ['Ηonest', 'Honest', 'Greek capital eta'],
    ['НОNЕЅТ', 'Honest', 'Cyrillic capitals'],
    ['Ｈonest', 'Honest', 'full-width H'],
    ['𝐇onest', 'Honest', 'mathematical bold H'],
    ['H0nest', 'Honest', 'zero for o'],
    ['Hon\u034fest', 'Honest', 'an invisible joiner'],
    ['Bi11', 'Bill', 'ones for l'],
    ['BiII', 'Bill', 'capital I for l'],
    ['Sarn', 'Sam', 'rn for m'],
    ['Αnn', 'Ann', 'Greek capital alpha'],
    ['ρaul', 'paul', 'Greek rho'],
  ])('%s is refused beside %s (%s)', (name, taken) => {
    expect(book(taken).problem(name)).toBe(
      `${name} looks like ${taken}, a name taken here: choose another.`,
    );
  });

  it.each([['Honesty'], ['Ernest'], ['Hönest'], ['Dan']])(
    '%s is not refused beside Honest and Clan',
    (name) => {
      expect(book('Honest', 'Clan').problem(name)).toBeUndefined();
    },
  );

  it('a key may take a look-alike of its own name; the same name in another case is still taken', () => {
    const players = book('Honest');
    expect(players.problem('Hоnest', 'SHA256:0')).toBeUndefined();
    expect(players.problem('HONEST')).toBe('HONEST is taken: choose another name.');
  });

  it('the skeleton folds case and compatibility forms', () => {
    expect(skeleton('Ｈоnеѕt')).toBe(skeleton('honest'));
    expect(skeleton('Honest')).toBe(skeleton('HONEST'));
    expect(skeleton('Honest')).not.toBe(skeleton('Honesty'));
  });
});
