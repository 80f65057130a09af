/**
 * madang serve's own screens as a new player meets them, at 80×24 (the least window) and larger:
 * the lobby shows all its keys and no more tables than fit, the list of games one line each, and
 * the table's line and the chat line at a table hide what they are drawn over at 80×24.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionFactory } from '../../source/table/session.js';
import { NO_RECORDING } from '../../source/engine/recording.js';
import { seatOf } from '../../source/engine/seats.js';
import { GAMES } from '../../source/games/index.js';
import { historicalSpec } from '../../source/games/ur/board.js';
import type { AnyGameModule } from '../../source/games/module.js';
import { Hall } from '../../source/serve/hall.js';
import { type Person, type ServedTable } from '../../source/serve/served-table.js';
import type { Table } from '../../source/table/table.js';
import type { GameEvent } from '../../source/engine/game.js';
import type { LayersEvent, LayersState } from '../../source/games/layers/rules.js';
import { PlayerBook } from '../../source/serve/identity.js';
import { Arenas } from '../../source/serve/arena/arenas.js';
import { LOBBY_MOMENT_MS } from '../../source/serve/ServeApp.js';
import { TIMERS } from '../../source/table/table.js';
import { frameWhen, KEY, press } from '../support/ink.js';
import { serveScreen } from '../support/serve-screen.js';

const yut = GAMES.find((g) => g.id === 'yut') as AnyGameModule;
const ANN: Person = { id: 'SHA256:ann', name: 'Ann' };
const BO: Person = { id: 'SHA256:bo', name: 'Bo' };
const CY: Person = { id: 'SHA256:cy', name: 'Cy' };
const start = {
  options: { players: 2, pieces: 4 },
  seats: [seatOf('Player 1', 'human'), seatOf('Player 2', 'human')],
};

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

/** `seatHold`: milliseconds a dropped seat is kept (0: the others may end the game at once). */
function world(seatHold = 300_000) {
  const dir = mkdtempSync(join(tmpdir(), 'madang-serve-screens-'));
  const sessions = new SessionFactory({
    seed: 382,
    app: 'screens test',
    openRecorder: () => NO_RECORDING,
    appendRecorder: () => NO_RECORDING,
    freshSeed: () => 1,
    now: () => new Date(),
  });
  let codes = 0;
  const hall = new Hall({
    startSession: (game, s) => sessions.start(game, s),
    scheduler: TIMERS,
    botDelay: 10_000,
    seatHold,
    now: () => Date.now(),
    code: () => `t${String(++codes).padStart(3, '0')}`,
  });
  const book = new PlayerBook(join(dir, 'players.json'));
  book.add(ANN.id, 'ssh-ed25519 AAAA', ANN.name, new Date());
  return { hall, book, world: { hall, book, games: GAMES, dataDir: dir, now: () => new Date() } };
}

/** Ann's screen (her key known) in a window of the size given. */
function annSees(w: ReturnType<typeof world>['world'], columns: number, rows: number) {
  return sees(w, ANN, 1, columns, rows);
}

/** A known person's screen (the connection `serial`, as the SSH user `user`). */
function sees(
  w: ReturnType<typeof world>['world'],
  person: Person,
  serial: number,
  columns: number,
  rows: number,
  user = 'madang',
) {
  if (!w.book.nameOf(person.id)) w.book.add(person.id, 'ssh-ed25519 AAAA', person.name, new Date());
  const drawn = serveScreen(w, person, serial, columns, rows, user);
  const before = unmount;
  unmount = () => {
    drawn.unmount();
    before?.();
  };
  return drawn;
}

const lines = (frame: string) => frame.split('\n');

describe("madang serve's screens", () => {
  it('the lobby at 80×24 shows every key and only the tables that fit, the chosen one among them', async () => {
    const { world: w, hall } = world();
    for (let n = 0; n < 20; n++) hall.create(yut, start, { id: `SHA256:p${n}`, name: `P${n}` });
    const { stdin, lastFrame } = annSees(w, 80, 24);
    let frame = await frameWhen(lastFrame, 'you are Ann');
    expect(lines(frame).length).toBeLessThanOrEqual(24);
    expect(frame).toContain("c a table's code");
    expect(frame).toContain('q leave');
    expect(frame).toContain('▸ t001 Yut Nori');
    // Seven tables fit beside the line that counts the rest.
    expect(frame).toContain('t007 Yut Nori');
    expect(frame).not.toContain('t008 Yut Nori');
    expect(frame).toContain('↓ 13 more below');
    expect(frame).not.toContain('above');
    for (let n = 0; n < 14; n++) await press(stdin, KEY.Down as string);
    frame = await frameWhen(lastFrame, '▸ t015 Yut Nori');
    expect(lines(frame).length).toBeLessThanOrEqual(24);
    expect(frame).toContain('madang · the lobby');
    expect(frame).toContain('q leave');
    // The count above over the list, the count below under it, the chosen table between.
    const drawn = lines(frame);
    const above = drawn.findIndex((l) => l.includes('↑ 8 more above'));
    const chosen = drawn.findIndex((l) => l.includes('▸ t015 Yut Nori'));
    const below = drawn.findIndex((l) => l.includes('↓ 5 more below'));
    expect(above).toBeGreaterThan(0);
    expect(drawn.slice(above + 1, chosen).some((l) => l.includes('t009 Yut Nori'))).toBe(true);
    expect(chosen).toBeGreaterThan(above);
    expect(below).toBeGreaterThan(chosen);
    // A table made out of sight is still news on the screen: the count below moves.
    hall.create(yut, start, { id: 'SHA256:late', name: 'Late' });
    frame = await frameWhen(lastFrame, '↓ 6 more below');
    expect(lines(frame).length).toBeLessThanOrEqual(24);
  });

  it('a lobby whose tables all fit has no line for more', async () => {
    const { world: w, hall } = world();
    for (let n = 0; n < 8; n++) hall.create(yut, start, { id: `SHA256:p${n}`, name: `P${n}` });
    const { lastFrame } = annSees(w, 80, 24);
    const frame = await frameWhen(lastFrame, 't008 Yut Nori');
    expect(frame).not.toMatch(/more (above|below)/);
    expect(lines(frame).length).toBeLessThanOrEqual(24);
  });

  it("a table's options are said in its game's words, in the lobby and on the waiting screen", async () => {
    const { world: w, hall } = world();
    const ur = GAMES.find((g) => g.id === 'ur') as AnyGameModule;
    hall.create(yut, { ...start, options: { players: 2, pieces: 2 } }, BO);
    const waiting = hall.create(
      ur,
      // As Ur's setup makes them: the historical board written out.
      {
        options: { board: historicalSpec(), stones: 2, extraRollOnRosette: true },
        seats: start.seats,
      },
      ANN,
    );
    const { stdin, lastFrame } = annSees(w, 80, 24);
    const lobby = await frameWhen(lastFrame, 't002 Royal Game of Ur');
    expect(lobby).toContain('Bo, (open) · 2 players, 2 pieces each');
    expect(lobby).toContain('Ann, (open) · 2 stones, a rosette rolls again');
    expect(lobby).not.toMatch(/\w=\w/);
    await press(stdin, 'c', ...waiting.code, KEY.Enter as string);
    const seated = await frameWhen(lastFrame, 'waiting for players');
    expect(seated).toContain('2 stones, a rosette rolls again');
    expect(seated).not.toContain('a board of its own');
    expect(seated).not.toMatch(/\w=\w/);
  });

  it("with --web the waiting page gives the table's link for watching in a browser; without, none", async () => {
    for (const web of ['https://madang.example.org', undefined]) {
      const { world: plain, hall } = world();
      const w = { ...plain, web };
      const table = hall.create(yut, start, ANN);
      const { stdin, lastFrame } = annSees(w, 80, 24);
      await frameWhen(lastFrame, 'you are Ann');
      await press(stdin, 'c', ...table.code, KEY.Enter as string);
      const seated = await frameWhen(lastFrame, 'waiting for players');
      if (web) expect(seated).toContain(`Watch in a browser: ${web}/t/${table.code}`);
      else expect(seated).not.toContain('Watch in a browser');
    }
  });

  it("every game's setup at 80×24 and larger is whole, its box closed, the note about seats beside it", async () => {
    const NOTE = 'Seats set to a person are open for players to sit in; you sit in the first.';
    for (const [columns, rows] of [
      [80, 24],
      [100, 30],
    ] as const) {
      const games = GAMES.filter((g) => g.entries.some((e) => !e.answer));
      for (let n = 0; n < games.length; n++) {
        const { world: w } = world();
        const { stdin, lastFrame } = annSees(w, columns, rows);
        await frameWhen(lastFrame, 'you are Ann');
        await press(stdin, 'n');
        await frameWhen(lastFrame, 'which game?');
        // The most seats the form offers (Yut: four players, two rows each).
        await press(stdin, String(n + 1), KEY.Right as string, KEY.Right as string);
        const frame = await frameWhen(lastFrame, 'Start the game');
        const drawn = lines(frame);
        const where = `${games[n]!.id} at ${columns}×${rows}`;
        expect(drawn.length, where).toBeLessThanOrEqual(rows);
        const top = drawn.findIndex((l) => l.includes('╭'));
        const bottom = drawn.findIndex((l) => l.includes('╰'));
        expect(top, where).toBeGreaterThanOrEqual(0);
        // Closed below every row of the form, and nothing drawn over its border.
        expect(bottom, where).toBeGreaterThan(top);
        expect(drawn[bottom], where).toMatch(/^\s*╰─+╯\s*$/);
        expect(
          drawn.slice(top + 1, bottom).every((l) => /^\s*│.*│\s*$/.test(l)),
          where,
        ).toBe(true);
        expect(frame.replace(/[│\s]+/g, ' '), where).toContain(NOTE);
        unmount?.();
        unmount = undefined;
      }
    }
  });

  it('a table’s setup asks no name for a person’s seat: the first is the maker’s, the rest open', async () => {
    const { world: w } = world();
    const { stdin, lastFrame } = annSees(w, 80, 24);
    await frameWhen(lastFrame, 'you are Ann');
    await press(stdin, 'n');
    await frameWhen(lastFrame, 'which game?');
    await press(stdin, '\r');
    const frame = await frameWhen(lastFrame, 'Start the game');
    expect(frame).toMatch(/Seat 1 name\s+R you/);
    expect(frame).toMatch(/Seat 2 name\s+B open: whoever sits here/);
    expect(frame).not.toContain('Player 1');
    expect(frame).not.toContain('type a name');
    // Typed on a person's seat, a name goes nowhere; the computer's seat takes one.
    await press(stdin, KEY.Down as string, KEY.Down as string, 'Zed');
    expect(await frameWhen(lastFrame, 'Start the game')).not.toContain('Zed');
    await press(stdin, KEY.Down as string, KEY.Down as string, KEY.Down as string);
    await press(stdin, KEY.Right as string);
    const computer = await frameWhen(lastFrame, 'the computer');
    expect(computer).toContain('type a name');
    await press(stdin, KEY.Up as string, 'Robo');
    expect(await frameWhen(lastFrame, 'Robo')).toMatch(/Seat 2 name\s+B Robo/);
  });

  it('the lobby draws the hall’s changes of a moment together, not each as it comes', async () => {
    const { world: w, hall } = world();
    const { stdout, lastFrame } = annSees(w, 80, 24);
    await frameWhen(lastFrame, 'No tables yet');
    // The first frames of the connection drawn.
    await new Promise((resolve) => setTimeout(resolve, 300));
    let frames = 0;
    const write = stdout.write;
    stdout.write = (frame: string) => {
      frames++;
      return write(frame);
    };
    // Twenty players arrive one after another, each making a table (each in a turn of the event
    // loop of its own, as each connection's keys come).
    for (let n = 0; n < 20; n++) {
      hall.create(yut, start, { id: `SHA256:p${n}`, name: `P${n}` });
      await new Promise((resolve) => setImmediate(resolve));
    }
    await frameWhen(lastFrame, 't001 Yut Nori');
    await new Promise((resolve) => setTimeout(resolve, 2 * LOBBY_MOMENT_MS));
    // Drawn once, or a few times on a busy machine: not once for each.
    expect(frames).toBeGreaterThanOrEqual(1);
    expect(frames).toBeLessThanOrEqual(3);
  });

  it('the games to set up are one line each, without the command line’s flags', async () => {
    const { world: w } = world();
    const { stdin, lastFrame } = annSees(w, 80, 24);
    await frameWhen(lastFrame, 'you are Ann');
    await press(stdin, 'n');
    const frame = await frameWhen(lastFrame, 'which game?');
    const listed = lines(frame).filter((l) => /│\s+(▸ | {2})\d\. /.test(l));
    const inner = lines(frame).slice(
      lines(frame).findIndex((l) => l.includes('which game?')) + 1,
      lines(frame).findIndex((l) => l.includes('↑↓ choose')),
    );
    // Every line between the title and the keys is a game or blank: none wrapped onto the next.
    expect(inner.filter((l) => /│\s+[^\s│]/.test(l))).toEqual(listed);
    expect(listed.length).toBeGreaterThanOrEqual(4);
    expect(frame).not.toContain('--');
  });

  it("at 80×24 the table's line (its code, c chat) shows too, over the game's last line", async () => {
    const { world: w, hall } = world();
    const table = hall.create(yut, start, ANN);
    table.sit(BO);
    const { lastFrame } = annSees(w, 80, 24);
    const frame = await frameWhen(lastFrame, '▶ R Ann to throw');
    const rows = lines(frame);
    expect(rows.length).toBeLessThanOrEqual(24);
    const strip = rows.at(-1) as string;
    expect(strip).toMatch(new RegExp(`^table ${table.code} · c chat · you are Ann, seat 1 *$`));
    // The game is whole above it: its turn line and the keys' line.
    expect(frame).toContain('Space throw');
  });

  it('a game ended by E shows as ended on the screens at the table, not as running', async () => {
    const { world: w, hall } = world(0);
    const table = hall.create(yut, start, ANN);
    table.sit(BO);
    table.arrived(BO);
    const bo = sees(w, BO, 2, 100, 30);
    await frameWhen(bo.lastFrame, '▶ R Ann to throw');
    // Ann never came (her hold of 0 ms is over at once): Bo ends the game, as E does.
    table.arrived(ANN);
    table.departed(ANN);
    expect(table.end(BO)).toBeUndefined();
    const seen = await frameWhen(bo.lastFrame, 'game ended');
    expect(seen).toContain('This game is over: the table is closed.');
    expect(seen).not.toContain('E end the game');
  });

  it('a screen opened later (a player back) shows what was said before, once, then what is said', async () => {
    const { world: w, hall } = world();
    const table = hall.create(yut, start, ANN);
    table.sit(BO);
    expect(table.chat(BO, 'good luck')).toBeUndefined();
    const { stdin, lastFrame } = annSees(w, 100, 30);
    await frameWhen(lastFrame, '▶ R Ann to throw');
    // Drawn again and again (the hall's news, Ann's chat) before the log is read.
    await press(stdin, 'c', 'h', 'i', KEY.Enter as string);
    await frameWhen(lastFrame, 'Ann: hi');
    await press(stdin, 'l');
    const log = await frameWhen(lastFrame, 'log');
    expect(log).toContain('Bo: good luck');
    expect(log.split('Bo: good luck').length - 1).toBe(1);
    expect(log.split('Ann: hi').length - 1).toBe(1);
  });

  it('a log rebuilt later has the table’s words where they were said, as a screen there all along has them', async () => {
    const { world: w, hall } = world();
    const table = hall.create(yut, start, ANN);
    table.sit(BO);
    const t = table.table!;
    const ann = table.viewFor(ANN);
    const stayed = annSees(w, 100, 40);
    await frameWhen(stayed.lastFrame, '▶ R Ann to throw');
    // Ann throws and moves, asks to take it back, Bo agrees; she moves again, Bo says a word.
    ann.send({ type: 'chance', seat: 0 });
    const moved = () =>
      ann.send({ type: 'move', seat: 0, event: yut.rules.legalEvents(t.state)[0] });
    moved();
    ann.send({ type: 'takeBack', seat: 0 });
    table.answer(BO, true);
    expect(t.events).toHaveLength(1);
    moved();
    expect(table.chat(BO, 'hello')).toBeUndefined();
    const logOf = async (drawn: {
      stdin: { write: (s: string) => void };
      lastFrame: () => string | undefined;
    }) => {
      await frameWhen(drawn.lastFrame, 'Bo: hello');
      await press(drawn.stdin, 'l');
      const page = await frameWhen(drawn.lastFrame, 'log');
      return lines(page)
        .filter((l) => l.startsWith('│') && /Ann|Bo/.test(l))
        .map((l) => l.replace(/[│ ]+$/, ''));
    };
    const seen = await logOf(stayed);
    stayed.unmount();
    // Ann back (or a spectator): her screen opens on the table as it is now.
    const back = await logOf(annSees(w, 100, 40));
    // What she saw, then her leaving and coming back.
    expect(back).toEqual([
      ...seen,
      '│ Ann is away: the seat is kept for 5 minutes.',
      '│ Ann is back.',
    ]);
    const at = (text: string) => back.findLastIndex((l) => l.includes(text));
    expect(at('Ann asks to take a move back')).toBeGreaterThan(-1);
    // The take-back's words come before the move made after it, the chat after that move.
    expect(at('Ann asks to take a move back')).toBeLessThan(
      at("Bo agrees: Ann's move is taken back."),
    );
    expect(at("Bo agrees: Ann's move is taken back.")).toBeLessThan(at('Ann moved'));
    expect(at('Ann moved')).toBeLessThan(at('Bo: hello'));
  });

  it('a finished game at a served table offers only the keys that work there, and no server path', async () => {
    const { world: w, hall } = world();
    const table = hall.create(yut, { ...start, options: { players: 2, pieces: 1 } }, ANN);
    table.sit(BO);
    table.arrived(BO);
    const { stdin, lastFrame } = annSees(w, 80, 24);
    await frameWhen(lastFrame, '▶ R Ann to throw');
    // The game played to its end, Ann's and Bo's turns through their own views.
    const t = table.table!;
    const views = [table.viewFor(ANN), table.viewFor({ ...BO })];
    // A recorded table: its file is the server's.
    Object.assign(table.session!, {
      recorder: { ...table.session!.recorder, file: '/srv/madang/recordings/t.jsonl' },
    });
    for (let step = 0; step < 2000 && t.outcome.status === 'running'; step++) {
      const seat = t.toAct;
      views[seat]!.send(
        yut.rules.chance(t.state) !== undefined
          ? { type: 'chance', seat }
          : { type: 'move', seat, event: yut.rules.legalEvents(t.state)[0]! },
      );
    }
    expect(t.outcome.status).not.toBe('running');
    const over = await frameWhen(lastFrame, 'back to the lobby');
    expect(over).toContain('Enter or q back to the lobby');
    expect(over).not.toMatch(/play again|seats swapped|analyse/);
    expect(over).not.toContain('/srv/');
    expect(over).toContain('Recorded on the server.');
    // w asks Bo (still at the table) for a rematch and stays; Enter goes back to the lobby.
    await press(stdin, 'w');
    expect(await frameWhen(lastFrame, 'rematch: waiting for Bo')).toContain(
      'Enter or q back to the lobby',
    );
    await press(stdin, KEY.Enter as string);
    await frameWhen(lastFrame, 'madang · the lobby');
  });

  it('the chat line at 80×24 covers the line it is drawn over, border and all', async () => {
    const { world: w, hall } = world();
    const table = hall.create(yut, start, ANN);
    table.sit(BO);
    expect(table.status).toBe('running');
    const { stdin, lastFrame } = annSees(w, 80, 24);
    await frameWhen(lastFrame, '▶ R Ann to throw');
    await press(stdin, 'c', 'h', 'i');
    const frame = await frameWhen(lastFrame, 'Say: hi');
    const say = lines(frame).find((l) => l.startsWith('Say: hi')) as string;
    expect(say).not.toMatch(/[─╯╰│]/);
    expect(lines(frame).length).toBeLessThanOrEqual(24);
  });
});

describe('a served Layers table', () => {
  const layers = GAMES.find((g) => g.id === 'layers') as AnyGameModule;
  const layersStart = {
    options: { players: 10, turns: 3 },
    seats: Array.from({ length: 10 }, (_, p) =>
      seatOf(`Player ${p + 1}`, p < 2 ? 'human' : 'strong'),
    ),
  };

  /** The table played on (chance drawn, the computers' moves their hints) until `until` holds. */
  function playOn(table: ServedTable, until: (t: Table<unknown, GameEvent>) => boolean) {
    const t = table.table!;
    for (let step = 0; step < 500 && !until(t); step++) {
      const seat = t.toAct;
      const view = t.view([seat]);
      if (layers.rules.chance(t.state) !== undefined) view.send({ type: 'chance', seat });
      else {
        const hint = view.send({ type: 'hint', seat });
        if (!hint.ok || !hint.hint) throw new Error(`no hint for ${seat}`);
        view.send({ type: 'move', seat, event: hint.hint.event });
      }
    }
    expect(until(t)).toBe(true);
  }

  it("a spectator's screen has no 'you' and offers looking only", async () => {
    const { world: w, hall } = world();
    const table = hall.create(layers, layersStart, ANN);
    table.sit(BO);
    const { stdin, lastFrame } = sees(w, CY, 3, 100, 30, table.code);
    await frameWhen(lastFrame, 'trees');
    playOn(table, (t) => (t.state as LayersState).phase === 'turn' && t.toAct === 1);
    const frame = await frameWhen(lastFrame, '▶ Bo to choose');
    expect(frame).not.toMatch(/You \d|Enter fight|· r rest|y you/);
    expect(frame).toContain('↑↓ look');
    await press(stdin, 'y');
    await frameWhen(lastFrame, 'You are watching: no place of yours to go to.');
  });

  it("each screen is its own seat's: y, the person's line and 'Your fight' are Ann's, not the player to act's", async () => {
    const { world: w, hall } = world();
    const table = hall.create(layers, layersStart, ANN);
    table.sit(BO);
    const { stdin, lastFrame } = annSees(w, 100, 30);
    await frameWhen(lastFrame, 'trees');
    playOn(table, (t) => (t.state as LayersState).phase === 'turn' && t.toAct === 1);
    const t = table.table!;
    let frame = await frameWhen(lastFrame, '▶ Bo to choose');
    // Bo is to act; Ann's screen is still hers.
    expect(frame).toMatch(/You 1: L0 \d+/);
    expect(frame).not.toContain('You 2');
    // Bo's choice is his: Ann's panel offers her none of its keys or odds.
    expect(frame).not.toMatch(/Enter: \d+ · win|r: rest/);
    // Bo fights (a computer's root): not Ann's fight.
    const bo = table.viewFor(BO);
    const challenge: LayersEvent = { type: 'layers/challenged', opponent: 2 };
    expect(bo.send({ type: 'move', seat: 1, event: challenge }).ok).toBe(true);
    playOn(table, (t) => (t.state as LayersState).last !== null);
    frame = await frameWhen(lastFrame, 'Random number is');
    expect(frame).not.toContain('Your fight');
    expect(frame).toMatch(/You 1: L0 \d+/);
    // y goes to her own place, whoever played last.
    await press(stdin, KEY.End as string);
    await frameWhen(lastFrame, 'Player 10: L');
    await press(stdin, 'y');
    await frameWhen(lastFrame, 'Player 1: L');
    expect(t.events.length).toBeGreaterThan(10);
  });
});

describe('a served setup', () => {
  it('its waiting page says why it is casual: two computers of one level (a Yut table of people, only casual)', async () => {
    const { world: w, hall } = world();
    const layers = GAMES.find((g) => g.id === 'layers') as AnyGameModule;
    const seats = Array.from({ length: 10 }, (_, p) =>
      seatOf(`Player ${p + 1}`, p < 2 ? 'human' : 'strong'),
    );
    hall.create(layers, { options: { players: 10, turns: 3 }, seats, rated: false }, ANN);
    const { stdin, lastFrame } = annSees(w, 100, 30);
    await frameWhen(lastFrame, 'your seat');
    await press(stdin, KEY.Enter as string);
    const frame = await frameWhen(lastFrame, 'waiting for players');
    expect(frame).toContain('· casual (two computers of one level)');
    unmount?.();
    const other = world();
    other.hall.create(yut, { ...start, rated: false }, ANN);
    const yutPage = annSees(other.world, 100, 30);
    await frameWhen(yutPage.lastFrame, 'your seat');
    await press(yutPage.stdin, KEY.Enter as string);
    const casual = await frameWhen(yutPage.lastFrame, 'waiting for players');
    expect(casual).toMatch(/· casual /);
    expect(casual).not.toContain('computers of one level');
  });

  it("Layers' seat row says 'you' of the maker's seat alone: the other people's seats are open", async () => {
    const { world: w } = world();
    const { stdin, lastFrame } = annSees(w, 100, 30);
    await frameWhen(lastFrame, 'madang · the lobby');
    await press(stdin, 'n');
    const pick = await frameWhen(lastFrame, 'which game?');
    const number = /(\d)\. Layers/.exec(pick)?.[1] as string;
    await press(stdin, number);
    await frameWhen(lastFrame, 'Start the game');
    // Three people (from the row of people, three up from Start).
    await press(stdin, KEY.Up as string, KEY.Up as string, KEY.Up as string);
    await press(stdin, KEY.Right as string, KEY.Right as string);
    const frame = await frameWhen(lastFrame, /3 \(from player 1\)/);
    expect(frame).toMatch(/\[1:you\] 2:open 3:open 4:S/);
  });
});

describe("a served game's end", () => {
  it('every game says it was recorded on the server, not Yut alone', async () => {
    const ur = GAMES.find((g) => g.id === 'ur') as AnyGameModule;
    const { world: w, hall } = world();
    const table = hall.create(ur, { options: {}, seats: start.seats }, ANN);
    table.sit(BO);
    Object.assign(table.session!, {
      recorder: { ...table.session!.recorder, file: '/srv/madang/recordings/t.jsonl' },
    });
    const { lastFrame } = annSees(w, 80, 24);
    await frameWhen(lastFrame, 'Ann');
    // The game played to its end through the players' views.
    const t = table.table!;
    const views = [table.viewFor(ANN), table.viewFor(BO)];
    for (let step = 0; step < 5000 && t.outcome.status === 'running'; step++) {
      const seat = t.toAct;
      views[seat]!.send(
        ur.rules.chance(t.state) !== undefined
          ? { type: 'chance', seat }
          : { type: 'move', seat, event: ur.rules.legalEvents(t.state)[0]! },
      );
    }
    expect(table.status).toBe('over');
    const frame = await frameWhen(lastFrame, 'back to the lobby');
    expect(frame).toMatch(/recorded on the server/i);
    expect(frame).not.toContain('/srv/');
  });
});

describe('a served take-back', () => {
  it('refused, the asker’s note that the others are asked goes: the refusal is the last word', async () => {
    const { world: w, hall } = world();
    const table = hall.create(yut, start, ANN);
    table.sit(BO);
    const { stdin, lastFrame } = annSees(w, 100, 30);
    await frameWhen(lastFrame, '▶ R Ann to throw');
    await press(stdin, KEY.Space as string);
    await frameWhen(lastFrame, 'Ann threw');
    await press(stdin, KEY.Enter as string);
    await frameWhen(lastFrame, /Ann moved/);
    await press(stdin, 'u');
    await frameWhen(lastFrame, 'Asked the others to agree');
    table.answer(BO, false);
    const frame = await frameWhen(lastFrame, 'Bo refuses the take-back');
    expect(frame).not.toContain('Asked the others to agree');
  });
});

describe('a served table for a spectator, and for a player', () => {
  it('a spectator is told so and offered only the keys that work: no throw, undo or hint; q goes back to the lobby', async () => {
    const { world: w, hall } = world();
    const table = hall.create(yut, start, ANN);
    table.sit(BO);
    const { stdin, lastFrame } = sees(w, CY, 3, 80, 24, table.code);
    const frame = await frameWhen(lastFrame, '▶ R Ann to throw');
    expect(table.watchers.size).toBe(1);
    expect(frame).not.toMatch(/Space throw|u undo|h hint/);
    expect(frame).toContain('You are watching');
    await press(stdin, 'q');
    const lobby = await frameWhen(lastFrame, 'madang · the lobby');
    expect(lobby).not.toContain('Quit this game');
    expect(table.watchers.size).toBe(0);
  });

  it("the table's line counts the watchers once: a spectator is told of the others, a player of all", async () => {
    const { world: w, hall } = world();
    const table = hall.create(yut, start, ANN);
    table.sit(BO);
    const cy = sees(w, CY, 3, 80, 24, table.code);
    const alone = await frameWhen(cy.lastFrame, '▶ R Ann to throw');
    expect(lines(alone).at(-1)).toMatch(new RegExp(`^table ${table.code} · watching · c chat *$`));
    const dee: Person = { id: 'SHA256:dee', name: 'Dee' };
    const second = sees(w, dee, 4, 80, 24, table.code);
    await frameWhen(second.lastFrame, '▶ R Ann to throw');
    const line = await frameWhen(cy.lastFrame, 'with 1 other');
    expect(lines(line).at(-1)).toMatch(
      new RegExp(`^table ${table.code} · watching with 1 other · c chat *$`),
    );
    const bo = sees(w, BO, 2, 80, 24);
    const boLine = await frameWhen(bo.lastFrame, /▶ R Ann to throw[^]*2 watching/);
    expect(lines(boLine).at(-1)).toMatch(
      new RegExp(`^table ${table.code} · 2 watching · c chat · you are Bo, seat 2 *$`),
    );
  });

  it("a spectator's help page gives the keys that work for a spectator, not the players'", async () => {
    const { world: w, hall } = world();
    const table = hall.create(yut, start, ANN);
    table.sit(BO);
    const { stdin, lastFrame } = sees(w, CY, 3, 80, 24, table.code);
    await frameWhen(lastFrame, '▶ R Ann to throw');
    await press(stdin, '?');
    const help = await frameWhen(lastFrame, 'Yut Nori · help');
    expect(help).toContain('you are watching');
    expect(help).toMatch(/q Esc +back to the lobby/);
    expect(help).not.toMatch(/throw the sticks|take back your last move|Space/);
    // The rules follow, as on a player's page.
    expect(help).toContain('Yut Nori: the rules madang plays');
  });

  it("a player's line says which seat is theirs; with the quit question open, c is the question's answer, not chat", async () => {
    const { world: w, hall } = world();
    const table = hall.create(yut, start, ANN);
    table.sit(BO);
    const { stdin, lastFrame } = sees(w, BO, 2, 80, 24);
    let frame = await frameWhen(lastFrame, '▶ R Ann to throw');
    expect(lines(frame).at(-1)).toMatch(/you are Bo, seat 2/);
    await press(stdin, 'q');
    await frameWhen(lastFrame, 'Quit this game');
    // c closes the question (as any key but y); what is typed next is no chat.
    await press(stdin, 'c', 'x', KEY.Enter as string);
    frame = await frameWhen(lastFrame, (f) => !f.includes('Quit this game'));
    expect(frame).not.toContain('Say:');
    expect(table.heard()).toEqual([]);
  });
});

describe('arenas on the served screens', () => {
  it('Ann opens an Ur arena from the lobby, Bo joins it: both are taken to their new rated table; its standings are pushed to the arena page', async () => {
    const { world: base, hall } = world();
    const arenas = new Arenas({
      now: () => Date.now(),
      scheduler: TIMERS,
      seat: (game, s, holders) => hall.seated(game, s, holders),
      rating: () => 1500,
    });
    const w = { ...base, arenas };
    const ann = annSees(w, 80, 24);
    await frameWhen(ann.lastFrame, 'a arenas');
    await press(ann.stdin, 'a');
    await frameWhen(ann.lastFrame, 'No arenas yet: n opens one.');
    await press(ann.stdin, 'n');
    await frameWhen(ann.lastFrame, 'A new arena: which game, how long?');
    await press(ann.stdin, KEY.Down as string);
    await press(ann.stdin, KEY.Right as string);
    await press(ann.stdin, KEY.Enter as string);
    let frame = await frameWhen(ann.lastFrame, 'Arena · Royal Game of Ur · 35 min left');
    expect(frame).toContain('You are in: you are seated as soon as another player is free.');
    expect(frame).toMatch(/1 {2}Ann +0 +0 +0/);
    const bo = sees(w, BO, 2, 80, 24);
    await frameWhen(bo.lastFrame, 'you are Bo');
    await press(bo.stdin, 'a');
    frame = await frameWhen(bo.lastFrame, '1 player');
    expect(frame).toContain('▸ Royal Game of Ur');
    await press(bo.stdin, KEY.Enter as string);
    await frameWhen(bo.lastFrame, 'j joins');
    await press(bo.stdin, 'j');
    const table = arenas.playing(BO);
    expect(table?.start.rated).toBe(true);
    // Both screens go to the table; Cy, on the arena's page, sees both in its standings.
    await frameWhen(ann.lastFrame, `table ${table!.code}`);
    await frameWhen(bo.lastFrame, `table ${table!.code}`);
    const cy = sees(w, CY, 3, 80, 24);
    await frameWhen(cy.lastFrame, 'you are Cy');
    await press(cy.stdin, 'a');
    await press(cy.stdin, KEY.Enter as string);
    frame = await frameWhen(cy.lastFrame, 'Bo');
    expect(frame).toMatch(/1 {2}Ann/);
    expect(frame).toContain('j joins');
    // A change of the arena is pushed to Cy's page at once, nothing pressed there: Di joins.
    expect(arenas.join(arenas.list()[0]!.id, { id: 'SHA256:di', name: 'Di' })).toBeUndefined();
    await frameWhen(cy.lastFrame, /3 {2}Di/);
  });

  it('a connection that ends leaves the arenas its person is in (as lichess withdraws one who goes): nobody is paired with someone gone', async () => {
    const { world: base, hall } = world();
    const arenas = new Arenas({
      now: () => Date.now(),
      scheduler: TIMERS,
      seat: (game, s, holders) => hall.seated(game, s, holders),
      rating: () => 1500,
    });
    const ur = GAMES.find((g) => g.id === 'ur') as AnyGameModule;
    const held = arenas.open(ur, 30, CY);
    if (typeof held === 'string') throw new Error(held);
    const w = { ...base, arenas };
    const bo = sees(w, BO, 2, 80, 24);
    await frameWhen(bo.lastFrame, 'a arenas');
    await press(bo.stdin, 'a', KEY.Enter as string);
    await frameWhen(bo.lastFrame, 'j joins');
    await press(bo.stdin, 'j');
    await frameWhen(bo.lastFrame, 'You are in');
    bo.unmount();
    expect(arenas.get(held.id)!.arena.entrants.map((e) => [e.name, e.left])).toEqual([
      ['Bo', true],
    ]);
    expect(arenas.join(held.id, ANN)).toBeUndefined();
    expect(arenas.playing(ANN)).toBeUndefined();
  });
});
