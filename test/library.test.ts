import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../source/games/cores.js';

type Library = typeof import('../source/index.js');

/**
 * The package as another program imports it, and the source it is built from (which is what
 * `npm test`'s coverage can see): the same tests hold for both.
 */
const ENTRIES: readonly (readonly [string, () => Promise<Library>])[] = [
  ["'madang' → dist/index.js", () => import('madang') as unknown as Promise<Library>],
  ['source/index.ts', () => import('../source/index.js')],
];
const load = (name: string) => (ENTRIES.find(([n]) => n === name) as (typeof ENTRIES)[number])[1]();

describe.each(ENTRIES.map(([name]) => [name]))('the library entry: %s', (entry) => {
  describe("the library entry, as another program imports it ('madang' → dist/index.js)", () => {
    it('offers the seed’s graded function and the pure engine', async () => {
      const madang = await load(entry);
      const { yut } = madang;
      expect(yut.movePlayer(0, 'mo')).toBe(5);
      expect(yut.movePlayer(5, 'geol')).toBe(22);
      expect(yut.movePlayer(22, 'yut')).toBe(100);
      expect(yut.movePlayer(0, 'back-do')).toBe(0);
      expect(yut.movePlayer(4, 'gae', 'cow')).toBe(20);
      const state = yut.setup({ players: 2, pieces: 4 });
      const next = yut.reduce(state, { type: 'yut/sticksThrown', sticks: [0, 0, 1, 1] });
      expect(yut.legalEvents(next)).toEqual([{ type: 'yut/pieceMoved', from: 0, result: 'gae' }]);
      expect(madang.apply(yut, next, { type: 'yut/pieceMoved', from: 3, result: 'gae' })).toEqual({
        ok: false,
        problem: 'Player 0 has no piece at 3.',
        state: next,
      });
    });
  });

  describe("Yoté in the library ('madang' → yote)", () => {
    it('offers the game contract: setup, check, reduce, legalEvents', async () => {
      const { yote } = await load(entry);
      const state = yote.setup({ quietTurns: 50 });
      expect(yote.legalEvents(state)).toHaveLength(30);
      const placed = yote.reduce(state, { type: 'yote/placed', cell: 'C3' });
      expect(yote.toAct(placed)).toBe(1);
      expect(yote.check(placed, { type: 'yote/placed', cell: 'C3' })).toBe(
        'C3 is taken: place on an empty cell.',
      );
    });
  });

  describe("Kono in the library ('madang' → kono)", () => {
    it('offers the game contract with parseSave and formatSave', async () => {
      const { kono } = await load(entry);
      const state = kono.setup({ asker: 0, size: 5, quietMoves: 60 });
      expect(state.phase).toBe('dice');
      const text = kono.formatSave(state);
      expect(text).toContain('Board:\n   W  W  W  W  W\n');
      const read = kono.parseSave(text);
      expect(read.ok && read.saved.next).toBeNull();
      expect(kono.parseSave('Round: x')).toEqual({
        ok: false,
        line: 1,
        problem: 'expected "Round: <number>"',
      });
    });
  });

  describe("Layers in the library ('madang' → layers)", () => {
    it('offers the game contract and its formulas on their own', async () => {
      const { layers } = await load(entry);
      const state = layers.setup({ players: 10, turns: 3 });
      expect(layers.chance(state)).toHaveLength(10);
      const start = { experience: 100, layer: 0 };
      expect(layers.intervals(start, start, 10)).toEqual({ win: 100, lose: 100, draw: 100 });
      expect(layers.afterRest(150)).toBe(175);
      expect(layers.afterFight(150, 120, true).attacker).toBeCloseTo(170, 10);
    });
  });

  it('names the same exports as the other entry, and reads a recording', async () => {
    const library = await load(entry);
    const other = await load((ENTRIES.find(([n]) => n !== entry) as (typeof ENTRIES)[number])[0]);
    expect(Object.keys(library).sort()).toEqual(Object.keys(other).sort());
    expect(library.CORES.map((core) => core.id)).toEqual(GAME_IDS);
    const fixture = fileURLToPath(new URL('../fixtures/recordings/short.jsonl', import.meta.url));
    const read = await library.readGameRecording(fixture);
    expect(read.ok && read.game.header.players.map((p) => p.name)).toEqual(['Noah', 'Liam']);
    expect(read.ok && read.game.events.length).toBe(47);
    const missing = await library.readGameRecording(join(fixture, '..', 'none.jsonl'));
    expect(missing.ok).toBe(false);
  });
});
