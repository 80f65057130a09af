/**
 * The server's tables without SSH: seats filled by people, a take-back only with the others'
 * consent, the chat line (sanitised, cut, one a second), a dropped seat held and then given to
 * the computer or the game ended. Time is a hand-cranked clock and scheduler.
 */
import { describe, expect, it } from 'vitest';
import { SessionFactory } from '../../source/table/session.js';
import { NO_RECORDING } from '../../source/engine/recording.js';
import { seatOf } from '../../source/engine/seats.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';
import { Hall, REOPENED, retold } from '../../source/serve/hall.js';
import { type Person } from '../../source/serve/served-table.js';
import type { GameEvent } from '../../source/engine/game.js';
import type { LoadedRecording } from '../../source/engine/recording.js';
import { applyEvent, newPlay } from '../../source/games/yut/ui/play.js';
import type { YutEvent, YutState } from '../../source/games/yut/rules.js';
import type { Told } from '../../source/ui/event-log.js';
import type { Fact, Scheduler } from '../../source/table/table.js';
import { type Think, thinkHere } from '../../source/engine/bots.js';

const yut = GAMES.find((g) => g.id === 'yut') as AnyGameModule;
const ANN: Person = { id: 'SHA256:ann', name: 'Ann' };
const BO: Person = { id: 'SHA256:bo', name: 'Bo' };
const CY: Person = { id: 'SHA256:cy', name: 'Cy' };

/** `think`: the computers think elsewhere, as the server's do (its worker thread): later, not at once. */
function world(think?: Think) {
  let clock = 1_000_000;
  const due: { run: () => void }[] = [];
  const scheduler: Scheduler = {
    after(_ms, run) {
      const entry = { run };
      due.push(entry);
      return () => {
        const at = due.indexOf(entry);
        if (at >= 0) due.splice(at, 1);
      };
    },
  };
  const sessions = new SessionFactory({
    seed: 382,
    app: 'hall test',
    openRecorder: () => NO_RECORDING,
    appendRecorder: () => NO_RECORDING,
    freshSeed: () => 1,
    now: () => new Date(clock),
  });
  let codes = 0;
  const hall = new Hall({
    startSession: (game, start) => sessions.start(game, start),
    scheduler,
    botDelay: 10,
    seatHold: 300_000,
    now: () => clock,
    code: () => `t${++codes}`,
    think,
  });
  const start = {
    options: { players: 2, pieces: 4 },
    seats: [seatOf('Player 1', 'human'), seatOf('Player 2', 'human')],
  };
  const table = hall.create(yut, start, ANN);
  // A recorded table (to be kept for a restart): a recorder that names a file and writes nothing.
  const recorded = (session: NonNullable<typeof table.session>) =>
    Object.assign(session, { recorder: { ...NO_RECORDING, file: '/nowhere/t1.jsonl' } });
  table.arrived(ANN);
  expect(table.status).toBe('waiting');
  expect(table.sit(BO)).toBe(1);
  table.arrived(BO);
  expect(table.status).toBe('running');
  const heard: string[] = [];
  table.lines((line) => heard.push(line));
  return {
    hall,
    table,
    heard,
    sessions,
    start,
    recorded,
    advance: (ms: number) => (clock += ms),
    tick: () => due.shift()?.run(),
    pending: () => due.length,
  };
}

describe('a served table', () => {
  it('seats people in order and starts when full; a third may only watch', () => {
    const { table } = world();
    expect(table.seatNames()).toEqual(['Ann', 'Bo']);
    expect(table.sit(CY)).toBe('This table has started: you may watch it.');
    const watcher = table.viewFor(CY);
    expect(watcher.seats).toEqual([]);
    expect(watcher.send({ type: 'chance', seat: 0 })).toEqual({
      ok: false,
      problem: 'You are watching: only the players move.',
    });
    // Leaving is a connection's, never the table's.
    expect(table.viewFor(ANN).send({ type: 'leave', seat: 0, leaving: 'quit' })).toEqual({
      ok: true,
    });
    expect(table.table?.over).toBe(false);
  });

  it('a take-back waits for the other player: refused, nothing moves; agreed, it is made', () => {
    const { table, heard } = world();
    const ann = table.viewFor(ANN);
    const t = table.table!;
    expect(ann.send({ type: 'chance', seat: 0 })).toEqual({ ok: true });
    const [move] = yut.rules.legalEvents(t.state);
    expect(ann.send({ type: 'move', seat: 0, event: move })).toEqual({ ok: true });
    expect(t.events).toHaveLength(2);
    expect(ann.send({ type: 'takeBack', seat: 0 })).toEqual({
      ok: false,
      problem: 'Asked the others to agree to the take-back: wait for them.',
    });
    expect(t.events).toHaveLength(2);
    expect(heard.at(-1)).toBe('Ann asks to take a move back: y agrees, n refuses.');
    expect(table.askedOf(BO)).toBe(true);
    expect(table.askedOf(ANN)).toBe(false);
    expect(ann.send({ type: 'takeBack', seat: 0 })).toEqual({
      ok: false,
      problem: 'A take-back is already asked: wait for the answer.',
    });
    // Ann may not answer for Bo.
    table.answer(ANN, true);
    expect(t.events).toHaveLength(2);
    table.answer(BO, false);
    expect(heard.at(-1)).toBe('Bo refuses the take-back: the move stands.');
    expect(t.events).toHaveLength(2);
    expect(table.askedOf(BO)).toBe(false);
    // Asked again, and agreed: the move is gone for every view.
    ann.send({ type: 'takeBack', seat: 0 });
    table.answer(BO, true);
    expect(heard.at(-1)).toBe("Bo agrees: Ann's move is taken back.");
    expect(t.events.length).toBeLessThan(2);
  });

  it('a move made meanwhile calls the question off', () => {
    const { table } = world();
    const ann = table.viewFor(ANN);
    const bo = table.viewFor(BO);
    const t = table.table!;
    ann.send({ type: 'chance', seat: 0 });
    ann.send({ type: 'move', seat: 0, event: yut.rules.legalEvents(t.state)[0] });
    ann.send({ type: 'takeBack', seat: 0 });
    expect(table.askedOf(BO)).toBe(true);
    expect(bo.send({ type: 'chance', seat: 1 })).toEqual({ ok: true });
    expect(table.askedOf(BO)).toBe(false);
    const events = t.events.length;
    table.answer(BO, true);
    expect(t.events).toHaveLength(events);
  });

  it('the chat line: control characters shown, not acted on; cut; one a second', () => {
    const { table, heard, advance } = world();
    expect(table.chat(ANN, 'hello \x1b[2Jthere')).toBeUndefined();
    expect(heard.at(-1)).toBe('Ann: hello [2Jthere');
    expect(table.chat(ANN, 'again')).toBe('One line a second, please.');
    advance(1000);
    expect(table.chat(ANN, 'x'.repeat(500))).toBeUndefined();
    expect(heard.at(-1)).toBe(`Ann: ${'x'.repeat(120)}`);
    // A spectator may speak too.
    expect(table.chat(CY, '\u202Eevil')).toBeUndefined();
    expect(heard.at(-1)).toBe('Cy: evil');
  });

  it('a dropped seat is held: away, waited for; after the hold the computer takes it, or the game ends', () => {
    const { table, heard, advance, tick, pending } = world();
    const ann = table.viewFor(ANN);
    const t = table.table!;
    ann.send({ type: 'chance', seat: 0 });
    ann.send({ type: 'move', seat: 0, event: yut.rules.legalEvents(t.state)[0] });
    expect(t.toAct).toBe(1);
    table.departed(BO);
    expect(heard.at(-1)).toBe('Bo is away: the seat is kept for 5 minutes.');
    expect(table.awaySince.has(1)).toBe(true);
    expect(table.expired()).toEqual([]);
    expect(table.giveAway(ANN)).toBe('No seat has been away longer than the hold.');
    advance(299_000);
    expect(table.expired()).toEqual([]);
    advance(1_000);
    expect(table.expired()).toEqual([1]);
    // A spectator has no say.
    expect(table.giveAway(CY)).toBe('Only the players decide that.');
    expect(table.giveAway(ANN)).toBeUndefined();
    expect(heard.at(-1)).toBe('Ann gives Bo to the computer.');
    const before = t.events.length;
    while (t.toAct === 1 && pending() > 0) tick();
    expect(t.events.length).toBeGreaterThan(before);
    // Bo comes back: the seat is his again, the computer stops.
    table.arrived(BO);
    expect(heard.at(-1)).toBe('Bo is back.');
    expect(table.covered.has(1)).toBe(false);
  });

  it('a seat given to the computer changes hands on the table: its computer plays it, each move with its reason as any computer’s, until the person is back', () => {
    const { table, advance, tick, pending } = world();
    const ann = table.viewFor(ANN);
    const bo = table.viewFor(BO);
    const t = table.table!;
    const facts: Fact<unknown, GameEvent>[] = [];
    t.subscribe((fact) => facts.push(fact));
    while (t.toAct === 0)
      ann.send(
        yut.rules.chance(t.state)
          ? { type: 'chance', seat: 0 }
          : { type: 'move', seat: 0, event: yut.rules.legalEvents(t.state)[0] },
      );
    table.departed(BO);
    advance(300_000);
    expect(table.giveAway(ANN)).toBeUndefined();
    expect(t.computerAt(1)).toBe('strong');
    for (let n = 0; n < 50 && t.toAct === 1 && pending() > 0; n++) tick();
    expect(t.toAct).toBe(0);
    const moves = facts.filter((f) => f.kind === 'event' && f.seat === 1 && f.by !== 'chance');
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) {
      expect(move.kind === 'event' && move.by).toBe('computer');
      expect(move.kind === 'event' && move.reason).toMatch(/^strong: /);
    }
    // A reopened screen's log tells the computer's reasons under its moves.
    expect(table.told().filter((told) => told.kind === 'event' && told.reason)).toHaveLength(
      moves.length,
    );
    table.arrived(BO);
    expect(t.computerAt(1)).toBeUndefined();
    while (t.toAct === 0 && t.outcome.status === 'running')
      ann.send(
        yut.rules.chance(t.state)
          ? { type: 'chance', seat: 0 }
          : { type: 'move', seat: 0, event: yut.rules.legalEvents(t.state)[0] },
      );
    // Bo's again: nothing plays for him.
    expect(pending()).toBe(0);
    expect(bo.send({ type: 'chance', seat: 1 })).toEqual({ ok: true });
  });

  it('a seat given to the computer is played on where the computer thinks elsewhere (the server: its worker thread), throws and moves alike', async () => {
    const { table, advance, tick, pending } = world(thinkHere);
    const ann = table.viewFor(ANN);
    const t = table.table!;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    ann.send({ type: 'chance', seat: 0 });
    await settle();
    ann.send({ type: 'move', seat: 0, event: yut.rules.legalEvents(t.state)[0] });
    await settle();
    // Ann's throw may have earned her another: she plays until Bo is to act.
    for (let n = 0; n < 20 && t.toAct === 0; n++) {
      if (yut.rules.chance(t.state)) ann.send({ type: 'chance', seat: 0 });
      else ann.send({ type: 'move', seat: 0, event: yut.rules.legalEvents(t.state)[0] });
      await settle();
    }
    expect(t.toAct).toBe(1);
    table.departed(BO);
    advance(300_000);
    const before = t.events.length;
    expect(table.giveAway(ANN)).toBeUndefined();
    // Bo's whole turn, thrown and moved by the computer, until it is Ann's again.
    for (let n = 0; n < 50 && t.toAct === 1 && t.outcome.status === 'running'; n++) {
      if (pending() > 0) tick();
      await settle();
    }
    const played = t.events.slice(before).map((e) => e.type);
    expect(played).toContain('yut/sticksThrown');
    expect(played.filter((type) => type !== 'yut/sticksThrown').length).toBeGreaterThan(0);
    expect(t.toAct).toBe(0);
  });

  it('a take-back against the computer alone is made at once, and the table says so (its spectators see it)', () => {
    const { hall } = world();
    const table = hall.create(
      yut,
      {
        options: { players: 2, pieces: 4 },
        seats: [seatOf('Player 1', 'human'), seatOf('Player 2', 'strong')],
      },
      CY,
    );
    const heard: string[] = [];
    table.lines((line) => heard.push(line));
    const cy = table.viewFor(CY);
    const t = table.table!;
    cy.send({ type: 'chance', seat: 0 });
    while (yut.rules.chance(t.state) !== undefined) cy.send({ type: 'chance', seat: 0 });
    cy.send({ type: 'move', seat: 0, event: yut.rules.legalEvents(t.state)[0] });
    const before = t.events.length;
    expect(cy.send({ type: 'takeBack', seat: 0 })).toEqual({ ok: true });
    expect(t.events.length).toBeLessThan(before);
    expect(heard).toEqual(["Cy's move is taken back."]);
    expect(table.told().at(-1)).toEqual({ kind: 'line', line: "Cy's move is taken back." });
  });

  it('after the hold a player may end the game instead', () => {
    const { table, heard, advance } = world();
    table.departed(BO);
    advance(300_000);
    expect(table.end(ANN)).toBeUndefined();
    expect(heard.at(-1)).toBe('Ann ends the game: a seat stayed away.');
    expect(table.table?.over).toBe(true);
    expect(table.status).toBe('over');
  });

  it("a finished table's clock stops at its end (the lobby showed it running on)", () => {
    const { table, advance } = world();
    advance(30_000);
    table.departed(BO);
    advance(300_000);
    expect(table.end(ANN)).toBeUndefined();
    expect(table.status).toBe('over');
    expect(table.age()).toBe(330);
    advance(600_000);
    expect(table.age()).toBe(330);
  });

  it('reopened after a restart, its log says where the moves before it are and that the chat is gone', () => {
    const { hall, table, sessions, start, recorded } = world();
    recorded(table.session as NonNullable<typeof table.session>);
    expect(table.chat(ANN, 'hello')).toBeUndefined();
    const [saved] = hall.saved();
    const session = sessions.start(yut, start);
    if (typeof session === 'string') throw new Error(session);
    const reopened = new Hall({ ...hall.options }).reopen(
      yut,
      session,
      saved as NonNullable<typeof saved>,
    );
    expect(reopened.heard()).toEqual([REOPENED]);
    expect(REOPENED).toMatch(/recording/);
    expect(REOPENED).toMatch(/chat lost/);
    expect(REOPENED.length).toBeLessThanOrEqual(46);
  });

  it('reopened after a restart, a rated table is rated still, a casual one casual (as its header says)', () => {
    const { hall, table, sessions, start, recorded } = world();
    recorded(table.session as NonNullable<typeof table.session>);
    const [saved] = hall.saved();
    for (const rated of [true, false]) {
      const session = sessions.start(yut, { ...start, table: 't1', rated });
      if (typeof session === 'string') throw new Error(session);
      expect(session.header?.rated).toBe(rated);
      const reopened = new Hall({ ...hall.options }).reopen(
        yut,
        session,
        saved as NonNullable<typeof saved>,
      );
      expect(reopened.start.rated).toBe(rated);
    }
  });

  it("a recording's moves told again are the lines a screen's log had for them, a computer's reason under its move", () => {
    const options = { players: 2, pieces: 4 };
    const seats = [seatOf('Ann', 'human'), seatOf('CPU 2', 'strong')];
    const initial = yut.rules.setup(options);
    // Ann throws and moves, the computer throws and moves (its reason kept with its move).
    const events: GameEvent[] = [];
    let state = initial;
    for (let n = 0; n < 4; n++) {
      const event =
        n % 2 === 0
          ? { type: 'yut/sticksThrown', sticks: [1, 1, 0, 0] }
          : (yut.rules.legalEvents(state)[0] as GameEvent);
      events.push(event);
      state = yut.rules.reduce(state, event);
    }
    const reason = 'strong: the only move';
    const recording = {
      file: '/nowhere/t1.jsonl',
      header: { players: seats.map((seat) => ({ name: seat.name })) },
      events,
      goodBytes: 0,
      reasons: new Map([[3, reason]]),
      timeline: { initial },
    } as unknown as LoadedRecording;
    let play = newPlay(initial, seats);
    const before = play.log.length;
    let was = initial as YutState;
    events.forEach((event, at) => {
      const after = yut.rules.reduce(was, event) as YutState;
      const note = at === 3 ? `  (${reason})` : undefined;
      const told: Told<YutState, YutEvent> = { event: event as YutEvent, before: was, after, note };
      play = applyEvent(play, told);
      was = after;
    });
    const logged = play.log.slice(before);
    expect(logged[0]).toBe('Ann threw gae.');
    expect(logged).toContain(`  (${reason})`);
    expect(retold(yut, recording)).toEqual(logged);
  });

  it('reopened after a restart, its clock goes on from when the game began', () => {
    const { hall, table, sessions, start, recorded, advance } = world();
    const fresh = () => {
      const session = sessions.start(yut, start);
      if (typeof session === 'string') throw new Error(session);
      return session;
    };
    recorded(table.session as NonNullable<typeof table.session>);
    advance(95_000);
    expect(table.age()).toBe(95);
    const [saved] = hall.saved();
    expect(saved?.startedAt).toBe(table.startedAt);
    // The next server: the same clock, a minute later.
    advance(60_000);
    const later = new Hall({ ...hall.options });
    const reopened = later.reopen(yut, fresh(), saved as NonNullable<typeof saved>);
    expect(reopened.age()).toBe(155);
    // A file from before it was kept: the clock starts at the reopening.
    const older = new Hall({ ...hall.options }).reopen(yut, fresh(), {
      ...(saved as NonNullable<typeof saved>),
      startedAt: undefined,
    });
    expect(older.age()).toBe(0);
  });

  it("is in the hall's file from its first move, when its recording is made (a move alone was never told)", () => {
    const { hall, table } = world();
    // As storage/recorder.ts: the recording's file is made at the first move, not before.
    const made: { file?: string } = {};
    Object.assign(table.session as NonNullable<typeof table.session>, {
      recorder: {
        ...NO_RECORDING,
        get file() {
          return made.file;
        },
      },
    });
    const told: string[][] = [];
    hall.subscribe(() => told.push(hall.saved().map((saved) => saved.code)));
    const ann = table.viewFor(ANN);
    ann.send({ type: 'chance', seat: 0 });
    expect(hall.saved()).toEqual([]);
    made.file = '/nowhere/t1.jsonl';
    ann.send({ type: 'move', seat: 0, event: yut.rules.legalEvents(table.table!.state)[0] });
    expect(told.at(-1)).toEqual(['t1']);
  });
});
