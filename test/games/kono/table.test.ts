/**
 * A table built from Kono's core alone, as the library's users build one (no module, no screen,
 * no take-back rule handed in): it takes back by Kono's own rule, bounded by the round, as the
 * play screen and the served table do.
 */
import { describe, expect, it } from 'vitest';
import { NO_RECORDING } from '../../../source/engine/recording.js';
import { seatOf } from '../../../source/engine/seats.js';
import { konoCore } from '../../../source/games/kono/core.js';
import type { KonoEvent, KonoState } from '../../../source/games/kono/rules.js';
import { Table } from '../../../source/table/table.js';

describe("a Table from konoCore takes back as Kono's rules say", () => {
  it('never past the start of a round: the colour chosen is no move to take back', () => {
    const options = { asker: 0, size: 5 };
    const parsed = konoCore.parseOptions(options);
    if (!parsed.ok) throw new Error(parsed.problem);
    const table = new Table<KonoState, KonoEvent>({
      game: konoCore,
      initial: konoCore.rules.setup(parsed.options),
      seats: [seatOf('Ann', 'human'), seatOf('Bo', 'human')],
      chance: konoCore.chance?.seeded(3, parsed.options),
      recorder: NO_RECORDING,
      botSeed: 3,
      scheduler: { after: () => () => {} },
      botDelay: 0,
    });
    const both = table.view([0, 1]);
    // The dice for the first player, then the winner's choice of colour: the round begins.
    expect(both.send({ type: 'chance', seat: table.toAct })).toEqual({ ok: true });
    expect(table.state.phase).toBe('colour');
    const chooser = table.toAct;
    expect(
      both.send({
        type: 'move',
        seat: chooser,
        event: { type: 'kono/colourChosen', colour: 'white' },
      }),
    ).toEqual({ ok: true });
    expect(table.state.phase).toBe('play');
    const events = table.events.length;
    const state = table.state;
    expect(both.send({ type: 'takeBack', seat: chooser })).toEqual({
      ok: false,
      problem: 'No move of yours in this round to take back.',
    });
    expect(table.events).toHaveLength(events);
    expect(table.state).toBe(state);
  });
});
