/**
 * Arenas in the server (issue 43.5): an Ur arena opened in the hall, four simulated clients who
 * join, are paired and seated at new rated tables, play their games out, and are paired again
 * as they come free; the results go back through the hall's finished hook; a clock the test
 * drives ends the arena, and its standings and podium are the arena's own arithmetic over the
 * games the tables played.
 */
import { describe, expect, it } from 'vitest';
import { SessionFactory } from '../../../source/table/session.js';
import { NO_RECORDING } from '../../../source/engine/recording.js';
import { GAMES } from '../../../source/games/index.js';
import type { AnyGameModule } from '../../../source/games/module.js';
import { Hall } from '../../../source/serve/hall.js';
import { type Person, type ServedTable } from '../../../source/serve/served-table.js';
import { Arenas, arenaGames, PAIR_AFTER_MS } from '../../../source/serve/arena/arenas.js';
import { score, type Result } from '../../../source/serve/arena/scoring.js';
import type { Scheduler } from '../../../source/table/table.js';
import { ranksOf, type Standing } from '../../../source/ratings/ranking.js';
import { layersCore } from '../../../source/games/cores.js';

const ur = GAMES.find((g) => g.id === 'ur') as AnyGameModule;
const PEOPLE: Person[] = ['Ann', 'Bo', 'Cy', 'Di'].map((name) => ({
  id: `SHA256:${name.toLowerCase()}`,
  name,
}));

/** A hall and its arenas on a clock the test moves: timers run when their time comes. */
function world() {
  let clock = Date.UTC(2026, 0, 1);
  let timers: { at: number; run: () => void }[] = [];
  const scheduler: Scheduler = {
    after(ms, run) {
      const entry = { at: clock + ms, run };
      timers.push(entry);
      return () => (timers = timers.filter((t) => t !== entry));
    },
  };
  const sessions = new SessionFactory({
    seed: 43,
    app: 'arenas test',
    openRecorder: () => NO_RECORDING,
    appendRecorder: () => NO_RECORDING,
    freshSeed: () => 1,
    now: () => new Date(clock),
  });
  let codes = 0;
  const tell: ServedTable[] = [];
  const hall = new Hall({
    startSession: (game, start) => sessions.start(game, start),
    scheduler,
    botDelay: 0,
    seatHold: 300_000,
    now: () => clock,
    code: () => `t${++codes}`,
    finished: (table) => tell.push(table),
  });
  const arenas = new Arenas({
    now: () => clock,
    scheduler,
    seat: (game, start, holders) => hall.seated(game, start, holders),
    rating: () => 1500,
  });
  /** The clock moved on, every timer due run in its order. */
  function advance(ms: number) {
    const until = clock + ms;
    for (;;) {
      const next = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      timers = timers.filter((t) => t !== next);
      clock = Math.max(clock, next.at);
      next.run();
    }
    clock = until;
  }
  /** The hall's finished hook, as the server gives it (results told back to the arenas). */
  const told = () => {
    for (const table of tell.splice(0)) arenas.finished(table);
  };
  let pick = 11;
  /** A table's two clients play it out by a fixed pseudo-random choice of moves. */
  function playOut(table: ServedTable) {
    const t = table.table!;
    for (let steps = 0; steps < 20_000 && t.outcome.status === 'running'; steps++) {
      const seat = t.toAct;
      const holder = table.holders[seat];
      if (holder?.kind !== 'person') throw new Error('an arena seat is a person');
      const view = table.viewFor(holder.person);
      if (table.game.rules.chance(t.state) !== undefined) view.send({ type: 'chance', seat });
      else {
        const legal = table.game.rules.legalEvents(t.state);
        pick = (pick * 1103515245 + 12345) % 2147483648;
        view.send({ type: 'move', seat, event: legal[pick % legal.length] });
      }
    }
    expect(t.outcome.status).not.toBe('running');
    told();
  }
  return { hall, arenas, advance, playOut, told };
}

describe('an arena in the hall', () => {
  it('is open only for a two-player game, for 5 to 180 minutes', () => {
    const { arenas } = world();
    expect(arenaGames(GAMES).map((g) => g.id)).toEqual(['yut', 'ur', 'yote', 'kono']);
    const kono = GAMES.find((g) => g.id === 'kono') as AnyGameModule;
    expect(
      arenas.open({ ...kono, id: 'more', title: 'More', seatCount: () => 3 }, 30, PEOPLE[0]!),
    ).toBe('An arena is for a game of two: More seats more.');
    expect(arenas.open(ur, 4, PEOPLE[0]!)).toBe('An arena lasts 5 to 180 whole minutes.');
    expect(arenas.list()).toEqual([]);
  });

  it('pairs four clients at once, seats them at rated tables, and ends with the standings of their games', () => {
    const { hall, arenas, advance, playOut } = world();
    const held = arenas.open(ur, 30, PEOPLE[0]!);
    if (typeof held === 'string') throw new Error(held);
    let pushed = 0;
    arenas.subscribe(() => pushed++);
    // Ann joins alone: nobody to play. Bo joins: both seated at once at a new rated Ur table.
    expect(arenas.join(held.id, PEOPLE[0]!)).toBeUndefined();
    expect(arenas.playing(PEOPLE[0]!)).toBeUndefined();
    expect(arenas.join(held.id, PEOPLE[1]!)).toBeUndefined();
    const first = arenas.playing(PEOPLE[0]!);
    expect(first).toBeDefined();
    expect(arenas.playing(PEOPLE[1]!)).toBe(first);
    expect(first!.status).toBe('running');
    expect(first!.start.rated).toBe(true);
    expect(first!.game.id).toBe('ur');
    expect(hall.find(first!.code)).toBe(first);
    expect(pushed).toBeGreaterThan(0);
    // A guest has no rating: refused with the reason, the arena as it was.
    expect(arenas.join(held.id, { id: 'guest:3', name: 'Gus' })).toBe(
      'An arena is rated, and a guest has no rating.',
    );
    expect(arenas.join(held.id, PEOPLE[2]!)).toBeUndefined();
    expect(arenas.join(held.id, PEOPLE[3]!)).toBeUndefined();
    expect(arenas.playing(PEOPLE[2]!)).toBe(arenas.playing(PEOPLE[3]!));
    expect(arenas.playing(PEOPLE[2]!)).not.toBe(first);

    // The clients play every game the arena gives them until its end; each result is kept here.
    const results = new Map<string, Result[]>(PEOPLE.map((p) => [p.id, []]));
    const opponents: [string, string][] = [];
    let games = 0;
    while (!arenas.get(held.id)!.over) {
      const running = new Set(PEOPLE.map((p) => arenas.playing(p)).filter((t) => t !== undefined));
      for (const table of running) {
        const [a, b] = table.holders.map((h) => (h.kind === 'person' ? h.person.id : ''));
        opponents.push([a!, b!]);
        playOut(table);
        const outcome = table.table!.outcome;
        const winner = outcome.status === 'won' ? outcome.winner : -1;
        results.get(a!)!.push(winner === 0 ? 'win' : winner === 1 ? 'loss' : 'draw');
        results.get(b!)!.push(winner === 1 ? 'win' : winner === 0 ? 'loss' : 'draw');
        games++;
      }
      // The games of a round take the clients four minutes; the free are paired together then.
      advance(4 * 60_000);
    }
    // Thirty minutes, two tables at a time, four minutes a round: seven or eight rounds.
    expect(games).toBeGreaterThanOrEqual(12);
    // Never the same opponent twice running when another is free (four players: always so).
    for (const p of PEOPLE) {
      const theirs = opponents
        .filter((pair) => pair.includes(p.id))
        .map(([a, b]) => (a === p.id ? b : a));
      theirs.slice(1).forEach((o, at) => expect(o).not.toBe(theirs[at]));
    }
    // Games paired before its end are played out; after it nobody is paired again.
    const standings = arenas.get(held.id)!.standings;
    for (const table of new Set(PEOPLE.map((p) => arenas.playing(p)))) if (table) playOut(table);
    advance(PAIR_AFTER_MS);
    expect(arenas.get(held.id)!.standings).toEqual(standings);
    expect(PEOPLE.map((p) => arenas.playing(p))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const expected = PEOPLE.map((p, joined) => {
      const theirs = results.get(p.id)!;
      return {
        joined,
        name: p.name,
        score: score(theirs),
        wins: theirs.filter((r) => r === 'win').length,
        games: theirs.length,
      };
    }).sort(
      (x, y) => y.score - x.score || y.wins - x.wins || x.games - y.games || x.joined - y.joined,
    );
    expect(standings.map((s) => [s.name, s.score, s.wins, s.games])).toEqual(
      expected.map((e) => [e.name, e.score, e.wins, e.games]),
    );
    expect(arenas.get(held.id)!.podium.map((s) => s.name)).toEqual(
      expected.slice(0, 3).map((e) => e.name),
    );
  });

  it('a player who left, their seat given to the computer, loses the game to the one who stayed', () => {
    const { arenas, advance, told } = world();
    const held = arenas.open(ur, 30, PEOPLE[0]!);
    if (typeof held === 'string') throw new Error(held);
    const [ann, bo] = [PEOPLE[0]!, PEOPLE[1]!];
    arenas.join(held.id, ann);
    arenas.join(held.id, bo);
    const table = arenas.playing(ann)!;
    table.arrived(ann);
    table.arrived(bo);
    table.departed(bo);
    advance(300_000);
    expect(table.giveAway(ann)).toBeUndefined();
    const annSeat = table.seatOf(ann)!;
    const t = table.table!;
    const view = table.viewFor(ann);
    // Ann takes the first move each time; the computer plays Bo's seat at its pace.
    for (let steps = 0; steps < 5_000 && t.outcome.status === 'running'; steps++) {
      if (t.toAct !== annSeat) advance(1000);
      else if (ur.rules.chance(t.state) !== undefined) view.send({ type: 'chance', seat: annSeat });
      else view.send({ type: 'move', seat: annSeat, event: ur.rules.legalEvents(t.state)[0] });
    }
    // The computer won on the board, at the seat Bo left.
    expect(t.outcome).toMatchObject({ status: 'won', winner: 1 - annSeat });
    told();
    const standings = arenas.get(held.id)!.standings;
    expect(standings.map((s) => [s.name, s.wins, s.games])).toEqual([
      ['Ann', 1, 1],
      ['Bo', 0, 1],
    ]);
    expect(table.heard()).toContain("Bo left: the arena counts the game as Ann's win.");
  });

  it('leaves a game running at the end out of the standings, and tells its table the podium', () => {
    const { arenas, advance, playOut } = world();
    const held = arenas.open(ur, 5, PEOPLE[0]!);
    if (typeof held === 'string') throw new Error(held);
    arenas.join(held.id, PEOPLE[0]!);
    arenas.join(held.id, PEOPLE[1]!);
    playOut(arenas.playing(PEOPLE[0]!)!);
    advance(PAIR_AFTER_MS);
    const late = arenas.playing(PEOPLE[0]!)!;
    const heard: string[] = [];
    late.lines((line) => heard.push(line));
    advance(5 * 60_000);
    expect(arenas.get(held.id)!.over).toBe(true);
    expect(heard.some((line) => line.startsWith('The arena is over: 1. '))).toBe(true);
    const before = arenas.get(held.id)!.standings.map((s) => s.games);
    playOut(late);
    expect(arenas.get(held.id)!.standings.map((s) => s.games)).toEqual(before);
    expect(before).toEqual([1, 1]);
  });

  it('pairs nobody who left, and a leaver stays in the standings', () => {
    const { arenas } = world();
    const held = arenas.open(ur, 30, PEOPLE[0]!);
    if (typeof held === 'string') throw new Error(held);
    arenas.join(held.id, PEOPLE[0]!);
    arenas.leave(held.id, PEOPLE[0]!);
    arenas.join(held.id, PEOPLE[1]!);
    expect(arenas.playing(PEOPLE[1]!)).toBeUndefined();
    expect(arenas.get(held.id)!.standings.map((s) => s.name)).toEqual(['Ann', 'Bo']);
    expect(arenas.join('nope', PEOPLE[2]!)).toBe('That arena is gone.');
  });

  it('an arena over leaves the list a while after its end, as a finished table leaves the lobby', () => {
    const { arenas, advance } = world();
    const held = arenas.open(ur, 5, PEOPLE[0]!);
    if (typeof held === 'string') throw new Error(held);
    advance(5 * 60_000);
    arenas.sweep(10 * 60_000);
    expect(arenas.list().map((a) => a.id)).toEqual([held.id]);
    advance(10 * 60_000 + 1);
    arenas.sweep(10 * 60_000);
    expect(arenas.list()).toEqual([]);
  });
});

describe('a Layers battle in the hall', () => {
  const layers = GAMES.find((g) => g.id === 'layers') as AnyGameModule;
  const crowd: Person[] = Array.from({ length: 11 }, (_, n) => ({
    id: `SHA256:p${n}`,
    name: `P${n}`,
  }));

  it('one table of all who joined at its start time, ranked at its end', () => {
    const { arenas, advance, playOut } = world();
    const held = arenas.open(layers, 5, crowd[0]!);
    if (typeof held === 'string') throw new Error(held);
    expect(held.battle).toBe(true);
    for (const person of crowd) expect(arenas.join(held.id, person)).toBeUndefined();
    arenas.leave(held.id, crowd[10]!);
    // Nobody is seated before the start.
    expect(arenas.playing(crowd[0]!)).toBeUndefined();
    advance(5 * 60_000);
    const table = arenas.playing(crowd[0]!)!;
    expect(table.game.id).toBe('layers');
    expect(table.start.rated).toBe(true);
    expect(table.holders).toHaveLength(10);
    for (const person of crowd.slice(0, 10)) expect(arenas.playing(person)).toBe(table);
    expect(arenas.playing(crowd[10]!)).toBeUndefined();
    expect(arenas.join(held.id, crowd[10]!)).toBe('This battle has begun.');
    expect(arenas.get(held.id)!.over).toBe(false);
    playOut(table);
    const ranks = ranksOf(
      layersCore.standing as Standing,
      table.holders.length,
      table.table!.state,
      table.table!.outcome,
    )!;
    const done = arenas.get(held.id)!;
    expect(done.over).toBe(true);
    const names = table.seatNames();
    const order = ranks.map((rank, seat) => ({ rank, seat }));
    order.sort((x, y) => x.rank - y.rank || x.seat - y.seat);
    expect(done.standings.map((s) => [s.place, s.name])).toEqual(
      order.map(({ rank, seat }) => [rank, names[seat]]),
    );
    expect(done.standings[0]!.place).toBe(1);
    expect(done.podium.map((s) => s.name)).toEqual(done.standings.slice(0, 3).map((s) => s.name));
  });

  it('called off at its start with fewer than Layers seats, saying why', () => {
    const { arenas, advance } = world();
    const held = arenas.open(layers, 5, crowd[0]!);
    if (typeof held === 'string') throw new Error(held);
    for (const person of crowd.slice(0, 3)) arenas.join(held.id, person);
    advance(5 * 60_000);
    expect(arenas.playing(crowd[0]!)).toBeUndefined();
    expect(arenas.get(held.id)!.over).toBe(true);
    expect(arenas.get(held.id)!.calledOff).toBe(
      'Called off: Layers needs at least 10 players, and 3 joined.',
    );
  });
});
