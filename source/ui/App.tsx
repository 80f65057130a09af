/** The app shell: which screen is showing, the terminal-size guard, and the app-wide keys. */
import { Box, Text, useApp, useInput } from 'ink';
import { useCallback, useMemo, useRef } from 'react';
import type { GameEvent } from '../engine/game.js';
import { type Level, LEVELS } from '../engine/bots.js';
import { foldEvents } from '../engine/game.js';
import { freshSeed, type Random, seededRandom } from '../engine/random.js';
import { gameEntry } from '../engine/registry.js';
import { type Header, newHeader } from '../engine/recording.js';
import { type BoardSpec, historicalSpec } from '../games/ur/board.js';
import { setup as setupUr, type UrState } from '../games/ur/rules.js';
import type { UrSeat } from '../games/ur/ui/play.js';
import { UrGame } from '../games/ur/ui/UrGame.js';
import { newUrSetup, type UrSetupForm, urSetupKey } from '../games/ur/ui/setup.js';
import { UrSetup } from '../games/ur/ui/UrSetup.js';
import { yutHeader } from '../games/yut/header.js';
import { setup as setupYut, type YutOptions, type YutState } from '../games/yut/rules.js';
import {
  scriptedThrows,
  type ThrowScript,
  type ThrowSource,
  throwsForGame,
} from '../games/yut/throws.js';
import { Advanced } from '../games/yut/ui/Advanced.js';
import { type AdvancedModel, advancedKey, newAdvanced } from '../games/yut/ui/advanced.js';
import { answerAdvanced } from '../games/yut/ui/advanced-files.js';
import type { YutFiles } from '../storage/yut-files.js';
import type { Seat } from '../games/yut/ui/play.js';
import { Setup } from '../games/yut/ui/Setup.js';
import { newSetup, type SeatKind, type SetupForm, setupKey } from '../games/yut/ui/setup.js';
import { type AppRequest, YutGame } from '../games/yut/ui/YutGame.js';
import { RecordingWriter } from '../storage/recording-file.js';
import { type Key, keyNames } from './keys.js';
import { Menu } from './Menu.js';
import { type MenuItem, menuKey } from './menu.js';
import {
  openRecorder,
  type Recorder,
  type RecordSetting,
  recorderFor,
  recordingReport,
} from '../storage/recorder.js';
import { Replay } from './Replay.js';
import { useStore } from './store.js';
import { useTerminalSize } from './useTerminalSize.js';

/** The menu's help: what is here, and where each game's own help is. */
const MAIN_HELP: readonly string[] = [
  'Games',
  '  Yut Nori              2–4 players at one keyboard, any seat the computer',
  '  Yut Nori · advanced   log in, pick animals, save and resume later',
  '  Royal Game of Ur      White and Black, seven stones each (--board FILE)',
  '',
  'In every game',
  '  ?  that game’s keys and rules      h  a hint from the strong computer',
  '  u  take back your last move        q  quit (asks first)    Ctrl+C  quit now',
  '',
  'Every game is recorded (madang says where when it ends):',
  '  madang replay FILE     watch it: ←→ step, Space play, +− speed, g go to a turn',
  '  madang --resume FILE   go on with an unfinished game',
  '  madang verify FILE...  check recordings against the rules',
  '',
  'Without a terminal (or with --classic) madang speaks the original console.',
  'madang --help lists every option.',
];

export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

type MenuId = 'yut' | 'advanced' | 'ur' | 'replay' | 'help' | 'quit';
const MENU: readonly MenuItem<MenuId>[] = [
  { id: 'yut', label: 'Yut Nori', hint: '2–4 players, hot-seat' },
  { id: 'advanced', label: 'Yut Nori · advanced', hint: 'login, animals, save' },
  { id: 'ur', label: 'Royal Game of Ur', hint: 'two players, seven stones' },
  { id: 'replay', label: 'Replay a recording', hint: 'the latest recorded game' },
  { id: 'help', label: 'Help', hint: 'keys and rules' },
  { id: 'quit', label: 'Quit', hint: '' },
];

/** A loaded recording: to watch, or to go on playing (resume). */
export interface LoadedRecording {
  readonly file: string;
  readonly header: Header;
  readonly events: readonly GameEvent[];
  /** Where appending may go on (after the last whole line). */
  readonly goodBytes: number;
}

export interface AppOptions {
  readonly start: 'menu' | 'yut' | 'advanced' | 'ur' | 'replay' | 'resume';
  /** The Ur board (--board FILE), else the historical board. */
  readonly urBoard?: { readonly spec: BoardSpec; readonly name: string } | undefined;
  /** The advanced game's files (user_info.txt, game_info.txt). */
  readonly files?: YutFiles | undefined;
  readonly seed?: number | undefined;
  readonly throwScript?: ThrowScript | undefined;
  readonly players?: number | undefined;
  readonly pieces?: number | undefined;
  readonly record?: RecordSetting | undefined;
  readonly recording?: LoadedRecording | undefined;
  /** Finds the latest recording for the menu's replay entry. */
  readonly latestRecording?: (() => Promise<LoadedRecording | string>) | undefined;
  /** Lines to print on the normal screen after the program leaves full screen. */
  readonly report?: ((line: string) => void) | undefined;
  readonly app?: string | undefined;
  /** What sits in each seat at the start (from --bots and --level). */
  readonly kinds?: readonly SeatKind[] | undefined;
  /** Milliseconds a computer waits before each throw or move. */
  readonly botDelay?: number | undefined;
}

interface Game {
  readonly id: number;
  readonly seed: number | null;
  readonly initial: YutState;
  readonly seats: readonly Seat[];
  readonly throws: ThrowSource;
  readonly recorder: Recorder;
  readonly log?: readonly string[] | undefined;
  /** The advanced game: saving writes to game_info.txt. */
  readonly onSave?: ((state: YutState) => string | undefined) | undefined;
}

type Screen =
  | { readonly name: 'menu'; readonly index: number; readonly notice?: string | undefined }
  | { readonly name: 'help' }
  | { readonly name: 'setup'; readonly form: SetupForm }
  | { readonly name: 'play'; readonly game: Game }
  | { readonly name: 'replay'; readonly recording: LoadedRecording }
  | { readonly name: 'advanced'; readonly model: AdvancedModel }
  | { readonly name: 'urSetup'; readonly form: UrSetupForm }
  | { readonly name: 'urPlay'; readonly game: UrGameInfo };

interface UrGameInfo {
  readonly id: number;
  readonly seed: number;
  readonly initial: UrState;
  readonly seats: readonly UrSeat[];
  readonly dice: Random;
  readonly recorder: Recorder;
}

export function App({ options }: { options: AppOptions }) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const firstForm = newSetup(options.players ?? 2, options.pieces ?? 4, undefined, options.kinds);
  const gamesStarted = useRef(0);
  const screenKeys = useRef<((key: Key) => void) | null>(null);
  const registerKeys = useCallback((handler: (key: Key) => void) => {
    screenKeys.current = handler;
  }, []);

  /** Say on the normal screen, after the program, where each recording went. */
  const reportRecording = useCallback(
    (file: string, finished: boolean) => options.report?.(recordingReport(file, finished)),
    [options],
  );

  const scripted = useMemo(
    () => (options.throwScript ? scriptedThrows(options.throwScript) : undefined),
    [options.throwScript],
  );
  const throwsFor = useCallback(
    (id: number) => throwsForGame(scripted, options.seed, id, freshSeed),
    [options.seed, scripted],
  );

  const recorderFor_ = useCallback(
    (header: Header): Recorder =>
      openRecorder(options.record ?? { mode: 'auto' }, header, reportRecording),
    [options.record, reportRecording],
  );

  const newGame = useCallback(
    (options_: YutOptions, seats: readonly Seat[]): Game => {
      const id = gamesStarted.current++;
      const { throws, seed } = throwsFor(id);
      const players = seats.map((s) => ({
        name: s.name,
        kind: s.kind === 'computer' ? ('bot' as const) : ('human' as const),
      }));
      const recorder = recorderFor_(
        yutHeader(options_, players, seed, options.app ?? 'madang', new Date()),
      );
      return { id, seed, initial: setupYut(options_), seats, throws, recorder };
    },
    [throwsFor, recorderFor_, options.app],
  );

  /** Go on with a recorded game: its events folded by its own rules, then appended to. */
  function resumedScreen(loaded: LoadedRecording): Screen {
    const id = gamesStarted.current++;
    const entry = gameEntry(loaded.header.game);
    if (!entry)
      return { name: 'menu', index: 0, notice: `madang cannot play ${loaded.header.game}.` };
    const state = foldEvents(
      entry.game,
      entry.game.setup(loaded.header.options),
      loaded.events,
    ).state;
    const seed = id === 0 && options.seed !== undefined ? options.seed : freshSeed();
    const writer = RecordingWriter.append(
      loaded.file,
      loaded.goodBytes,
      new Date().toISOString(),
      seed,
    );
    const recorder = recorderFor(writer, reportRecording);
    const seats = loaded.header.players.map((p) =>
      p.kind === 'bot'
        ? {
            name: p.name,
            kind: 'computer' as const,
            level: (LEVELS as readonly string[]).includes(p.level ?? '')
              ? (p.level as Level)
              : 'strong',
          }
        : { name: p.name, kind: 'human' as const },
    );
    const log = [`Resumed after ${loaded.events.length} events.`];
    if (loaded.header.game === 'ur') {
      return {
        name: 'urPlay',
        game: { id, seed, initial: state as UrState, seats, dice: seededRandom(seed), recorder },
      };
    }
    const { throws } = throwsFor(id);
    return {
      name: 'play',
      game: { id, seed, initial: state as YutState, seats, throws, recorder, log },
    };
  }

  const newUrGame = useCallback(
    (seats: readonly UrSeat[]): UrGameInfo => {
      const id = gamesStarted.current++;
      const seed = id === 0 && options.seed !== undefined ? options.seed : freshSeed();
      const urOptions = {
        board: options.urBoard?.spec ?? historicalSpec(),
        extraRollOnRosette: true,
      };
      const players = seats.map((s) =>
        s.kind === 'computer'
          ? { name: s.name, kind: 'bot' as const, level: s.level ?? 'strong' }
          : { name: s.name, kind: 'human' as const },
      );
      const header = newHeader({
        game: 'ur',
        options: urOptions,
        players,
        seed,
        startedAt: new Date(),
        app: options.app ?? 'madang',
      });
      return {
        id,
        seed,
        initial: setupUr(urOptions),
        seats,
        dice: seededRandom(seed),
        recorder: recorderFor_(header),
      };
    },
    [options.seed, options.urBoard, options.app, recorderFor_],
  );

  const [screen, setScreen, currentScreen] = useStore(
    (_: Screen, next: Screen) => next,
    (): Screen => {
      const loaded = options.recording;
      if (options.start === 'replay' && loaded) return { name: 'replay', recording: loaded };
      if (options.start === 'resume' && loaded) return resumedScreen(loaded);
      if (options.start === 'yut') return { name: 'setup', form: firstForm };
      if (options.start === 'advanced') return { name: 'advanced', model: newAdvanced() };
      if (options.start === 'ur') return { name: 'urSetup', form: newUrSetup(options.kinds) };
      return { name: 'menu', index: 0 };
    },
  );

  const onRequest = useCallback(
    (request: AppRequest) => {
      const now = currentScreen();
      if (now.name === 'play' || now.name === 'urPlay') now.game.recorder.close();
      if (request === 'quit') return exit();
      if (now.name === 'urPlay') {
        if (request === 'again')
          return void setScreen({ name: 'urPlay', game: newUrGame(now.game.seats) });
        return void setScreen({ name: 'menu', index: 2 });
      }
      if (request === 'menu') return void setScreen({ name: 'menu', index: 0 });
      if (request === 'saved') {
        // After a save: the first screen again, with nobody logged in.
        return void setScreen({ name: 'advanced', model: newAdvanced('Game saved successfully!') });
      }
      if (now.name === 'play') {
        const { rules } = now.game.initial;
        setScreen({
          name: 'play',
          game: newGame({ players: rules.players, pieces: rules.pieces }, now.game.seats),
        });
      }
    },
    [exit, currentScreen, setScreen, newGame, newUrGame],
  );

  const small = columns < MIN_COLUMNS || rows < MIN_ROWS;
  /** The advanced screens: the pure model decides; logins, saves and starts are done here. */
  function onAdvancedKey(model: AdvancedModel, k: Key): void {
    const { model: next, request } = advancedKey(model, k);
    if (!request) return void setScreen({ name: 'advanced', model: next });
    const answer = answerAdvanced(next, request, options.files, warn);
    if (answer.kind === 'left') return void setScreen({ name: 'menu', index: 1 });
    if (answer.kind === 'model') return void setScreen({ name: 'advanced', model: answer.model });
    const game = newGame(answer.options, answer.seats);
    setScreen({ name: 'play', game: { ...game, onSave: answer.onSave, log: answer.log } });
  }

  function warn(message: string): void {
    options.report?.(`madang: warning: ${message}`);
  }

  function onKey(k: Key): void {
    const now = currentScreen();
    if (k === 'ctrl+c') {
      if (now.name === 'play' || now.name === 'urPlay') now.game.recorder.close();
      return exit();
    }
    if (small) {
      if (k === 'q') exit();
      return;
    }
    if (now.name === 'menu') {
      if (k === 'q' || k === 'escape') return exit();
      const outcome = menuKey(MENU, now.index, k);
      if (outcome.type === 'cursor') setScreen({ name: 'menu', index: outcome.index });
      if (outcome.type !== 'chosen') return;
      if (outcome.id === 'quit') exit();
      if (outcome.id === 'help') setScreen({ name: 'help' });
      if (outcome.id === 'yut') setScreen({ name: 'setup', form: firstForm });
      if (outcome.id === 'advanced') setScreen({ name: 'advanced', model: newAdvanced() });
      if (outcome.id === 'ur') setScreen({ name: 'urSetup', form: newUrSetup(options.kinds) });
      if (outcome.id === 'replay') {
        void (options.latestRecording?.() ?? Promise.resolve('No recordings here.')).then((found) =>
          setScreen(
            typeof found === 'string'
              ? { name: 'menu', index: now.index, notice: found }
              : { name: 'replay', recording: found },
          ),
        );
      }
    } else if (now.name === 'advanced') {
      onAdvancedKey(now.model, k);
    } else if (now.name === 'help') {
      setScreen({ name: 'menu', index: 0 });
    } else if (now.name === 'urSetup') {
      const outcome = urSetupKey(now.form, k);
      if (outcome.type === 'form') setScreen({ name: 'urSetup', form: outcome.form });
      if (outcome.type === 'back') setScreen({ name: 'menu', index: 2 });
      if (outcome.type === 'start') setScreen({ name: 'urPlay', game: newUrGame(outcome.seats) });
    } else if (now.name === 'play' || now.name === 'replay' || now.name === 'urPlay') {
      screenKeys.current?.(k);
    } else if (now.name === 'setup') {
      const outcome = setupKey(now.form, k);
      if (outcome.type === 'form') setScreen({ name: 'setup', form: outcome.form });
      if (outcome.type === 'back') setScreen({ name: 'menu', index: 0 });
      if (outcome.type === 'start') {
        setScreen({
          name: 'play',
          game: newGame({ players: outcome.players, pieces: outcome.pieces }, outcome.seats),
        });
      }
    }
  }

  useInput((input, key) => {
    for (const k of keyNames(input, key)) onKey(k);
  });

  if (small) return <TooSmall columns={columns} rows={rows} />;
  switch (screen.name) {
    case 'menu':
      return (
        <Centre columns={columns} rows={rows}>
          <Menu items={MENU} index={screen.index} notice={screen.notice} />
        </Centre>
      );
    case 'help':
      return (
        <Box flexDirection="column" borderStyle="round" paddingX={2} width={Math.min(columns, 86)}>
          <Text bold>madang · help</Text>
          {MAIN_HELP.map((line, i) => (
            <Text key={i}>{line || ' '}</Text>
          ))}
          <Text dimColor>Press any key to return to the menu.</Text>
        </Box>
      );
    case 'setup':
      return (
        <Centre columns={columns} rows={rows}>
          <Setup form={screen.form} />
        </Centre>
      );
    case 'play':
      return (
        <YutGame
          key={screen.game.id}
          initial={screen.game.initial}
          seats={screen.game.seats}
          throws={screen.game.throws}
          recorder={screen.game.recorder}
          log={screen.game.log}
          width={columns}
          height={rows}
          onRequest={onRequest}
          registerKeys={registerKeys}
          botDelay={options.botDelay}
          onSave={screen.game.onSave}
          botSeed={screen.game.seed ?? screen.game.id}
        />
      );
    case 'urSetup':
      return (
        <Centre columns={columns} rows={rows}>
          <UrSetup form={screen.form} boardName={options.urBoard?.name ?? 'the historical board'} />
        </Centre>
      );
    case 'urPlay':
      return (
        <UrGame
          key={screen.game.id}
          initial={screen.game.initial}
          seats={screen.game.seats}
          dice={screen.game.dice}
          recorder={screen.game.recorder}
          width={columns}
          height={rows}
          onRequest={onRequest}
          registerKeys={registerKeys}
          botDelay={options.botDelay}
          botSeed={screen.game.seed}
        />
      );
    case 'advanced':
      return (
        <Centre columns={columns} rows={rows}>
          <Advanced model={screen.model} dataDir={options.files?.directory ?? '(none)'} />
        </Centre>
      );
    case 'replay':
      return (
        <Replay
          recording={screen.recording}
          width={columns}
          height={rows}
          registerKeys={registerKeys}
          onQuit={() =>
            options.start === 'replay' ? exit() : setScreen({ name: 'menu', index: 3 })
          }
        />
      );
  }
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

function TooSmall({ columns, rows }: { columns: number; rows: number }) {
  return (
    <Box
      flexDirection="column"
      width={columns}
      height={rows}
      alignItems="center"
      justifyContent="center"
    >
      <Text bold>
        Make the window at least {MIN_COLUMNS}×{MIN_ROWS}
      </Text>
      <Text>
        It is {columns}×{rows} now. The board returns as soon as it fits.
      </Text>
      <Text dimColor>q quits</Text>
    </Box>
  );
}
