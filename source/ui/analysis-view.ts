/**
 * The replay viewer's analysis as pure text (issue 31): the first seat's win chance as a braille
 * graph across the width, the marks of the move list, the next and previous marked move, and
 * what the analysis says of the move shown. Tested without a terminal; the viewer draws it.
 */
import {
  type AnalysisRun,
  type DecisionAnalysis,
  GRADE_MARKS,
  type Grade,
} from '../analysis/types.js';

/** The grades a move is marked for, and that `n` and `p` go to. */
const MARKED: readonly Grade[] = ['inaccuracy', 'mistake', 'blunder'];

export const isMarked = (decision: DecisionAnalysis | undefined): boolean =>
  decision?.kind === 'move' && MARKED.includes(decision.grade);

/** A decision's mark (`?!` `?` `??`), or '' for an unmarked move or a throw. */
export const markOf = (decision: DecisionAnalysis | undefined): string =>
  decision?.kind === 'move' ? GRADE_MARKS[decision.grade] : '';

/**
 * The first seat's chance of winning after each number of events (0 to total), where the
 * analysis tells it: the other's chance is one minus the mover's in a game of two; in a game of
 * more, every seat's chances where the analysis gives them, else the first seat's own decisions.
 * Undefined where not known.
 */
export function firstSeatChances(
  found: ReadonlyMap<number, DecisionAnalysis>,
  total: number,
  players: number,
): (number | undefined)[] {
  const chances: (number | undefined)[] = Array.from({ length: total + 1 }, () => undefined);
  const forFirst = (chance: number, seat: number, every?: readonly number[]) =>
    seat === 0 ? chance : players === 2 ? 1 - chance : every?.[0];
  for (const decision of found.values()) {
    const { index, seat } = decision;
    if (index < 0 || index >= total) continue;
    chances[index + 1] = forFirst(decision.after, seat, decision.chances);
    chances[index] ??= forFirst(decision.before, seat);
  }
  return chances;
}

/** Braille dots by column (left, right) and row (top to bottom). */
const DOTS = [
  [0x01, 0x02, 0x04, 0x40],
  [0x08, 0x10, 0x20, 0x80],
] as const;

export interface Graph {
  /** The graph's lines, top first, each `width` characters. */
  readonly lines: readonly string[];
  /** The character column of the position shown. */
  readonly mark: number;
}

/**
 * The chances as a filled braille graph `width` characters by `rows` lines (two dots a
 * character across, four down): a position's column rises to its chance; what is not known yet
 * stays blank, and a gap between known positions (events that are no decision) keeps the last.
 */
export function chanceGraph(
  chances: readonly (number | undefined)[],
  shown: number,
  width: number,
  rows: number,
): Graph {
  const columns = Math.max(1, width) * 2;
  const total = Math.max(1, chances.length - 1);
  const eventAt = (x: number) => Math.round((x * total) / Math.max(1, columns - 1));
  // Each dot column shows the last chance known at or before its event, once a later one is known.
  const lastKnown = chances.reduce<number>((last, c, i) => (c === undefined ? last : i), -1);
  const held: (number | undefined)[] = [];
  let previous: number | undefined;
  for (let i = 0; i < chances.length; i++) {
    previous = chances[i] ?? previous;
    held.push(i <= lastKnown ? previous : chances[i]);
  }
  const levels = rows * 4;
  const cells = Array.from({ length: rows }, () => new Array<number>(Math.max(1, width)).fill(0));
  for (let x = 0; x < columns; x++) {
    const chance = held[eventAt(x)];
    if (chance === undefined) continue;
    // At least the lowest dot, so that a known 0% is seen apart from not known.
    const height = Math.max(1, Math.round(Math.min(1, Math.max(0, chance)) * levels));
    for (let dot = 0; dot < height; dot++) {
      const fromTop = levels - 1 - dot;
      const row = cells[Math.floor(fromTop / 4)] as number[];
      const cell = x >> 1;
      row[cell] = (row[cell] as number) | (DOTS[x & 1] as readonly number[])[fromTop % 4]!;
    }
  }
  const lines = cells.map((row) =>
    row.map((bits) => (bits === 0 ? ' ' : String.fromCharCode(0x2800 + bits))).join(''),
  );
  const markDot = Math.round((Math.max(0, Math.min(total, shown)) * (columns - 1)) / total);
  return { lines, mark: markDot >> 1 };
}

/** A chance as a whole percentage. */
export const percent = (chance: number) => `${Math.round(chance * 100)}%`;

/** Percentage points with a sign and one decimal: luck and loss (±0.0 where it rounds to nothing). */
export const points = (value: number) => {
  const digits = Math.abs(value).toFixed(1);
  return `${digits === '0.0' ? '±' : value > 0 ? '+' : '−'}${digits}`;
};

const GRADE_WORDS: Readonly<Record<Grade, string>> = {
  only: 'the only move',
  best: 'the best move',
  good: 'good',
  inaccuracy: 'an inaccuracy',
  mistake: 'a mistake',
  blunder: 'a blunder',
};

/** The grade in words, for a move (its mark goes before the line); a throw says its luck. */
export function gradeWords(decision: DecisionAnalysis): string {
  if (decision.kind === 'chance') return `luck ${points(decision.luck)} points`;
  const words = GRADE_WORDS[decision.grade];
  const loss = decision.loss.toFixed(1);
  return loss !== '0.0' ? `${words}, loses ${loss} points` : words;
}

/**
 * What the analysis says of the move shown, in lines: what was played and its grade (or the
 * throw, roll or draw and its luck), the mover's chance before and after (and after the best move), and the
 * best move with the computer's reason.
 */
export function decisionLines(
  decision: DecisionAnalysis | undefined,
  names: readonly string[],
  waiting: string,
): string[] {
  if (!decision) return [waiting];
  const who = names[decision.seat] ?? `Seat ${decision.seat + 1}`;
  // The analyser's words are the game's sentence for the move ("Ann moved … with gae.").
  // (A sentence that ends in "!", as Layers' "win!", loses it before the colon too.)
  const played = decision.played.replace(/[.!]$/, '');
  if (decision.kind === 'chance')
    return [
      `${played}: ${gradeWords(decision)}.`,
      `${who}'s chance: ${percent(decision.before)} before, ${percent(decision.after)} after.`,
    ];
  const lines = [
    `${played}: ${gradeWords(decision)}.`,
    `${who}'s chance: ${percent(decision.before)} before, ${percent(decision.after)} after, ${percent(decision.bestAfter)} after the best.`,
  ];
  if (decision.grade !== 'best' && decision.grade !== 'only')
    lines.push(
      `Best: ${decision.best.replace(/\.$/, '')}${decision.why ? ` (${decision.why})` : ''}.`,
    );
  else if (decision.why) lines.push(`Why: ${decision.why}.`);
  return lines;
}

/**
 * The event position to show for the next (`delta` 1) or previous (−1) marked move from the
 * one shown (the board after it), or undefined when there is none among those found.
 */
export function markedFrom(
  found: ReadonlyMap<number, DecisionAnalysis>,
  index: number,
  delta: 1 | -1,
): number | undefined {
  const shownMove = index - 1;
  let best: number | undefined;
  for (const decision of found.values()) {
    if (!isMarked(decision)) continue;
    const at = decision.index;
    const ahead = delta === 1 ? at > shownMove : at < shownMove;
    if (ahead && (best === undefined || (delta === 1 ? at < best : at > best))) best = at;
  }
  return best === undefined ? undefined : best + 1;
}

/**
 * A progress bar `width` characters wide, with the count: `▕████░░░░▏ 12/47`; empty while the
 * count is not known yet (the worker starting, Ur's table being read).
 */
export function progressBar(run: Pick<AnalysisRun, 'progress'>, width: number): string {
  const { done, total } = run.progress();
  const inner = Math.max(1, width);
  const filled = total === 0 ? 0 : Math.round((done / total) * inner);
  return `▕${'█'.repeat(filled)}${'░'.repeat(inner - filled)}▏ ${done}/${total}`;
}
