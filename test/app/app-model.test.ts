import { describe, expect, it } from 'vitest';
import {
  type AppModel,
  type AppWorld,
  mainHelp,
  menuItems,
  reduceApp,
} from '../../source/app/app-model.js';
import type { Outcome } from '../../source/engine/game.js';
import { NO_RECORDING } from '../../source/engine/recording.js';
import { GAMES } from '../../source/games/index.js';
import type { Session } from '../../source/table/session.js';
import { raceModule } from '../support/race/index.js';

const games = [...GAMES, raceModule];
const world: AppWorld = {
  games,
  setupContext: () => ({ settings: {}, kinds: [], dataDir: '/none', warn: () => {} }),
};
const at = (screen: AppModel['screen'], replayOnly = false, hasMenu = false): AppModel => ({
  screen,
  replayOnly,
  hasMenu,
});
const key = (model: AppModel, k: string) =>
  reduceApp(model, { type: 'app/keyPressed', key: k, width: 80, height: 24 }, world);
/** Menu rows, found by label: the registry decides how many games come first. */
const labels = menuItems(games).map((i) => i.label);
const RACE = labels.indexOf('Race');
const REPLAY = labels.indexOf('Recordings');
const HELP = labels.indexOf('Help');
const keyOf = (row: number) => String(row + 1);
const session: Session = {
  id: 0,
  seed: 1,
  initial: {},
  seats: [],
  chance: undefined,
  recorder: NO_RECORDING,
  botSeed: 1,
};

describe('the app model (pure)', () => {
  it('builds the menu from the registered games, then replay, help and quit', () => {
    expect(labels).toEqual([
      ...GAMES.flatMap((g) => g.entries.map((e) => e.label)),
      'Race',
      'Recordings',
      'Help',
      'Quit',
    ]);
    expect(labels.slice(0, 3)).toEqual(['Yut Nori', 'Yut Nori · advanced', 'Royal Game of Ur']);
  });

  it('choosing a game opens its setup with a fresh form; Esc in it returns to its menu row', () => {
    const menu = at({ name: 'menu', index: 0 });
    const chosen = key(menu, keyOf(RACE)).model;
    expect(chosen.screen).toMatchObject({ name: 'setup', entry: 'race' });
    const back = key(chosen, 'escape');
    expect(back.model.screen).toEqual({ name: 'menu', index: RACE, notice: undefined });
  });

  it('a setup that starts asks for a session; a started game shows the play screen', () => {
    const setup = key(at({ name: 'menu', index: 0 }), keyOf(RACE)).model;
    const started = key(setup, 'enter');
    expect(started.model).toBe(setup);
    expect(started.effect).toMatchObject({ type: 'start', entry: 'race' });
    if (started.effect?.type !== 'start') throw new Error('no start');
    const play = reduceApp(
      setup,
      {
        type: 'app/gameStarted',
        game: 'race',
        entry: 'race',
        start: started.effect.start,
        session,
      },
      world,
    ).model;
    expect(play.screen).toMatchObject({ name: 'play', game: 'race' });
    // Keys on the play screen are the screen's own (useKeys): the app model leaves them be.
    expect(key(play, 'space')).toEqual({ model: play });
  });

  it('play requests: menu returns to the game’s row, again restarts the same setup, quit leaves', () => {
    const start = { options: { length: 12 }, seats: [], save: () => undefined, log: ['x'] };
    const play = at({ name: 'play', game: 'race', entry: 'race', start, session });
    const request = (r: 'menu' | 'again' | 'quit' | 'saved') =>
      reduceApp(play, { type: 'app/playRequested', request: r }, world);
    expect(request('menu').model.screen).toMatchObject({ name: 'menu', index: RACE });
    expect(request('again').effect).toEqual({
      type: 'start',
      entry: 'race',
      start: { options: { length: 12 }, seats: [] },
    });
    expect(request('quit').effect).toEqual({ type: 'exit' });
    // Opened on the menu, a game quit goes back to it.
    const fromMenu = reduceApp(
      at(play.screen, false, true),
      { type: 'app/playRequested', request: 'quit' },
      world,
    );
    expect(fromMenu.model.screen).toMatchObject({ name: 'menu', index: RACE });
    expect(fromMenu.effect).toBeUndefined();
    expect(request('saved').model.screen).toMatchObject({ name: 'setup', entry: 'race' });
  });

  it('play again keeps the sitting’s score; w plays again with the seats turned by one', () => {
    const ann = { name: 'Ann', kind: 'human' as const };
    const bob = { name: 'Bob', kind: 'human' as const };
    const seats = [ann, bob];
    const playing = (model: AppModel, start: { options: unknown; seats: typeof seats }) =>
      ({
        ...model,
        screen: { name: 'play', game: 'race', entry: 'race', start, session },
      }) as AppModel;
    const again = (model: AppModel, request: 'again' | 'swap', outcome: Outcome) =>
      reduceApp(model, { type: 'app/playRequested', request, outcome }, world);
    // Ann wins the first game; Enter: the same seats, the score in the next game's log.
    const first = again(playing(at({ name: 'menu', index: 0 }), { options: {}, seats }), 'again', {
      status: 'won',
      winner: 0,
    });
    expect(first.effect).toEqual({
      type: 'start',
      entry: 'race',
      start: { options: {}, seats, log: ['So far, 1 game: Ann won 1, Bob won 0.'] },
    });
    // Bob wins the second; w: the seats turned (Bob first), the score follows the names.
    const second = again(playing(first.model, { options: {}, seats }), 'swap', {
      status: 'won',
      winner: 1,
    });
    expect(second.effect).toMatchObject({
      start: { seats: [bob, ann], log: ['So far, 2 games: Ann won 1, Bob won 1.'] },
    });
    // Seat 0 is Bob now: his win counts for Bob; a draw counts as drawn.
    const third = again(playing(second.model, { options: {}, seats: [bob, ann] }), 'again', {
      status: 'won',
      winner: 0,
    });
    expect(third.effect).toMatchObject({
      start: { log: ['So far, 3 games: Ann won 1, Bob won 2.'] },
    });
    const fourth = again(playing(third.model, { options: {}, seats }), 'again', {
      status: 'drawn',
    });
    expect(fourth.effect).toMatchObject({
      start: { log: ['So far, 4 games: Ann won 1, Bob won 2, 1 drawn.'] },
    });
    // Other people: a new sitting. A game that saves by its players keeps its seats.
    const others = [{ name: 'Cho', kind: 'human' as const }, ann];
    const fresh = again(playing(fourth.model, { options: {}, seats: others }), 'again', {
      status: 'won',
      winner: 0,
    });
    expect(fresh.effect).toMatchObject({
      start: { log: ['So far, 1 game: Cho won 1, Ann won 0.'] },
    });
    const saving = reduceApp(
      playing(at({ name: 'menu', index: 0 }), {
        options: {},
        seats,
        save: () => undefined,
      } as never),
      { type: 'app/playRequested', request: 'swap', outcome: { status: 'running' } },
      world,
    );
    expect(saving.effect).toMatchObject({
      start: { seats, log: ['The seats stay as they are: this game saves by its players.'] },
    });
  });

  it('after a save, a setup that says so (Yut’s advanced game) shows its message', () => {
    const start = { options: {}, seats: [] };
    const play = at({ name: 'play', game: 'yut', entry: 'yut-advanced', start, session });
    const saved = reduceApp(play, { type: 'app/playRequested', request: 'saved' }, world).model;
    expect(saved.screen).toMatchObject({
      name: 'setup',
      entry: 'yut-advanced',
      form: { model: { message: 'Game saved successfully!' } },
    });
  });

  it('a setup request is carried out outside and answered back', () => {
    const setup = key(at({ name: 'menu', index: 0 }), '2').model;
    const cursor = key(setup, 'down');
    expect(cursor.effect).toBeUndefined();
    const out = key(cursor.model, 'escape');
    expect(out.effect).toMatchObject({
      type: 'answer',
      entry: 'yut-advanced',
      request: { type: 'advanced/left' },
    });
    // Leaving, answered: back to the menu on its row.
    const left = reduceApp(
      out.model,
      { type: 'app/setupAnswered', entry: 'yut-advanced', outcome: { type: 'back' } },
      world,
    );
    expect(left.model.screen).toMatchObject({ name: 'menu', index: 1 });
  });

  it('the main help lists every game and their rules, and scrolls within its length', () => {
    const lines = mainHelp(games, 76);
    expect(lines.join('\n')).toContain('Race');
    expect(lines.join('\n')).toContain('The Royal Game of Ur: the rules madang plays');
    // Help is past the ninth item: chosen with the cursor and Enter.
    let help = key(at({ name: 'menu', index: HELP }), 'enter').model;
    expect(help.screen).toEqual({ name: 'help', scroll: 0 });
    help = key(help, 'pagedown').model;
    expect(help.screen).toEqual({ name: 'help', scroll: 10 });
    help = key(help, 'end').model;
    expect(help.screen).toEqual({ name: 'help', scroll: lines.length - 20 });
    expect(key(help, 'x').model.screen).toMatchObject({ name: 'menu', index: HELP });
  });

  it('q and Ctrl+C leave from the menu; leaving a replay-only run leaves the program', () => {
    expect(key(at({ name: 'menu', index: 0 }), 'q').effect).toEqual({ type: 'exit' });
    expect(key(at({ name: 'help', scroll: 0 }), 'ctrl+c').effect).toEqual({ type: 'exit' });
    const replay = { name: 'replay' as const, recording: {} as never };
    expect(reduceApp(at(replay, true), { type: 'app/replayLeft' }, world).effect).toEqual({
      type: 'exit',
    });
    expect(reduceApp(at(replay), { type: 'app/replayLeft' }, world).model.screen).toMatchObject({
      name: 'menu',
      index: REPLAY,
    });
  });

  it('Recordings lists the folder; Enter and r ask for the file; a replay returns to the list', () => {
    const chosen = key(at({ name: 'menu', index: REPLAY }), 'enter');
    expect(chosen.effect).toEqual({ type: 'openCatalogue' });
    const listed = (file: string) => ({
      file,
      name: file,
      modified: 0,
      header: { game: 'race', players: [], startedAt: '' } as never,
      steps: 1,
      approximate: false,
    });
    const catalogue = { directory: '/d', recordings: [listed('/d/a.jsonl'), listed('/d/b.jsonl')] };
    const browsing = reduceApp(chosen.model, { type: 'app/recordingsListed', catalogue }, world);
    expect(browsing.model.screen).toMatchObject({ name: 'recordings', browser: { index: 0 } });
    const down = key(browsing.model, 'down').model;
    const watch = key(down, 'enter');
    expect(watch.effect).toMatchObject({
      type: 'openRecording',
      file: '/d/b.jsonl',
      mode: 'watch',
    });
    expect(key(down, 'r').effect).toMatchObject({ mode: 'resume', file: '/d/b.jsonl' });
    if (watch.effect?.type !== 'openRecording' || down.screen.name !== 'recordings')
      throw new Error('no browser');
    const opened = reduceApp(
      down,
      { type: 'app/recordingOpened', recording: {} as never, back: watch.effect.browser },
      world,
    ).model;
    expect(opened.screen).toMatchObject({ name: 'replay' });
    const left = reduceApp(opened, { type: 'app/replayLeft' }, world).model;
    expect(left.screen).toEqual({ name: 'recordings', browser: down.screen.browser });
    // A refusal is said in the list; Esc goes back to the menu on its row.
    const refused = reduceApp(down, { type: 'app/recordingRefused', notice: 'gone' }, world).model;
    expect(refused.screen).toMatchObject({
      name: 'recordings',
      browser: { notice: 'gone', index: 1 },
    });
    expect(key(down, 'escape').model.screen).toMatchObject({ name: 'menu', index: REPLAY });
  });
});
