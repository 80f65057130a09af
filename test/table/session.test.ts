/**
 * The session factory (table/session.ts) for every game the registry lists: a table's session
 * made again from its recording's header, as a Redis runner taking the table over makes it,
 * draws the same throws and seeds the same computers as the session that started the table; a
 * replica's session draws nothing and records nothing.
 */
import { describe, expect, it } from 'vitest';
import type { ChanceSource } from '../../source/engine/chance.js';
import { type Header, NO_RECORDING, type Recorder } from '../../source/engine/recording.js';
import { seatOf } from '../../source/engine/seats.js';
import { CORES } from '../../source/games/cores.js';
import { SessionFactory, sessionFromHeader } from '../../source/table/session.js';

const draws = (source: ChanceSource | undefined, state: unknown, n: number) =>
  Array.from({ length: n }, () => source?.next(state));

describe.each(CORES.map((core) => [core.id, core] as const))('sessions of %s', (_id, core) => {
  it('made again from the header, a session draws and seeds as the one that started the table; a follower draws and records nothing', () => {
    let header: Header | undefined;
    const recorder: Recorder = { ...NO_RECORDING };
    const sessions = new SessionFactory({
      app: 'test',
      openRecorder: (made) => {
        header = made;
        return recorder;
      },
      appendRecorder: () => NO_RECORDING,
      freshSeed: () => 4242,
      now: () => new Date(0),
    });
    const parsed = core.parseOptions(core.typicalOptions);
    if (!parsed.ok) throw new Error(parsed.problem);
    const seats = Array.from({ length: core.seatCount(parsed.options) }, (_, p) =>
      seatOf(`P${p + 1}`, p === 0 ? 'human' : 'greedy'),
    );
    const started = sessions.start(core, { options: core.typicalOptions, seats });
    if (typeof started === 'string') throw new Error(started);
    if (!header) throw new Error('no header was written');
    const taken = sessionFromHeader(core, header, parsed.options, recorder);
    expect(taken.recorder).toBe(recorder);
    expect(taken.seats).toEqual(started.seats);
    expect(taken.seed).toBe(started.seed);
    expect(taken.botSeed).toBe(started.botSeed);
    expect(taken.initial).toEqual(started.initial);
    expect(draws(taken.chance, taken.initial, 6)).toEqual(
      draws(started.chance, started.initial, 6),
    );
    expect(taken.chance === undefined).toBe(core.chance === undefined);
    const followed = sessionFromHeader(core, header, parsed.options);
    expect(followed.chance).toBeUndefined();
    expect(followed.recorder).toBe(NO_RECORDING);
    expect(followed.botSeed).toBe(started.botSeed);
    expect(followed.seats).toEqual(started.seats);
  });
});
