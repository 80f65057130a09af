/**
 * Kono's panel beside the board: the turn, both sides' tournament and round scores, the compass
 * of direction keys with the previewed move, the choices between rounds, the rounds' score
 * table, the log and the keys.
 */
import { Box, Text } from '../../../render/components.js';
import type { ReactNode } from 'react';
import type { Seat } from '../../../engine/seats.js';
import { listWindow } from '../../../ui/ListPlayScreen.js';
import { PanelTail, TurnLine } from '../../../ui/PanelParts.js';
import { usePanelKeys } from '../../../ui/play-session.js';
import { displayWidth, fit, wrapText } from '../../../ui/text.js';
import { Styled } from '../../../ui/theme.js';
import { pointName } from '../bot.js';
import { nameOf } from '../describe.js';
import {
  colourOfSeat,
  countOf,
  type Direction,
  type KonoEvent,
  konoGame,
  type KonoState,
  letterOf,
  other,
  piecesAtStart,
  type RoundResult,
  roundScore,
} from '../rules.js';
import { COLOUR_SEAT, DIRECTION_KEYS } from './board-layout.js';
import { konoLabel, type KonoPlay, previewWords, shownPiece, stepsOf, stepWords } from './play.js';

/** The panel takes the width the board leaves, up to what its longest lines need. */
export const konoPanelWidth = (width: number, boardBox: number) =>
  Math.max(30, Math.min(64, width - boardBox));

/** Both sides: colour, name, tournament points, this round's score so far and captures. */
export function ScoreLines({
  state,
  names,
  width,
  seats,
}: {
  state: KonoState;
  names: readonly string[];
  width: number;
  /** The seats, for a computer's level beside its name where there is room. */
  seats?: readonly Seat[] | undefined;
}) {
  const nameWidth = Math.max(4, Math.min(24, width - 24));
  const shown = (seat: number) => {
    const name = names[seat] ?? '';
    const s = seats?.[seat];
    const level = s?.kind === 'computer' ? ` (${s.level ?? 'strong'})` : '';
    return displayWidth(name + level) <= nameWidth ? name + level : name;
  };
  const ended = state.phase === 'roundOver' || state.phase === 'over';
  const result = ended ? state.results.at(-1) : undefined;
  return (
    <>
      <Text dimColor wrap="truncate-end">
        {`${''.padEnd(nameWidth + 2)} total  round  took`}
      </Text>
      {[0, 1].map((seat) => {
        const colour = colourOfSeat(state, seat);
        const took =
          colour && state.size > 0 ? piecesAtStart(state.size) - countOf(state, other(colour)) : 0;
        const score = result ? result.scores[seat] : roundScore(state, seat);
        return (
          <Text key={seat} wrap="truncate-end">
            <Styled seat={colour ? COLOUR_SEAT[colour] : undefined} bold={seat === state.turn}>
              {colour ? letterOf(colour) : '·'} {fit(shown(seat), nameWidth)}
            </Styled>
            {` ${String(state.totals[seat]).padStart(5)}  ${String(colour ? score : '–').padStart(5)}  ${String(took).padStart(4)}`}
          </Text>
        );
      })}
    </>
  );
}

const PHASE_WORDS: Readonly<Record<KonoState['phase'], string>> = {
  size: 'to choose the board',
  dice: 'to throw for the first move',
  colour: 'to choose a colour',
  play: 'to move',
  roundOver: 'to say: another round?',
  over: '',
};

export function KonoPanel({ play, width, rows }: { play: KonoPlay; width: number; rows: number }) {
  const { state, seats } = play;
  const names = seats.map((s) => s.name);
  const over = state.phase === 'over';
  const inner = width - 4;
  const colour = colourOfSeat(state, state.turn);
  const human = seats[state.turn]?.kind !== 'computer';
  // 15 fixed lines and a middle of 4 or more: the log gets the rest, up to 10.
  const middle = middleLines(play, inner, rows);
  const keys = usePanelKeys(
    over,
    state.phase === 'play'
      ? // Every key with its word in 33 columns (a 9 × 9 board's panel at 80); the cursor, Enter
        // and 7 9 1 3 are asked for on the step's line above.
        ['h hint · u undo · s save · ? help', 'r r resign · q quit']
      : ['↑↓ Enter choose · Space throw', 's save · h hint · ? help · q quit'],
  );
  return (
    <Box borderStyle="round" flexDirection="column" paddingX={1} width={width} flexShrink={0}>
      <TurnLine
        ended={over ? tournamentLine(state, names) : null}
        seat={colour ? COLOUR_SEAT[colour] : undefined}
        who={`${names[state.turn]}${colour ? ` (${colour})` : ''}`}
        doing={` ${PHASE_WORDS[state.phase]}`}
      />
      <Text wrap="truncate-end">
        {state.phase === 'play' && human ? `  ${stepWords(play)}` : ' '}
      </Text>
      <Text dimColor wrap="truncate-end">
        Round {state.round}
        {state.size > 0 ? ` · ${state.size} × ${state.size}` : ''}
        {state.phase === 'play' ? ` · quiet ${state.quiet}/${state.settings.quietMoves}` : ''}
      </Text>
      <ScoreLines state={state} names={names} width={inner} seats={seats} />
      <Text dimColor>{'─'.repeat(Math.max(0, inner))}</Text>
      {middle}
      <PanelTail
        log={play.log}
        width={inner}
        rows={Math.max(1, Math.min(10, rows - 15 - middle.length))}
        notice={play.notice}
        keys={keys}
      />
    </Box>
  );
}

/** The panel's middle: the compass in a round, the choices between rounds, the score table after. */
function middleLines(play: KonoPlay, width: number, height: number): ReactNode[] {
  const { state } = play;
  if (state.phase === 'play') return compass(play, width);
  if (state.phase === 'roundOver' || state.phase === 'over') {
    // Six lines at 24 rows; a taller window shows more rounds, the log keeping its ten.
    const table = roundTable(
      state,
      play.seats.map((s) => s.name),
      width,
      Math.max(6, height - 29),
    );
    if (state.phase === 'over') return table;
    return [...table, ...choices(play)];
  }
  if (state.phase === 'dice') {
    const last = state.dice;
    return [
      <Text key="d" wrap="truncate-end">
        {last
          ? `Last throw: ${last[0]?.join(' + ')} against ${last[1]?.join(' + ')}, equal: again.`
          : 'Two dice each: the higher sum moves first.'}
      </Text>,
      <Text key="s" bold>
        ▸ Space: throw the dice
      </Text>,
      <Text key="e"> </Text>,
      <Text key="f"> </Text>,
    ];
  }
  const list = choices(play);
  while (list.length < 4) list.push(<Text key={`pad${list.length}`}> </Text>);
  return list;
}

function choices(play: KonoPlay): ReactNode[] {
  const legal = konoGame.legalEvents(play.state);
  return listWindow(legal.length, play.choice).map((i) => (
    <Text key={`c${i}`} wrap="truncate-end" inverse={i === play.choice}>
      {i === play.choice ? '▸' : ' '} {i + 1}. {konoLabel(play.state, legal[i] as KonoEvent)}
    </Text>
  ));
}

const COMPASS: readonly (readonly [Direction, string])[] = [
  ['northwest', '↖ NW'],
  ['northeast', 'NE ↗'],
  ['southwest', '↙ SW'],
  ['southeast', 'SE ↘'],
];

/** The four direction keys around the shown piece: green a step, red a capture, dim neither. */
function compass(play: KonoPlay, width: number): ReactNode[] {
  const piece = shownPiece(play);
  const steps = piece ? stepsOf(play.state, piece) : [];
  const key = (direction: Direction, label: string) => {
    const step = steps.find((s) => s.direction === direction);
    const on = play.preview === direction && step !== undefined;
    const text =
      direction === 'northwest' || direction === 'southwest'
        ? `${DIRECTION_KEYS[direction]} ${label}`
        : `${label} ${DIRECTION_KEYS[direction]}`;
    return (
      <Styled
        seat={step ? (step.capture ? 0 : 2) : undefined}
        bold={step !== undefined}
        dim={step === undefined}
        inverse={on}
      >
        {text}
      </Styled>
    );
  };
  const [nw, ne, sw, se] = COMPASS.map(([d, l]) => key(d, l));
  const point = piece ? (play.state.board[piece[0] - 1]?.[piece[1] - 1] ?? '') : '';
  const centre = piece ? `${pointName(piece[0], piece[1])} ${point}` : 'no piece';
  const preview = previewWords(play);
  const legend =
    steps.length === 0 && piece === null
      ? '◇ a home point; N and S rows: its value'
      : steps.length === 0
        ? 'this piece cannot move'
        : `${steps.length} step${steps.length === 1 ? '' : 's'}: press its key to preview`;
  return [
    <Text key="n">
      {'  '}
      {nw}
      {'   '}
      {ne}
    </Text>,
    <Text key="m" dimColor={piece === null}>
      {'       '}
      {centre}
    </Text>,
    <Text key="s">
      {'  '}
      {sw}
      {'   '}
      {se}
    </Text>,
    ...[0, 1].map((i) => (
      <Text key={`p${i}`} wrap="truncate-end" dimColor={preview === null}>
        {wrapText(preview ?? legend, width)[i] ?? ' '}
      </Text>
    )),
  ];
}

/** The tournament's end in the panel's first line: who won, by how much (the names are below). */
function tournamentLine(state: KonoState, names: readonly string[]): string {
  const [a, b] = state.totals;
  if (a === b) return `The tournament is a draw, ${a} to ${b}.`;
  const winner = a > b ? 0 : 1;
  return `${nameOf(names, winner)} wins the tournament, ${Math.max(a, b)} to ${Math.min(a, b)}.`;
}

/** Why a round ended, in a word or two for the score table. */
/** Why a round ended in a word, where a narrow panel has no room for the words above. */
const ENDED_SHORT: Readonly<Record<RoundResult['ending'], string>> = {
  home: 'home',
  wiped: 'taken',
  stuck: 'stuck',
  quiet: 'quiet',
  quit: 'quit',
};

function endedWords(result: RoundResult, names: readonly string[]): string {
  switch (result.ending) {
    case 'home':
      return 'all home';
    case 'wiped':
      return 'all taken';
    case 'stuck':
      return 'no moves';
    case 'quiet':
      return 'quiet moves';
    case 'quit':
      return result.quitter === null ? 'quit' : `${nameOf(names, result.quitter)} quit`;
  }
}

/**
 * Every round's scores, the points awarded and to whom, and why it ended; then the tournament's
 * totals. The points come before the name, so a narrow panel cuts the name, never the points,
 * nor why the round ended (in a word where the words do not fit).
 */
export function roundTable(
  state: KonoState,
  names: readonly string[],
  width: number,
  rows: number,
): ReactNode[] {
  // Each score column as wide as its name, within what the panel leaves for the two of them
  // beside the round and board (8 columns) and the points awarded with their winner (14).
  const room = Math.max(10, width - 8 - 3 - 14);
  const widths = [0, 1].map((seat) =>
    Math.max(4, Math.min(displayWidth(names[seat] ?? ''), Math.floor(room / 2))),
  ) as [number, number];
  const shown = state.results.slice(-Math.max(1, rows - 2));
  const column = (seat: number, text: string) =>
    fit(text, widths[seat] as number)
      .trimEnd()
      .padStart(widths[seat] as number);
  const scores = (a: number | string, b: number | string) =>
    `${column(0, String(a))} ${column(1, String(b))}`;
  // What a row has left after its scores, for the points, the winner and why the round ended:
  // the why in short words where the long do not fit, then the winner's name cut (it heads its
  // column above), so that the points and the why are whole.
  const left = width - 8 - widths[0] - 1 - widths[1] - 2;
  const tail = (r: RoundResult) => {
    const awarded = r.winner === null ? 'draw' : `+${r.awarded} ${nameOf(names, r.winner)}`;
    const long = ` · ${endedWords(r, names)}`;
    if (displayWidth(awarded + long) <= left) return { awarded, why: long };
    const why = ` · ${ENDED_SHORT[r.ending]}`;
    const points = r.winner === null ? 'draw' : `+${r.awarded}`;
    const room = Math.max(displayWidth(points) + 2, left - displayWidth(why));
    return { awarded: fit(awarded, room).trimEnd(), why };
  };
  const lines = [
    <Text key="h" dimColor wrap="truncate-end">
      {`Rnd     ${scores(names[0] ?? '', names[1] ?? '')}  awarded`}
    </Text>,
    ...shown.map((r) => (
      <Text key={`r${r.round}`} wrap="truncate-end">
        {`${String(r.round).padStart(3)} ${`${r.size}×${r.size}`} ${scores(r.scores[0], r.scores[1])}  ${tail(r).awarded}`}
        <Text dimColor>{tail(r).why}</Text>
      </Text>
    )),
    <Text key="t" bold wrap="truncate-end">
      {`${'total'.padEnd(7)} ${scores(state.totals[0], state.totals[1])}`}
    </Text>,
  ];
  return lines;
}
