import { named } from '../describe.js';
import { Box } from '../../../render/components.js';
import { useOverKeys, useSeatsHeld, useWatching, WATCHING_KEYS } from '../../../ui/play-session.js';
import { displayWidth, firstLines, fit, lastLines, logPage, pathFit } from '../../../ui/text.js';
import { type Row, type Segment, SegmentRows } from '../../../ui/Segments.js';
import { ARRIVED, IN_HAND, type Result } from '../board.js';
import { animalOf, arrived, inHand, legalEvents, type YutState } from '../rules.js';
import { resultOfSticks } from '../sticks.js';
import { SEAT_LETTERS } from './board-layout.js';
import {
  distinctResults,
  isComputer,
  preview as previewOf,
  type Preview,
  type YutPlay,
} from './play.js';

/** Where no throw was seen in this sitting though the player is to move: the game was resumed. */
const RESUMED_STICKS = 'Sticks thrown before the game was resumed';

/** The rows the sticks' line takes: the note of a resumed game may wrap where the panel is narrow. */
const sticksLines = (play: YutPlay, inner: number): readonly string[] =>
  !play.lastThrow && play.state.phase === 'move' ? logPage([RESUMED_STICKS], inner) : [''];

const dim = { dim: true } as const;
const plain = {} as const;
/** A row of runs as a Text of them takes it: cut at the end (`truncate-end`), or wrapped. */
const cut = (...segments: Segment[]): Row => ({ segments, wrap: 'truncate-end' });
const wrapped = (...segments: Segment[]): Row => ({ segments, wrap: 'wrap' });
const run = (text: string, style: Segment['style'] = plain): Segment => ({ text, style });

/** The last throw's sticks, whose it was and its result; or why there is none to show. */
function sticksOf(play: YutPlay, inner: number): Row[] {
  const last = play.lastThrow;
  if (!last)
    // Each row its own line, counted in the panel's fixed rows: wrapped by Ink, the note's
    // second row pushed the whose-turn line out of the panel's height.
    return play.state.phase === 'move'
      ? sticksLines(play, inner).map((line) => cut(run(line, dim)))
      : [wrapped(run('Sticks not thrown yet', dim))];
  const faces = last.sticks.map((face) => (face === 1 ? '■' : '□'));
  return [
    wrapped(
      run('Sticks ', dim),
      // Whose throw it was, by the seat's letter (a computer's throw stays after its turn).
      run(SEAT_LETTERS[last.seat] ?? '', { seat: last.seat, bold: true }),
      run(' '),
      run(`[${faces[0]}]`, { seat: last.seat }),
      run(` ${faces.slice(1).join(' ')}  `),
      run(resultOfSticks(last.sticks), { bold: true }),
    ),
  ];
}

/**
 * The result list's words cut into rows of `inner` (continuations indented): a long list (yut and
 * mo thrown again and again, a catch's throw) takes the rows it needs, counted in the panel's.
 */
function resultRows(
  state: YutState,
  selected: Result | undefined,
  inner: number,
): { result: Result; word: string }[][] {
  const counts = new Map<Result, number>();
  for (const r of state.results) counts.set(r, (counts.get(r) ?? 0) + 1);
  const rows: { result: Result; word: string }[][] = [[]];
  let used = 'Results'.length;
  for (const result of distinctResults(state)) {
    const count = counts.get(result) ?? 0;
    const word = `${result}${count > 1 ? `×${count}` : ''}`;
    const width = word.length + (result === selected ? 2 : 0);
    if (used + 1 + width > inner && (rows.at(-1)?.length ?? 0) > 0) {
      rows.push([]);
      used = 1;
    }
    rows.at(-1)?.push({ result, word });
    used += 1 + width;
  }
  return rows;
}

/** The results to use, the chosen one marked by its brackets (not by style alone). */
function resultsOf(state: YutState, selected: Result | undefined, inner: number): Row[] {
  if (state.results.length === 0) return [wrapped(run('Results none', dim))];
  return resultRows(state, selected, inner).map((row, i) =>
    cut(
      run(i === 0 ? 'Results' : ' ', dim),
      ...row.flatMap(({ result, word }) => [
        run(' '),
        result === selected ? run(`[${word}]`, { inverse: true, bold: true }) : run(word),
      ]),
    ),
  );
}

/**
 * Every game's keys of a finished game (useOverKeys); where the panel is narrower than their first
 * line (80 columns), it goes on two, as the play keys do.
 */
function overKeys(keys: readonly string[], inner: number): readonly string[] {
  const [first = '', second = ''] = keys;
  const cut = first.indexOf(' · ');
  if (first.length <= inner || cut < 0) return keys;
  return [first.slice(0, cut), first.slice(cut + 3), second];
}

/** `owner`: the mover's name, where this screen is not the mover's (served); else "your". */
function previewWords(p: Preview, names: readonly string[], owner?: string): string {
  if (p.problem) return named(p.problem, names);
  const parts: string[] = [];
  if (p.to === ARRIVED) parts.push('arrives home');
  else parts.push(`to ${p.to}${p.shortcut ? ' by the shortcut' : ''}`);
  if (p.catches) {
    const who = names[p.catches.seat] ?? `Player ${p.catches.seat}`;
    parts.push(`catches ${who}'s ${p.catches.size === 1 ? 'piece' : `stack of ${p.catches.size}`}`);
  }
  if (p.joins)
    parts.push(
      `stacks with ${owner ? `${owner}'s` : 'your'} ${p.joins.size === 1 ? 'piece' : p.joins.size}`,
    );
  return parts.join(', ');
}

/**
 * Every legal move of the turn, numbered, with where it lands and what it does: the list the
 * player picks from with ↑↓ or a number, `rows` lines at most around the chosen one.
 */
export function moveLines(
  play: YutPlay,
  rows: number,
  width: number,
): { text: string; chosen: boolean }[] {
  const { state, selection } = play;
  const moves = legalEvents(state);
  const lines = moves.map((m, i) => {
    const p = previewOf(state, { from: m.from, result: m.result });
    const to = p?.to === ARRIVED ? 'home' : String(p?.to);
    const does = [
      p?.catches ? 'catch' : '',
      p?.joins ? 'stack' : '',
      p?.shortcut ? 'shortcut' : '',
    ].filter(Boolean);
    const chosen = m.from === selection?.from && m.result === selection?.result;
    const number = i < 9 ? String(i + 1) : ' ';
    const from = m.from === IN_HAND ? 'hand' : String(m.from);
    const text = `${chosen ? '▸' : ' '}${number} ${m.result} ${from}→${to}${does.length > 0 ? ` ${does.join(' ')}` : ''}`;
    return { text: fit(text, width).trimEnd(), chosen };
  });
  if (lines.length <= rows) return lines;
  const at = Math.max(
    0,
    lines.findIndex((l) => l.chosen),
  );
  const start = Math.max(0, Math.min(lines.length - rows, at - Math.floor(rows / 2)));
  return lines.slice(start, start + rows);
}

export function YutPanel({
  play,
  preview,
  width,
  height,
  recording,
  keyLines,
  timeline,
}: {
  play: YutPlay;
  preview: Preview | undefined;
  width: number;
  height: number;
  /** Where the game is recorded (shown when it ends), or why the recording stopped. */
  recording?: string | undefined;
  /** The key lines at the bottom, when not the play screen's. */
  keyLines?: readonly string[] | undefined;
  /** The log is the replay's timeline: shown from its top (see firstLines). */
  timeline?: boolean | undefined;
}) {
  const { state, seats } = play;
  const finished = useOverKeys();
  const watching = useWatching();
  // Whether this screen holds the mover's seat (at one keyboard, every seat).
  const held = useSeatsHeld();
  const mine = held === null || held.includes(state.turn);
  const names = seats.map((s) => s.name);
  const turn = state.turn;
  const inner = width - 4;
  const over = state.phase === 'over';
  const winner = state.winner ?? 0;
  const doing = state.phase === 'throw' ? 'to throw' : 'to move';
  const keys =
    keyLines ??
    (over
      ? overKeys(finished, inner)
      : watching
        ? WATCHING_KEYS
        : inner >= 44
          ? // Each key with its word; the others (n, l, s and more) on the help page ? opens.
            [
              'Space throw · Enter move · ↑↓ 1-9 result',
              '←→ piece · u undo · h hint · ? help · q quit',
            ]
          : ['Space throw · Enter move', '↑↓ 1-9 result · ←→ piece', 'u undo · h hint · ? help']);
  // Every seat in fixed columns: a header, then name, hand, home and a computer's level or an
  // animal, so nothing is cut at 80 columns.
  const nameWidth = Math.max(6, Math.min(12, inner - 20));
  // Notices come already in the players' names (the play model names the rules' refusals).
  const notice = play.notice ? logPage([play.notice], inner) : undefined;
  const choiceRows = timeline ? 0 : 2;
  const sticksRows = sticksLines(play, inner).length;
  const resultsRows = resultRows(state, preview?.result, inner).length;
  const fixedLines =
    2 + 1 + sticksRows + resultsRows + choiceRows + 1 + 1 + seats.length + 1 + keys.length;
  // A notice (a hint with its reason) takes the rows it needs from the log, which keeps one: it
  // is never cut (four rows at most, a hint's five at 80 columns were drawn over each other).
  // The replay keeps no rows for a notice it has not got, nor for a choice it never makes (the
  // piece and where it goes): at 80×24 its timeline needs them for a move and the reason after it.
  const noticeRows = notice
    ? Math.max(2, Math.min(notice.length, height - fixedLines - 1))
    : timeline
      ? 0
      : 2;
  const rows = Math.max(1, height - fixedLines - noticeRows);
  // A person to move picks from the list of moves, with the newest of the log below it where
  // there is room (what the computers just did stays in sight); otherwise the log (all on `l`).
  const listing = state.phase === 'move' && !isComputer(play) && keyLines === undefined;
  const moves = listing ? moveLines(play, rows, inner) : [];
  const logRows = listing ? rows - moves.length - 1 : rows;
  const log =
    logRows <= 0
      ? []
      : timeline
        ? firstLines(play.log, inner, logRows)
        : lastLines(play.log, inner, logRows);
  const selectedFrom = preview?.from;
  const heading = over
    ? wrapped(
        run(`★ ${SEAT_LETTERS[winner]} ${names[winner]} wins! ★`, { seat: winner, bold: true }),
      )
    : cut(
        run(`▶ ${SEAT_LETTERS[turn]} ${names[turn]}`, { seat: turn, bold: true }),
        run(
          ` ${doing}${state.phase === 'throw' && state.throwsOwed > 1 ? ` (${state.throwsOwed} throws)` : ''}`,
        ),
      );
  const choice =
    choiceRows > 0
      ? [
          cut(
            run('Piece ', dim),
            run(
              selectedFrom === undefined
                ? '—'
                : selectedFrom === IN_HAND
                  ? 'a new piece from hand'
                  : `${preview?.size === 1 ? 'the piece' : `the stack of ${preview?.size}`} at ${selectedFrom}`,
            ),
          ),
          cut(
            run('  → ', dim),
            run(
              preview ? previewWords(preview, names, mine ? undefined : names[turn]) : '',
              preview?.problem !== undefined ? dim : plain,
            ),
          ),
        ]
      : [];
  const rule = wrapped(run('─'.repeat(inner), dim));
  const top: Row[] = [
    heading,
    ...sticksOf(play, inner),
    ...resultsOf(state, preview?.result, inner),
    ...choice,
    rule,
    cut(run(`   ${fit('', nameWidth)} hand home`, dim)),
    ...seats.map((seat, i) => {
      const animal = animalOf(state, i);
      return cut(
        run(`${i === turn && !over ? '▶' : ' '}${SEAT_LETTERS[i]} ${fit(seat.name, nameWidth)}`, {
          seat: i,
          bold: i === turn,
        }),
        run(` ${String(inHand(state, i)).padStart(4)} ${String(arrived(state, i)).padStart(4)}`),
        ...(seat.kind === 'computer' ? [run(` ${seat.level ?? 'strong'}`, dim)] : []),
        ...(animal ? [run(` ${animal}`)] : []),
      );
    }),
    rule,
  ];
  const listed: Row[] = [
    ...moves.map((line) =>
      cut(run(line.text, line.chosen ? { bold: true, inverse: true } : plain)),
    ),
    ...(moves.length > 0 && log.length > 0 ? [wrapped(run('┄'.repeat(inner), dim))] : []),
    ...log.map((line, i) => cut(run(line || ' ', i < log.length - 3 ? dim : plain))),
  ];
  const noticed: Row[] = notice
    ? notice.map((line) => wrapped(run(line, { colour: 'yellow' })))
    : over && recording
      ? recordingLines(recording, inner).map((line) => wrapped(run(line, dim)))
      : [wrapped(run(' '))];
  return (
    <Box
      borderStyle="round"
      flexDirection="column"
      paddingX={1}
      width={width}
      height={height}
      flexShrink={0}
    >
      <SegmentRows rows={top} width={inner} />
      <Box flexDirection="column" height={rows} overflow="hidden">
        <SegmentRows rows={listed} width={inner} />
      </Box>
      <Box flexDirection="column" height={noticeRows} overflow="hidden">
        <SegmentRows rows={noticed} width={inner} />
      </Box>
      <SegmentRows rows={keys.map((k) => cut(run(k, dim)))} width={inner} />
    </Box>
  );
}

/**
 * Where the game is recorded, in the panel's width: a file too long for the row after
 * `Recording:` goes on its own, cut from the start so that its name stays (wrapped, the name
 * was what the notice's two rows cut off).
 */
function recordingLines(text: string, width: number): string[] {
  const file = /^Recording: (.+)$/.exec(text)?.[1];
  if (file === undefined || displayWidth(text) <= width) return [text];
  return ['Recording:', pathFit(file, width)];
}
