/**
 * A connection's screens as a pure model (serve/lobby-model.ts): a key on a screen, with a real
 * hall as it is, gives the next screen and what must be done outside. No terminal, no SSH.
 */
import { describe, expect, it } from 'vitest';
import { SessionFactory } from '../../source/table/session.js';
import { NO_RECORDING } from '../../source/engine/recording.js';
import { seatOf } from '../../source/engine/seats.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';
import { Hall, type Person } from '../../source/serve/hall.js';
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
    expect(pick).toEqual({ name: 'pick', index: 0 });
    expect(typed(pick, ['up'], at).screen).toEqual({ name: 'pick', index: games.length - 1 });
    const setup = typed(pick, ['2'], at).screen;
    expect(setup).toMatchObject({ name: 'setup', game: games[1]?.game });
    expect(typed(pick, ['escape'], at).screen).toEqual({ name: 'lobby', index: 0 });
    expect(typed(pick, ['9'], at).screen).toBe(pick);
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
