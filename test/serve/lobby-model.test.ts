/**
 * A connection's screens as a pure model (serve/lobby-model.ts): a key on a screen, with a real
 * hall as it is, gives the next screen and what must be done outside. No terminal, no SSH.
 */
import { describe, expect, it } from 'vitest';
import { SessionFactory, type Start } from '../../source/table/session.js';
import { NO_RECORDING } from '../../source/engine/recording.js';
import { type SeatKind, seatOf } from '../../source/engine/seats.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule, MenuEntry } from '../../source/games/module.js';
import { Hall } from '../../source/serve/hall.js';
import { type Person } from '../../source/serve/served-table.js';
import type { HeldArena } from '../../source/serve/arena/arenas.js';
import {
  firstScreen,
  type LobbyWorld,
  playable,
  type Screen,
  serveKey,
} from '../../source/serve/lobby-model.js';
import { fieldOf } from '../../source/ui/text-field.js';
import type { Key } from '../../source/ui/keys.js';

const yut = GAMES.find((g) => g.id === 'yut') as AnyGameModule;
const ANN: Person = { id: 'SHA256:ann', name: 'Ann' };
const BO: Person = { id: 'SHA256:bo', name: 'Bo' };
const CY: Person = { id: 'SHA256:cy', name: 'Cy' };
const TWO = {
  options: { players: 2, pieces: 4 },
  seats: [seatOf('Player 1', 'human'), seatOf('Player 2', 'human')],
};

function lobby() {
  let clock = 1_000_000;
  let codes = 0;
  const sessions = new SessionFactory({
    seed: 7,
    app: 'lobby model test',
    openRecorder: () => NO_RECORDING,
    appendRecorder: () => NO_RECORDING,
    freshSeed: () => 1,
    now: () => new Date(clock),
  });
  const hall = new Hall({
    startSession: (game, start) => sessions.start(game, start),
    scheduler: { after: () => () => undefined },
    botDelay: 10,
    seatHold: 60_000,
    now: () => clock,
    code: () => `t${++codes}`,
  });
  const taken = new Set(['Ann']);
  const world = (person: Person | undefined, covered = false): LobbyWorld => ({
    hall,
    tables: [...hall.tables.values()],
    book: { problem: (name) => (taken.has(name) ? `The name ${name} is taken.` : undefined) },
    games: GAMES,
    dataDir: '/nowhere',
    keyId: person?.id,
    person,
    covered,
  });
  return { hall, world, advance: (ms: number) => (clock += ms) };
}

/** Keys typed one after another, each on the screen the one before left. */
function typed(screen: Screen, keys: readonly Key[], world: LobbyWorld) {
  const effects = [];
  for (const k of keys) {
    const step = serveKey(screen, k, world);
    screen = step.screen;
    if (step.effect) effects.push(step.effect);
  }
  return { screen, effects };
}

describe("a connection's screens, as a model", () => {
  it('opens on the keyless page, the name asked, or the lobby for a known key', () => {
    expect(firstScreen(true, undefined)).toEqual({ name: 'banner' });
    expect(firstScreen(false, undefined)).toEqual({ name: 'name', field: fieldOf('') });
    expect(firstScreen(false, ANN)).toEqual({ name: 'lobby', index: 0 });
  });

  it('the name is typed, a taken one refused with the reason, a free one registered', () => {
    const { world } = lobby();
    const at = world(undefined);
    const refused = typed(firstScreen(false, undefined), ['A', 'n', 'n', 'enter'], at);
    expect(refused.screen).toMatchObject({ name: 'name', problem: 'The name Ann is taken.' });
    expect(refused.effects).toEqual([]);
    // Typing again clears the problem; Enter asks for the name to be kept.
    const kept = typed(
      refused.screen,
      ['backspace', 'backspace', 'backspace', 'B', 'o', 'enter'],
      at,
    );
    expect(kept.screen).toEqual({ name: 'name', field: fieldOf('Bo') });
    expect(kept.effects).toEqual([{ type: 'register', name: 'Bo' }]);
    expect(typed(kept.screen, ['escape'], at).effects).toEqual([{ type: 'end' }]);
  });

  it('the lobby goes round its tables; Enter sits, w watches, q leaves', () => {
    const { hall, world } = lobby();
    const first = hall.create(yut, TWO, ANN);
    const second = hall.create(yut, TWO, BO);
    const at = world(CY);
    const start: Screen = { name: 'lobby', index: 0 };
    expect(typed(start, ['down'], at).screen).toEqual({ name: 'lobby', index: 1 });
    expect(typed(start, ['up'], at).screen).toEqual({ name: 'lobby', index: 1 });
    expect(typed(start, ['down', 'down'], at).screen).toEqual({ name: 'lobby', index: 0 });
    expect(typed(start, ['down', 'enter'], at).effects).toEqual([
      { type: 'enter', table: second, watch: false },
    ]);
    expect(typed(start, ['w'], at).effects).toEqual([{ type: 'enter', table: first, watch: true }]);
    expect(typed(start, ['q'], at).effects).toEqual([{ type: 'end' }]);
    // Nothing happens to the hall: the model only says what to do.
    expect(first.seatOf(CY)).toBeUndefined();
    expect(first.watchers.size).toBe(0);
  });

  it('a key in the lobby means the list the person saw, not a table made since it was drawn', () => {
    const { hall, world } = lobby();
    const first = hall.create(yut, TWO, ANN);
    const seen = world(CY);
    hall.create(yut, TWO, BO);
    expect(typed({ name: 'lobby', index: 0 }, ['down', 'enter'], seen)).toEqual({
      screen: { name: 'lobby', index: 0 },
      effects: [{ type: 'enter', table: first, watch: false }],
    });
  });

  it('an empty lobby: the arrows and Enter do nothing', () => {
    const { world } = lobby();
    const start: Screen = { name: 'lobby', index: 0 };
    expect(typed(start, ['down', 'up', 'enter', 'w'], world(ANN))).toEqual({
      screen: start,
      effects: [],
    });
  });

  it("a table's code typed in the lobby: found, it is entered; not found, the lobby says so", () => {
    const { hall, world } = lobby();
    const made = hall.create(yut, TWO, ANN);
    const at = world(BO);
    const lobbyScreen: Screen = { name: 'lobby', index: 0, notice: 'earlier' };
    const found = typed(lobbyScreen, ['c', ...(made.code.toUpperCase().split('') as Key[])], at);
    expect(found.screen).toMatchObject({ name: 'lobby', notice: undefined });
    expect(typed(found.screen, ['enter'], at).effects).toEqual([
      { type: 'enter', table: made, watch: false },
    ]);
    const missing = typed(lobbyScreen, ['c', 'z', 'z', 'enter'], at);
    expect(missing).toEqual({
      screen: { name: 'lobby', index: 0, notice: 'No table has the code zz.' },
      effects: [],
    });
    expect(typed(lobbyScreen, ['c', 'z', 'escape'], at).screen).toEqual({
      ...lobbyScreen,
      notice: undefined,
      code: undefined,
    });
  });

  it('n picks a game by arrow or number, its setup form opens, Esc goes back', () => {
    const { world } = lobby();
    const at = world(ANN);
    const games = playable(GAMES);
    expect(games.length).toBeGreaterThan(1);
    const pick = typed({ name: 'lobby', index: 0 }, ['n'], at).screen;
    expect(pick).toEqual({ name: 'pick', index: 0, rated: true });
    expect(typed(pick, ['up'], at).screen).toEqual({
      name: 'pick',
      index: games.length - 1,
      rated: true,
    });
    const setup = typed(pick, ['2'], at).screen;
    expect(setup).toMatchObject({ name: 'setup', game: games[1]?.game, rated: true });
    expect(typed(pick, ['escape'], at).screen).toEqual({ name: 'lobby', index: 0 });
    expect(typed(pick, ['9'], at).screen).toBe(pick);
  });

  it('a new table is rated for a key, casual for a guest; r on the list of games toggles it', () => {
    const { world } = lobby();
    const at = world(ANN);
    const pick = typed({ name: 'lobby', index: 0 }, ['n'], at).screen;
    const casual = typed(pick, ['r'], at).screen;
    expect(casual).toEqual({ name: 'pick', index: 0, rated: false });
    expect(typed(casual, ['r'], at).screen).toEqual(pick);
    // The choice goes on to the setup, and into the table made (Ur: Up then Enter is Start).
    const ur = playable(GAMES).findIndex(({ game }) => game.id === 'ur');
    const start = (from: Screen) =>
      typed(from, [`${ur + 1}` as Key, 'up', 'enter'], at).effects.map((e) =>
        e.type === 'create' ? e.start.rated : e.type,
      );
    expect(start(pick)).toEqual([true]);
    expect(start(casual)).toEqual([false]);
    // A guest has no rating: its tables are casual, and r does not make them rated.
    const guest = world({ id: 'guest:3', name: 'Gus' });
    const guests = typed({ name: 'lobby', index: 0 }, ['n'], guest).screen;
    expect(guests).toEqual({ name: 'pick', index: 0, rated: false });
    expect(typed(guests, ['r'], guest).screen).toBe(guests);
  });

  it('a table with one computer level in two seats is made casual, though rated was asked', () => {
    const { world } = lobby();
    const entry = playable(GAMES)[0]?.entry as MenuEntry;
    const seats = [seatOf('Player 1', 'human'), seatOf('Player 2', 'strong')];
    const setup = (level: string): Screen => ({
      name: 'setup',
      game: yut,
      entry: {
        ...entry,
        key: () => ({
          type: 'start',
          start: { ...TWO, seats: [...seats, seatOf('Player 3', level as SeatKind)] },
        }),
      },
      form: undefined,
      rated: true,
    });
    const rated = (level: string) =>
      typed(setup(level), ['enter'], world(ANN)).effects.map((e) =>
        e.type === 'create' ? e.start.rated : e.type,
      );
    expect(rated('greedy')).toEqual([true]);
    expect(rated('strong')).toEqual([false]);
  });

  it('r in the lobby opens the leaderboard: ←→ go round the games, q and Esc go back', () => {
    const { world } = lobby();
    const at = world(ANN);
    const leaders = typed({ name: 'lobby', index: 0 }, ['r'], at).screen;
    expect(leaders).toEqual({ name: 'leaders', index: 0 });
    expect(typed(leaders, ['left'], at).screen).toEqual({
      name: 'leaders',
      index: GAMES.length - 1,
    });
    expect(typed(leaders, ['right', 'right'], at).screen).toEqual({ name: 'leaders', index: 2 });
    expect(typed(leaders, ['x'], at).screen).toBe(leaders);
    expect(typed(leaders, ['q'], at).screen).toEqual({ name: 'lobby', index: 0 });
    expect(typed(leaders, ['escape'], at).screen).toEqual({ name: 'lobby', index: 0 });
    // While a table's code is typed, r is a letter of it.
    const code = typed({ name: 'lobby', index: 0 }, ['c', 'r'], at).screen;
    expect(code).toMatchObject({ name: 'lobby', code: { value: 'r' } });
  });

  it('a waiting table: s starts early, c opens the chat line, Enter says it, q leaves', () => {
    const { hall, world } = lobby();
    const made = hall.create(yut, TWO, ANN);
    const at = world(ANN);
    const table: Screen = { name: 'table', code: made.code };
    expect(typed(table, ['s'], at).effects).toEqual([{ type: 'startEarly' }]);
    expect(typed(table, ['q'], at).effects).toEqual([{ type: 'leave' }]);
    const said = typed(table, ['c', 'h', 'i', 'enter'], at);
    expect(said).toEqual({
      screen: { ...table, chat: undefined },
      effects: [{ type: 'chat', text: 'hi' }],
    });
    expect(typed(table, ['c', 'h', 'escape'], at).screen).toEqual({ ...table, chat: undefined });
  });

  it("a running table: the game's keys pass on, y/n only when asked, G and E only after the hold", () => {
    const { hall, world, advance } = lobby();
    const made = hall.create(yut, TWO, ANN);
    made.arrived(ANN);
    made.sit(BO);
    made.arrived(BO);
    expect(made.status).toBe('running');
    const table: Screen = { name: 'table', code: made.code };
    const ann = world(ANN);
    expect(typed(table, ['y', 'G', 'E', 'space'], ann).effects).toEqual(
      Array(4).fill({ type: 'game' }),
    );
    // A page over the game: every key is the game's, c too.
    expect(typed(table, ['c'], world(ANN, true))).toEqual({
      screen: table,
      effects: [{ type: 'game' }],
    });
    made.departed(BO);
    advance(60_000);
    expect(typed(table, ['G'], ann).effects).toEqual([{ type: 'giveAway' }]);
    expect(typed(table, ['E'], ann).effects).toEqual([{ type: 'endGame' }]);
  });

  it('a table gone while its screen shows: any key leaves, saying so', () => {
    const { world } = lobby();
    expect(typed({ name: 'table', code: 'gone' }, ['x'], world(ANN)).effects).toEqual([
      { type: 'leave', notice: 'That table is gone.' },
    ]);
  });

  it('Ctrl+C ends the connection from any screen', () => {
    const { world } = lobby();
    for (const screen of [
      { name: 'banner' },
      { name: 'lobby', index: 0 },
      { name: 'table', code: 'gone' },
    ] as Screen[])
      expect(serveKey(screen, 'ctrl+c', world(ANN)).effect).toEqual({ type: 'end' });
  });
});

describe('a rematch at a finished served game', () => {
  const ur = GAMES.find((g) => g.id === 'ur') as AnyGameModule;
  const UR = { options: {}, seats: TWO.seats };

  /** A game of Ur played to its end through the players' views (the first legal move each time). */
  function played(hall: Hall, people: readonly Person[], start: Start = UR) {
    const made = hall.create(ur, start, people[0] as Person);
    for (const person of people) {
      made.sit(person);
      made.arrived(person);
    }
    const t = made.table!;
    const views = people.map((person) => made.viewFor(person));
    for (let step = 0; step < 5000 && t.outcome.status === 'running'; step++) {
      const seat = t.toAct;
      views[seat]!.send(
        ur.rules.chance(t.state) !== undefined
          ? { type: 'chance', seat }
          : { type: 'move', seat, event: ur.rules.legalEvents(t.state)[0]! },
      );
    }
    expect(made.status).toBe('over');
    return made;
  }

  it('w is a player’s ask for a rematch once the game is over; a spectator’s w stays the game’s', () => {
    const { hall, world } = lobby();
    const running = hall.create(ur, UR, ANN);
    running.sit(BO);
    expect(typed({ name: 'table', code: running.code }, ['w'], world(ANN)).effects).toEqual([
      { type: 'game' },
    ]);
    const over = played(hall, [ANN, BO]);
    const table: Screen = { name: 'table', code: over.code };
    expect(typed(table, ['w'], world(BO)).effects).toEqual([{ type: 'rematch' }]);
    expect(typed(table, ['w'], world(CY)).effects).toEqual([{ type: 'game' }]);
    // A page over the game: w is the page's.
    expect(typed(table, ['w'], world(BO, true)).effects).toEqual([{ type: 'game' }]);
  });

  it('asked by one, agreed by the other: the same players at a new table, the seats turned', () => {
    const { hall } = lobby();
    const over = played(hall, [ANN, BO]);
    expect(over.rematch(ANN)).toBeUndefined();
    expect(over.heard().at(-1)).toBe('Ann asks for a rematch, the seats turned: w agrees.');
    expect(over.rematchAsked).toEqual({ wanted: [0], waiting: [1] });
    expect(over.rematchCode).toBeUndefined();
    // Asked twice: nothing more.
    expect(over.rematch(ANN)).toBeUndefined();
    expect(hall.tables.size).toBe(1);
    expect(over.rematch(BO)).toBeUndefined();
    const again = hall.find(over.rematchCode ?? '')!;
    expect(again.code).not.toBe(over.code);
    expect(again.game).toBe(ur);
    expect(again.start.options).toBe(over.start.options);
    expect(again.status).toBe('running');
    expect(again.seatNames()).toEqual(['Bo', 'Ann']);
    expect(again.table?.seats.map((s) => s.name)).toEqual(['Bo', 'Ann']);
    expect(over.heard().at(-1)).toBe(`The rematch is at table ${again.code}, the seats turned.`);
    expect(over.rematch(ANN)).toBe(`The rematch is at table ${again.code}.`);
    expect(hall.seatedAt(ANN)).toBe(again);
  });

  it('the rematch of a rated table is rated, of a casual one casual', () => {
    for (const rated of [true, false]) {
      const { hall } = lobby();
      const over = played(hall, [ANN, BO], { ...UR, rated });
      over.rematch(ANN);
      over.rematch(BO);
      const again = hall.find(over.rematchCode ?? '')!;
      expect(again.start.rated).toBe(rated);
      expect(again.session?.header?.rated).toBe(rated);
    }
  });

  it('a player who left is not waited for: their seat at the rematch is open', () => {
    const { hall } = lobby();
    const over = played(hall, [ANN, BO]);
    over.rematch(ANN);
    over.departed(BO);
    const again = hall.find(over.rematchCode ?? '')!;
    expect(again.status).toBe('waiting');
    expect(again.holders).toEqual([{ kind: 'open' }, { kind: 'person', person: ANN }]);
    // Bo left before anyone asked: Ann's ask makes it at once.
    const { hall: other } = lobby();
    const alone = played(other, [ANN, BO]);
    alone.departed(BO);
    expect(alone.rematch(ANN)).toBeUndefined();
    expect(alone.rematchCode).toBeDefined();
    // One who asked and then left is not taken along.
    const { hall: third } = lobby();
    const gone = played(third, [ANN, BO]);
    gone.rematch(ANN);
    gone.departed(ANN);
    expect(gone.rematchAsked).toEqual({ wanted: [], waiting: [1] });
    expect(gone.rematchCode).toBeUndefined();
  });

  it('a computer’s seat is turned with the rest: one person against it rematches at once', () => {
    const { hall } = lobby();
    const made = hall.create(
      ur,
      { options: {}, seats: [seatOf('Player 1', 'human'), seatOf('Player 2', 'strong')] },
      ANN,
    );
    made.arrived(ANN);
    made.table!.view([0, 1]).send({ type: 'leave', seat: 0, leaving: 'quit' });
    expect(made.status).toBe('over');
    expect(made.rematch(ANN)).toBeUndefined();
    const again = hall.find(made.rematchCode ?? '')!;
    expect(again.holders).toEqual([
      { kind: 'computer', level: 'strong' },
      { kind: 'person', person: ANN },
    ]);
    expect(again.status).toBe('running');
  });

  it('refused with the reason: before the end, and to one who holds no seat', () => {
    const { hall } = lobby();
    const running = hall.create(ur, UR, ANN);
    running.sit(BO);
    expect(running.rematch(ANN)).toBe('A rematch is asked once the game is over.');
    const over = played(hall, [ANN, BO]);
    expect(over.rematch(CY)).toBe('Only the players ask for a rematch.');
  });
});

describe('arenas from the lobby', () => {
  const ur = GAMES.find((g) => g.id === 'ur') as AnyGameModule;
  const kono = GAMES.find((g) => g.id === 'kono') as AnyGameModule;
  const held = (id: string, game: AnyGameModule) =>
    ({ id, game, over: false, standings: [], podium: [] }) as unknown as HeldArena;
  const arenasWorld = (person: Person | undefined, arenas: HeldArena[] | undefined) => ({
    ...lobby().world(person),
    arenas,
  });

  it('a opens the list of arenas; without arenas on this server (--redis) the lobby says so', () => {
    const lobbyScreen: Screen = { name: 'lobby', index: 0 };
    expect(typed(lobbyScreen, ['a'], arenasWorld(ANN, [])).screen).toEqual({
      name: 'arenas',
      index: 0,
    });
    expect(typed(lobbyScreen, ['a'], arenasWorld(ANN, undefined)).screen).toEqual({
      name: 'lobby',
      index: 0,
      notice: 'No arenas on a server of several processes (--redis) yet.',
    });
  });

  it('the list goes round its arenas; Enter shows one, n opens a new one, q goes back', () => {
    const at = arenasWorld(ANN, [held('a1', ur), held('a2', kono)]);
    const list: Screen = { name: 'arenas', index: 0 };
    expect(typed(list, ['down'], at).screen).toEqual({ name: 'arenas', index: 1 });
    expect(typed(list, ['up'], at).screen).toEqual({ name: 'arenas', index: 1 });
    expect(typed(list, ['down', 'enter'], at).screen).toEqual({ name: 'arena', id: 'a2' });
    expect(typed(list, ['q'], at).screen).toEqual({ name: 'lobby', index: 0 });
    expect(typed(list, ['escape'], at).screen).toEqual({ name: 'lobby', index: 0 });
    expect(typed({ name: 'arenas', index: 0 }, ['enter'], arenasWorld(ANN, [])).screen).toEqual({
      name: 'arenas',
      index: 0,
    });
    expect(typed(list, ['n'], at).screen).toEqual({ name: 'arenaNew', index: 0, minutes: 30 });
    // A guest has no rating: no arena for them.
    expect(typed(list, ['n'], arenasWorld({ id: 'guest:1', name: 'Gus' }, [])).screen).toEqual({
      name: 'arenas',
      index: 0,
      notice: 'A guest has no rating: arenas are for players with a key.',
    });
  });

  it('a new arena: ↑↓ its game (two-player games, or a Layers battle), ←→ its length by 5 minutes, Enter opens it', () => {
    const at = arenasWorld(ANN, []);
    const form: Screen = { name: 'arenaNew', index: 0, minutes: 30 };
    expect(typed(form, ['right', 'right'], at).screen).toEqual({ ...form, minutes: 40 });
    expect(typed(form, Array<Key>(10).fill('left'), at).screen).toEqual({ ...form, minutes: 5 });
    expect(typed(form, Array<Key>(40).fill('right'), at).screen).toEqual({
      ...form,
      minutes: 180,
    });
    // The last is a Layers battle (the minutes are those until its start).
    expect(typed(form, ['up'], at).screen).toEqual({ ...form, index: 4 });
    expect(typed(form, ['up', 'enter'], at).effects).toEqual([
      { type: 'openArena', game: GAMES.find((g) => g.id === 'layers'), minutes: 30 },
    ]);
    const { effects } = typed(form, ['down', 'enter'], at);
    expect(effects).toEqual([{ type: 'openArena', game: ur, minutes: 30 }]);
    expect(typed(form, ['escape'], at).screen).toEqual({ name: 'arenas', index: 0 });
  });

  it('an arena’s page: j joins, l leaves, q back to the list', () => {
    const at = arenasWorld(ANN, [held('a1', ur), held('a2', kono)]);
    const page: Screen = { name: 'arena', id: 'a2' };
    expect(typed(page, ['j'], at).effects).toEqual([{ type: 'joinArena', id: 'a2' }]);
    expect(typed(page, ['l'], at).effects).toEqual([{ type: 'leaveArena', id: 'a2' }]);
    expect(typed(page, ['q'], at).screen).toEqual({ name: 'arenas', index: 1 });
    expect(typed(page, ['x'], at)).toEqual({ screen: page, effects: [] });
  });
});
