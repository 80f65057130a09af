/** The replay viewer's shell: keys, the timeline, playing; the game's own view draws the rest. */
import { Box, Text } from '../render/components.js';
import { useCallback, useEffect, useMemo } from 'react';
import type { AnalysisRun } from '../analysis/types.js';
import type { LoadedRecording } from '../engine/recording.js';
import { safeText } from '../engine/safe-text.js';
import { seatFromPlayer } from '../engine/seats.js';
import { stateOn, type Timeline, timelineOf } from '../engine/timeline.js';
import { useKeys } from './keys-context.js';
import {
  GOTO_LENGTH,
  newReplay,
  reduceReplay,
  type ReplayFace,
  type ReplayModel,
  replayKey,
  SPEEDS,
  turnAt,
} from './replay-model.js';
import { markedFrom, markOf } from './analysis-view.js';
import { AnalysisPage, AnalysisStrip, Mark, stripRows, useAnalysisRun } from './ReplayAnalysis.js';
import { useStore } from './store.js';
import { localTime } from './recordings-model.js';
import { fit } from './text.js';
import type { Field } from './text-field.js';
import { TextField } from './TextField.js';
import { Styled } from './theme.js';

export const REPLAY_KEYS = [
  '←→ step · Space play',
  '+− speed · g go to turn',
  'l moves · Home/End · q quit',
];

/**
 * The status at the last event of a game left unfinished (a finished game's is '■ the end'): one
 * line in the narrowest panel at 80 columns (Yut's, 28), so that it pushes no line of the move out.
 */
export const UNFINISHED = '■ the game was not finished';

/** The analysis's key line, under the others: what `a` does now, and the keys it adds. */
function analysisKeys(analysing: boolean, done: boolean, board: boolean): string {
  if (!analysing) return 'a analyse the game';
  return `a ${done ? 'hide' : 'cancel'} · n p mistakes${board ? ' · b' : ''}`;
}

/** How an analysis of the game shown is started (the app gives it; absent: none here). */
export type StartAnalysis = (timeline: Timeline) => AnalysisRun | string;

/** The rows of the graph under the board when the window has `room` rows to spare (else none). */
function graphRowsFor(room: number): number {
  const rows = Math.min(8, room - stripRows(0));
  return rows >= 2 ? rows : 0;
}

export function ReplayViewer({
  recording,
  face,
  width,
  height,
  onQuit,
  paused = false,
  analyse,
  analyseAtOpen = false,
  still,
}: {
  recording: LoadedRecording;
  /** The recorded game's module; undefined when this madang does not have the game. */
  face: ReplayFace | undefined;
  width: number;
  height: number;
  onQuit: () => void;
  /** The window is too small: the viewer is hidden and does not play on. */
  paused?: boolean;
  /** `a`: starts the analysis of this game (absent: this madang cannot). */
  analyse?: StartAnalysis | undefined;
  /** Open at the end with the analysis running (`a` on a game's end screen). */
  analyseAtOpen?: boolean;
  /** Drawn once, playing at this event (`madang export --cast`): its frames at their own pace. */
  still?: number | undefined;
}) {
  const { header, events } = recording;
  // The read folded the events once into the timeline and checked the options; a recording
  // handed over without them (a test's) is folded here, once.
  const timeline = useMemo((): Timeline | undefined => {
    if (recording.timeline) return recording.timeline;
    const parsed = face?.parseOptions(header.options);
    if (!face || !parsed?.ok) return undefined;
    const names = header.players.map((p) => p.name);
    return timelineOf(face, face.rules.setup(parsed.options), events, names);
  }, [recording, face, header, events]);
  const game = timeline ? face?.rules : undefined;
  const initial = timeline?.initial;
  const turnStarts = timeline?.turnStarts ?? [0];
  const [model, dispatch, current] = useStore(reduceReplay, () => {
    const fresh = newReplay(turnStarts, events.length);
    if (still !== undefined) return { ...fresh, index: still, playing: still < events.length };
    return analyseAtOpen ? { ...fresh, index: events.length, analysing: true } : fresh;
  });

  // The rows the game's own board needs (parsed once: the shell draws often).
  const needRows = useMemo(() => {
    const parsed = face?.needs ? face.parseOptions(header.options) : undefined;
    return Math.max(24, parsed?.ok ? (face?.needs?.(parsed.options).rows ?? 24) : 24);
  }, [face, header]);
  const start = useMemo(
    () => (analyse && timeline ? () => analyse(timeline) : undefined),
    [analyse, timeline],
  );
  const analysis = useAnalysisRun(model.analysing, start, model.index - 1, (notice) =>
    dispatch({ type: 'replay/noticeShown', notice }),
  );

  useKeys((key) => {
    const now = current();
    const action = replayKey(now, key);
    if (!action) return;
    if (action.type === 'app/quitConfirmed') onQuit();
    else if (action.type === 'replay/markSought') {
      // The next or previous marked move among those found so far.
      const run = analysis.current();
      const found = run?.found;
      const to = found ? markedFrom(found, now.index, action.delta) : undefined;
      const way = action.delta === 1 ? 'after' : 'before';
      const so = run?.progress();
      const sofar = so && so.done < so.total ? ` (${so.done} of ${so.total} analysed so far)` : '';
      dispatch(
        to === undefined
          ? { type: 'replay/noticeShown', notice: `No mistake ${way} this move${sofar}.` }
          : { type: 'replay/jumped', index: to },
      );
    } else {
      // The run starts with the key, so that the keys after it find it.
      if (action.type === 'replay/analysisToggled' && !now.analysing) analysis.begin();
      dispatch(action);
    }
  });

  useEffect(() => {
    if (!model.playing || paused || still !== undefined) return;
    const timer = setInterval(
      () => dispatch({ type: 'replay/ticked' }),
      1000 / (SPEEDS[model.speed] ?? 2),
    );
    return () => clearInterval(timer);
  }, [model.playing, model.speed, dispatch, paused, still]);

  const at = useCallback(
    (index: number) => (game && timeline ? stateOn(game, timeline, index) : undefined),
    [game, timeline],
  );

  if (!game || !face || !timeline || initial === undefined)
    return <Text>madang cannot show a game of {header.game}.</Text>;
  const names = header.players.map((p) => p.name);
  const found = analysis.run?.found;
  if (model.list !== null)
    return (
      <MoveList
        lines={moveLines(timeline, model)}
        marks={found ? (i) => markOf(found.get(i)) : undefined}
        chosen={model.list}
        title={`${names.join(' v ')} · ${localTime(header.startedAt).slice(0, 10)}`}
        width={width}
        height={height}
      />
    );
  const state = at(model.index);
  const turns = turnStarts.length;
  const speed = `${SPEEDS[model.speed]} events/s`;
  // The turn of the move shown last (the board stands after it), as the move list numbers it.
  const where = `Turn ${turnAt(model, model.index - 1)} of ${turns} · event ${model.index}/${events.length}`;
  // Whose game, and when: a line (a game of many players says how many).
  const title = `${names.length > 4 ? `${names.length} players` : names.join(' v ')} · ${localTime(header.startedAt).slice(0, 10) || 'replay'}`;
  // The last event of a recording cut off mid-game is not the game's end: say so.
  const status = model.playing
    ? `▶ playing${still === undefined ? `, ${speed}` : ''}`
    : model.index >= events.length
      ? timeline.outcome.status === 'running'
        ? UNFINISHED
        : '■ the end'
      : `❚❚ paused (${speed})`;
  const event = model.index > 0 ? events[model.index - 1] : undefined;
  const reason = recording.reasons?.get(model.index - 1);
  const told = event ? face.describe(at(model.index - 1), event, state, names) : [];
  // A step the game's log says nothing of (Layers' order draw) still has its move list line.
  const described = event && told.length === 0 ? [timeline.moveLines[model.index - 1] ?? ''] : told;
  const did = event
    ? [
        ...described.slice(0, 1),
        // The computer's reason under its move, as the game's log showed it when it was played.
        ...(reason === undefined ? [] : [`  (${reason})`]),
        ...described.slice(1),
      ]
    : ['The start of the game.'];
  const notice =
    model.goto !== null
      ? `Go to turn 1 to ${turns}: type it, Enter (Esc: stay)`
      : (model.notice ?? null);
  // The analysis goes under the board where the window has rows to spare beyond what the game
  // needs; else it takes the board's place, and `b` shows the board instead.
  const graphRows = model.analysing ? graphRowsFor(height - needRows) : 0;
  const done = analysis.run?.summary() !== undefined;
  const keys = [...REPLAY_KEYS, analysisKeys(model.analysing, done, graphRows === 0)];
  if (model.analysing && graphRows === 0 && !model.boardShown)
    return (
      <AnalysisPage
        analysis={analysis}
        total={events.length}
        index={model.index}
        names={names}
        timeline={[where, status]}
        did={did}
        moves={moveLines(timeline, model)}
        notice={notice}
        width={width}
        height={height}
      />
    );
  const faceHeight = graphRows > 0 ? height - stripRows(graphRows) : height;
  return (
    <Box flexDirection="column">
      <face.Replay
        state={state}
        events={events}
        index={model.index}
        stateAt={at}
        names={names}
        seats={header.players.map(seatFromPlayer)}
        timeline={[title, where, status, ...did]}
        keys={keys}
        notice={notice}
        width={width}
        height={faceHeight}
      />
      {graphRows > 0 ? (
        <AnalysisStrip
          analysis={analysis}
          total={events.length}
          index={model.index}
          names={names}
          width={width}
          graphRows={graphRows}
        />
      ) : null}
      {model.goto !== null ? <GotoBox field={model.goto} turns={turns} /> : null}
    </Box>
  );
}

/**
 * `g`'s turn number field, in a box inside the board's border (the narrowest board, Kono's 5×5,
 * has 25 columns inside it): two short lines, not one long one, so that it covers no border.
 */
function GotoBox({ field, turns }: { field: Field; turns: number }) {
  const range = ` 1–${turns}: `;
  const counter = (length: number) => length + 1 + `${length}/${GOTO_LENGTH}`.length;
  const inner = range.length + counter(GOTO_LENGTH) + 1;
  // Spaces, not padding: padding leaves the board under it showing through.
  const rest = inner - range.length - counter([...field.value].length);
  return (
    <Box
      position="absolute"
      marginTop={2}
      marginLeft={2}
      borderStyle="double"
      flexDirection="column"
    >
      <Text bold>{' Go to turn'.padEnd(inner)}</Text>
      <Text>
        <Text bold>{range}</Text>
        <TextField field={field} focus max={GOTO_LENGTH} />
        {' '.repeat(Math.max(0, rest))}
      </Text>
    </Box>
  );
}

/** One line a move (an event): its turn, and what it did in the game's words (the timeline's). */
const linesOf = new WeakMap<Timeline, string[]>();
function moveLines(timeline: Timeline, model: ReplayModel): string[] {
  const known = linesOf.get(timeline);
  if (known) return known;
  const lines = timeline.moveLines.map(
    (said, i) => `${String(turnAt(model, i)).padStart(4)}  ${said}`,
  );
  linesOf.set(timeline, lines);
  return lines;
}

/** The recording's moves as a page: the chosen one marked; Enter shows the board after it. */
function MoveList({
  lines,
  marks,
  chosen,
  title,
  width,
  height,
}: {
  lines: readonly string[];
  /** A move's mark from the analysis (`?!` `?` `??`), where there is one. */
  marks?: ((index: number) => string) | undefined;
  chosen: number;
  title: string;
  width: number;
  height: number;
}) {
  const outer = Math.min(width, 100);
  const rows = Math.max(1, height - 5);
  const top = Math.max(0, Math.min(lines.length - rows, chosen - Math.floor(rows / 2)));
  const shown = lines.slice(top, top + rows);
  return (
    <Box width={width} height={height} justifyContent="center">
      <Box flexDirection="column" borderStyle="round" paddingX={1} width={outer} height={height}>
        <Text wrap="truncate-end">
          <Text bold>Moves</Text>
          <Text dimColor>
            {' '}
            · {safeText(title)} · {top + 1}–{top + shown.length} of {lines.length}
          </Text>
        </Text>
        <Text dimColor>{'turn  '}</Text>
        <Box flexDirection="column" height={rows} overflow="hidden">
          {shown.map((line, i) => {
            const mark = marks?.(top + i) ?? '';
            return (
              <Text key={top + i} wrap="truncate-end">
                <Styled
                  colour={top + i === chosen ? 'cyan' : undefined}
                  inverse={top + i === chosen}
                  bold={top + i === chosen}
                >
                  {fit(safeText(line), outer - 4 - (marks ? 3 : 0))}
                </Styled>
                {marks ? (
                  <>
                    {' '}
                    {mark ? <Mark mark={mark} /> : null}
                    {' '.repeat(2 - mark.length)}
                  </>
                ) : null}
              </Text>
            );
          })}
        </Box>
        <Text dimColor wrap="truncate-end">
          ↑↓ PgUp PgDn Home End choose · Enter show it · other keys return
        </Text>
      </Box>
    </Box>
  );
}
