import { describe, expect, it } from 'vitest';
import { SessionFactory } from '../../source/table/session.js';
import type { GameEvent } from '../../source/engine/game.js';
import { type LoadedRecording, NO_RECORDING, newHeader } from '../../source/engine/recording.js';
import { timelineOf } from '../../source/engine/timeline.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';

const yut = GAMES.find((g) => g.id === 'yut') as AnyGameModule;
const draws = (source: { next(): { ok: boolean } } | undefined, n: number) =>
  Array.from({ length: n }, () => source?.next());

function factory(seed: number | undefined, appended: (number | null)[]) {
  const fresh = [101, 202, 303];
  return new SessionFactory({
    seed,
    app: 'test',
    openRecorder: () => NO_RECORDING,
    appendRecorder: (_loaded, _at, s) => {
      appended.push(s);
      return NO_RECORDING;
    },
    freshSeed: () => fresh.shift() ?? 999,
    now: () => new Date('2026-11-22T00:00:00Z'),
  });
}

const recording = (events: GameEvent[]): LoadedRecording => ({
  file: 'r.jsonl',
  header: newHeader({
    game: 'yut',
    options: { players: 2, pieces: 4, frontProbability: 0.5 },
    players: [
      { name: 'A', kind: 'human' },
      { name: 'B', kind: 'bot', level: 'greedy' },
    ],
    seed: 5,
    startedAt: new Date(0),
    app: 'test',
  }),
  events,
  goodBytes: 0,
});

describe('the session factory', () => {
  it('--seed plays the first game of the run; later games get fresh seeds', () => {
    const sessions = factory(7, []);
    const start = { options: { players: 2, pieces: 4 }, seats: [] };
    const first = sessions.start(yut, start);
    const second = sessions.start(yut, start);
    if (typeof first === 'string' || typeof second === 'string') throw new Error('no session');
    expect([first.seed, second.seed]).toEqual([7, 101]);
    expect(draws(first.chance, 5)).toEqual(draws(yut.chance?.seeded(7, {}), 5));
  });

  it('a resumed game records the seed its throws really come from (the resumed-seed bug)', () => {
    const appended: (number | null)[] = [];
    const sessions = factory(undefined, appended);
    const resumed = sessions.resume(
      yut,
      recording([{ type: 'yut/sticksThrown', sticks: [0, 0, 1, 1] } as GameEvent]),
    );
    if (typeof resumed === 'string') throw new Error(resumed);
    // One fresh seed, used for both: the resumed line and the throws.
    expect(appended).toEqual([101]);
    expect(resumed.seed).toBe(101);
    expect(draws(resumed.chance, 8)).toEqual(draws(yut.chance?.seeded(101, {}), 8));
    expect(resumed.seats).toEqual([
      { name: 'A', kind: 'human' },
      { name: 'B', kind: 'computer', level: 'greedy' },
    ]);
    expect(resumed.initial).toMatchObject({ phase: 'move' });
  });

  it('a recording whose events the rules refuse is not resumed', () => {
    const sessions = factory(undefined, []);
    const bad = sessions.resume(yut, recording([{ type: 'yut/pieceMoved', from: 3 } as GameEvent]));
    expect(typeof bad).toBe('string');
  });

  it('a recording read from its file is not parsed or folded again: its options and timeline are used', () => {
    const sessions = factory(undefined, []);
    const events = [{ type: 'yut/sticksThrown', sticks: [0, 0, 1, 1] } as GameEvent];
    const options = { players: 2, pieces: 4, frontProbability: 0.5 };
    const timeline = timelineOf(yut, yut.rules.setup(options), events, ['A', 'B']);
    let parsed = 0;
    let reduced = 0;
    const counted: AnyGameModule = {
      ...yut,
      parseOptions: (o: unknown) => {
        parsed++;
        return yut.parseOptions(o);
      },
      rules: {
        ...yut.rules,
        reduce: (state: unknown, event: unknown) => {
          reduced++;
          return yut.rules.reduce(state, event);
        },
      },
    };
    const resumed = sessions.resume(counted, { ...recording(events), options, timeline });
    if (typeof resumed === 'string') throw new Error(resumed);
    expect([parsed, reduced]).toEqual([0, 1]);
    expect(resumed.initial).toEqual(yut.rules.reduce(yut.rules.setup(options), events[0]));
  });
});
