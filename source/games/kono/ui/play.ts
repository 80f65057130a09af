/**
 * The Kono play screen as a pure model. Between rounds (the board size, the dice, the colour,
 * another round) the player chooses from a list, as on the shared move-list screen; in a round
 * the player points: the cursor on one of their pieces, Enter to choose it, then a direction key
 * (7 9 1 3, the keypad's corners) to preview the step and the same key or Enter to make it.
 * `u` takes back the player's last move of the round with the computer's reply after it; `r`
 * twice quits the round (the seed's "Quit the game": five points off).
 */
import type { Seat } from '../../../engine/seats.js';
import type { Key } from '../../../ui/keys.js';
import { type Told, type ToldBack, wanting, wantingBack } from '../../../ui/event-log.js';
import { type ListAction, type ListPlay, listPlayModel } from '../../../ui/list-play.js';
import { backLogged, FRAME_HELP, LOG_KEPT, frameKey } from '../../../ui/play-session.js';
import { motiveOf, motiveWords, pointName } from '../bot.js';
import { konoTakeBack } from '../core.js';
import { describeKonoEvent } from '../describe.js';
import {
  at,
  colourOfPoint,
  colourOfSeat,
  DIRECTIONS,
  type Direction,
  type KonoEvent,
  konoGame,
  type KonoState,
  letterOf,
  type Moved,
  target,
} from '../rules.js';
import { DIRECTION_KEYS, type Mark, pointKey } from './board-layout.js';

export interface KonoPlay extends ListPlay<KonoState, KonoEvent> {
  /** The point under the cursor: row and column from 1 at the North-West corner. */
  readonly cursor: readonly [number, number];
  /** The piece chosen to move. */
  readonly chosen: readonly [number, number] | null;
  /** The direction previewed: its key pressed once (again, or Enter, makes the move). */
  readonly preview: Direction | null;
  /** `r` pressed once: a second press quits the round. */
  readonly resigning: boolean;
}

export type KonoAction =
  | ListAction<KonoEvent, KonoState>
  | { readonly type: 'konoPlay/cursorMoved'; readonly rows: number; readonly columns: number }
  | { readonly type: 'konoPlay/pointPressed' }
  | { readonly type: 'konoPlay/directionPressed'; readonly direction: Direction }
  | { readonly type: 'konoPlay/choiceDropped' }
  | { readonly type: 'konoPlay/resignPressed' }
  | { readonly type: 'konoPlay/undoRequested' };

/** The log's length, as the list model keeps it. */
/** The whole game's log is kept, for the log page (`l`). */
const LOG = LOG_KEPT;

/** A choice between rounds, as a line of the list (moves are chosen on the board). */
export function konoLabel(state: KonoState, event: KonoEvent): string {
  switch (event.type) {
    case 'kono/moved': {
      const why = motiveOf(state, event);
      const where = why.kind === 'retreat' ? '' : ` ${pointName(why.row, why.column)}`;
      // The destination is one step away; the list keeps to the piece, the way and the why.
      return `${pointName(event.row, event.column)} ${event.direction}: ${why.kind}${where}`;
    }
    case 'kono/quit':
      return 'quit the round (5 points off)';
    case 'kono/sizeChosen':
      return `a ${event.size} × ${event.size} board`;
    case 'kono/colourChosen':
      return `play ${event.colour}, and move first`;
    case 'kono/anotherRound':
      return event.again ? 'play another round' : 'end the tournament';
    case 'kono/diceThrown':
      return 'throw the dice';
  }
}

const list = listPlayModel<KonoState, KonoEvent>({
  rules: konoGame as never,
  describe: (before, event, after, names) => describeKonoEvent(before, event, after, names),
  label: (state, event) => konoLabel(state, event),
});

const middle = (state: KonoState): [number, number] => {
  const m = Math.max(1, Math.ceil(state.size / 2));
  return [m, m];
};

export function newKonoPlay(
  initial: KonoState,
  seats: readonly Seat[],
  log?: readonly string[],
): KonoPlay {
  return {
    ...list.init(initial, seats, log),
    cursor: middle(initial),
    chosen: null,
    preview: null,
    resigning: false,
  };
}

const names = (play: KonoPlay) => play.seats.map((s) => s.name);
const same = (a: readonly [number, number] | null, b: readonly [number, number] | null) =>
  a !== null && b !== null && a[0] === b[0] && a[1] === b[1];
const moving = (play: KonoPlay) =>
  play.state.phase === 'play' && play.seats[play.state.turn]?.kind !== 'computer';
const mine = (state: KonoState, point: readonly [number, number]) =>
  colourOfPoint(at(state, point[0], point[1])) === colourOfSeat(state, state.turn);

/** The legal steps of the piece at `point`, by direction, with where each lands. */
export function stepsOf(
  state: KonoState,
  point: readonly [number, number],
): { direction: Direction; to: [number, number]; capture: boolean }[] {
  const out = [];
  for (const direction of DIRECTIONS) {
    const move: Moved = { type: 'kono/moved', row: point[0], column: point[1], direction };
    if (konoGame.check(state, move) !== undefined) continue;
    const to = target(state.size, point[0], point[1], direction) as [number, number];
    out.push({ direction, to, capture: colourOfPoint(at(state, to[0], to[1])) !== null });
  }
  return out;
}

/** The piece whose moves the board shows: the chosen one, else one of the player's under the cursor. */
export function shownPiece(play: KonoPlay): readonly [number, number] | null {
  if (!moving(play)) return null;
  if (play.chosen) return play.chosen;
  return mine(play.state, play.cursor) ? play.cursor : null;
}

/** Where the last move came from and went, while its round goes on. */
export function lastMoveMarks(state: KonoState, last: KonoEvent | undefined): Map<string, Mark> {
  const marks = new Map<string, Mark>();
  if (last?.type === 'kono/moved' && state.phase === 'play') {
    const to = target(state.size, last.row, last.column, last.direction);
    marks.set(pointKey(last.row, last.column), { kind: 'from' });
    if (to) marks.set(pointKey(to[0], to[1]), { kind: 'to' });
  }
  return marks;
}

/** The board's marks: the last move, and the shown piece with its moves by their keys. */
export function konoMarks(play: KonoPlay): Map<string, Mark> {
  const marks = lastMoveMarks(play.state, play.events.at(-1));
  const piece = shownPiece(play);
  if (piece === null) return marks;
  marks.set(pointKey(piece[0], piece[1]), { kind: 'chosen' });
  for (const step of stepsOf(play.state, piece))
    marks.set(pointKey(step.to[0], step.to[1]), {
      kind: step.direction === play.preview ? 'preview' : 'move',
      direction: step.direction,
      capture: step.capture,
    });
  return marks;
}

/** What the player is asked to do now, in a line. */
export function stepWords(play: KonoPlay): string {
  const { state } = play;
  if (state.phase !== 'play') return '';
  const piece = shownPiece(play);
  const letter = letterOf(colourOfSeat(state, state.turn) ?? 'white');
  if (piece === null) return `the cursor on a ${letter}, then Enter`;
  if (play.preview === null) return `${pointName(piece[0], piece[1])}: a direction, 7 9 1 3`;
  return `${DIRECTION_KEYS[play.preview]} again or Enter: ${play.preview}`;
}

/** The preview's line: where the step lands and why it is worth making, in the seed's terms. */
export function previewWords(play: KonoPlay): string | null {
  const piece = shownPiece(play);
  if (piece === null || play.preview === null) return null;
  const move: Moved = {
    type: 'kono/moved',
    row: piece[0],
    column: piece[1],
    direction: play.preview,
  };
  const to = target(play.state.size, piece[0], piece[1], play.preview);
  if (!to) return null;
  const why = motiveWords(play.state, motiveOf(play.state, move), names(play));
  return `${pointName(piece[0], piece[1])} ${play.preview} to ${pointName(to[0], to[1])}: ${why}.`;
}

const DIRECTION_OF_KEY: Readonly<Record<string, Direction>> = {
  '7': 'northwest',
  home: 'northwest',
  '9': 'northeast',
  pageup: 'northeast',
  '1': 'southwest',
  end: 'southwest',
  '3': 'southeast',
  pagedown: 'southeast',
};

/** The keys, for the help page (the rules follow them). */
export const KONO_HELP: readonly string[] = [
  'Keys',
  '  ← → ↑ ↓    move the cursor over the points',
  '  Enter      on one of your pieces: choose it (again, or Esc: drop it)',
  '  7 9 1 3    step the chosen piece: 7 northwest, 9 northeast, 1 southwest,',
  '             3 southeast (the keypad’s corners; Home PgUp End PgDn too).',
  '             The board shows each step by its key: the first press',
  '             previews it, the second (or Enter) makes it',
  '  u          take back your last move, and the computer’s reply after it',
  '  r r        quit the round: it is scored as it stands, 5 points off yours',
  '  s          save the tournament and leave (before a move or the dice)',
  '  h          a hint: the strong computer’s move and why, chosen for you',
  '  ↑ ↓ Enter  between rounds: choose the board, the colour, another round',
  '  Space      throw the dice for the first move',
  '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
  ...FRAME_HELP,
];

export function konoKey(play: KonoPlay, key: Key): KonoAction | undefined {
  // A person's last move can be taken back while the computer replies, as well as after.
  if (key === 'u' && play.overlay === null) return { type: 'konoPlay/undoRequested' };
  // Between rounds, and whenever a computer is to act, the list's keys (and its manners) apply.
  if (!moving(play) || play.overlay !== null) return list.key(play, key);
  // Esc lets go of a chosen piece first; with none chosen it asks to quit, as everywhere.
  if (key === 'escape' && play.chosen) return { type: 'konoPlay/choiceDropped' };
  const shared = frameKey(play.overlay, true, key);
  if (shared !== undefined) return shared ?? undefined;
  const direction = DIRECTION_OF_KEY[key];
  if (direction) return { type: 'konoPlay/directionPressed', direction };
  switch (key) {
    case 'up':
      return { type: 'konoPlay/cursorMoved', rows: -1, columns: 0 };
    case 'down':
      return { type: 'konoPlay/cursorMoved', rows: 1, columns: 0 };
    case 'left':
      return { type: 'konoPlay/cursorMoved', rows: 0, columns: -1 };
    case 'right':
      return { type: 'konoPlay/cursorMoved', rows: 0, columns: 1 };
    case 'enter':
    case 'space':
      return { type: 'konoPlay/pointPressed' };
    case 'x':
    case 'backspace':
      return { type: 'konoPlay/choiceDropped' };
    case 'r':
      return { type: 'konoPlay/resignPressed' };
    case 'h':
      return { type: 'play/hintRequested' };
    case 's':
      return { type: 'play/saveRequested' };
    default:
      return undefined;
  }
}

/** After the list model took an event: the cursor follows a person's move; a new board recentres it. */
function settled(before: KonoPlay, after: KonoPlay): KonoPlay {
  if (after.events.length === before.events.length) return after;
  const event = after.events.at(-1) as KonoEvent;
  let cursor = before.cursor;
  if (after.state.size !== before.state.size || before.state.phase !== 'play')
    cursor = middle(after.state);
  else if (event.type === 'kono/moved' && before.seats[before.state.turn]?.kind !== 'computer')
    cursor = target(before.state.size, event.row, event.column, event.direction) ?? cursor;
  // A turn begins on its player's first legal choice (every game's rule: after the computer's
  // move the person's cursor is on a piece that can move), as in Yut, Ur and Yoté.
  if (after.state.phase === 'play' && after.state.turn !== before.state.turn) {
    const first = konoGame.legalEvents(after.state).find((e) => e.type === 'kono/moved');
    if (first?.type === 'kono/moved') cursor = [first.row, first.column];
  }
  return { ...after, cursor, chosen: null, preview: null, resigning: false };
}

/** A move asked of the table: the model shows it once the table tells it. */
function move(play: KonoPlay, piece: readonly [number, number], direction: Direction): KonoPlay {
  const event: Moved = { type: 'kono/moved', row: piece[0], column: piece[1], direction };
  return { ...play, ...wanting<KonoEvent>(event) };
}

function pressed(play: KonoPlay): KonoPlay {
  const { state, cursor, chosen } = play;
  if (chosen && play.preview) return move(play, chosen, play.preview);
  const step = chosen && stepsOf(state, chosen).find((s) => same(s.to, cursor));
  if (chosen && step) return move(play, chosen, step.direction);
  const name = pointName(cursor[0], cursor[1]);
  if (mine(state, cursor)) {
    if (same(chosen, cursor)) return { ...play, chosen: null, preview: null, notice: null };
    if (stepsOf(state, cursor).length === 0)
      return {
        ...play,
        notice: `The piece at ${name} has no free point diagonally beside it (and cannot capture).`,
      };
    return { ...play, chosen: cursor, preview: null, notice: null };
  }
  const letter = letterOf(colourOfSeat(state, state.turn) ?? 'white');
  const here = at(state, cursor[0], cursor[1]);
  return {
    ...play,
    notice:
      colourOfPoint(here) === null
        ? `${name} is empty: put the cursor on one of your pieces (${letter}) and press Enter.`
        : `The piece at ${name} is your opponent's: yours are ${letter}.`,
  };
}

function direction(play: KonoPlay, way: Direction): KonoPlay {
  const piece = shownPiece(play);
  if (piece === null)
    return {
      ...play,
      notice: `First choose a piece: the cursor on one of yours (${letterOf(colourOfSeat(play.state, play.state.turn) ?? 'white')}), then Enter.`,
    };
  if (play.preview === way && same(play.chosen, piece)) return move(play, piece, way);
  const problem = konoGame.check(play.state, {
    type: 'kono/moved',
    row: piece[0],
    column: piece[1],
    direction: way,
  });
  if (problem !== undefined) return { ...play, notice: problem };
  return { ...play, chosen: piece, preview: way, notice: null };
}

// How far `u` reaches is Kono's rule, on its core (a table built from the core alone uses it).
export { konoTakeBack };

/**
 * A take-back the table made (by konoTakeBack): the player's last move of this round and
 * everything after it (the computer's reply), as chess programs do.
 */
function takenBack(play: KonoPlay, back: ToldBack<KonoState, KonoEvent>): KonoPlay {
  const who = play.seats[back.mover]?.name ?? 'The player';
  const replies = back.removed.length - 1;
  const taken = back.removed[0] as Moved;
  return {
    ...play,
    ...backLogged(
      play,
      back,
      `${who} took back a move${replies > 0 ? ` and the ${replies === 1 ? 'reply' : `${replies} moves`} after it` : ''}.`,
    ),
    cursor: [taken.row, taken.column],
    chosen: null,
    preview: null,
    resigning: false,
  };
}

/** An event the table told; a computer's move says what it wanted, in the seed's sentence. */
function told(play: KonoPlay, one: Told<KonoState, KonoEvent>): KonoPlay {
  const computer = one.note !== undefined;
  const after = settled(
    play,
    list.reduce(play, { type: 'play/told', told: { ...one, note: undefined } }) as KonoPlay,
  );
  const { event } = one;
  if (!computer || event.type !== 'kono/moved') return after;
  const why = motiveWords(one.before, motiveOf(one.before, event), names(play));
  const lines = describeKonoEvent(one.before, event, one.after, names(play)).length;
  const log = [...after.log];
  log.splice(log.length - lines + 1, 0, `  It wanted ${why}.`);
  return { ...after, log: log.slice(-LOG) };
}

export function reduceKonoPlay(play: KonoPlay, action: KonoAction): KonoPlay {
  switch (action.type) {
    case 'konoPlay/cursorMoved': {
      const n = play.state.size;
      const row = ((play.cursor[0] - 1 + action.rows + n) % n) + 1;
      const column = ((play.cursor[1] - 1 + action.columns + n) % n) + 1;
      const cursor: [number, number] = [row, column];
      // The cursor on one of the chosen piece's landing points previews that step.
      const step = play.chosen && stepsOf(play.state, play.chosen).find((s) => same(s.to, cursor));
      return {
        ...play,
        cursor,
        preview: step ? step.direction : null,
        notice: null,
        resigning: false,
      };
    }
    case 'konoPlay/pointPressed':
      return pressed({ ...play, resigning: false });
    case 'konoPlay/directionPressed':
      return direction({ ...play, resigning: false }, action.direction);
    case 'konoPlay/choiceDropped':
      return { ...play, chosen: null, preview: null, notice: null, resigning: false };
    case 'konoPlay/resignPressed':
      if (play.resigning) return { ...play, ...wanting<KonoEvent>({ type: 'kono/quit' }) };
      return {
        ...play,
        resigning: true,
        notice: 'Press r again to quit this round: it is scored as it stands, 5 points off yours.',
      };
    case 'konoPlay/undoRequested':
      return { ...play, ...wantingBack<KonoEvent>() };
    case 'play/told':
      return told(play, action.told);
    case 'play/takenBack':
      return takenBack(play, action.back);
    case 'play/hintShown': {
      const event = action.event;
      if (event.type !== 'kono/moved' || play.state.phase !== 'play')
        return list.reduce(play, action) as KonoPlay;
      const piece: [number, number] = [event.row, event.column];
      return {
        ...play,
        cursor: piece,
        chosen: piece,
        preview: event.direction,
        notice: action.notice,
      };
    }
    default:
      return settled(play, list.reduce(play, action) as KonoPlay);
  }
}
