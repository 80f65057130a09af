/**
 * Kono in the app: the seats' names on the full screen (Player N, CPU N), playing again after a
 * tournament resumed from a save (a new tournament with the same seats, the save slot kept; w
 * turns the seats, and the person is still the one asked), the resume form after a save (the
 * seats saved, not --bots), w with the board fixed (the person throws the dice), and a resumed
 * recording that saves.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AppModel, type AppWorld, reduceApp } from '../../../source/app/app-model.js';
import { SessionFactory } from '../../../source/table/session.js';
import { NO_RECORDING, newHeader } from '../../../source/engine/recording.js';
import { GAMES } from '../../../source/games/index.js';
import { konoModule, SAVE_FILE } from '../../../source/games/kono/index.js';
import type { KonoOptions, KonoState } from '../../../source/games/kono/rules.js';
import { parseSave } from '../../../source/games/kono/save.js';
import { newKonoPlay } from '../../../source/games/kono/ui/play.js';
import type { KonoSetupForm } from '../../../source/games/kono/ui/setup-model.js';
import type { SetupContext, Start } from '../../../source/games/module.js';
import type { Session } from '../../../source/table/session.js';
import { SEED_SAVE } from '../../support/kono.js';
import { pressKeys } from '../../support/setup.js';

const SAVE = SEED_SAVE;

const context = (dataDir = '/none', settings = {}): SetupContext => ({
  settings,
  kinds: [],
  dataDir,
  warn: () => {},
});
const world: AppWorld = { games: GAMES, setupContext: () => context() };
const session: Session = {
  id: 0,
  seed: 1,
  initial: {},
  seats: [],
  chance: undefined,
  recorder: NO_RECORDING,
  botSeed: 1,
};

/** The setup's Start after these keys (the resume form when `loaded`). */
function started(keys: string[], loaded?: string): Start {
  const saved = loaded === undefined ? undefined : parseSave(loaded);
  const settings = saved?.ok ? { loaded: { name: 'kono.txt', saved: saved.saved } } : {};
  const entry = konoModule.entries[saved ? 1 : 0];
  if (!entry) throw new Error('no Kono entry');
  const outcome = pressKeys(
    (form: unknown, key: string) => entry.key(form, key),
    entry.newForm(context('/none', settings)),
    keys,
  );
  if (outcome.type !== 'start') throw new Error(`not started: ${JSON.stringify(outcome)}`);
  return outcome.start;
}

const playing = (start: Start): AppModel => ({
  screen: { name: 'play', game: 'kono', entry: 'kono-resume', start, session },
  replayOnly: false,
  hasMenu: true,
});
const again = (start: Start, request: 'again' | 'swap') =>
  reduceApp(
    playing(start),
    { type: 'app/playRequested', request, outcome: { status: 'won', winner: 0 } },
    world,
  ).effect as { type: 'start'; start: Start };

describe('Kono in the app', () => {
  it('names the seats as every game does: Player N for a person, CPU N for the computer', () => {
    // The default: a person against the computer; ← on the second seat: two people.
    expect(started(['down', 'down', 'down', 'down', 'enter']).seats).toEqual([
      { name: 'Player 1', kind: 'human' },
      { name: 'CPU 2', kind: 'computer', level: 'strong' },
    ]);
    expect(
      started(['down', 'left', 'down', 'down', 'down', 'enter']).seats.map((s) => s.name),
    ).toEqual(['Player 1', 'Player 2']);
  });

  it('play again after a resumed save: a new tournament with the same seats, its save kept', () => {
    const start = started(['enter'], SAVE);
    expect((start.options as KonoOptions).start?.round).toBe(3);
    expect(start.save).toBeTypeOf('function');
    const next = again(start, 'again').start;
    const options = next.options as KonoOptions;
    // Not the saved position: round 1, the board asked, nobody's points carried.
    expect(options.start).toBeUndefined();
    const state = konoModule.rules.setup(options) as KonoState;
    expect(state).toMatchObject({ round: 1, phase: 'size', totals: [0, 0], turn: 0 });
    expect(next.seats).toEqual(start.seats);
    // `s` and the quit question's save go on working in the new tournament.
    expect(next.save).toBe(start.save);
    expect(next.log).toEqual(['So far, 1 game: Player 1 won 1, CPU 2 won 0.']);
  });

  it('w plays again with the seats turned: the person, now seat 2, is still the one asked', () => {
    const start = started(['down', 'down', 'down', 'down', 'enter']);
    const turned = again(start, 'swap').start;
    expect(turned.seats.map((s) => s.name)).toEqual(['CPU 2', 'Player 1']);
    expect(turned.save).toBe(start.save);
    expect(turned.log).not.toContain('The seats stay as they are: this game saves by its players.');
    expect((turned.options as KonoOptions).asker).toBe(1);
    expect((konoModule.rules.setup(turned.options) as KonoState).turn).toBe(1);
  });

  it('w with the board fixed: the person, now seat 2, throws the dice, and the log names them', () => {
    // The board given (the setup's 5 × 5, or --size 5): the round opens on the dice.
    const start = started(['down', 'down', 'right', 'down', 'down', 'enter']);
    expect((start.options as KonoOptions).size).toBe(5);
    const turned = again(start, 'swap').start;
    expect(turned.seats.map((s) => s.name)).toEqual(['CPU 2', 'Player 1']);
    const state = konoModule.rules.setup(turned.options) as KonoState;
    expect(state.phase).toBe('dice');
    // The dice are the person's to throw, as in the first tournament (the computer threw them).
    expect(konoModule.rules.toAct(state)).toBe(1);
    const play = newKonoPlay(state, turned.seats, turned.log);
    expect(play.log).toEqual(['So far, 1 game: Player 1 won 1, CPU 2 won 0.', 'Player 1 to play.']);
  });

  it('after a save, the resume form offers the seats of the tournament saved, not --bots', () => {
    // madang kono --bots 2: both seats the computer's, until the person took the first.
    const bots: AppWorld = {
      games: GAMES,
      setupContext: () => ({ ...context(), kinds: ['strong', 'strong'] }),
    };
    const start = started(['down', 'down', 'down', 'down', 'enter']);
    expect(start.seats.map((s) => s.kind)).toEqual(['human', 'computer']);
    const saved = reduceApp(playing(start), { type: 'app/playRequested', request: 'saved' }, bots)
      .model.screen as { name: string; form: KonoSetupForm };
    expect(saved.name).toBe('setup');
    expect(saved.form.problem).toMatch(/^The game was saved in /);
    expect(saved.form.kinds).toEqual(['human', 'strong']);
  });

  it('a Kono recording resumed saves to the save slot, as a new tournament does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-kono-'));
    const saved = parseSave(SAVE);
    if (!saved.ok) throw new Error(saved.problem);
    const sessions = new SessionFactory({
      app: 'test',
      openRecorder: () => NO_RECORDING,
      appendRecorder: () => NO_RECORDING,
      freshSeed: () => 5,
      now: () => new Date(0),
    });
    const resumed = sessions.resume(
      konoModule,
      {
        file: 'r.jsonl',
        header: newHeader({
          game: 'kono',
          options: { asker: 0, size: null, quietMoves: 60, start: saved.saved },
          players: [
            { name: 'Player 1', kind: 'human' },
            { name: 'CPU 2', kind: 'bot', level: 'strong' },
          ],
          seed: 5,
          startedAt: new Date(0),
          app: 'test',
        }),
        events: [],
        goodBytes: 0,
      },
      context(dir),
    );
    if (typeof resumed === 'string') throw new Error(resumed);
    expect(resumed.save?.(resumed.initial)).toBeUndefined();
    expect(readFileSync(join(dir, SAVE_FILE), 'utf8')).toBe(SAVE);
  });
});
