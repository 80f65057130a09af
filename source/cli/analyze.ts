/**
 * `madang analyze FILE [--level LEVEL] [--json]` (also `analyse`): the analysis of a recorded game
 * (issue 31) as a table of decisions and a summary per player, or with --json as JSON Lines: one
 * object per decision, then one summary object (README: "Analysis").
 */
import { DEFAULT_LEVEL, decisionsOf, startAnalysis, THRESHOLDS } from '../analysis/analyze.js';
import { type DecisionAnalysis, GRADE_MARKS, type GameAnalysis } from '../analysis/types.js';
import { type Level, LEVELS } from '../engine/bots.js';
import type { AnyGameCore } from '../engine/core.js';
import { outcomeWords } from '../engine/game.js';
import type { LoadedRecording } from '../engine/recording.js';
import { type Timeline, timelineOf } from '../engine/timeline.js';
import { loadRecording } from '../storage/load.js';
import { analyseOnWorker } from './analysing.js';
import { workerBundle } from './thinking.js';

/** The levels an analysis can search at (random plays at random: it rates nothing). */
export const ANALYSIS_LEVELS: readonly Level[] = LEVELS.filter((l) => l !== 'random');

export interface AnalyzeArgs {
  readonly file: string;
  readonly level?: string | undefined;
  readonly json?: boolean | undefined;
}

export type Analyzed =
  { ok: true; lines: string[]; warnings: readonly string[] } | { ok: false; problem: string };

/** A fraction as a percentage, one decimal. */
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
/** Percentage points with their sign; a figure that rounds to 0.0 is +0.0, never −0.0. */
const pp = (x: number) => {
  const digits = Math.abs(x).toFixed(1);
  return `${x < 0 && digits !== '0.0' ? '−' : '+'}${digits}`;
};
const round = (x: number, digits: number) => Number(x.toFixed(digits));

/** One decision for --json: chances to 4 decimals (0.1234 = 12.34%), points to 2. */
export function decisionJson(d: DecisionAnalysis, names: readonly string[]): object {
  const common = {
    kind: d.kind,
    index: d.index,
    seat: d.seat,
    player: names[d.seat] ?? `player ${d.seat + 1}`,
    played: d.played,
    before: round(d.before, 4),
    after: round(d.after, 4),
    ...(d.chances ? { chances: d.chances.map((c) => round(c, 4)) } : {}),
  };
  if (d.kind === 'chance') return { ...common, luck: round(d.luck, 2) };
  return {
    ...common,
    bestAfter: round(d.bestAfter, 4),
    best: d.best,
    why: d.why,
    choices: d.choices,
    loss: round(d.loss, 2),
    grade: d.grade,
  };
}

export function analysisJson(
  analysis: GameAnalysis,
  recording: LoadedRecording,
  outcome: string,
): string[] {
  const names = recording.header.players.map((p) => p.name);
  const { summary } = analysis;
  return [
    ...analysis.decisions.map((d) => JSON.stringify(decisionJson(d, names))),
    JSON.stringify({
      kind: 'summary',
      game: summary.game,
      level: summary.level,
      exact: summary.exact,
      method: summary.method,
      outcome,
      thresholds: THRESHOLDS,
      seats: summary.seats.map((s) => ({
        ...s,
        accuracy: round(s.accuracy, 1),
        totalLoss: round(s.totalLoss, 2),
        totalLuck: round(s.totalLuck, 2),
      })),
    }),
  ];
}

/** The readable table: one line a decision (a second for a graded move's better one), the summary. */
export function analysisTable(
  core: AnyGameCore,
  analysis: GameAnalysis,
  recording: LoadedRecording,
  outcome: string,
): string[] {
  const names = recording.header.players.map((p) => p.name);
  const width = Math.max(6, ...names.map((n) => n.length));
  const { summary } = analysis;
  const lines = [
    `${core.title}: ${names.join(', ')}; ${outcome}.`,
    `Chances: ${summary.method}.`,
    `Grades by win chance lost: inaccuracy ?! ≥ ${THRESHOLDS.inaccuracy}, mistake ? ≥ ${THRESHOLDS.mistake}, blunder ?? ≥ ${THRESHOLDS.blunder} points.`,
    '',
    `${'#'.padStart(5)}  ${'player'.padEnd(width)}  ${'chance'.padEnd(15)}  ${'loss/luck'.padEnd(12)}  what`,
  ];
  for (const d of analysis.decisions) {
    const who = (names[d.seat] ?? `player ${d.seat + 1}`).padEnd(width);
    const chance = `${pct(d.before)} → ${pct(d.after)}`.padEnd(15);
    const mark = d.kind === 'move' ? GRADE_MARKS[d.grade] : '';
    const figure =
      d.kind === 'chance'
        ? `luck ${pp(d.luck)}`
        : d.grade === 'only'
          ? 'only move'
          : `${d.loss.toFixed(1) === '0.0' ? ' 0.0' : pp(-d.loss)} ${mark}`.trimEnd();
    lines.push(
      `${String(d.index + 1).padStart(5)}  ${who}  ${chance}  ${figure.padEnd(12)}  ${d.played}`,
    );
    if (d.kind === 'move' && d.loss >= THRESHOLDS.inaccuracy)
      lines.push(`${' '.repeat(width + 26)}best (${pct(d.bestAfter)}): ${d.best} (${d.why})`);
  }
  lines.push('', `${'player'.padEnd(width)}  accuracy  moves  ?!   ?   ??  lost (pts)  luck (pts)`);
  for (const s of summary.seats) {
    // A player who never threw (Yoté, Kono) has no luck to show, not a luck of 0.
    const threw = analysis.decisions.some((d) => d.kind === 'chance' && d.seat === s.seat);
    lines.push(
      `${s.name.padEnd(width)}  ${s.accuracy.toFixed(1).padStart(8)}  ${String(s.moves).padStart(5)}  ${String(s.inaccuracies).padStart(2)}  ${String(s.mistakes).padStart(2)}  ${String(s.blunders).padStart(3)}  ${s.totalLoss.toFixed(1).padStart(10)}  ${(threw ? pp(s.totalLuck) : '—').padStart(10)}`,
    );
  }
  lines.push(
    '',
    'accuracy: the mean over a player’s moves with a choice of lichess’s 103.2·e^(−0.0435·loss) − 3.2 (100 for the best move); luck: the win chance a throw gave minus the mean over every throw.',
  );
  return lines;
}

/** The level asked for, checked: one of ANALYSIS_LEVELS. */
export function analysisLevel(level: string | undefined): Level | { problem: string } {
  if (level === undefined) return DEFAULT_LEVEL;
  if ((ANALYSIS_LEVELS as readonly string[]).includes(level)) return level as Level;
  return {
    problem: `--level ${level} is not a level of analysis: choose ${ANALYSIS_LEVELS.join(', ')} (default ${DEFAULT_LEVEL})`,
  };
}

/** A recording read and analysed: both ways of writing it out. */
export type Read =
  | {
      ok: true;
      warnings: readonly string[];
      /** The analysis as the table, and as JSON Lines. */
      table(): string[];
      json(): string[];
    }
  | { ok: false; problem: string };

/**
 * The whole analysis, off this thread (on a worker started from the program's bundle; in slices
 * here where there is none): a long one (a game of two hundred players takes minutes, a single
 * search seconds) must end at once on Ctrl+C or SIGTERM, whose handlers run only on a free event
 * loop (done in one piece, neither `timeout` nor Ctrl+C could stop it).
 */
function analyzedAside(
  core: AnyGameCore,
  timeline: Timeline<unknown>,
  names: readonly string[],
  level: Level,
): Promise<GameAnalysis> {
  return new Promise((resolve, reject) => {
    const bundle = workerBundle();
    const run = bundle
      ? analyseOnWorker(bundle, core, timeline, names, { level })
      : startAnalysis(core, timeline, names, { level, sliceMs: 100 });
    // The worker does not keep the program alive by itself; the command waits for it.
    const waiting = setInterval(() => {}, 60_000);
    const unsubscribe = run.subscribe(() => {
      const summary = run.summary();
      const problem = run.problem?.();
      if (!summary && problem === undefined) return;
      unsubscribe();
      clearInterval(waiting);
      if (summary) resolve({ decisions: decisionsOf(run), summary });
      else reject(new Error(`the analysis stopped: ${problem}`));
    });
  });
}

/** Read and analyse one recording; a bad file or level is a problem in one line. */
export async function readAndAnalyze(
  file: string,
  levelAsked: string | undefined,
  lookup: (id: string) => AnyGameCore | undefined,
): Promise<Read> {
  const level = analysisLevel(levelAsked);
  if (typeof level === 'object') return { ok: false, problem: level.problem };
  const loaded = await loadRecording(file, lookup);
  if (!loaded.ok) return { ok: false, problem: loaded.problem };
  const { recording, replayer } = loaded;
  const core = lookup(recording.header.game) as AnyGameCore;
  if (!core.winChances)
    return { ok: false, problem: `${file}: ${core.title} cannot be analysed yet` };
  const names = recording.header.players.map((p) => p.name);
  const timeline =
    recording.timeline ?? timelineOf(core, replayer.initial, recording.events, names);
  const analysis = await analyzedAside(core, timeline, names, level);
  const outcome =
    replayer.outcome.status === 'running'
      ? `unfinished after ${recording.events.length} events`
      : outcomeWords(replayer.outcome, names);
  return {
    ok: true,
    warnings: loaded.warnings,
    table: () => analysisTable(core, analysis, recording, outcome),
    json: () => analysisJson(analysis, recording, outcome),
  };
}

/** Read, analyse and write out one recording as `madang analyze` does. */
export async function analyzeFile(
  args: AnalyzeArgs,
  lookup: (id: string) => AnyGameCore | undefined,
): Promise<Analyzed> {
  const read = await readAndAnalyze(args.file, args.level, lookup);
  if (!read.ok) return read;
  return { ok: true, warnings: read.warnings, lines: args.json ? read.json() : read.table() };
}
