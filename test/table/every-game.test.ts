/**
 * The table with every registered game, not Yut alone (issue 40): for each core the registry
 * lists (and the test-only race, so that a game added by one folder is seen to be covered), one
 * table seen by three views (the first seat's, the other seats', a spectator's). A random whole
 * game is played through the views' intents; after every fact the three have been told the same
 * facts and hold the table's state; an illegal event, a move out of turn and a spectator's move
 * are refused with a reason and change nothing (state, log, recording, facts told); the recording
 * verifies. The seeds and the refusals' places are fast-check's.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verify } from '../../source/cli/verify.js';
import type { AnyGameCore } from '../../source/engine/core.js';
import type { GameEvent } from '../../source/engine/game.js';
import { seededRandom } from '../../source/engine/random.js';
import { newHeader } from '../../source/engine/recording.js';
import { playerInfo, seatOf } from '../../source/engine/seats.js';
import { CORES } from '../../source/games/cores.js';
import { recorderFor } from '../../source/storage/recorder.js';
import { RecordingWriter } from '../../source/storage/recording-file.js';
import { type Fact, type Intent, Table, type TableView } from '../../source/table/table.js';
import { raceModule } from '../support/race/index.js';

const EVERY: readonly AnyGameCore[] = [...CORES, raceModule];
const lookup = (id: string) => EVERY.find((core) => core.id === id);

type AnyTable = Table<unknown, GameEvent>;
type AnyView = TableView<unknown, GameEvent>;

/** A table of the core's typical game, every seat a person's, recorded to a file; never started. */
function tableOf(core: AnyGameCore, seed: number) {
  const parsed = core.parseOptions(core.typicalOptions);
  if (!parsed.ok) throw new Error(parsed.problem);
  const { options } = parsed;
  const seats = Array.from({ length: core.seatCount(options) }, (_, p) =>
    seatOf(['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'][p] ?? `P${p + 1}`, 'human'),
  );
  const file = join(mkdtempSync(join(tmpdir(), `madang-table-${core.id}-`)), 'game.jsonl');
  const header = newHeader({
    game: core.id,
    options,
    players: seats.map(playerInfo),
    seed,
    startedAt: new Date(0),
    app: 'table test',
  });
  const table: AnyTable = new Table<unknown, GameEvent>({
    game: core,
    initial: core.rules.setup(options),
    seats,
    chance: core.chance?.seeded(seed, options),
    recorder: recorderFor(RecordingWriter.create(header, file)),
    botSeed: seed,
    // Nobody's computers, and the table is never started: nothing acts by itself.
    scheduler: { after: () => () => {} },
    botDelay: 0,
  });
  return { table, seats, file };
}

/** What one view has been told, and the state it holds from it alone. */
function told(view: AnyView, initial: unknown) {
  const seen = { state: initial, facts: [] as Fact<unknown, GameEvent>[] };
  view.subscribe((fact) => {
    seen.facts.push(fact);
    if (fact.kind === 'event') seen.state = fact.after;
    else if (fact.kind === 'takenBack') seen.state = fact.state;
  });
  return seen;
}

async function verified(file: string): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await verify(
    [file],
    lookup,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out, err };
}

describe.each(EVERY.map((core) => [core.id, core] as const))(
  'one table of %s, three views',
  (_id, core) => {
    it('a random whole game through the views: the three are told the same facts, refusals change nothing, the recording verifies', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          fc.integer({ min: 2, max: 9 }),
          async (seed, every) => {
            const { table, seats, file } = tableOf(core, seed);
            const rules = core.rules;
            // The first seat's view, the view of every other seat, and a spectator's.
            const others = seats.map((_, p) => p).filter((p) => p > 0);
            const views = [table.view([0]), table.view(others), table.view([])];
            const mirrors = views.map((view) => told(view, table.state));
            const [first, rest, spectator] = views as [AnyView, AnyView, AnyView];
            const holder = (seat: number) => (seat === 0 ? first : rest);
            const random = seededRandom(seed);
            const name = (seat: number) => seats[seat]?.name ?? '';

            /** An intent refused with a reason, and nothing moved or told. */
            const refused = (view: AnyView, intent: Intent<GameEvent>, reason?: string) => {
              const state = table.state;
              const events = table.events.length;
              const lines = readFileSync(file, 'utf8');
              const facts = mirrors.map((m) => m.facts.length);
              const answer = view.send(intent);
              expect(answer.ok, JSON.stringify(intent)).toBe(false);
              if (!answer.ok) {
                expect(answer.problem.length).toBeGreaterThan(5);
                if (reason !== undefined) expect(answer.problem).toBe(reason);
              }
              expect(table.state).toBe(state);
              expect(table.events).toHaveLength(events);
              expect(readFileSync(file, 'utf8')).toBe(lines);
              expect(mirrors.map((m) => m.facts.length)).toEqual(facts);
            };

            let refusals = 0;
            let step = 0;
            for (; step < 20_000 && table.outcome.status === 'running'; step++) {
              const seat = rules.toAct(table.state);
              const mine = holder(seat);
              const due = rules.chance(table.state) !== undefined;
              const legal = due ? [] : rules.legalEvents(table.state);
              const event = legal[random.below(Math.max(1, legal.length))];
              if (step % every === 0) {
                // An event the rules do not know, from the seat to play.
                refused(mine, { type: 'move', seat, event: { type: `${core.id}/nonsense` } });
                // The other view, for a seat of its own, out of turn.
                const notMine = seat === 0 ? rest : first;
                const own = notMine.seats.find((s) => s !== seat);
                if (own !== undefined)
                  refused(
                    notMine,
                    due
                      ? { type: 'chance', seat: own }
                      : { type: 'move', seat: own, event: event as GameEvent },
                    `It is ${name(seat)}'s turn.`,
                  );
                // The spectator, for the seat to play.
                refused(
                  spectator,
                  due
                    ? { type: 'chance', seat }
                    : { type: 'move', seat, event: event as GameEvent },
                  'You are watching: only the players move.',
                );
                refusals += 3;
              }
              const answer = mine.send(
                due ? { type: 'chance', seat } : { type: 'move', seat, event: event as GameEvent },
              );
              expect(answer, JSON.stringify(event)).toEqual({ ok: true });
              for (const seen of mirrors) expect(seen.state).toBe(table.state);
              expect(mirrors[1]?.facts).toEqual(mirrors[0]?.facts);
              expect(mirrors[2]?.facts).toEqual(mirrors[0]?.facts);
            }
            expect(table.outcome.status, `${core.id}: the game ended`).not.toBe('running');
            expect(refusals).toBeGreaterThan(0);
            // Every event the table applied was told to each view once, in order.
            for (const seen of mirrors)
              expect(seen.facts.map((f) => (f.kind === 'event' ? f.event : f.kind))).toEqual(
                table.events,
              );
            const { code, out, err } = await verified(file);
            expect(err).toEqual([]);
            expect(code).toBe(0);
            expect(out[0]).toContain(`${table.events.length} events`);
          },
        ),
        { numRuns: 5 },
      );
    }, 120_000);
  },
);
