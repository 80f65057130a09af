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

/**
 * The progress line, in fewer than `columns` cells (a line as wide as the terminal, or wider,
 * wraps: every redraw after `\r` then left a line behind, 46 for three stones at 80 columns).
 * Where the whole line does not fit, the bar narrows, then the borne-off counts, the change and
 * the sweep go, in that order; the share done and the minutes stay.
 */
export function progressLine(p: SolveProgress, minutes: number, columns = Infinity): string {
  const share = p.total === 0 ? 1 : p.done / p.total;
  const percent = `${(share * 100).toFixed(1).padStart(5)}%`;
  const group = `group ${p.group}/${p.groups}`;
  const borne = `(${p.borneOff[0]} and ${p.borneOff[1]} borne off)`;
  const sweep = `sweep ${p.sweep}`;
  const change = `change ${p.change.toExponential(1)}`;
  const time = `${minutes.toFixed(1)} min`;
  const tails = [
    [`${group} ${borne}`, sweep, change, time],
    [group, sweep, change, time],
    [group, sweep, time],
    [time],
  ];
  const room = columns - 1;
  for (const tail of tails) {
    const rest = ` ${percent}  ${tail.join('  ')}`;
    const width = Math.min(30, room - 2 - rest.length);
    if (width >= 10) {
      const filled = Math.round(share * width);
      return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${rest}`;
    }
  }
  return `${percent}  ${time}`.slice(0, Math.max(0, room));
}

const minutesSince = (started: number) => (Date.now() - started) / 60000;

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
            process.stderr.write(
              `\r\x1b[K${progressLine(p, minutesSince(started), process.stderr.columns)}`,
            );
            lastDraw = Date.now();
          }
        } else if (p.group !== lastGroup || p.done === p.total || Date.now() - lastDraw > 60_000) {
          // Not a terminal: a line per group and a minute, not a bar redrawn.
          process.stderr.write(`${progressLine(p, minutesSince(started))}\n`);
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
