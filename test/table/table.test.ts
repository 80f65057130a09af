/**
 * The table from several views at once: one Yut table driven by the view of seat 1, the view of
 * seat 2 and a spectator's. After every fact all three hold the same state and the same event
 * log as the table; an intent for another's seat, or from the spectator, is refused with a
 * reason and changes nothing (not the state, not the log, not the recording); the recording
 * verifies. Time is a hand-cranked scheduler, so the computers move only when told.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verify } from '../../source/cli/verify.js';
import { coreOf } from '../../source/games/cores.js';
import { layersCore } from '../../source/games/layers/core.js';
import type { LayersEvent, LayersState } from '../../source/games/layers/rules.js';
import { yutCore } from '../../source/games/yut/core.js';
import type { YutEvent, YutState } from '../../source/games/yut/rules.js';
import { newHeader, NO_RECORDING } from '../../source/engine/recording.js';
import { playerInfo, seatOf, type Seat } from '../../source/engine/seats.js';
import { recorderFor } from '../../source/storage/recorder.js';
import { RecordingWriter } from '../../source/storage/recording-file.js';
import {
  type Fact,
  type Scheduler,
  SLICE_EVENTS,
  Table,
  type TableView,
} from '../../source/table/table.js';

/** Timers run only when the test says. */
function handCranked() {
  const due: { ms: number; run: () => void }[] = [];
  const scheduler: Scheduler = {
    after(ms, run) {
      const entry = { ms, run };
      due.push(entry);
      return () => {
        const at = due.indexOf(entry);
        if (at >= 0) due.splice(at, 1);
      };
    },
  };
  const tick = () => {
    const next = due.shift();
    next?.run();
    return next !== undefined;
  };
  return { scheduler, tick, pending: () => due.map((d) => d.ms) };
}

/** What a view knows: only what the table told it. */
function mirror(view: TableView<YutState, YutEvent>, initial: YutState) {
  const seen = {
    state: initial,
    events: [] as YutEvent[],
    facts: [] as Fact<YutState, YutEvent>[],
  };
  view.subscribe((fact) => {
    seen.facts.push(fact);
    if (fact.kind === 'event') {
      seen.state = fact.after;
      seen.events = [...seen.events, fact.event];
    } else if (fact.kind === 'takenBack') {
      seen.state = fact.state;
      seen.events = seen.events.slice(0, fact.kept);
    }
  });
  return seen;
}

function yutTable(seats: readonly Seat[], file?: string) {
  const crank = handCranked();
  const options = { players: seats.length, pieces: 2, frontProbability: 0.5 };
  const recorder = file
    ? recorderFor(
        RecordingWriter.create(
          newHeader({
            game: 'yut',
            options,
            players: seats.map(playerInfo),
            seed: 5,
            startedAt: new Date(0),
            app: 'table test',
          }),
          file,
        ),
      )
    : NO_RECORDING;
  const table = new Table<YutState, YutEvent>({
    game: yutCore,
    initial: yutCore.rules.setup(options),
    seats,
    chance: yutCore.chance?.seeded(5, options),
    recorder,
    botSeed: 5,
    scheduler: crank.scheduler,
    botDelay: 700,
  });
  return { table, crank, recorder };
}

describe('one Yut table, three views: seat 1, seat 2 and a spectator', () => {
  it('all see the same state and log after every event; others’ intents are refused and change nothing; the recording verifies', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-table-')), 'game.jsonl');
    const seats = [seatOf('Ann', 'human'), seatOf('Bo', 'human')];
    const { table } = yutTable(seats, file);
    const views = [table.view([0]), table.view([1]), table.view([])];
    const mirrors = views.map((view) => mirror(view, table.state));
    const [spectator] = [views[2] as TableView<YutState, YutEvent>];
    table.start();
    const same = () => {
      for (const seen of mirrors) {
        expect(seen.state).toBe(table.state);
        expect(seen.events).toEqual(table.events);
      }
    };
    /** An intent that must be refused: the reason says why, and nothing moved. */
    const refused = (
      view: TableView<YutState, YutEvent>,
      intent: Parameters<typeof view.send>[0],
      reason: string,
    ) => {
      const state = table.state;
      const events = table.events.length;
      const lines = readFileSync(file, 'utf8');
      const told = mirrors.map((m) => m.facts.length);
      expect(view.send(intent)).toEqual({ ok: false, problem: reason });
      expect(table.state).toBe(state);
      expect(table.events).toHaveLength(events);
      expect(readFileSync(file, 'utf8')).toBe(lines);
      expect(mirrors.map((m) => m.facts.length)).toEqual(told);
    };
    let takenBack = 0;
    let refusals = 0;
    for (let step = 0; step < 2000 && table.outcome.status === 'running'; step++) {
      const seat = yutCore.rules.toAct(table.state);
      const mine = views[seat] as TableView<YutState, YutEvent>;
      const other = views[1 - seat] as TableView<YutState, YutEvent>;
      const name = seats[seat]?.name;
      const due = yutCore.rules.chance(table.state) !== undefined;
      if (step % 7 === 0) {
        // The other player and the spectator try to act for the seat to play.
        refused(other, { type: 'chance', seat }, `${name}'s seat is not yours.`);
        refused(spectator, { type: 'chance', seat }, 'You are watching: only the players move.');
        refused(other, { type: 'takeBack', seat }, `${name}'s seat is not yours.`);
        // The other player, for their own seat, out of turn.
        refused(other, { type: 'chance', seat: 1 - seat }, `It is ${name}'s turn.`);
        refusals += 4;
      }
      if (due) {
        // A chance event cannot be sent as a move: the table draws it.
        refused(
          mine,
          { type: 'move', seat, event: { type: 'yut/sticksThrown', sticks: [1, 1, 1, 1] } },
          'A throw is due: the table draws it, ask for it.',
        );
        expect(mine.send({ type: 'chance', seat })).toEqual({ ok: true });
      } else {
        const legal = yutCore.rules.legalEvents(table.state);
        const event = legal[step % legal.length] as YutEvent;
        refused(other, { type: 'move', seat, event }, `${name}'s seat is not yours.`);
        refused(
          spectator,
          { type: 'move', seat, event },
          'You are watching: only the players move.',
        );
        expect(mine.send({ type: 'move', seat, event })).toEqual({ ok: true });
        // Now and then the mover takes it back (the other may not) and makes it again.
        if (step % 5 === 0 && table.outcome.status === 'running') {
          refused(other, { type: 'takeBack', seat }, `${name}'s seat is not yours.`);
          const before = table.events.length;
          expect(mine.send({ type: 'takeBack', seat })).toEqual({ ok: true });
          expect(table.events).toHaveLength(before - 1);
          same();
          takenBack++;
          expect(mine.send({ type: 'move', seat, event })).toEqual({ ok: true });
        }
      }
      same();
    }
    expect(table.outcome.status).toBe('won');
    expect(takenBack).toBeGreaterThan(3);
    expect(refusals).toBeGreaterThan(10);
    // Nobody's computers: nothing was ever scheduled.
    // The recording verifies, and holds the game as the table played it.
    const out: string[] = [];
    const err: string[] = [];
    expect(
      await verify(
        [file],
        coreOf,
        (l) => out.push(l),
        (l) => err.push(l),
      ),
    ).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toContain(`${table.events.length} events`);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.filter((l) => l.includes('session/moveTakenBack'))).toHaveLength(takenBack);
    expect(JSON.parse(lines.at(-1) as string)).toEqual({
      type: 'session/ended',
      outcome: table.outcome,
    });
  });

  it('a computer seat moves only when its time comes, not while the table is held; its reason goes to every view', () => {
    const { table, crank } = yutTable([seatOf('Ann', 'human'), seatOf('CPU 2', 'greedy')]);
    const watcher = mirror(table.view([]), table.state);
    const ann = table.view([0, 1].slice(0, 1));
    table.start();
    expect(crank.pending()).toEqual([]);
    // Ann throws and moves until the computer is to act.
    while (yutCore.rules.toAct(table.state) === 0) {
      const due = yutCore.rules.chance(table.state) !== undefined;
      const legal = yutCore.rules.legalEvents(table.state);
      expect(
        ann.send(
          due
            ? { type: 'chance', seat: 0 }
            : { type: 'move', seat: 0, event: legal[0] as YutEvent },
        ),
      ).toEqual({ ok: true });
    }
    expect(crank.pending()).toEqual([700]);
    // Held (a page over the board): no timer; let go: the full delay again.
    table.hold('help page', true);
    expect(crank.pending()).toEqual([]);
    table.hold('help page', false);
    expect(crank.pending()).toEqual([700]);
    // Ann may not act for the computer.
    expect(ann.send({ type: 'chance', seat: 1 })).toEqual({
      ok: false,
      problem: "CPU 2's seat is not yours.",
    });
    const before = table.events.length;
    while (yutCore.rules.toAct(table.state) === 1 && table.outcome.status === 'running')
      expect(crank.tick()).toBe(true);
    expect(table.events.length).toBeGreaterThan(before + 1);
    const moves = watcher.facts.filter((f) => f.kind === 'event' && f.by === 'computer');
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) expect(move.kind === 'event' && move.reason).toMatch(/^greedy: /);
    expect(watcher.state).toBe(table.state);
  });

  it('in a hurry the computers play at once, in one batch a tick, until a person is to act', () => {
    const { table, crank } = yutTable([
      seatOf('CPU 1', 'greedy'),
      seatOf('CPU 2', 'random'),
      seatOf('Ann', 'human'),
    ]);
    table.start();
    expect(crank.pending()).toEqual([700]);
    table.hurry(true);
    // No delay: one tick plays every computer's throws and moves up to Ann's turn.
    expect(crank.pending()).toEqual([0]);
    expect(crank.tick()).toBe(true);
    expect(yutCore.rules.toAct(table.state)).toBe(2);
    expect(table.events.length).toBeGreaterThan(3);
    expect(crank.pending()).toEqual([]);
    // Held, nothing is played even in a hurry.
    table.hurry(false);
    table.hold('page', true);
    table.hurry(true);
    expect(crank.pending()).toEqual([]);
  });

  it('a batch applies at most SLICE_EVENTS, whatever the clock says: a hundred computers in a hurry', () => {
    const crank = handCranked();
    const seats = Array.from({ length: 100 }, (_, p) =>
      p === 0 ? seatOf('Ann', 'human') : seatOf(`CPU ${p + 1}`, 'strong'),
    );
    const options = { players: 100, turns: 3 };
    const table = new Table<LayersState, LayersEvent>({
      game: layersCore as never,
      initial: layersCore.rules.setup(options) as LayersState,
      seats,
      chance: layersCore.chance?.seeded(4, options),
      recorder: NO_RECORDING,
      botSeed: 4,
      // A clock that never moves: only the bound in work ends a batch.
      scheduler: { ...crank.scheduler, now: () => 0 },
      botDelay: 700,
    });
    table.start();
    table.hurry(true);
    let ticks = 0;
    // Round 1's order (99 draws), then the computers' turns until Ann's, a slice a tick.
    while (table.toAct !== 0 || layersCore.rules.chance(table.state) !== undefined) {
      const before = table.events.length;
      expect(crank.tick()).toBe(true);
      expect(table.events.length - before).toBeGreaterThan(0);
      expect(table.events.length - before).toBeLessThanOrEqual(SLICE_EVENTS);
      ticks++;
    }
    expect(ticks).toBeGreaterThan(1);
    expect(crank.pending()).toEqual([]);
  });

  it('leaving closes the table for every view: later intents are refused', () => {
    const { table } = yutTable([seatOf('Ann', 'human'), seatOf('Bo', 'human')]);
    const watcher = mirror(table.view([]), table.state);
    const ann = table.view([0]);
    expect(table.view([]).send({ type: 'leave', seat: 0, leaving: 'quit' })).toEqual({
      ok: false,
      problem: 'You are watching: only the players move.',
    });
    expect(ann.send({ type: 'leave', seat: 0, leaving: 'quit' })).toEqual({ ok: true });
    expect(watcher.facts).toEqual([
      { kind: 'closed', leaving: 'quit', outcome: { status: 'running' } },
    ]);
    expect(ann.send({ type: 'chance', seat: 0 })).toEqual({
      ok: false,
      problem: 'This game is over: the table is closed.',
    });
  });

  it('a view that joins while a fact is told is told from the next fact (it sees the state after it already)', () => {
    const { table } = yutTable([seatOf('Ann', 'human'), seatOf('Bo', 'human')]);
    const heard: string[] = [];
    let joined = false;
    table.subscribe(() => {
      heard.push('first');
      if (joined) return;
      joined = true;
      table.subscribe(() => heard.push('joined'));
    });
    expect(table.view([0]).send({ type: 'chance', seat: 0 }).ok).toBe(true);
    expect(heard).toEqual(['first']);
    const seat = table.toAct;
    const [move] = yutCore.rules.legalEvents(table.state);
    const next = move
      ? table.view([seat]).send({ type: 'move', seat, event: move })
      : table.view([seat]).send({ type: 'chance', seat });
    expect(next.ok).toBe(true);
    expect(heard).toEqual(['first', 'first', 'joined']);
  });

  it('a view that leaves while a fact is told is not told it', () => {
    const { table } = yutTable([seatOf('Ann', 'human'), seatOf('Bo', 'human')]);
    const heard: string[] = [];
    let stopSecond = () => {};
    table.subscribe(() => {
      heard.push('first');
      stopSecond();
    });
    stopSecond = table.subscribe(() => heard.push('second'));
    expect(table.view([0]).send({ type: 'chance', seat: 0 }).ok).toBe(true);
    expect(heard).toEqual(['first']);
  });
});

describe('a seat changes hands on the table: person → computer at a level → person', () => {
  it('Bo away: his seat is played by the table’s computer (its reasons recorded), then his again; the recording verifies', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-table-')), 'game.jsonl');
    const { table, crank } = yutTable([seatOf('Ann', 'human'), seatOf('Bo', 'human')], file);
    const ann = table.view([0]);
    const bo = table.view([1]);
    const watcher = mirror(table.view([]), table.state);
    table.start();
    /** The seat to act plays its first legal choice (or its throw). */
    const play = (view: TableView<YutState, YutEvent>, seat: number) => {
      const due = yutCore.rules.chance(table.state) !== undefined;
      const [event] = yutCore.rules.legalEvents(table.state);
      return view.send(due ? { type: 'chance', seat } : { type: 'move', seat, event: event! });
    };
    while (table.toAct === 0) expect(play(ann, 0)).toEqual({ ok: true });
    // Nobody's computer: nothing waits to act for Bo.
    expect(crank.pending()).toEqual([]);
    table.hand(1, 'greedy');
    expect(table.computerAt(1)).toBe('greedy');
    expect(crank.pending()).toEqual([700]);
    // Bo's own view may not act for the computer meanwhile.
    expect(play(bo, 1)).toEqual({ ok: false, problem: "The computer plays Bo's seat now." });
    const before = watcher.facts.length;
    while (table.toAct === 1 && table.outcome.status === 'running') expect(crank.tick()).toBe(true);
    const covered = watcher.facts.slice(before);
    const moves = covered.filter((f) => f.kind === 'event' && f.by === 'computer');
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) expect(move.kind === 'event' && move.reason).toMatch(/^greedy: /);
    // Ann plays her turn; then Bo is back before his.
    while (table.toAct === 0 && table.outcome.status === 'running')
      expect(play(ann, 0)).toEqual({ ok: true });
    table.hand(1, 'person');
    expect(table.computerAt(1)).toBeUndefined();
    expect(crank.pending()).toEqual([]);
    for (let n = 0; n < 4000 && table.outcome.status === 'running'; n++)
      expect(play(table.toAct === 0 ? ann : bo, table.toAct)).toEqual({ ok: true });
    expect(table.outcome.status).toBe('won');
    expect(crank.pending()).toEqual([]);
    const err: string[] = [];
    expect(
      await verify(
        [file],
        coreOf,
        () => {},
        (l) => err.push(l),
      ),
    ).toBe(0);
    expect(err).toEqual([]);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    // The covered moves' reasons are in the recording, one a move; the header still names Bo.
    expect(lines.filter((l) => l.includes('session/explained'))).toHaveLength(moves.length);
    expect(JSON.parse(lines[0] as string).players[1]).toMatchObject({ name: 'Bo', kind: 'human' });
  });
});
