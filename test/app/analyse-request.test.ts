/** `a` on a game's end screen, in the app model: the recording opened for its analysis, and back. */
import { describe, expect, it } from 'vitest';
import { type AppModel, type AppWorld, menuItems, reduceApp } from '../../source/app/app-model.js';
import { type LoadedRecording, NO_RECORDING } from '../../source/engine/recording.js';
import { GAMES } from '../../source/games/index.js';
import type { Session } from '../../source/table/session.js';

const world: AppWorld = {
  games: GAMES,
  setupContext: () => ({ settings: {}, kinds: [], dataDir: '/none', warn: () => {} }),
};
const session = (file: string | undefined): Session => ({
  id: 0,
  seed: 1,
  initial: {},
  seats: [],
  chance: undefined,
  recorder: { ...NO_RECORDING, file },
  botSeed: 1,
});
const playing = (file: string | undefined, hasMenu = true): AppModel => ({
  screen: {
    name: 'play',
    game: 'ur',
    entry: 'ur',
    start: { options: {}, seats: [] },
    session: session(file),
  },
  replayOnly: false,
  hasMenu,
});
const recording = { file: '/g.jsonl' } as LoadedRecording;
const UR = menuItems(GAMES).findIndex((i) => i.id === 'ur');

describe('a on the end screen (app model)', () => {
  it('opens the game’s recording, then shows its replay analysed', () => {
    const asked = reduceApp(
      playing('/g.jsonl'),
      { type: 'app/playRequested', request: 'analyse' },
      world,
    );
    expect(asked.effect).toEqual({ type: 'analyseRecording', file: '/g.jsonl', entry: 'ur' });
    const opened = reduceApp(
      asked.model,
      { type: 'app/recordingOpened', recording, analysed: 'ur' },
      world,
    );
    expect(opened.model.screen).toMatchObject({ name: 'replay', recording, analysed: 'ur' });
  });

  it('a game not recorded: back to its menu row, saying why', () => {
    const asked = reduceApp(
      playing(undefined),
      { type: 'app/playRequested', request: 'analyse' },
      world,
    );
    expect(asked.effect).toBeUndefined();
    expect(asked.model.screen).toEqual({
      name: 'menu',
      index: UR,
      notice: 'That game was not recorded: no analysis.',
    });
  });

  it('leaving that replay goes where leaving the end screen goes: the game’s menu row, or out', () => {
    const replay = (hasMenu: boolean): AppModel => ({
      screen: { name: 'replay', recording, analysed: 'ur' },
      replayOnly: false,
      hasMenu,
    });
    const left = reduceApp(replay(true), { type: 'app/replayLeft' }, world);
    expect(left.model.screen).toEqual({ name: 'menu', index: UR, notice: undefined });
    expect(reduceApp(replay(false), { type: 'app/replayLeft' }, world).effect).toEqual({
      type: 'exit',
    });
  });
});
