/**
 * A served hall with real recordings and a ratings ledger in a folder (test/ratings): tables made
 * by people, played to their end by a fixed pseudo-random choice of moves, the computers by the
 * scheduler, each finished game counted as the server counts it.
 */
import { join } from 'node:path';
import { SessionFactory } from '../../source/table/session.js';
import { seatOf } from '../../source/engine/seats.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';
import { Hall } from '../../source/serve/hall.js';
import { type Person, type ServedTable } from '../../source/serve/served-table.js';
import type { Scheduler } from '../../source/table/table.js';
import { openRecorder, recorderFor } from '../../source/storage/recorder.js';
import { RecordingWriter } from '../../source/storage/recording-file.js';
import { FileRatings } from '../../source/serve/ratings/store.js';
import { rateServed } from '../../source/serve/ratings/served.js';

export const lookup = (id: string) => GAMES.find((g) => g.id === id);
const game = (id: string) => lookup(id) as AnyGameModule;
export const ANN: Person = { id: 'SHA256:ann', name: 'Ann' };
export const BO: Person = { id: 'SHA256:bo', name: 'Bo' };
export const CY: Person = { id: 'SHA256:cy', name: 'Cy' };

export function server(dir: string) {
  let clock = Date.UTC(2026, 0, 1);
  const due: (() => void)[] = [];
  const scheduler: Scheduler = {
    after(_ms, run) {
      due.push(run);
      return () => {
        const at = due.indexOf(run);
        if (at >= 0) due.splice(at, 1);
      };
    },
  };
  let seeds = 100;
  const sessions = new SessionFactory({
    app: 'ratings test',
    openRecorder: (header) =>
      openRecorder({ mode: 'auto', directory: join(dir, 'recordings') }, header),
    // A table reopened after a "restart" goes on in its file, as the server's do.
    appendRecorder: (loaded, at, seed) =>
      recorderFor(RecordingWriter.append(loaded.file, loaded.goodBytes, at, seed)),
    freshSeed: () => seeds++,
    // Every game starts at its own second: the order games are folded in.
    now: () => new Date((clock += 1000)),
  });
  const store = new FileRatings(join(dir, 'ratings.json'), (problem) => {
    throw new Error(problem);
  });
  let codes = 0;
  const hall: Hall = new Hall({
    startSession: (g, start) => sessions.start(g, start),
    scheduler,
    botDelay: 0,
    seatHold: 300_000,
    now: () => clock,
    code: () => `t${++codes}`,
    finished: (table) =>
      rateServed(table, store, lookup, (p) => {
        throw new Error(p);
      }),
  });
  /** Everyone plays their seat by a fixed pseudo-random choice; the computers by the scheduler. */
  let pick = 7;
  function playOut(table: ServedTable, people: Person[], stopAfter = Infinity): void {
    const t = table.table!;
    for (
      let steps = 0;
      steps < 20_000 && t.outcome.status === 'running' && steps < stopAfter;
      steps++
    ) {
      const seat = t.toAct;
      const holder = table.holders[seat];
      // A computer's seat, or a person's given to it (G): the scheduler plays it.
      if (holder?.kind !== 'person' || table.covered.has(seat)) {
        due.shift()?.();
        continue;
      }
      const view = table.viewFor(people.find((p) => p.id === holder.person.id));
      if (table.game.rules.chance(t.state) !== undefined) view.send({ type: 'chance', seat });
      else {
        const legal = table.game.rules.legalEvents(t.state);
        pick = (pick * 1103515245 + 12345) % 2147483648;
        view.send({ type: 'move', seat, event: legal[pick % legal.length] });
      }
    }
  }
  function table(
    id: string,
    people: Person[],
    options: unknown,
    seats: ('human' | 'random' | 'greedy' | 'strong')[],
    rated = true,
  ): ServedTable {
    const [first, ...rest] = people as [Person, ...Person[]];
    const made = hall.create(
      game(id),
      { options, seats: seats.map((kind, i) => seatOf(`Player ${i + 1}`, kind)), rated },
      first,
    );
    for (const p of rest) made.sit(p);
    return made;
  }
  /** The clock moved on (a seat's hold running out). */
  const advance = (ms: number) => (clock += ms);
  return { hall, store, sessions, table, playOut, advance };
}

export async function settled() {
  // The ledger's writes are promised: let them land.
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Six rated games in `dir/recordings` (four of Ur, one of Yut of three, one against a computer). */
export async function sixRatedGames(dir: string) {
  const made = server(dir);
  const { table, playOut } = made;
  for (let i = 0; i < 4; i++)
    playOut(table('ur', i % 2 ? [ANN, BO] : [BO, CY], {}, ['human', 'human']), [ANN, BO, CY]);
  playOut(table('yut', [ANN, BO, CY], { players: 3, pieces: 2 }, ['human', 'human', 'human']), [
    ANN,
    BO,
    CY,
  ]);
  playOut(table('ur', [CY], {}, ['human', 'random']), [CY]);
  await settled();
  return made;
}
