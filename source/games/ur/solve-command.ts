/**
 * `madang ur solve [--stones N] [--board FILE] [--threads N]`: the solver on the command line,
 * with a progress bar on standard error; Ctrl+C (or SIGTERM) stops it at once with a checkpoint,
 * and the same command goes on from there.
 */
import { availableParallelism } from 'node:os';
import { safeText } from '../../engine/safe-text.js';
import { readText } from '../../storage/files.js';
import { type BoardSpec, parseBoard } from './board.js';
import { isStones, MIN_STONES, setup, STONES } from './rules.js';
import { canUseWorkers, solveUr, type SolveProgress } from './solve-run.js';

export interface SolveArgs {
  readonly stones?: number | undefined;
  readonly board?: string | undefined;
  readonly threads?: number | undefined;
}

const say = (line: string) => process.stderr.write(`${safeText(line)}\n`);

function bar(p: SolveProgress, started: number): string {
  const width = 30;
  const share = p.total === 0 ? 1 : p.done / p.total;
  const filled = Math.round(share * width);
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  return (
    `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(share * 100).toFixed(1).padStart(5)}%` +
    `  group ${p.group}/${p.groups} (${p.borneOff[0]} and ${p.borneOff[1]} borne off)` +
    `  sweep ${p.sweep}  change ${p.change.toExponential(1)}  ${minutes} min`
  );
}

const startLine = (start: number) =>
  `madang: with perfect play, White (rolling first) wins ${(start * 100).toFixed(2)}% of games`;

/** Runs the command; returns the exit code. */
export async function solveCommand(args: SolveArgs, dataDir: string): Promise<number> {
  const stones = args.stones ?? STONES;
  if (!isStones(stones)) {
    say(`madang: --stones takes a whole number from ${MIN_STONES} to ${STONES}`);
    return 2;
  }
  let board: BoardSpec | undefined;
  if (args.board !== undefined) {
    const text = readText(args.board);
    if (!text.ok) {
      say(`madang: ${text.problem}`);
      return 2;
    }
    const loaded = parseBoard(text.text, args.board);
    if (!loaded.ok) {
      say(`madang: ${loaded.problem}`);
      return 2;
    }
    board = loaded.board.spec;
  }
  const rules = setup({ board, stones }).rules;
  const threads = args.threads ?? (canUseWorkers() ? Math.min(2, availableParallelism()) : 1);
  if (threads > 1 && !canUseWorkers()) {
    say('madang: worker threads need the built program (npm run build); use --threads 1');
    return 2;
  }
  let stop = false;
  const onSignal = () => {
    stop = true;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const tty = process.stderr.isTTY === true;
  const started = Date.now();
  let lastGroup = 0;
  let lastDraw = 0;
  try {
    const result = await solveUr({
      rules,
      stones,
      dataDir,
      threads,
      stopRequested: () => stop,
      progress(p) {
        if (tty) {
          if (Date.now() - lastDraw > 200 || p.done === p.total) {
            process.stderr.write(`\r\x1b[K${bar(p, started)}`);
            lastDraw = Date.now();
          }
        } else if (p.group !== lastGroup || p.done === p.total || Date.now() - lastDraw > 60_000) {
          // Not a terminal: a line per group and a minute, not a bar redrawn.
          process.stderr.write(`${bar(p, started)}\n`);
          lastGroup = p.group;
          lastDraw = Date.now();
        }
      },
    });
    if (tty) process.stderr.write('\n');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    switch (result.status) {
      case 'present':
        say(`madang: the table is built already: ${result.file}`);
        say(startLine(result.start));
        return 0;
      case 'built':
        say(
          `madang: solved ${stones} stones (${result.positions.toLocaleString('en')} positions with one side to roll) in ${seconds} s: ${result.file}`,
        );
        say(startLine(result.start));
        return 0;
      case 'stopped':
        say(
          `madang: stopped; the work so far is kept. Run the same command to go on (madang ur solve --stones ${stones}${args.board ? ` --board ${args.board}` : ''}).`,
        );
        return 130;
      case 'refused':
        say(`madang: ${result.problem}`);
        return 2;
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
