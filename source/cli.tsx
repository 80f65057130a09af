#!/usr/bin/env node
/** madang's command line (yargs): commands and flags → which front end, which game, which files. */
import { readFileSync } from 'node:fs';
import { render } from 'ink';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { parseThrowScript, type ThrowScript } from './games/yut/throws.js';
import { App, type AppOptions } from './ui/App.js';
import { enterFullScreen } from './ui/terminal.js';
import { colourWanted, ThemeContext } from './ui/theme.js';

const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

/** A clear one-line message and exit code 2: bad input is the user's to fix, not a crash. */
function fail(message: string): never {
  process.stderr.write(`madang: ${message}\n`);
  process.exit(2);
}

function readThrowScript(file: string): ThrowScript {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(
      `cannot read the throw script ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  const parsed = parseThrowScript(text, file);
  if (!parsed.ok) fail(parsed.problem);
  return parsed.script;
}

interface Common {
  seed?: number | undefined;
  throws?: string | undefined;
  players?: number | undefined;
  pieces?: number | undefined;
  color?: boolean | undefined;
  classic?: boolean | undefined;
}

async function fullScreen(start: AppOptions['start'], argv: Common): Promise<void> {
  if (argv.seed !== undefined && !Number.isSafeInteger(argv.seed))
    fail('--seed takes a whole number');
  if (argv.players !== undefined && ![2, 3, 4].includes(argv.players))
    fail('--players takes 2, 3 or 4');
  if (argv.pieces !== undefined && ![1, 2, 3, 4].includes(argv.pieces))
    fail('--pieces takes 1, 2, 3 or 4');
  const throwScript = argv.throws === undefined ? undefined : readThrowScript(argv.throws);
  if (argv.classic || !process.stdin.isTTY || !process.stdout.isTTY) {
    fail(
      argv.classic
        ? 'the classic line protocol (--classic) is not built yet'
        : 'the full-screen game needs a terminal, and standard input or output is not one',
    );
  }
  const options: AppOptions = {
    start,
    seed: argv.seed,
    throwScript,
    players: argv.players,
    pieces: argv.pieces,
  };
  const restore = enterFullScreen(process.stdout);
  try {
    const instance = render(
      <ThemeContext.Provider value={{ colour: colourWanted(argv, process.env) }}>
        <App options={options} />
      </ThemeContext.Provider>,
      { exitOnCtrlC: false },
    );
    await instance.waitUntilExit();
  } finally {
    restore();
  }
}

await yargs(hideBin(process.argv))
  .scriptName('madang')
  .usage('$0 [game] [options]: traditional board games in the terminal')
  .option('seed', { type: 'number', describe: 'seed for the throws: the same seed, the same game' })
  .option('throws', { type: 'string', describe: 'play the throws of a script file (one per line)' })
  .option('players', { type: 'number', describe: 'number of players (2-4)' })
  .option('pieces', { type: 'number', describe: 'pieces per player (1-4)' })
  .option('color', {
    type: 'boolean',
    default: true,
    describe: 'use colour (--no-color, or NO_COLOR, turns it off)',
  })
  .option('classic', {
    type: 'boolean',
    describe: 'the classic line protocol of the original assignment',
  })
  .command('$0', 'the main menu (full screen)', {}, (argv) => fullScreen('menu', argv as Common))
  .command('yut', 'Yut Nori: straight to the setup screen', {}, (argv) =>
    fullScreen('yut', argv as Common),
  )
  .example('$0 yut --seed 7', 'Yut Nori with reproducible throws')
  .strict()
  .version(VERSION)
  .help()
  .fail((message, error) => {
    if (error) throw error;
    fail(`${message} (see madang --help)`);
  })
  .parseAsync();
