/**
 * Ratings where players look (issue 43.3): the lobby shows each seated player's rating for the
 * table's game, `r` opens a leaderboard per game with your own place, and a new table is rated
 * unless made casual.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionFactory } from '../../source/table/session.js';
import { NO_RECORDING } from '../../source/engine/recording.js';
import { seatOf } from '../../source/engine/seats.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';
import { Hall } from '../../source/serve/hall.js';
import { type Person } from '../../source/serve/served-table.js';
import { PlayerBook } from '../../source/serve/identity.js';
import { type Caller, ServeApp, type ServeWorld } from '../../source/serve/ServeApp.js';
import { TIMERS } from '../../source/table/table.js';
import { KeysProvider } from '../../source/ui/keys-context.js';
import { ThemeContext } from '../../source/ui/theme.js';
import { FileRatings } from '../../source/serve/ratings/store.js';
import type { RatedGame } from '../../source/ratings/rating.js';
import { frameWhen, KEY, press, renderSized } from '../support/ink.js';
import { server, settled } from '../support/rated-games.js';

const ur = GAMES.find((g) => g.id === 'ur') as AnyGameModule;
const ANN: Person = { id: 'SHA256:ann', name: 'Ann' };
const BO: Person = { id: 'SHA256:bo', name: 'Bo' };

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

const won = (i: number, winner: Person, loser: Person): RatedGame => ({
  key: `ur/t${i}/2026-01-01T00:00:0${i}.000Z`,
  game: 'ur',
  startedAt: `2026-01-01T00:00:0${i}.000Z`,
  table: `t${i}`,
  players: [winner, loser].map((p) => ({ id: p.id, name: p.name })),
  ranks: [1, 2],
});

async function world() {
  const dir = mkdtempSync(join(tmpdir(), 'madang-ratings-screens-'));
  const sessions = new SessionFactory({
    app: 'ratings screens test',
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
    seatHold: 300_000,
    now: () => Date.now(),
    code: () => `t${String(++codes).padStart(3, '0')}`,
  });
  const book = new PlayerBook(join(dir, 'players.json'));
  book.add(ANN.id, 'ssh-ed25519 AAAA', ANN.name, new Date());
  const ratings = new FileRatings(join(dir, 'ratings.json'), () => undefined);
  // Ann beat Bo twice at Ur.
  await ratings.add(won(1, ANN, BO));
  await ratings.add(won(2, ANN, BO));
  return {
    hall,
    world: { hall, book, games: GAMES, dataDir: dir, now: () => new Date(), ratings },
  };
}

function annSees(w: ServeWorld) {
  const caller: Caller = {
    keyId: ANN.id,
    keyText: 'ssh-ed25519 AAAA',
    guests: false,
    serial: 1,
    user: 'madang',
    host: '127.0.0.1',
    port: 2222,
  };
  const drawn = renderSized(
    <ThemeContext.Provider value={{ colour: false }}>
      <KeysProvider>
        <ServeApp world={w} caller={caller} onEnd={() => undefined} />
      </KeysProvider>
    </ThemeContext.Provider>,
    80,
    24,
  );
  unmount = () => drawn.unmount();
  return drawn;
}

describe('ratings on the served screens', () => {
  it('the lobby shows each seated player’s rating in the table’s game, and whether it is rated', async () => {
    const { hall, world: w } = await world();
    const table = hall.create(
      ur,
      {
        options: {},
        seats: [seatOf('Player 1', 'human'), seatOf('Player 2', 'human')],
        rated: true,
      },
      BO,
    );
    expect(table.status).toBe('waiting');
    const { lastFrame } = annSees(w);
    const lobby = await frameWhen(lastFrame, 'you are Ann');
    expect(lobby).toMatch(/t001 Royal Game of Ur\s+waiting .* · rated/);
    // Bo lost twice: below 1,500, and still provisional.
    expect(lobby).toMatch(/Bo \(1,[2-4]\d\d\?\), \(open\)/);
    expect(lobby).toContain('r ratings');
  });

  it('r opens the leaderboard: ←→ another game, your place under it; Esc goes back', async () => {
    const { world: w } = await world();
    const { stdin, lastFrame } = annSees(w);
    await frameWhen(lastFrame, 'you are Ann');
    await press(stdin, 'r');
    const yut = await frameWhen(lastFrame, 'ratings · Yut Nori');
    expect(yut).toContain('No rated games of Yut Nori yet.');
    await press(stdin, KEY.Right as string);
    const board = await frameWhen(lastFrame, 'ratings · Royal Game of Ur');
    const rows = board.split('\n').filter((l) => /^\s*│\s+\d+\s{2}/.test(l));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/1 {2}Ann\s+1,[67]\d\d\?\s+2 {3}2\/0\/0/);
    expect(rows[1]).toMatch(/2 {2}Bo\s+1,[2-4]\d\d\?\s+2 {3}0\/2\/0/);
    expect(board).toMatch(/Your place: 1 of 2, 1,[67]\d\d\? after 2 games/);
    await press(stdin, KEY.Escape as string);
    await frameWhen(lastFrame, 'you are Ann');
  });

  it('a new table is rated; r on the list of games makes it casual, and the table says so', async () => {
    const { hall, world: w } = await world();
    const { stdin, lastFrame } = annSees(w);
    await frameWhen(lastFrame, 'you are Ann');
    await press(stdin, 'n');
    await frameWhen(lastFrame, 'A new rated table: which game?');
    await press(stdin, 'r');
    await frameWhen(lastFrame, 'A new casual table: which game?');
    await press(stdin, '2');
    await frameWhen(lastFrame, 'Start the game');
    // The form's last row, Start, is one up from its first.
    await press(stdin, KEY.Up as string, KEY.Enter as string);
    await frameWhen(lastFrame, 'waiting for players');
    const made = [...hall.tables.values()][0];
    expect(made?.start.rated).toBe(false);
  });

  it('the end of a rated game shows each player’s change on the players’ screens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-ratings-end-'));
    const { hall, store, table, playOut } = server(dir);
    const book = new PlayerBook(join(dir, 'players.json'));
    book.add(ANN.id, 'ssh-ed25519 AAAA', ANN.name, new Date());
    const w = { hall, book, games: GAMES, dataDir: dir, now: () => new Date(), ratings: store };
    const made = table('ur', [ANN, BO], {}, ['human', 'human']);
    const { lastFrame } = annSees(w);
    // Ann's connection goes straight back to her seat.
    await frameWhen(lastFrame, 'you are Ann, seat 1');
    playOut(made, [ANN, BO]);
    await settled();
    const frame = await frameWhen(lastFrame, /Ann 1,500\? → 1,\d{3}\? \([+−]\d+\)/);
    expect(frame).toMatch(/Bo 1,500\? → 1,\d{3}\? \([+−]\d+\)/);
  });
});
