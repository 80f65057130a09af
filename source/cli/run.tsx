/** Running a game: the full screen (madang's renderer) or the classic line protocol, from the command line. */
import type { ReactElement } from 'react';
import { resolve } from 'node:path';
import { SessionFactory } from '../table/session.js';
import { DEFAULT_LEVEL, startAnalysis } from '../analysis/analyze.js';
import { App, type AppOptions, type Opening } from '../app/App.js';
import { streamIO } from '../classic/lines.js';
import { LEVELS } from '../engine/bots.js';
import { type Header, type LoadedRecording, newHeader } from '../engine/recording.js';
import { freshSeed } from '../engine/random.js';
import { playerInfo } from '../engine/seats.js';
import { type AnyGameModule, type ClassicRun, consoleOf, type Settings } from '../games/module.js';
import { listRecordings } from '../storage/catalogue.js';
import { cannotGoOn, loadRecording, openRecording } from '../storage/load.js';
import { recordingsDirectory } from '../storage/paths.js';
import { type OnClosed, openRecorder, recorderFor, recordingReport } from '../storage/recorder.js';
import { RecordingWriter } from '../storage/recording-file.js';
import { ClientScreen } from '../render/frames.js';
import { renderScreen, type Screen } from '../render/screen.js';
import { keyReader } from '../ui/key-reader.js';
import type { Key } from '../ui/keys.js';
import { enterFullScreen } from '../ui/terminal.js';
import { screenText } from '../engine/safe-text.js';
import { ThinkContext } from '../ui/thinking.js';
import { analyseOnWorker } from './analysing.js';
import { startThinking, workerBundle } from './thinking.js';
import { colourWanted, ThemeContext } from '../ui/theme.js';
import { chanceFor } from '../table/session.js';
import {
  checkSeed,
  type Common,
  dataDir,
  fail,
  say,
  kindsFor,
  readFile,
  recordSetting,
  scriptFor,
  settingsFor,
} from './common.js';

export interface Run {
  readonly games: readonly AnyGameModule[];
  readonly app: string;
}

const lookup = (games: readonly AnyGameModule[]) => (name: string) =>
  games.find((g) => g.id === name);

async function load(run: Run, file: string, warnings: string[]) {
  const loaded = await loadRecording(file, lookup(run.games));
  if (!loaded.ok) fail(loaded.problem);
  warnings.push(...loaded.warnings.map((w) => `madang: warning: ${w}`));
  return loaded;
}

/**
 * `madang [game] [flags]`, `madang replay FILE`, `--resume FILE`: the full screen when both ends
 * are terminals, else the classic protocol of the game (the first registered one for the menu).
 */
export async function play(
  run: Run,
  argv: Common,
  module: AnyGameModule | undefined,
  replayFile?: string,
): Promise<void> {
  checkSeed(argv);
  const report: string[] = [];
  // The game's flags are read once (a file they name is read once: a setup opened again from
  // the menu does not read it again, nor fail if it has gone).
  const settings: Settings = module ? settingsFor(module, argv) : {};
  let opening: Opening = module
    ? { kind: 'entry', entry: module.command.entry(settings) }
    : { kind: 'menu' };
  let file = replayFile;
  let mode: 'replay' | 'resume' | undefined = file === undefined ? undefined : 'replay';
  if (argv.replay !== undefined) [mode, file] = ['replay', argv.replay];
  if (argv.resume !== undefined) [mode, file] = ['resume', argv.resume];
  let recording: LoadedRecording | undefined;
  if (file !== undefined) {
    const loaded = await load(run, file, report);
    const refused = mode === 'resume' ? cannotGoOn(file, loaded.finished) : undefined;
    if (refused !== undefined) fail(refused);
    recording = loaded.recording;
    opening = mode === 'resume' ? { kind: 'resume', recording } : { kind: 'replay', recording };
  }
  const terminal = process.stdin.isTTY && process.stdout.isTTY;
  if (argv.classic || !terminal) {
    if (mode !== undefined) {
      fail(
        `the ${mode === 'replay' ? 'replay viewer' : 'resumed game'} needs a terminal, and standard input or output is not one`,
      );
    }
    return classic(run, argv, module ?? (run.games[0] as AnyGameModule));
  }
  if (argv.botDelay !== undefined && !(argv.botDelay >= 0))
    fail('--bot-delay takes milliseconds (0 or more)');
  const scriptGame =
    module ?? (recording && lookup(run.games)(recording.header.game)) ?? run.games[0];
  const scripted = scriptGame ? scriptFor(scriptGame, argv) : undefined;
  const record = recordSetting(argv);
  /** Games saved to their game's own file in this run: their players, and their report line. */
  const saved: { players: string; line: number; file: string }[] = [];
  const playersKey = (players: readonly string[]) => [...players].sort().join('\n');
  /** Each recording's one report line: a game resumed in this run and closed again (finished,
   * say) says how it stands now, in place of what it said when it was left. */
  const lineOf = new Map<string, number>();
  const onClosed =
    (header: Header): OnClosed =>
    (f, ending, failure) => {
      const line = lineOf.get(resolve(f)) ?? report.length;
      lineOf.set(resolve(f), line);
      if (ending === 'saved' && failure === undefined)
        saved.push({
          players: playersKey(header.players.map((p) => p.name)),
          line,
          file: f,
        });
      report[line] = recordingReport(f, ending, failure);
    };
  const seats = Math.max(...run.games.map((g) => g.seats.max));
  // From the menu any game may be chosen: any game's level is taken.
  const kinds = kindsFor(argv, module?.seats.max ?? seats, module?.levels ?? LEVELS);
  const directory = dataDir(argv);
  const options: AppOptions = {
    games: run.games,
    opening,
    sessions: new SessionFactory({
      seed: argv.seed,
      scripted,
      app: run.app,
      openRecorder: (header) => openRecorder(record, header, onClosed(header)),
      appendRecorder: (loaded, at, seed) =>
        recorderFor(
          RecordingWriter.append(loaded.file, loaded.goodBytes, at, seed),
          onClosed(loaded.header),
        ),
      freshSeed,
      now: () => new Date(),
    }),
    setupContext: (game) => ({
      settings: module && module.id === game ? settings : {},
      kinds,
      dataDir: directory,
      warn: (message) => report.push(`madang: warning: ${message}`),
      // A save resumed or replaced later in the run no longer holds a game saved before: that
      // game goes on from its recording.
      saveUsed: (players) => {
        for (const game of saved)
          if (game.players === playersKey(players))
            report[game.line] = recordingReport(game.file, 'unfinished');
      },
    }),
    recordings: {
      list: () => listRecordings(recordingsDirectory(directory), lookup(run.games)),
      open: (file, mode) => openRecording(file, mode, lookup(run.games)),
    },
    botDelay: argv.botDelay,
    // The replay's `a`: the analyser at its default level, on a worker thread (in slices beside
    // the viewer where there is no bundle to start one from: a test calling this directly).
    analyse: (game, timeline, names) => {
      try {
        const bundle = workerBundle();
        const options = { level: DEFAULT_LEVEL };
        return bundle
          ? analyseOnWorker(bundle, game, timeline, names, options)
          : startAnalysis(game, timeline, names, options);
      } catch (error) {
        return `No analysis: ${(error as Error).message}.`;
      }
    },
  };
  const restore = enterFullScreen(process.stdout);
  const thinking = startThinking();
  try {
    await fullScreen(
      <ThemeContext.Provider value={{ colour: colourWanted(argv, process.env) }}>
        <ThinkContext.Provider value={thinking.think}>
          <App options={options} />
        </ThinkContext.Provider>
      </ThemeContext.Provider>,
      restore.shown,
    );
  } finally {
    thinking.stop();
    restore();
    for (const line of new Set(report)) say(line);
  }
}

/**
 * The full screen on this terminal, drawn by madang's renderer (render/screen.ts): each frame's
 * changed cells written (render/frames.ts), every write passed through screenText, the one place
 * where the full screen's text is made safe on its way out; the keys read from standard input in
 * raw mode. Resolves when the app quits. Once the full screen is left (a signal), nothing more is
 * drawn over the terminal's own screen.
 */
function fullScreen(tree: ReactElement, shown: () => boolean): Promise<void> {
  const { stdin, stdout } = process;
  const size = () => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const terminal = new ClientScreen(size().rows);
  const write = (text: string) => {
    if (text !== '' && shown()) stdout.write(screenText(text));
  };
  // Keys typed before the screens listen wait for them.
  const waiting: Key[] = [];
  let press: ((key: Key) => void) | undefined;
  const read = keyReader((key) => (press ? press(key) : waiting.push(key)));
  const onData = (data: Buffer) => read(data);
  return new Promise<void>((resolve, reject) => {
    const leave = (error?: Error) => {
      read.stop();
      stdin.off('data', onData);
      stdout.off('resize', onResize);
      if (stdin.isTTY) stdin.setRawMode(false);
      stdin.pause();
      // The app quits from an effect, during a commit: the tree goes once React is done.
      setImmediate(() => {
        screen.unmount();
        if (error) reject(error);
        else resolve();
      });
    };
    const onResize = () => {
      const { columns, rows } = size();
      terminal.lost(rows);
      screen.resize(columns, rows);
    };
    const screen: Screen = renderScreen(tree, {
      ...size(),
      frame: (rows) => {
        terminal.show(rows);
        write(terminal.change());
      },
      keys: (listener) => {
        press = listener;
        for (const key of waiting.splice(0)) listener(key);
        return () => {
          if (press === listener) press = undefined;
        };
      },
      exit: leave,
      // A screen that threw: the terminal given back, and the error said (cli's report).
      failed: leave,
    });
    if (stdin.isTTY) stdin.setRawMode(true);
    stdin.on('data', onData);
    stdin.resume();
    stdout.on('resize', onResize);
  });
}

/** The game's classic console: for pipes, scripts, screen readers, and --classic. */
async function classic(run: Run, argv: Common, module: AnyGameModule): Promise<void> {
  const forced = process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0';
  const report: string[] = [];
  const scripted = scriptFor(module, argv);
  const record = recordSetting(argv);
  const settings: Settings = settingsFor(module, argv);
  const thinking = startThinking();
  const context: ClassicRun = {
    think: thinking.think,
    settings,
    kinds: kindsFor(argv, module.seats.max, module.levels),
    colour: colourWanted(argv, process.env) && (process.stdout.isTTY === true || forced),
    dataDir: dataDir(argv),
    chanceFor: (game, options) => {
      const drawn = chanceFor(module, { seed: argv.seed, freshSeed }, scripted, game, options);
      if (!drawn.source) throw new Error(`${module.title} has no chance`);
      return { source: drawn.source, seed: drawn.seed };
    },
    botSeed: argv.seed ?? 0,
    recorderFor: (options, seed, seats) => {
      const parsed = module.parseOptions(options);
      return openRecorder(
        record,
        newHeader({
          game: module.id,
          options: parsed.ok ? parsed.options : options,
          players: seats.map(playerInfo),
          seed,
          startedAt: new Date(),
          app: run.app,
        }),
        (file, ending, failure) => report.push(recordingReport(file, ending, failure)),
        // Said when it happens, as well as at the end: the game goes on.
        (problem) => say(`madang: warning: ${problem}`),
      );
    },
    error: (message) => say(`madang: ${message}`),
    warn: (message) => say(`madang: warning: ${message}`),
    readFile,
  };
  const code = await consoleOf(module)(streamIO(process.stdin, process.stdout), context).finally(
    thinking.stop,
  );
  // The game is over: the rest of the input is not read, and a pipe left open must not keep the
  // program waiting for its end.
  process.stdin.destroy();
  for (const line of report) say(line);
  process.exitCode = code;
}
