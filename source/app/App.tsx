/**
 * The app shell: the screens of the pure app model drawn, its effects carried out (starting
 * sessions, answering setups, opening recordings, leaving), the terminal-size guard, and the one
 * input handler that every key goes through. It knows games only as the list it is given.
 */
import { Box } from '../render/components.js';
import { useExit } from '../render/context.js';
import { useCallback, useMemo } from 'react';
import type { AnalysisRun } from '../analysis/types.js';
import type { Outcome } from '../engine/game.js';
import type { Catalogue, LoadedRecording } from '../engine/recording.js';
import type { Timeline } from '../engine/timeline.js';
import type { AnyGameModule, SetupContext } from '../games/module.js';
import { KeysProvider, useKeyRouter, useKeys } from '../ui/keys-context.js';
import { MainMenu } from '../ui/MainMenu.js';
import type { AppRequest } from '../ui/play-session.js';
import { RecordingsBrowser } from '../ui/RecordingsBrowser.js';
import { ReplayViewer } from '../ui/ReplayViewer.js';
import { useStore } from '../ui/store.js';
import { TextPage } from '../ui/TextPage.js';
import { MIN_COLUMNS, MIN_ROWS } from '../ui/min-size.js';
import { TooSmall } from '../ui/TooSmall.js';
import { useTerminalSize } from '../ui/useTerminalSize.js';
import {
  type AppAction,
  type AppModel,
  type AppWorld,
  type Effect,
  findEntry,
  helpWidth,
  mainHelp,
  menuItems,
  reduceApp,
  type Screen,
  titleOf,
} from './app-model.js';
import type { SessionFactory } from '../table/session.js';

export { MIN_COLUMNS, MIN_ROWS };

/** Where the program opens. */
export type Opening =
  | { readonly kind: 'menu' }
  /** A game's command: its menu entry's setup. */
  | { readonly kind: 'entry'; readonly entry: string }
  | { readonly kind: 'replay'; readonly recording: LoadedRecording }
  | { readonly kind: 'resume'; readonly recording: LoadedRecording };

export interface AppOptions {
  readonly games: readonly AnyGameModule[];
  readonly opening: Opening;
  readonly sessions: SessionFactory;
  /** Each game's setup context (its flags' settings, --bots, the data directory). */
  readonly setupContext: (game: string) => SetupContext;
  /** The recordings folder, for the menu's browser; without it the browser is empty. */
  readonly recordings?: Recordings | undefined;
  /** Milliseconds a computer waits before each throw or move. */
  readonly botDelay?: number | undefined;
  /** Starts the analysis of a recorded game (the replay's `a`), or says why it cannot. */
  readonly analyse?: AnalyseGame | undefined;
}

export type AnalyseGame = (
  game: AnyGameModule,
  timeline: Timeline,
  names: readonly string[],
) => AnalysisRun | string;

export interface Recordings {
  /** The folder's recordings, newest first (headers and ends only). */
  list(): Catalogue;
  /** A recording loaded whole to watch, or to resume (checked that it can go on); else why not. */
  open(file: string, mode: 'watch' | 'resume'): Promise<LoadedRecording | string>;
}

/** The program's screens under the one reader of standard input. */
export function App({ options }: { options: AppOptions }) {
  return (
    <KeysProvider>
      <Shell options={options} />
    </KeysProvider>
  );
}

/** The play and replay screens take their own keys (useKeys); the shell passes them on. */
const takesKeys = (screen: Screen) => screen.name === 'play' || screen.name === 'replay';

function Shell({ options }: { options: AppOptions }) {
  const exit = useExit();
  const router = useKeyRouter();
  const { columns, rows } = useTerminalSize();
  const { games, sessions } = options;
  const [model, setModel, current] = useStore(
    (_: AppModel, next: AppModel) => next,
    (): AppModel => ({
      screen: openingScreen(options),
      replayOnly: options.opening.kind === 'replay',
      hasMenu: options.opening.kind === 'menu',
    }),
  );

  const world: AppWorld = { games, setupContext: options.setupContext };

  function dispatch(action: AppAction): void {
    const before = current().screen;
    const { model: next, effect } = reduceApp(current(), action, world);
    setModel(next);
    // Keys typed from here on are the new screen's: those for a play or replay screen wait for
    // it to subscribe (a burst such as Enter Space: start, then throw); the others the shell's.
    if (next.screen !== before) router.changed(takesKeys(next.screen));
    if (effect) run(effect, next.screen);
  }

  function run(effect: Effect, screen: Screen): void {
    switch (effect.type) {
      case 'exit':
        if (screen.name === 'play') screen.session.recorder.close();
        return exit();
      case 'answer': {
        const found = findEntry(games, effect.entry);
        if (!found?.entry.answer) return;
        const outcome = found.entry.answer(
          effect.form,
          effect.request,
          options.setupContext(found.game.id),
        );
        return dispatch({ type: 'app/setupAnswered', entry: effect.entry, outcome });
      }
      case 'start': {
        const found = findEntry(games, effect.entry);
        if (!found) return;
        const session = sessions.start(found.game, effect.start);
        if (typeof session === 'string')
          return dispatch({ type: 'app/noticeShown', notice: session, entry: effect.entry });
        return dispatch({
          type: 'app/gameStarted',
          game: found.game.id,
          entry: effect.entry,
          start: effect.start,
          session,
        });
      }
      case 'openCatalogue':
        return dispatch({
          type: 'app/recordingsListed',
          catalogue: options.recordings?.list() ?? { directory: '', recordings: [] },
        });
      case 'openRecording': {
        const opened = options.recordings?.open(effect.file, effect.mode);
        void (opened ?? Promise.resolve('Recordings cannot be opened here.')).then((found) => {
          if (typeof found === 'string')
            return dispatch({ type: 'app/recordingRefused', notice: found });
          if (effect.mode === 'watch')
            return dispatch({
              type: 'app/recordingOpened',
              recording: found,
              back: effect.browser,
            });
          const play = resumed(options, found);
          if (typeof play === 'string')
            return dispatch({ type: 'app/recordingRefused', notice: play });
          return dispatch({ type: 'app/gameStarted', ...play });
        });
        return;
      }
      case 'analyseRecording': {
        const opened = options.recordings?.open(effect.file, 'watch');
        void (opened ?? Promise.resolve('Recordings cannot be opened here.')).then((found) =>
          typeof found === 'string'
            ? dispatch({ type: 'app/noticeShown', notice: found, entry: effect.entry })
            : dispatch({ type: 'app/recordingOpened', recording: found, analysed: effect.entry }),
        );
        return;
      }
    }
  }

  const onRequest = useCallback(
    (request: AppRequest, outcome?: Outcome) =>
      dispatch({ type: 'app/playRequested', request, outcome }),
    // dispatch reads the store afresh each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const onReplayLeft = useCallback(
    () => dispatch({ type: 'app/replayLeft' }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  // The options are parsed when the screen changes, not at every frame.
  const [gameId, gameOptions, parsedAlready] = gameOf(model.screen);
  const need = useMemo(
    () => neededSize(options.games, gameId, gameOptions, parsedAlready),
    [options.games, gameId, gameOptions, parsedAlready],
  );
  const small = columns < need.columns || rows < need.rows;
  // The shell hears every key first: a window too small takes them all (q leaves); a play or
  // replay screen's go on to it (false), Ctrl+C excepted.
  useKeys(
    (k) => {
      if (small && k !== 'ctrl+c') {
        if (k === 'q') run({ type: 'exit' }, current().screen);
        return;
      }
      if (k !== 'ctrl+c' && takesKeys(current().screen)) return false;
      dispatch({ type: 'app/keyPressed', key: k, width: columns, height: rows });
    },
    { priority: 1 },
  );

  // A window too small pauses whatever is under it: the screen stays mounted (hidden), so a game
  // or a replay comes back exactly as it was, and nothing is played or recorded meanwhile.
  const shown = (
    <Screens
      model={model}
      options={options}
      columns={Math.max(columns, MIN_COLUMNS)}
      rows={Math.max(rows, MIN_ROWS)}
      paused={small}
      onRequest={onRequest}
      onReplayLeft={onReplayLeft}
    />
  );
  // The same tree either way, so that React keeps the screen's state across the pause.
  return (
    <>
      <Box display={small ? 'none' : 'flex'}>{shown}</Box>
      {small ? (
        <TooSmall
          columns={columns}
          rows={rows}
          need={need}
          says="The board returns as soon as it fits."
          keys="q quits"
          centred
        />
      ) : null}
    </>
  );
}

function Screens({
  model,
  options,
  columns,
  rows,
  paused,
  onRequest,
  onReplayLeft,
}: {
  model: AppModel;
  options: AppOptions;
  columns: number;
  rows: number;
  paused: boolean;
  onRequest: (request: AppRequest, outcome?: Outcome) => void;
  onReplayLeft: () => void;
}) {
  const { games } = options;
  const { screen } = model;
  const replayed = screen.name === 'replay' ? screen.recording : undefined;
  // The replay's `a`: the analysis of the recording shown, by its game's core.
  const analyse = useMemo(() => {
    const game = games.find((g) => g.id === replayed?.header.game);
    const start = options.analyse;
    if (!replayed || !game || !start) return undefined;
    const names = replayed.header.players.map((p) => p.name);
    return (timeline: Timeline) => start(game, timeline, names);
  }, [games, replayed, options.analyse]);
  switch (screen.name) {
    case 'menu':
      return (
        <Centre columns={columns} rows={rows}>
          <MainMenu items={menuItems(games)} index={screen.index} notice={screen.notice} />
        </Centre>
      );
    case 'help':
      return (
        <TextPage
          title="madang · help"
          lines={mainHelp(games, helpWidth(columns))}
          scroll={screen.scroll}
          width={columns}
          height={rows}
          leave="any other key returns to the menu"
        />
      );
    case 'setup': {
      const found = findEntry(games, screen.entry);
      if (!found) return null;
      const { View } = found.entry;
      return (
        <Centre columns={columns} rows={rows}>
          <View form={screen.form} width={columns} height={rows} />
        </Centre>
      );
    }
    case 'play': {
      const game = games.find((g) => g.id === screen.game);
      if (!game) return null;
      const { Play } = game;
      return (
        <Play
          key={screen.session.id}
          session={screen.session}
          width={columns}
          height={rows}
          botDelay={options.botDelay}
          paused={paused}
          onRequest={onRequest}
        />
      );
    }
    case 'recordings':
      return (
        <Box width={columns} height={rows} justifyContent="center">
          <RecordingsBrowser
            browser={screen.browser}
            titleOf={titleOf(games)}
            width={columns}
            height={rows}
          />
        </Box>
      );
    case 'replay':
      return (
        <ReplayViewer
          recording={screen.recording}
          face={games.find((g) => g.id === screen.recording.header.game)}
          width={columns}
          height={rows}
          onQuit={onReplayLeft}
          paused={paused}
          analyse={analyse}
          analyseAtOpen={screen.analysed !== undefined}
        />
      );
  }
}

/** The first screen: a resumed game is started here, through the same session factory. */
function openingScreen(options: AppOptions): Screen {
  const { opening, games } = options;
  switch (opening.kind) {
    case 'menu':
      return { name: 'menu', index: 0 };
    case 'replay':
      return { name: 'replay', recording: opening.recording };
    case 'entry': {
      const found = findEntry(games, opening.entry);
      if (!found) return { name: 'menu', index: 0 };
      // Flags that settle the whole setup start the game at once.
      const settled = found.entry.settled?.(options.setupContext(found.game.id));
      const session = settled && options.sessions.start(found.game, settled);
      if (settled && session && typeof session !== 'string')
        return { name: 'play', game: found.game.id, entry: opening.entry, start: settled, session };
      return {
        name: 'setup',
        entry: opening.entry,
        form: found.entry.newForm(options.setupContext(found.game.id)),
      };
    }
    case 'resume': {
      const play = resumed(options, opening.recording);
      return typeof play === 'string'
        ? { name: 'menu', index: 0, notice: play }
        : { name: 'play', ...play };
    }
  }
}

/** A recorded game going on: its session started through the factory, or why it cannot. */
function resumed(options: AppOptions, recording: LoadedRecording) {
  const { header } = recording;
  const game = options.games.find((g) => g.id === header.game);
  if (!game) return `madang cannot play ${header.game}.`;
  const session = options.sessions.resume(game, recording, options.setupContext(game.id));
  if (typeof session === 'string') return session;
  return {
    game: game.id,
    entry: game.entryOf?.(header.options) ?? game.entries[0]?.id ?? game.id,
    // Its save goes with it, so that playing again can keep it (Kono's save slot).
    start: { options: header.options, seats: session.seats, save: session.save },
    session,
  };
}

function Centre({
  columns,
  rows,
  children,
}: {
  columns: number;
  rows: number;
  children: React.ReactNode;
}) {
  return (
    <Box width={columns} height={rows} alignItems="center" justifyContent="center">
      {children}
    </Box>
  );
}

/** The game on the screen shown and its options (a recording's, when it was read, come parsed). */
function gameOf(screen: Screen): [id: string | undefined, options: unknown, parsed: boolean] {
  if (screen.name === 'play') return [screen.game, screen.start.options, false];
  if (screen.name !== 'replay') return [undefined, undefined, false];
  const { header, options } = screen.recording;
  return options === undefined
    ? [header.game, header.options, false]
    : [header.game, options, true];
}

/** The window the screen shown needs: 80×24, or more for a game whose board outgrows it. */
function neededSize(
  games: readonly AnyGameModule[],
  id: string | undefined,
  options: unknown,
  parsedAlready: boolean,
): { columns: number; rows: number } {
  const at = { columns: MIN_COLUMNS, rows: MIN_ROWS };
  const module = games.find((g) => g.id === id);
  if (!module?.needs) return at;
  const parsed = parsedAlready ? { ok: true as const, options } : module.parseOptions(options);
  if (!parsed.ok) return at;
  const game = module.needs(parsed.options);
  return { columns: Math.max(at.columns, game.columns), rows: Math.max(at.rows, game.rows) };
}
