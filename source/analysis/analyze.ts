/**
 * The analysis of a recorded game (issue 31): for each decision, the mover's chance of winning
 * before it, after the move played and after the best one; for each throw, its luck (gnubg's:
 * the chance after it minus the mean over every throw that could have come, weighed by its
 * probability). The chances are the game core's (GameCore.winChances); this file knows no game.
 *
 * One decision's work is split into steps (a search each), so that a run on the event loop
 * (startAnalysis) can yield between them; analyzeGame runs the same steps straight through.
 */
import type { Level } from '../engine/bots.js';
import type { AnyGameCore, RatedMove, WinChances } from '../engine/core.js';
import type { GameEvent } from '../engine/game.js';
import { stateOn, type Timeline } from '../engine/timeline.js';
import type {
  AnalysisRun,
  AnalysisSummary,
  ChanceAnalysis,
  DecisionAnalysis,
  GameAnalysis,
  Grade,
  MoveAnalysis,
  SeatSummary,
} from './types.js';

export interface AnalysisOptions {
  /** The level whose search rates the positions (Ur's perfect: the solved table). */
  readonly level: Level;
  /** Start with the decisions nearest this timeline index (startAnalysis). */
  readonly focus?: number | undefined;
  /** How long one slice of startAnalysis may run (default SLICE_MS). */
  readonly sliceMs?: number | undefined;
}

/** The default level of `madang analyze` and of the replay viewer's analysis. */
export const DEFAULT_LEVEL: Level = 'strong';

/**
 * Grades by loss of win chance, in percentage points: lichess's 5 / 10 / 15 (its 0.1 / 0.2 / 0.3
 * of winning chances on a −1..1 scale). A loss under BEST_WITHIN is the best move (search noise).
 */
export const THRESHOLDS = { inaccuracy: 5, mistake: 10, blunder: 15 } as const;
const BEST_WITHIN = 0.05;

export function gradeOf(loss: number, choices: number): Grade {
  if (choices <= 1) return 'only';
  if (loss < BEST_WITHIN) return 'best';
  if (loss < THRESHOLDS.inaccuracy) return 'good';
  if (loss < THRESHOLDS.mistake) return 'inaccuracy';
  if (loss < THRESHOLDS.blunder) return 'mistake';
  return 'blunder';
}

/**
 * One move's accuracy, by lichess's formula over the win chance lost (its fit of how accuracy
 * falls with loss): 100 for the best move, 74 for a 5 pp loss, 52 for 10, 33 for 20.
 */
export function moveAccuracy(loss: number): number {
  const a = 103.1668 * Math.exp(-0.04354 * loss) - 3.1669;
  return Math.min(100, Math.max(0, a));
}

/** The game's win chances at this level, or why there are none. */
function winChancesOf(
  core: AnyGameCore,
  level: Level,
  initial: unknown,
): WinChances<unknown, GameEvent> {
  if (!core.winChances) throw new Error(`${core.title} gives no win chances for analysis`);
  return core.winChances(level, initial) as WinChances<unknown, GameEvent>;
}

const sameEvent = (a: GameEvent, b: GameEvent) => JSON.stringify(a) === JSON.stringify(b);

/** Where a decision's or throw's work stands: its steps yield undefined until the result. */
type Work = Generator<void, DecisionAnalysis | undefined, void>;

class Analyser {
  readonly winChances: WinChances<unknown, GameEvent>;
  /** The timeline indices analysed: decisions and throws in play, in a running game. */
  readonly indices: readonly number[];

  constructor(
    readonly core: AnyGameCore,
    readonly timeline: Timeline<unknown>,
    readonly names: readonly string[],
    readonly level: Level,
  ) {
    this.winChances = winChancesOf(core, level, timeline.initial);
    const rules = core.rules;
    const indices: number[] = [];
    let state = timeline.initial;
    for (let i = 0; i < timeline.events.length; i++) {
      if (
        rules.outcome(state).status === 'running' &&
        (this.winChances.inPlay?.(state) ?? true) &&
        (rules.chance(state) !== undefined || rules.legalEvents(state).length > 0)
      )
        indices.push(i);
      state = rules.reduce(state, timeline.events[i]);
    }
    this.indices = indices;
  }

  stateAt(index: number): unknown {
    return stateOn(this.core.rules, this.timeline, index);
  }

  /**
   * Every seat's chance after `event` where more than two play (see DecisionAnalysis.chances).
   * The others' are the chances' own from the position (not valueOf's look through a throw that
   * follows, which for ten seats of Layers weighing a fight's ~300 numbers each took twice as
   * long as the rest of the analysis); they chain as the mover's do but after a throw that leaves
   * another due.
   */
  everySeat(state: unknown, event: GameEvent, seat: number, after: number) {
    if (this.names.length <= 2) return {};
    const next = this.core.rules.reduce(state, event);
    return {
      chances: this.names.map((_, s) => (s === seat ? after : this.winChances.chance(next, s))),
    };
  }

  words(before: unknown, event: GameEvent): string {
    const after = this.core.rules.reduce(before, event);
    return this.core.describe(before, event, after, this.names)[0] ?? event.type;
  }

  /**
   * The chance of `seat` from `state`, as the analysis of whatever comes next finds it before it:
   * where a throw is due, the mean over every throw of the chance after it (the throw's own
   * `before`); else the chances' own (a decision: its best move's rating). So a move's `after` is
   * the next event's `before`, and over a game the change of win chance is the sum of luck and
   * loss, less only what a deeper look changes of the best move (DecisionAnalysis docs).
   */
  *valueOf(state: unknown, seat: number): Generator<void, number, void> {
    const rules = this.core.rules;
    const outcomes = rules.chance(state);
    if (
      !outcomes ||
      rules.outcome(state).status !== 'running' ||
      !(this.winChances.inPlay?.(state) ?? true)
    )
      return this.winChances.chance(state, seat);
    let sum = 0;
    let total = 0;
    for (const o of outcomes) {
      if (o.probability <= 0) continue;
      sum += o.probability * (yield* this.outcomeValue(state, o.event, seat, false));
      total += o.probability;
    }
    return sum / total;
  }

  /**
   * The chance of `seat` after the throw `event` from `state`. `steps`: one search a step (the
   * throw's own analysis); a move's look at the throws after it takes them in one.
   */
  *outcomeValue(
    state: unknown,
    event: GameEvent,
    seat: number,
    steps = true,
  ): Generator<void, number, void> {
    const rules = this.core.rules;
    const child = rules.reduce(state, event);
    // A throw that earns another (Yut's yut and mo): the decisions after the next throw are
    // searched one a step first (the rating keeps them), so that no step holds several.
    if (steps)
      for (const next of rules.chance(child) ?? []) {
        const after = rules.reduce(child, next.event);
        if (
          rules.outcome(after).status === 'running' &&
          rules.legalEvents(after).length > 0 &&
          (rules.toAct(after) === seat || this.names.length <= 2)
        ) {
          this.winChances.moves(after);
          yield;
        }
      }
    const value = this.winChances.chance(child, seat);
    yield;
    return value;
  }

  /** The analysis of the event at `index`, one search a step; `state` is the state before it. */
  *work(index: number, state: unknown): Work {
    const rules = this.core.rules;
    const event = this.timeline.events[index] as GameEvent;
    const seat = rules.toAct(state);
    const outcomes = rules.chance(state);
    if (outcomes) {
      let sum = 0;
      let total = 0;
      let after: number | undefined;
      for (const o of outcomes) {
        if (o.probability <= 0) continue;
        const value = yield* this.outcomeValue(state, o.event, seat);
        sum += o.probability * value;
        total += o.probability;
        if (after === undefined && sameEvent(o.event, event)) after = value;
      }
      const before = sum / total;
      after ??= this.winChances.chance(rules.reduce(state, event), seat);
      const analysis: ChanceAnalysis = {
        kind: 'chance',
        index,
        seat,
        played: this.words(state, event),
        before,
        after,
        luck: (after - before) * 100,
        ...this.everySeat(state, event, seat, after),
      };
      return analysis;
    }
    const rated = this.winChances.moves(state);
    if (rated.length === 0) return undefined;
    yield;
    let best = rated[0] as RatedMove<GameEvent>;
    for (const m of rated) if (m.chance > best.chance) best = m;
    // Before the move: the best move's rating (as the throw before it found it after itself).
    const before = best.chance;
    // After it, and after the best: the chance before what follows each (valueOf).
    const after = yield* this.valueOf(rules.reduce(state, event), seat);
    let bestAfter = sameEvent(best.event, event)
      ? after
      : yield* this.valueOf(rules.reduce(state, best.event), seat);
    // The move played is named best when it is as good as the best.
    let bestEvent = best.event;
    if (after >= bestAfter) {
      bestEvent = event;
      bestAfter = after;
    }
    const loss = Math.max(0, (bestAfter - after) * 100);
    const analysis: MoveAnalysis = {
      kind: 'move',
      index,
      seat,
      played: this.words(state, event),
      before,
      after,
      bestAfter,
      best: this.words(state, bestEvent),
      why: this.core.explain(state, bestEvent, this.names),
      choices: rated.length,
      loss: rated.length <= 1 ? 0 : loss,
      grade: gradeOf(loss, rated.length),
      ...this.everySeat(state, event, seat, after),
    };
    return analysis;
  }

  summary(found: ReadonlyMap<number, DecisionAnalysis>): AnalysisSummary {
    const seats = this.names.map((name, seat): SeatSummary => {
      let moves = 0;
      let accuracy = 0;
      let totalLoss = 0;
      let totalLuck = 0;
      const count = { inaccuracy: 0, mistake: 0, blunder: 0 } as Record<Grade, number>;
      // In timeline order, so that a run's sums are the same to the last bit as analyzeGame's.
      for (const d of [...found.values()].sort((a, b) => a.index - b.index)) {
        if (d.seat !== seat) continue;
        if (d.kind === 'chance') {
          totalLuck += d.luck;
          continue;
        }
        totalLoss += d.loss;
        if (d.grade === 'only') continue;
        moves++;
        accuracy += moveAccuracy(d.loss);
        count[d.grade] = (count[d.grade] ?? 0) + 1;
      }
      return {
        seat,
        name,
        moves,
        accuracy: moves === 0 ? 100 : accuracy / moves,
        totalLoss,
        totalLuck,
        inaccuracies: count.inaccuracy,
        mistakes: count.mistake,
        blunders: count.blunder,
      };
    });
    return {
      game: this.core.id,
      level: this.level,
      exact: this.winChances.exact,
      method: this.winChances.method,
      seats,
    };
  }
}

/** Run a work to its end. */
function finish(work: Work): DecisionAnalysis | undefined {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** The whole analysis, here and now (the command line, the tests, the bench). */
export function analyzeGame(
  core: AnyGameCore,
  timeline: Timeline<unknown>,
  names: readonly string[],
  options: AnalysisOptions = { level: DEFAULT_LEVEL },
): GameAnalysis {
  const analyser = new Analyser(core, timeline, names, options.level);
  const found = new Map<number, DecisionAnalysis>();
  let state = timeline.initial;
  let at = 0;
  for (const index of analyser.indices) {
    for (; at < index; at++) state = core.rules.reduce(state, timeline.events[at]);
    const d = finish(analyser.work(index, state));
    if (d) found.set(index, d);
  }
  return {
    decisions: [...found.values()],
    summary: analyser.summary(found),
  };
}

/** The analysis of one event of a timeline; undefined where nothing was decided or thrown in play. */
export function analyzeAt(
  core: AnyGameCore,
  timeline: Timeline<unknown>,
  names: readonly string[],
  index: number,
  options: AnalysisOptions = { level: DEFAULT_LEVEL },
): DecisionAnalysis | undefined {
  const analyser = new Analyser(core, timeline, names, options.level);
  if (!analyser.indices.includes(index)) return undefined;
  return finish(analyser.work(index, analyser.stateAt(index)));
}

/** How long one slice of a run may hold the event loop, in milliseconds (by default). */
export const SLICE_MS = 15;

/**
 * The analysis while a screen is open: the decisions nearest the focus first, one search per
 * step, steps run for SLICE_MS at a time and the event loop given back between slices (so keys
 * are answered while it works). `cancel` stops it at the next step.
 */
export function startAnalysis(
  core: AnyGameCore,
  timeline: Timeline<unknown>,
  names: readonly string[],
  options: AnalysisOptions = { level: DEFAULT_LEVEL },
): AnalysisRun {
  // Made once the game's chances are ready (Ur reads a solved table, 551 MB at seven stones,
  // in the background first: a read here would hold the screen for seconds).
  let analyser: Analyser | undefined;
  const found = new Map<number, DecisionAnalysis>();
  const listeners = new Set<() => void>();
  let pending: number[] = [];
  let done = 0;
  let focus = options.focus ?? 0;
  let current: { index: number; work: Work } | undefined;
  let cancelled = false;
  let summary: AnalysisSummary | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sliceMs = options.sliceMs ?? SLICE_MS;

  const tell = () => {
    for (const listener of [...listeners]) listener();
  };
  const nearest = () => {
    let pick = 0;
    for (let k = 1; k < pending.length; k++)
      if (Math.abs((pending[k] as number) - focus) < Math.abs((pending[pick] as number) - focus))
        pick = k;
    const [index] = pending.splice(pick, 1) as [number];
    return index;
  };
  const slice = () => {
    timer = undefined;
    if (cancelled || !analyser) return;
    const started = performance.now();
    let changed = false;
    while (performance.now() - started < sliceMs) {
      if (!current) {
        if (pending.length === 0) break;
        const index = nearest();
        current = { index, work: analyser.work(index, analyser.stateAt(index)) };
      }
      const step = current.work.next();
      if (step.done) {
        if (step.value) found.set(current.index, step.value);
        done++;
        current = undefined;
        changed = true;
      }
    }
    if (!current && pending.length === 0) {
      summary = analyser.summary(found);
      tell();
      return;
    }
    if (changed) tell();
    timer = setTimeout(slice, 0);
  };
  const begin = () => {
    if (cancelled) return;
    analyser = new Analyser(core, timeline, names, options.level);
    pending = [...analyser.indices];
    timer = setTimeout(slice, 0);
  };
  const ready = core.prepareWinChances?.(timeline.initial);
  if (ready) void ready.then(begin, begin);
  else begin();

  return {
    found,
    progress: () => ({ done, total: analyser?.indices.length ?? 0 }),
    focus(index) {
      focus = index;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    summary: () => summary,
    cancel() {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}

/** The decisions of an analysis in timeline order. */
export const decisionsOf = (run: AnalysisRun): DecisionAnalysis[] =>
  [...run.found.values()].sort((a, b) => a.index - b.index);
