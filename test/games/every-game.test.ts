/**
 * Tests that run over every registered game (and the test-only race, so that they are seen to
 * hold for a game added by one folder): random playouts with invariants after every step, junk
 * events refused with a reason and no change, and record → replay → verify round trips.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verify } from '../../source/cli/verify.js';
import { type Game, type GameEvent, sameOutcome } from '../../source/engine/game.js';
import { sampleChance, seededRandom } from '../../source/engine/random.js';
import { newHeader } from '../../source/engine/recording.js';
import { timelineOf } from '../../source/engine/timeline.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';
import { readRecording, RecordingWriter } from '../../source/storage/recording-file.js';
import { deepFreeze } from '../support/freeze.js';
import { raceModule } from '../support/race/index.js';

const EVERY: readonly AnyGameModule[] = [...GAMES, raceModule];
const lookup = (name: string) => EVERY.find((g) => g.id === name);

function typical(module: AnyGameModule) {
  const parsed = module.parseOptions(module.typicalOptions);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.options;
}

/** A random game: chance drawn with its true probabilities, decisions at random. */
function playout(
  module: AnyGameModule,
  seed: number,
  onStep?: (before: unknown, event: GameEvent, after: unknown) => void,
) {
  const rules = module.rules as Game<unknown, GameEvent, unknown>;
  const random = seededRandom(seed);
  let state = deepFreeze(rules.setup(typical(module)));
  const events: GameEvent[] = [];
  while (rules.outcome(state).status === 'running' && events.length < 50_000) {
    const outcomes = rules.chance(state);
    const legal = rules.legalEvents(state);
    const event = outcomes
      ? sampleChance(outcomes, random).event
      : (legal[random.below(legal.length)] as GameEvent);
    expect(event, `${module.id}: no event where the game is running`).toBeDefined();
    expect(rules.check(state, event)).toBeUndefined();
    const after = deepFreeze(rules.reduce(state, event));
    onStep?.(state, event, after);
    state = after;
    events.push(event);
  }
  return { state, events };
}

describe.each(EVERY.map((m) => [m.id, m] as const))('every game: %s', (_id, module) => {
  const rules = module.rules as Game<unknown, GameEvent, unknown>;

  it('its module says who it is and checks its options', () => {
    expect(module.id).toMatch(/^[a-z][a-z-]*$/);
    expect(module.title.length).toBeGreaterThan(0);
    expect(module.seats.min).toBeGreaterThanOrEqual(1);
    expect(module.seats.max).toBeGreaterThanOrEqual(module.seats.min);
    expect(module.entries.length).toBeGreaterThan(0);
    expect(module.rulesText.length).toBeGreaterThan(40);
    expect(module.parseOptions(module.typicalOptions).ok).toBe(true);
    const junk = module.parseOptions(42);
    expect(junk.ok).toBe(false);
    if (!junk.ok) expect(junk.problem.length).toBeGreaterThan(5);
  });

  it('says its options in its own words, short, never as raw names and values', () => {
    const words = module.optionWords(typical(module));
    expect(words.length).toBeGreaterThan(5);
    // A served table's lobby line and waiting screen (80 columns) show them after the seats.
    expect(words.length).toBeLessThanOrEqual(60);
    expect(words).not.toMatch(/[=]|\b(true|false|undefined|null|NaN)\b|[a-z][A-Z]/);
  });

  it('random games end, every legal event passes check, reducers never mutate (frozen states)', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { state } = playout(module, seed, (before, event, after) => {
        expect(after).not.toBe(before);
        expect(rules.toAct(after)).toBeGreaterThanOrEqual(0);
        expect(event.type.startsWith(`${rules.name}/`)).toBe(true);
      });
      expect(rules.outcome(state).status).not.toBe('running');
      expect(rules.legalEvents(state)).toEqual([]);
      expect(rules.chance(state)).toBeUndefined();
    }
  });

  it('junk events are refused with a reason, and reduce returns the very same state', () => {
    const random = seededRandom(9);
    let state = deepFreeze(rules.setup(typical(module)));
    const junk: unknown[] = [
      null,
      7,
      'x',
      [],
      {},
      { type: 'nothing/here' },
      { type: `${rules.name}/nonsense` },
    ];
    for (let step = 0; step < 40 && rules.outcome(state).status === 'running'; step++) {
      const outcomes = rules.chance(state);
      // A decision where chance is due, and a chance event where a decision is due, are refused too.
      const wrongPhase = outcomes
        ? undefined
        : rules.chance(rules.setup(typical(module)))?.[0]?.event;
      for (const event of [...junk, ...(wrongPhase ? [wrongPhase] : [])]) {
        const problem = rules.check(state, event);
        expect(typeof problem, JSON.stringify(event)).toBe('string');
        expect((problem as string).length).toBeGreaterThan(3);
        expect(rules.reduce(state, event)).toBe(state);
      }
      const legal = rules.legalEvents(state);
      const event = outcomes
        ? sampleChance(outcomes, random).event
        : legal[random.below(legal.length)];
      state = deepFreeze(rules.reduce(state, event));
    }
  });

  it("the replay's move list says every move in the game's words, never an event's name", () => {
    for (const seed of [5, 6]) {
      const { events } = playout(module, seed);
      const names = Array.from({ length: module.seats.max }, (_, i) => `P${i}`);
      const { moveLines } = timelineOf(module, rules.setup(typical(module)), events, names);
      expect(moveLines).toHaveLength(events.length);
      moveLines.forEach((line, i) => {
        expect(line, `move ${i + 1}: ${JSON.stringify(events[i])}`).toMatch(/\S \S/);
        expect(line).not.toBe(events[i]?.type);
      });
    }
  });

  it('record → replay → verify: the recording replays to the same end', async () => {
    const dir = mkdtempSync(join(tmpdir(), `madang-every-${module.id}-`));
    for (const seed of [3, 4]) {
      const { state, events } = playout(module, seed);
      const file = join(dir, `${seed}.jsonl`);
      const writer = RecordingWriter.create(
        newHeader({
          game: module.id,
          options: typical(module),
          players: Array.from({ length: module.seats.min }, (_, i) => ({
            name: `P${i}`,
            kind: 'human' as const,
          })),
          seed,
          startedAt: new Date('2026-11-22T00:00:00Z'),
          app: 'test',
        }),
        file,
      );
      for (const event of events) writer.event(event);
      writer.end(rules.outcome(state));
      writer.close();
      const read = await readRecording(file, lookup);
      expect(read.ok).toBe(true);
      if (!read.ok) continue;
      expect(read.result.replayer.events).toBe(events.length);
      expect(read.result.replayer.state).toEqual(state);
      expect(sameOutcome(read.result.replayer.outcome, rules.outcome(state))).toBe(true);
      const out: string[] = [];
      expect(
        await verify(
          [file],
          lookup,
          (l) => out.push(l),
          (l) => out.push(l),
        ),
      ).toBe(0);
      expect(out[0]).toContain(`${module.id}, ${module.seats.min} players`);
    }
  });
});
