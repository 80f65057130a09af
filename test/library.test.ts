import { describe, expect, it } from 'vitest';

describe("the library entry, as another program imports it ('madang' → dist/index.js)", () => {
  it('offers the seed’s graded function and the pure engine', async () => {
    const madang = await import('madang');
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
    const { yote } = await import('madang');
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
    const { kono } = await import('madang');
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
    const { layers } = await import('madang');
    const state = layers.setup({ players: 10, turns: 3 });
    expect(layers.chance(state)).toHaveLength(10);
    const start = { experience: 100, layer: 0 };
    expect(layers.intervals(start, start, 10)).toEqual({ win: 100, lose: 100, draw: 100 });
    expect(layers.afterRest(150)).toBe(175);
    expect(layers.afterFight(150, 120, true).attacker).toBeCloseTo(170, 10);
  });
});
