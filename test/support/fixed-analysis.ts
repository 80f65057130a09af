/**
 * A made-up analysis of a real recording, for the replay viewer's tests: every event of the
 * timeline gets a decision (a throw where the rules say one is due, else a move), with chances
 * on a fixed wave and grades at fixed places, and a run that finds them in slices on timers
 * (nearest the focus first), as a real analysis under way does. The viewer is tested against
 * the contract (analysis/types.ts), not against what the analyser thinks of a move.
 */
import type {
  AnalysisRun,
  AnalysisSummary,
  DecisionAnalysis,
  GameAnalysis,
  Grade,
} from '../../source/analysis/types.js';
import type { Game, GameEvent } from '../../source/engine/game.js';
import { stateOn, type Timeline } from '../../source/engine/timeline.js';

/** The first seat's chance after `k` events: a slow wave, so the graph has a shape to check. */
export const waveChance = (k: number) => 0.5 + 0.4 * Math.sin(k / 6);

/** The grade of the move at event `i`: a blunder, a mistake or an inaccuracy at fixed places. */
export function gradeAt(i: number): Grade {
  if (i % 13 === 7) return 'blunder';
  if (i % 11 === 5) return 'mistake';
  if (i % 7 === 3) return 'inaccuracy';
  return i % 2 === 0 ? 'best' : 'good';
}

const LOSS: Readonly<Record<Grade, number>> = {
  only: 0,
  best: 0,
  good: 2,
  inaccuracy: 7,
  mistake: 12,
  blunder: 20,
};

/**
 * A reason as long as the longest a game gives (Yut's, with its best move: 142 characters), its
 * end a word the tests look for: a screen that shows it shows it whole.
 */
export const LONG_REASON = (i: number) =>
  `takes the shortcut from ${i}; leaves the stack where no opponent can reach it with a back-do, and the rear piece moving along`;

export function fixedAnalysis(
  rules: Game<unknown, GameEvent, unknown>,
  timeline: Timeline,
  names: readonly string[],
  reason: (i: number) => string = (i) => `the reason at ${i}`,
): GameAnalysis {
  const decisions: DecisionAnalysis[] = [];
  const players = names.length;
  for (let i = 0; i < timeline.events.length; i++) {
    const state = stateOn(rules, timeline, i);
    const seat = rules.toAct(state);
    // The mover's chance: the first seat's, or the other's share of it in a game of two.
    const mine = (k: number) => (seat === 0 || players !== 2 ? waveChance(k) : 1 - waveChance(k));
    const before = mine(i);
    const after = mine(i + 1);
    const played = `Event ${i + 1}.`;
    if (rules.chance(state)) {
      decisions.push({ kind: 'chance', index: i, seat, played, before, after, luck: (i % 9) - 4 });
      continue;
    }
    const grade = gradeAt(i);
    const loss = LOSS[grade];
    decisions.push({
      kind: 'move',
      index: i,
      seat,
      played,
      before,
      after,
      bestAfter: Math.min(1, after + loss / 100),
      best: grade === 'best' ? played : `the best move at ${i}`,
      why: reason(i),
      choices: 3,
      loss,
      grade,
    });
  }
  const summary: AnalysisSummary = {
    game: 'test',
    level: 'strong',
    exact: false,
    method: 'made up for the tests',
    seats: names.map((name, seat) => ({
      seat,
      name,
      moves: 10,
      accuracy: 90 - seat,
      totalLoss: 12.5 + seat,
      totalLuck: seat === 0 ? 3.5 : -3.5,
      inaccuracies: 1,
      mistakes: 2,
      blunders: seat,
    })),
  };
  return { decisions, summary };
}

export interface FixedRun extends AnalysisRun {
  /** Where the run was focused, in order. */
  readonly focused: readonly number[];
  readonly cancelled: boolean;
}

/**
 * A run of `analysis` finding `perSlice` decisions every `sliceMs` (0: all at once, before the
 * first frame), nearest the last focus first.
 */
export function fixedRun(
  analysis: GameAnalysis,
  { sliceMs = 0, perSlice = 1 }: { sliceMs?: number; perSlice?: number } = {},
): FixedRun {
  const found = new Map<number, DecisionAnalysis>();
  const waiting = [...analysis.decisions];
  const listeners = new Set<() => void>();
  const focused: number[] = [];
  let focus = 0;
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tell = () => listeners.forEach((listener) => listener());
  const take = (n: number) => {
    waiting.sort((a, b) => Math.abs(a.index - focus) - Math.abs(b.index - focus));
    for (const decision of waiting.splice(0, n)) {
      found.set(decision.index, decision);
      tell();
    }
  };
  const slice = () => {
    timer = undefined;
    if (cancelled) return;
    take(perSlice);
    if (waiting.length > 0) timer = setTimeout(slice, sliceMs);
    else tell();
  };
  if (sliceMs === 0) take(waiting.length);
  else timer = setTimeout(slice, sliceMs);
  return {
    found,
    focused,
    get cancelled() {
      return cancelled;
    },
    progress: () => ({ done: found.size, total: analysis.decisions.length }),
    focus(index) {
      focused.push(index);
      focus = index;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    summary: () => (waiting.length === 0 ? analysis.summary : undefined),
    cancel() {
      cancelled = true;
      if (timer) clearTimeout(timer);
    },
  };
}
