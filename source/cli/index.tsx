/**
 * madang's command line (yargs), built from the registry: the common flags, one command per
 * game with its own flags, replay and verify, and each game's extra commands.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { registeredGames } from '../games/index.js';
import type { AnyGameModule } from '../games/module.js';
import { safeText } from '../engine/safe-text.js';
import { type Common, dataDir, fail, OLD_FILES, say } from './common.js';
import { play, type Run } from './run.js';
import type { ServeArgs } from './serve.js';
import { verify } from './verify.js';
import { analyzeFile } from './analyze.js';
import { colourWanted } from '../ui/theme.js';
import { dataDirectory, dataDirectoryWhy, recordingsDirectory } from '../storage/paths.js';

/** madang's version, from package.json beside the bundle's folder (dist/madang.js), or above
 *  source/cli where the command line runs from its source (the in-process tests). */
const VERSION: string = JSON.parse(
  readFileSync(
    [
      new URL('../package.json', import.meta.url),
      new URL('../../package.json', import.meta.url),
    ].find((file) => existsSync(file)) ?? new URL('../package.json', import.meta.url),
    'utf8',
  ),
).version;

/** The manual's folder (docs/, shipped beside dist/), for the pages --help points to. */
const DOCS = fileURLToPath(
  [new URL('../docs/', import.meta.url), new URL('../../docs/', import.meta.url)].find((dir) =>
    existsSync(new URL('playing.md', dir)),
  ) ?? new URL('../docs/', import.meta.url),
);
/** "More: the page" under a --help. */
const more = (page: string, what: string) => `More on ${what}: ${safeText(join(DOCS, page))}`;

/** The games registered as the command line is built: the program's, and any a test placed. */
const GAMES = registeredGames();
const run: Run = { games: GAMES, app: `madang ${VERSION}` };
const lookup = (name: string) => GAMES.find((g) => g.id === name);

/** The flags of a game played here, which madang serve does not read. */
const KEYBOARD_ONLY = ['throws', 'record', 'replay', 'resume', 'bots', 'level', 'classic'] as const;

let cli: Argv = yargs(hideBin(process.argv))
  .scriptName('madang')
  .usage(
    [
      '$0 [game] [options]: traditional board games in the terminal',
      '',
      'Games:',
      ...GAMES.map((g: AnyGameModule) => `  ${g.id.padEnd(8)} ${g.title}: ${g.description}`),
    ].join('\n'),
  )
  .option('seed', { type: 'number', describe: 'seed for the throws: the same seed, the same game' })
  .option('throws', {
    type: 'string',
    describe: 'play the throws or rolls of a script file (one per line)',
  })
  .option('record', {
    describe:
      'record the game in FILE (default: a new file in the data directory); --no-record: none',
    type: 'string',
  })
  .option('replay', {
    type: 'string',
    describe: 'watch a recorded game (same as: madang replay FILE)',
  })
  .option('resume', { type: 'string', describe: 'go on with an unfinished recorded game' })
  .option('bots', {
    type: 'string',
    describe:
      'computer seats: seat numbers from 1, such as 2,4 or 2:greedy,4:strong (a level per seat; else --level), or all',
  })
  .option('level', {
    type: 'string',
    describe:
      "the computer seats' level: random, greedy, strong (default), expert (Yut), or perfect (Ur, from a table: madang ur solve)",
  })
  .option('bot-delay', {
    type: 'number',
    describe: 'milliseconds a computer waits before each throw or move (700)',
  })
  .option('data-dir', {
    type: 'string',
    describe: `where accounts, saves and recordings are kept (or MADANG_DATA_DIR); now ${dataDirNow()}`,
  })
  .option('color', {
    type: 'boolean',
    default: true,
    describe: 'use colour (--no-color, or NO_COLOR, turns it off)',
  })
  .option('classic', {
    type: 'boolean',
    describe: 'the classic line protocol of the original assignment',
  })
  .command('$0', 'the main menu (full screen)', {}, (argv) =>
    play(run, argv as unknown as Common, undefined),
  ) as unknown as Argv;

for (const game of GAMES) {
  cli = cli.command(
    game.id,
    game.command.describe,
    (y) => game.command.flags(y).epilog(more(`games/${game.id}.md`, game.title)),
    (argv) => play(run, argv as unknown as Common, game),
  );
  if (game.command.extra) cli = game.command.extra(cli, dataDir);
}

/** --data-dir as given on the command line, before yargs has read it (for --help and messages). */
function flagsGiven(): { dataDir?: string } {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === '--data-dir' || a.startsWith('--data-dir='));
  if (at < 0) return {};
  const arg = args[at] as string;
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[at + 1];
  return value === undefined ? {} : { dataDir: value };
}

/** The data directory this run would use, as given so far (read only: nothing is made). */
function dataChoice() {
  // A function, not a const: --help's text calls it while the module is still loading.
  return { flag: flagsGiven().dataDir, oldFiles: OLD_FILES };
}

/** The data directory this run would use, and why, for --help. */
function dataDirNow(): string {
  // yargs writes its help itself, past the gates: a path from outside is made safe here.
  return safeText(`${dataDirectory(dataChoice())} (${dataDirectoryWhy(dataChoice())})`);
}

/** yargs' refusals in a player's words, with where to look next. */
function inWords(message: string): string {
  const [command] = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const game = GAMES.find((g) => g.id === command);
  if (/^Not enough non-option arguments/.test(message) && command === 'replay')
    return `replay needs a recording to watch: madang replay FILE (recordings are kept in ${recordingsDirectory(dataDirectory(dataChoice()))})`;
  if (
    /^Not enough non-option arguments/.test(message) &&
    (command === 'analyze' || command === 'analyse')
  )
    return `${command} needs a recording: madang ${command} FILE [--level LEVEL] [--json] (recordings are kept in ${recordingsDirectory(dataDirectory(dataChoice()))})`;
  if (/^Not enough non-option arguments/.test(message) && command === 'verify')
    return 'verify needs one or more recordings: madang verify FILE…';
  const unknown = /^Unknown arguments?: (.*)$/.exec(message);
  // A word where a command goes that names none (`madang chess`): not an option but a command.
  if (unknown && command !== undefined && !game && unknown[1]?.split(', ').includes(command))
    return `${command} is not a game or a command of madang (its games: ${GAMES.map((g) => g.id).join(', ')}; see madang --help)`;
  if (unknown) {
    const flags = (unknown[1] as string)
      .split(', ')
      .map((f) => (f.length === 1 ? `-${f}` : `--${f}`));
    const what =
      flags.length === 1 ? `${flags[0]} is not an option` : `${flags.join(', ')} are not options`;
    if (game) return `${what} of ${game.title} (see madang ${game.id} --help)`;
    // A game's flag given without its game: say whose it is.
    const owners = GAMES.filter((g) => {
      // yargs keeps the options it was given; getOptions is public but not in its types.
      const parser = g.command.flags(yargs([])) as unknown as {
        getOptions(): { key: Record<string, unknown> };
      };
      return unknown[1]?.split(', ').every((f) => f in parser.getOptions().key);
    });
    if (owners.length > 0)
      return `${what} of madang itself: it belongs to a game (${owners.map((g) => `madang ${g.id} ${flags.join(' ')} …`).join(' or ')})`;
    return `${what} of madang (see madang --help)`;
  }
  return `${message} (see madang --help)`;
}

// Whatever goes wrong in a command ends in one line, not a stack trace of the bundled program.
process.on('unhandledRejection', (error) => fail(String((error as Error)?.message ?? error)));

await cli
  .command(
    'replay <file>',
    'watch a recorded game: ←→ step, Space play, g go to a turn, a analyse',
    (y) => y.positional('file', { type: 'string', demandOption: true }),
    (argv) => play(run, argv as unknown as Common, undefined, argv.file),
  )
  .command(
    'verify <files..>',
    'replay recordings headless: one line per file; exit 1 if one does not hold, 2 if unreadable',
    (y) => y.positional('files', { type: 'string', array: true, demandOption: true }),
    async (argv) => {
      const code = await verify(
        argv.files,
        lookup,
        (line) => process.stdout.write(`${safeText(line)}\n`),
        (line) => say(`madang: ${line}`),
      );
      process.exitCode = code;
    },
  )
  .command(
    ['analyze <file>', 'analyse'],
    'analyse a recorded game: each move’s win chance, mistakes, luck; --json for JSON Lines',
    (y) =>
      y.positional('file', { type: 'string', demandOption: true }).option('json', {
        type: 'boolean',
        describe: 'one JSON object per decision, then a summary (JSON Lines)',
      }),
    async (argv) => {
      // The data directory's solved Ur tables make Ur's chances exact (its core reads them there).
      process.env.MADANG_DATA_DIR = dataDir(argv);
      const result = await analyzeFile(
        { file: argv.file, level: argv.level as string | undefined, json: argv.json },
        lookup,
      );
      if (!result.ok) fail(result.problem);
      for (const warning of result.warnings) say(`madang: warning: ${warning}`);
      for (const line of result.lines) process.stdout.write(`${safeText(line)}\n`);
    },
  )
  .command(
    'serve',
    'play together over SSH: every connection gets the full screen (friends: ssh -p PORT HOST)',
    (y) =>
      // Not listed there: a game's flags are the keyboard's (refused below if given).
      KEYBOARD_ONLY.reduce((at, flag) => at.hide(flag), y)
        .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to listen on' })
        .option('port', { type: 'number', default: 2222, describe: 'port to listen on' })
        .option('max-connections', {
          type: 'number',
          default: 300,
          describe: 'connections held at once',
        })
        .option('guests', {
          type: 'boolean',
          default: false,
          describe: 'let a connection without a key play under a name for that connection',
        })
        .option('seat-hold', {
          type: 'number',
          default: 300,
          describe: "seconds a dropped player's seat is kept",
        })
        .option('idle', {
          type: 'number',
          default: 30,
          describe: 'minutes without a key before a connection is closed',
        })
        .option('redis', {
          type: 'string',
          describe:
            'share the lobby and the tables with other madang serve processes through Redis (redis://[:PASSWORD@]HOST:PORT[/DB], rediss:// for TLS)',
        })
        .option('web', {
          type: 'string',
          describe:
            'the operator’s HTTP port, [HOST:]PORT (127.0.0.1 unless a host is named): /healthz, /metrics',
        })
        .option('web-url', {
          type: 'string',
          describe:
            'with --web: its address as people reach it (behind a proxy), for the link each table gives, e.g. https://madang.example.org',
        })
        .epilog(more('serve.md', 'madang serve, its limits and Redis')),
    // Loaded when asked for: the server's modules (ssh2, ioredis) cost every other start.
    async (argv) => {
      // A game's flags are the keyboard's, not the server's: not listed, and refused if given.
      const given = KEYBOARD_ONLY.find((flag) => argv[flag] !== undefined);
      if (given !== undefined)
        fail(
          `--${given} is for a game at this keyboard, not for madang serve (see madang serve --help)`,
        );
      await (await import('./serve.js')).serveCommand(GAMES, run.app, argv as unknown as ServeArgs);
    },
  )
  .command(
    'ratings [recordings..]',
    "the players' ratings from the rated games served, recomputed from recordings (files or folders; default: this data directory's)",
    (y) =>
      y
        .positional('recordings', { type: 'string', array: true })
        .option('game', { type: 'string', describe: 'one game only (yut, ur, yote, kono, layers)' })
        .option('json', {
          type: 'boolean',
          describe: 'one JSON object: each game’s players best first, with μ and σ exact',
        })
        .epilog(more('serve.md#ratings', 'ratings')),
    async (argv) => {
      const { ratings } = await import('./ratings.js');
      const given = (argv.recordings ?? []) as string[];
      process.exitCode = await ratings(
        {
          paths: given.length > 0 ? given : [recordingsDirectory(dataDir(argv))],
          game: argv.game,
          json: argv.json,
        },
        lookup,
        (id) => lookup(id)?.title ?? id,
        (line) => process.stdout.write(`${safeText(line)}\n`),
        (line) => say(`madang: ${line}`),
      );
    },
  )
  .command(
    'export <what>',
    "a recording as a terminal video (--cast), or a served table's events as a recording (--redis)",
    (y) =>
      y
        .positional('what', {
          type: 'string',
          demandOption: true,
          describe: "a recording's file (--cast), or a served table's code (--redis)",
        })
        .option('cast', {
          type: 'boolean',
          describe:
            'write the recording as an asciicast v2 (asciinema play, asciinema-player), drawn as the replay draws it',
        })
        .option('size', {
          type: 'string',
          describe:
            "--cast: the terminal's size, COLUMNSxROWS (default 80x24, or what the game needs)",
        })
        .option('speed', {
          type: 'number',
          describe: '--cast: how much faster than the replay plays (2 events a second): 2 is twice',
        })
        .option('redis', {
          type: 'string',
          describe: 'the Redis of madang serve --redis',
        })
        .option('out', { type: 'string', describe: 'the file to write (else standard output)' }),
    async (argv) => {
      if (argv.cast) {
        if (argv.redis !== undefined)
          fail(
            `--cast reads a recording's file: export the table first (madang export ${argv.what} --redis URL --out FILE)`,
          );
        const { exportCast } = await import('./cast.js');
        const problem = await exportCast(
          GAMES,
          argv.what,
          {
            out: argv.out,
            size: argv.size,
            speed: argv.speed,
            colour: colourWanted(argv as { color?: boolean }, process.env),
          },
          (text) => process.stdout.write(text),
          (warning) => say(`madang: warning: ${warning}`),
        );
        if (problem) fail(problem);
      } else {
        if (argv.redis === undefined)
          fail(
            'export needs --cast (a recording as a terminal video) or --redis URL (a served table as a recording)',
          );
        const { exportTable } = await import('./serve.js');
        const problem = await exportTable(argv.redis, argv.what, argv.out, (text) =>
          process.stdout.write(text),
        );
        if (problem) fail(problem);
      }
      if (argv.out) say(`madang: ${safeText(argv.out)} written`);
    },
  )
  .epilog(
    [
      more('playing.md', 'the keys, the computers and the classic console'),
      more('recordings.md', 'recordings, replay, verify and analyze'),
      more('serve.md', 'madang serve'),
    ].join('\n'),
  )
  .example('$0 yut --seed 7', 'Yut Nori with reproducible throws')
  .example('$0 replay game.jsonl', 'watch a recorded game')
  .example('$0 verify recordings/*.jsonl', 'check recordings against the rules')
  .example('$0 analyze game.jsonl', 'where the game was won and lost, move by move')
  .example(
    '$0 export game.jsonl --cast --out game.cast',
    'the game as a terminal video (asciinema)',
  )
  .example('$0 ratings --game ur', "the Ur ratings of this data directory's recordings")
  .strict()
  .version(VERSION)
  .help()
  .alias('h', 'help')
  .alias('v', 'version')
  .fail((message, error) => {
    if (error) throw error;
    fail(inWords(message));
  })
  .parseAsync();
