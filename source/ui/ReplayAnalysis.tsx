/**
 * The replay viewer's analysis on screen (issue 31): the run kept going beside the viewer (never
 * holding its keys), the win-chance graph across the width with the move shown marked, what the
 * analysis says of that move, and, where the board leaves no room, a page of its own.
 */
import { Box, Text } from '../render/components.js';
import { useEffect, useRef, useState } from 'react';
import type { AnalysisRun, AnalysisSummary, DecisionAnalysis } from '../analysis/types.js';
import { safeText } from '../engine/safe-text.js';
import {
  chanceGraph,
  decisionLines,
  firstSeatChances,
  markOf,
  points,
  progressBar,
} from './analysis-view.js';
import { firstLines, fit, logPage } from './text.js';
import { Styled } from './theme.js';

/** How often the screen takes in what the analysis found meanwhile (ms): often enough to watch, rarely enough to leave the keys room. */
export const ANALYSIS_REDRAW_MS = 100;

/** The analysis the viewer shows: the run, or why there is none. */
export interface ShownAnalysis {
  readonly run: AnalysisRun | undefined;
  readonly problem: string | undefined;
}

/** The analysis shown, and the run as it is now (for keys pressed before the next frame). */
export interface AnalysisHandle extends ShownAnalysis {
  /** Starts the run now if it is not under way (`a`): keys pressed right after it find it. */
  begin(): void;
  current(): AnalysisRun | undefined;
}

/**
 * The analysis while `wanted`: started once (`start` says why not with a string), focused on the
 * move shown, cancelled when no longer wanted before it is done (a finished one is kept, to show
 * again at once), and redrawn at most every ANALYSIS_REDRAW_MS.
 */
export function useAnalysisRun(
  wanted: boolean,
  start: (() => AnalysisRun | string) | undefined,
  shownMove: number,
  onCancelled: (words: string) => void,
): AnalysisHandle {
  const runRef = useRef<AnalysisRun | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [, setVersion] = useState(0);
  const [run, setRun] = useState<AnalysisRun | undefined>(undefined);

  const begin = () => {
    if (runRef.current) return;
    const started = start ? start() : 'This madang cannot analyse games.';
    if (typeof started === 'string') return setProblem(started);
    setProblem(undefined);
    runRef.current = started;
    setRun(started);
  };

  useEffect(() => {
    const now = runRef.current;
    if (wanted && !now) begin();
    else if (!wanted && now && now.summary() === undefined) {
      const { done, total } = now.progress();
      now.cancel();
      runRef.current = undefined;
      setRun(undefined);
      onCancelled(`Analysis cancelled at ${done} of ${total}.`);
    }
    // onCancelled only dispatches a notice; begin reads start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, start]);

  // What is found is drawn in batches: a decision a millisecond must not mean a frame each.
  useEffect(() => {
    if (!run) return;
    // Drawn once however soon it ends: a short game's analysis can end in its first slice,
    // before this subscribes to hear it.
    let dirty = true;
    const unsubscribe = run.subscribe(() => {
      dirty = true;
    });
    const timer = setInterval(() => {
      if (!dirty) return;
      dirty = false;
      setVersion((v) => v + 1);
    }, ANALYSIS_REDRAW_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [run]);

  useEffect(() => {
    run?.focus(Math.max(0, shownMove));
  }, [run, shownMove]);

  // Leaving the viewer stops an analysis under way.
  useEffect(
    () => () => {
      const now = runRef.current;
      if (now && now.summary() === undefined) now.cancel();
    },
    [],
  );

  return {
    run: wanted ? run : undefined,
    problem: wanted ? problem : undefined,
    begin,
    current: () => runRef.current,
  };
}

const MARK_COLOURS: Readonly<Record<string, string>> = {
  '?!': 'yellow',
  '?': 'magenta',
  '??': 'red',
};

/** A move's mark in its colour (the mark itself carries the meaning without colour). */
export function Mark({ mark }: { mark: string }) {
  if (!mark) return null;
  return (
    <Styled colour={MARK_COLOURS[mark]} bold>
      {mark}
    </Styled>
  );
}

/** The graph's label column: 100% at the top, 50% in the middle, 0% at the bottom. */
const LABEL = 5;
function labelOf(row: number, rows: number): string {
  if (row === 0) return '100% ';
  if (row === rows - 1) return '  0% ';
  if (row === Math.floor((rows - 1) / 2)) return ' 50% ';
  return '     ';
}

/** The first seat's chance across `width` columns, `rows` high, the move shown marked (▲). */
function ChanceGraph({
  found,
  total,
  index,
  names,
  width,
  rows,
}: {
  found: ReadonlyMap<number, DecisionAnalysis>;
  total: number;
  index: number;
  names: readonly string[];
  width: number;
  rows: number;
}) {
  const inner = Math.max(4, width - LABEL);
  const graph = chanceGraph(firstSeatChances(found, total, names.length), index, inner, rows);
  const { mark } = graph;
  return (
    <>
      {graph.lines.map((line, row) => (
        <Text key={row}>
          <Text dimColor>{labelOf(row, rows)}</Text>
          <Styled seat={0}>{line.slice(0, mark)}</Styled>
          <Styled seat={0} inverse>
            {line[mark] === ' ' ? '│' : line[mark]}
          </Styled>
          <Styled seat={0}>{line.slice(mark + 1)}</Styled>
        </Text>
      ))}
      <Text>
        <Text dimColor>{' '.repeat(LABEL)}</Text>
        <Text dimColor>{'─'.repeat(mark)}</Text>
        <Styled colour="cyan" bold>
          ▲
        </Styled>
        <Text dimColor>{'─'.repeat(Math.max(0, inner - mark - 1))}</Text>
      </Text>
    </>
  );
}

/** The graph's title: whose chance it is, and how far the analysis is. */
function graphTitle(analysis: ShownAnalysis, names: readonly string[], width: number): string {
  const first = safeText(names[0] ?? 'Seat 1');
  const whose =
    names.length === 2
      ? `${first}'s chance of winning (seat 1)`
      : `${first}'s chance of winning (seat 1 of ${names.length})`;
  const { run } = analysis;
  if (!run) return whose;
  const problem = run.problem?.();
  if (problem) return `${whose} · analysis stopped: ${safeText(problem)}`;
  const summary = run.summary();
  if (summary) return `${whose} · ${summary.exact ? 'exact' : 'estimated'}, level ${summary.level}`;
  return `${whose} · analysing ${progressBar(run, Math.max(4, Math.min(20, width - whose.length - 24)))}`;
}

/** The graph under its title: whose chance, and how far the analysis is. */
function TitledGraph({
  analysis,
  total,
  index,
  names,
  width,
  rows,
}: {
  analysis: ShownAnalysis;
  total: number;
  index: number;
  names: readonly string[];
  width: number;
  rows: number;
}) {
  return (
    <>
      <Text bold wrap="truncate-end">
        {graphTitle(analysis, names, width)}
      </Text>
      <ChanceGraph
        found={analysis.run?.found ?? new Map<number, DecisionAnalysis>()}
        total={total}
        index={index}
        names={names}
        width={width}
        rows={rows}
      />
    </>
  );
}

/** Each seat's accuracy, loss and luck over the game, once the analysis is done. */
export function summaryLines(summary: AnalysisSummary): string[] {
  return summary.seats.map(
    (s) =>
      `${safeText(s.name)}: accuracy ${Math.round(s.accuracy)}% · loss ${s.totalLoss.toFixed(1)} · luck ${points(s.totalLuck)} · ?! ${s.inaccuracies} ? ${s.mistakes} ?? ${s.blunders}`,
  );
}

/**
 * The summary's lines in at most `rows` rows: every seat's where they fit, else as many as fit
 * but one, and a line saying how many more there are, so that none is dropped unsaid.
 */
export function summaryFitted(lines: readonly string[], rows: number): string[] {
  if (lines.length <= rows) return [...lines];
  if (rows <= 0) return [];
  const shown = lines.slice(0, rows - 1);
  return [
    ...shown,
    `… and ${lines.length - shown.length} more players: madang analyze lists every one`,
  ];
}

/** Those lines, one a row. */
function SummaryRows({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <Text key={`s${i}`} wrap="truncate-end">
          {line}
        </Text>
      ))}
    </>
  );
}

/**
 * What the analysis says of the move shown, wrapped to `width` (continuations indented): its
 * mark, if any, starts the first row, so that the rows are all the room the words take.
 */
function wordRows(
  decision: DecisionAnalysis | undefined,
  start: boolean,
  names: readonly string[],
  analysis: ShownAnalysis,
  width: number,
): string[] {
  const waiting = analysis.problem
    ? analysis.problem
    : !analysis.run
      ? 'No analysis.'
      : start
        ? 'The start of the game: n goes to the first mistake.'
        : 'This move is not analysed yet (the moves near the one shown come first).';
  const lines = decisionLines(decision, names.map(safeText), waiting).map(safeText);
  const mark = markOf(decision);
  if (mark && lines.length > 0) lines[0] = `${mark} ${lines[0] ?? ''}`;
  return logPage(lines, width);
}

/** Those rows, the first `rows` of them, the mark in its colour. */
function DecisionWords({
  words,
  mark,
  rows,
}: {
  words: readonly string[];
  mark: string;
  rows: number;
}) {
  return (
    <>
      {words.slice(0, rows).map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {i === 0 && mark && line.startsWith(`${mark} `) ? (
            <>
              <Mark mark={mark} />
              {line.slice(mark.length)}
            </>
          ) : (
            line || ' '
          )}
        </Text>
      ))}
    </>
  );
}

/** The rows the strip's words are given (more are taken from its graph where a reason is long). */
const STRIP_WORDS = 4;

/** The rows the strip under the board takes, with a graph `graphRows` high. */
export const stripRows = (graphRows: number) => graphRows + 2 + STRIP_WORDS;

/**
 * The analysis under the board, across the width: the graph's title, the graph, its axis with
 * the move shown, and three lines on that move.
 */
export function AnalysisStrip({
  analysis,
  total,
  index,
  names,
  width,
  graphRows,
}: {
  analysis: ShownAnalysis;
  total: number;
  index: number;
  names: readonly string[];
  width: number;
  graphRows: number;
}) {
  const found = analysis.run?.found ?? new Map<number, DecisionAnalysis>();
  const decision = found.get(index - 1);
  const words = wordRows(decision, index === 0, names, analysis, width - 2);
  const summary = analysis.run?.summary();
  const seats = summary ? summaryLines(summary) : [];
  // Under the title and above the axis: the graph keeps two rows; the rest go to the words on
  // the move (up to STRIP_WORDS, one row left for the summary once it is done), then every
  // seat's summary, then the rest of a long reason; the graph has what is left, up to its rows.
  const body = stripRows(graphRows) - 2;
  const room = body - 2;
  const wordsFirst = Math.min(words.length, STRIP_WORDS, seats.length > 0 ? room - 1 : room);
  const summaryShown = summaryFitted(seats, room - wordsFirst);
  const wordsShown = Math.min(words.length, room - summaryShown.length);
  const graphShown = Math.min(graphRows, body - wordsShown - summaryShown.length);
  return (
    <Box flexDirection="column" width={width} height={stripRows(graphRows)} paddingX={1}>
      <TitledGraph
        analysis={analysis}
        total={total}
        index={index}
        names={names}
        width={width - 2}
        rows={graphShown}
      />
      <DecisionWords words={words} mark={markOf(decision)} rows={wordsShown} />
      <SummaryRows lines={summaryShown} />
    </Box>
  );
}

/** The most rows the page gives the words on the move shown (three lines, each wrapped once). */
const PAGE_WORDS = 6;

/**
 * The analysis in the board's place, where the window leaves no room under the board (80×24):
 * the graph, where the replay is and what the move did, what the analysis says of it, the moves
 * around it with their marks, each seat's figures once done, and the keys.
 */
export function AnalysisPage({
  analysis,
  total,
  index,
  names,
  timeline,
  did,
  moves,
  notice,
  width,
  height,
}: {
  analysis: ShownAnalysis;
  total: number;
  index: number;
  names: readonly string[];
  /** Where the replay is (the viewer's timeline lines). */
  timeline: readonly string[];
  /** What the move shown did, said where the analysis has not found it (its line says it). */
  did: readonly string[];
  /** The move list's lines (one an event). */
  moves: readonly string[];
  notice: string | null;
  width: number;
  height: number;
}) {
  const inner = width - 4;
  const found = analysis.run?.found ?? new Map<number, DecisionAnalysis>();
  const summary = analysis.run?.summary();
  const graphRows = height >= 30 ? 8 : 4;
  const shownMove = index - 1;
  const decision = found.get(shownMove);
  // The words on the move whole (a long reason wraps), before the moves around it.
  const words = wordRows(decision, index === 0, names, analysis, inner);
  const wordsShown = Math.min(words.length, PAGE_WORDS);
  // Every seat's summary in the rows left after the border, title, graph, axis, the words on the
  // move and the notice and keys, less one for where the replay is.
  const summaryShown = summary
    ? summaryFitted(summaryLines(summary), height - (2 + 1 + graphRows + 1 + wordsShown + 2) - 1)
    : [];
  const fixed = 2 + 1 + graphRows + 1 + wordsShown + summaryShown.length + 2;
  const spare = Math.max(0, height - fixed);
  const said = decision ? timeline : [...timeline, ...did];
  const timelineShown = firstLines(said.map(safeText), inner, Math.min(4, spare));
  const around = Math.max(0, spare - timelineShown.length);
  const top = Math.max(0, Math.min(moves.length - around, shownMove - Math.floor(around / 2)));
  const listed = moves.slice(top, top + around);
  const keys = `a ${summary ? 'hide' : 'cancel'} · n p mistakes · b board · ←→ step · l moves · q quit`;
  return (
    <Box
      flexDirection="column"
      borderStyle="round"
      paddingX={1}
      width={width}
      height={height}
      overflow="hidden"
    >
      <TitledGraph
        analysis={analysis}
        total={total}
        index={index}
        names={names}
        width={inner}
        rows={graphRows}
      />
      {timelineShown.map((line, i) => (
        <Text key={`t${i}`} wrap="truncate-end">
          {line || ' '}
        </Text>
      ))}
      <DecisionWords words={words} mark={markOf(decision)} rows={wordsShown} />
      {listed.map((line, i) => {
        const at = top + i;
        const mark = markOf(found.get(at));
        const chosen = at === shownMove;
        return (
          <Text key={`m${at}`} wrap="truncate-end">
            <Styled colour={chosen ? 'cyan' : undefined} inverse={chosen} bold={chosen}>
              {fit(safeText(line), inner - 4)}
            </Styled>{' '}
            {mark ? <Mark mark={mark} /> : ' '}
          </Text>
        );
      })}
      <Box flexGrow={1} />
      <SummaryRows lines={summaryShown} />
      <Text wrap="truncate-end">
        <Styled colour="yellow">{notice ? fit(notice, inner) : ' '}</Styled>
      </Text>
      <Text dimColor wrap="truncate-end">
        {keys}
      </Text>
    </Box>
  );
}
