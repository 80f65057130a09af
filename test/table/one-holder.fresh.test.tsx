/**
 * One holder for a game in progress (issue 40): the table folds an event, and the screens draw
 * what it told (every fact carries the state after it). The rules' reduce and check are wrapped
 * and counted, both as the table reaches them (the game's rules object) and as a screen would
 * (the rules module's own functions): one accepted Yoté placement is reduced once in the process
 * locally, and once at a served table with two players and a spectator, whose three screens
 * all show it. A fresh file (its own import of source/): the wrap must be in place before anything
 * imports the rules.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionFactory } from '../../source/table/session.js';
import { NO_RECORDING } from '../../source/engine/recording.js';
import { seatOf } from '../../source/engine/seats.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';
import { setup } from '../../source/games/yote/rules.js';
import { Hall } from '../../source/serve/hall.js';
import { type Person } from '../../source/serve/served-table.js';
import { PlayerBook } from '../../source/serve/identity.js';
import { TIMERS } from '../../source/table/table.js';
import { frameWhen, KEY, press } from '../support/ink.js';
import { serveScreen } from '../support/serve-screen.js';
import { renderPlay } from '../support/screens.js';

const calls = vi.hoisted(() => ({ reduce: 0, check: 0 }));

vi.mock('../../source/games/yote/rules.js', async (importOriginal) => {
  const rules = await importOriginal<typeof import('../../source/games/yote/rules.js')>();
  const reduce: typeof rules.reduce = (state, event) => {
    calls.reduce++;
    return rules.reduce(state, event);
  };
  const check: typeof rules.check = (state, event) => {
    calls.check++;
    return rules.check(state, event);
  };
  return { ...rules, reduce, check, yoteGame: { ...rules.yoteGame, reduce, check } };
});

const ANN: Person = { id: 'SHA256:ann', name: 'Ann' };
const BO: Person = { id: 'SHA256:bo', name: 'Bo' };
const CY: Person = { id: 'SHA256:cy', name: 'Cy' };
const yote = GAMES.find((g) => g.id === 'yote') as AnyGameModule;

let unmounts: (() => void)[] = [];
beforeEach(() => {
  calls.reduce = 0;
  calls.check = 0;
});
afterEach(() => {
  for (const unmount of unmounts) unmount();
  unmounts = [];
});

/** A hall of one Yoté table, Ann's and Bo's, nothing recorded, the computers never due. */
function servedYote() {
  const dir = mkdtempSync(join(tmpdir(), 'madang-one-holder-'));
  const sessions = new SessionFactory({
    seed: 382,
    app: 'one holder test',
    openRecorder: () => NO_RECORDING,
    appendRecorder: () => NO_RECORDING,
    freshSeed: () => 1,
    now: () => new Date(),
  });
  const hall = new Hall({
    startSession: (game, s) => sessions.start(game, s),
    scheduler: TIMERS,
    botDelay: 60_000,
    seatHold: 300_000,
    now: () => Date.now(),
    code: () => 'y001',
  });
  const book = new PlayerBook(join(dir, 'players.json'));
  for (const p of [ANN, BO, CY]) book.add(p.id, 'ssh-ed25519 AAAA', p.name, new Date());
  const world = { hall, book, games: GAMES, dataDir: dir, now: () => new Date() };
  const table = hall.create(
    yote,
    {
      options: { quietTurns: 50 },
      seats: [seatOf('Player 1', 'human'), seatOf('Player 2', 'human')],
    },
    ANN,
  );
  table.sit(BO);
  /** A person's screen, over the connection `serial` as the SSH user `user`. */
  const sees = (person: Person, serial: number, user = 'madang') => {
    const drawn = serveScreen(world, person, serial, 100, 30, user);
    unmounts.push(drawn.unmount);
    return drawn;
  };
  return { table, sees };
}

describe('one holder: the table folds an event, the screens draw what it told', () => {
  it('a local move is reduced once, by the table', async () => {
    const seats = [seatOf('Ann', 'human'), seatOf('Bo', 'human')];
    const drawn = renderPlay(yote.Play, setup({ quietTurns: 50 }), seats, 100, 30);
    unmounts.push(drawn.unmount);
    await frameWhen(drawn.lastFrame, 'Ann (White) to play');
    calls.reduce = 0;
    calls.check = 0;
    await press(drawn.stdin, KEY.Enter as string);
    await frameWhen(drawn.lastFrame, 'Ann placed on C3.');
    expect(calls).toEqual({ reduce: 1, check: 0 });
  });

  it('a served move, seen by two players and a spectator, is reduced once in the process', async () => {
    const { table, sees } = servedYote();
    const ann = sees(ANN, 1);
    const bo = sees(BO, 2);
    const cy = sees(CY, 3, table.code);
    for (const screen of [ann, bo, cy]) await frameWhen(screen.lastFrame, 'Ann (White) to play');
    await frameWhen(cy.lastFrame, 'You are watching');
    calls.reduce = 0;
    calls.check = 0;
    await press(ann.stdin, KEY.Enter as string);
    for (const screen of [ann, bo, cy]) await frameWhen(screen.lastFrame, 'Ann placed on C3.');
    expect(table.table?.events).toHaveLength(1);
    expect(calls).toEqual({ reduce: 1, check: 0 });
  });
});
