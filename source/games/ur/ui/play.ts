/**
 * The Ur play screen as a pure model: the table's state as it told it, the selected stone and what
 * its move would do, the log, and the mapping from a key to an action.
 */
import type { Seat } from '../../../engine/seats.js';
import type { Key } from '../../../ui/keys.js';
import {
  type EventLog,
  type Told,
  type ToldBack,
  wanting,
  wantingBack,
} from '../../../ui/event-log.js';
import {
  backLogged,
  computerToPlay,
  FRAME_HELP,
  frameKey,
  type Overlay,
  reduceFramed,
  type SessionAction,
  toldLogged,
} from '../../../ui/play-session.js';
import { repliesWords } from '../../../engine/take-back.js';
import { describeUrEvent, stoneName } from '../describe.js';
import {
  type Dice,
  type DiceRolled,
  OFF,
  squareOf,
  type StoneMoved,
  STONES,
  target,
  type UrEvent,
  type UrState,
} from '../rules.js';

export interface UrPlay extends EventLog<UrState, UrEvent> {
  readonly seats: readonly Seat[];
  /** The selected stone of the player to move. */
  readonly stone: number;
  readonly log: readonly string[];
  readonly notice: string | null;
  readonly lastDice: { readonly colour: number; readonly dice: Dice } | null;
  readonly overlay: Overlay;
  /** `n`: the squares of the path of the player to move are numbered on the board. */
  readonly numbers: boolean;
}

export type UrAction =
  | SessionAction<UrEvent, UrState>
  | { readonly type: 'urPlay/stoneChosen'; readonly delta: 1 | -1 }
  | { readonly type: 'urPlay/stonePicked'; readonly stone: number }
  | { readonly type: 'urPlay/moveRequested' }
  | { readonly type: 'urPlay/undoRequested' }
  | { readonly type: 'urPlay/numbersToggled' };

/**
 * The stones worth choosing among: those that can move, else all still in play. Stones off the
 * board are all alike, so only the first of them is offered.
 */
export function choosable(state: UrState): number[] {
  const colour = state.turn;
  const stones = state.stones[colour] ?? [];
  const firstOff = stones.indexOf(OFF);
  const inPlay = stones.flatMap((p, i) =>
    p < (state.rules.board.paths[colour]?.length ?? 0) && (p !== OFF || i === firstOff) ? [i] : [],
  );
  if (state.phase !== 'move') return inPlay;
  const movable = inPlay.filter((i) => 'place' in target(state, i));
  return movable.length > 0 ? movable : inPlay;
}

function withSelection(play: UrPlay): UrPlay {
  const options = choosable(play.state);
  return options.includes(play.stone) ? play : { ...play, stone: options[0] ?? 0 };
}

export function newUrPlay(initial: UrState, seats: readonly Seat[]): UrPlay {
  return withSelection({
    initial,
    events: [],
    state: initial,
    seats,
    stone: 0,
    log: [
      `${seats[initial.turn]?.name ?? 'White'} to ${initial.phase === 'move' ? 'move' : 'roll'}.`,
    ],
    notice: null,
    lastDice: null,
    overlay: null,
    numbers: false,
  });
}

export interface UrPreview {
  readonly stone: number;
  readonly from: number;
  readonly to: number | undefined;
  readonly square: string | undefined;
  readonly captures: number | undefined;
  readonly rosette: boolean;
  readonly bearsOff: boolean;
  readonly problem: string | undefined;
}

export function urPreview(state: UrState, stone: number): UrPreview | undefined {
  if (state.phase !== 'move') return undefined;
  const colour = state.turn;
  const from = state.stones[colour]?.[stone] ?? OFF;
  const t = target(state, stone);
  if ('problem' in t) {
    return {
      stone,
      from,
      to: undefined,
      square: undefined,
      captures: undefined,
      rosette: false,
      bearsOff: false,
      problem: t.problem,
    };
  }
  const square = squareOf(state, colour, t.place);
  const other = 1 - colour;
  const captured =
    square === undefined
      ? -1
      : (state.stones[other] ?? []).findIndex((p) => squareOf(state, other, p) === square);
  return {
    stone,
    from,
    to: t.place,
    square,
    captures: captured >= 0 ? captured : undefined,
    rosette: square !== undefined && state.rules.board.rosettes.has(square),
    bearsOff: square === undefined,
    problem: undefined,
  };
}

/** The keys, for the help page (the rules follow them). */
export const UR_HELP: readonly string[] = [
  'Keys',
  '  Space      roll the four dice: the roll is how many show a dot, 0 to 4',
  '  ← → ↑ ↓    choose a stone (or press its number, 1 to 7)',
  '  Enter      move the chosen stone; the board first shows >W3< where it lands',
  '  u          take back your last move, with the computer’s reply (never a roll)',
  '  h          a hint: the strong computer’s move and why; where a table is built (madang ur',
  '             solve), the perfect move and your exact chance to win: before the roll → after',
  '  n          number the squares of the path of the player to move (1 is the first square',
  '             a stone enters); the log and the panel name squares by these numbers',
  '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
  ...FRAME_HELP,
];

export function urKey(play: UrPlay, key: Key): UrAction | undefined {
  const shared = frameKey(play.overlay, play.state.phase !== 'over', key);
  if (shared !== undefined) return shared ?? undefined;
  // Looking at the board is anyone's, whoever is to move.
  if (key === 'n') return { type: 'urPlay/numbersToggled' };
  // A person's last move can be taken back while the computer replies, as well as after.
  if (key === 'u') return { type: 'urPlay/undoRequested' };
  const waiting = computerToPlay(play.seats[play.state.turn]);
  if (waiting) return waiting;
  switch (key) {
    case 'space':
    case 'r':
      return { type: 'play/chanceRequested' };
    case 'left':
    case 'up':
      return { type: 'urPlay/stoneChosen', delta: -1 };
    case 'right':
    case 'down':
      return { type: 'urPlay/stoneChosen', delta: 1 };
    case 'enter':
      return { type: 'urPlay/moveRequested' };
    case 'h':
      return { type: 'play/hintRequested' };
    default:
      // A number chooses that stone (the board previews its move); Enter moves it.
      return /^[1-7]$/.test(key)
        ? { type: 'urPlay/stonePicked', stone: Number(key) - 1 }
        : undefined;
  }
}

/** An event the table told, drawn with the states it told around it. */
export function applyUrEvent(play: UrPlay, told: Told<UrState, UrEvent>): UrPlay {
  const { event, after: state } = told;
  return withSelection({
    ...play,
    ...toldLogged(play, told, describeUrEvent),
    // A turn begins on its player's first legal choice (every game's rule: after the computer's
    // move the person's selection is there), not on the stone of the same number just moved.
    stone: state.turn !== play.state.turn ? -1 : play.stone,
    lastDice:
      event.type === 'ur/diceRolled'
        ? { colour: play.state.turn, dice: event.dice }
        : play.lastDice,
  });
}

/**
 * A take-back the table made: a person's last move with no roll since, and with it the
 * computers' reply if they have played since.
 */
function takenBack(play: UrPlay, back: ToldBack<UrState, UrEvent>): UrPlay {
  const taken = back.removed[0] as StoneMoved;
  const rolled = back.lastChance?.event as DiceRolled | undefined;
  return withSelection({
    ...play,
    ...backLogged(
      play,
      back,
      `${play.seats[back.mover]?.name} took back the move of ${stoneName(back.mover, taken.stone)}${repliesWords(back.repliers)}.`,
    ),
    stone: taken.stone,
    lastDice:
      back.lastChance && rolled ? { colour: back.lastChance.seat, dice: rolled.dice } : null,
  });
}

/** A hinted move chooses its stone. */
const hinted = (_: UrPlay, event: UrEvent): Partial<UrPlay> =>
  event.type === 'ur/stoneMoved' ? { stone: event.stone } : {};

export function reduceUrPlay(play: UrPlay, action: UrAction): UrPlay {
  switch (action.type) {
    case 'play/told':
      return applyUrEvent(play, action.told);
    case 'play/takenBack':
      return takenBack(play, action.back);
    case 'urPlay/stoneChosen': {
      const options = choosable(play.state);
      const index = options.indexOf(play.stone);
      const stone = options[(index + action.delta + options.length) % options.length] ?? play.stone;
      return { ...play, stone, notice: null };
    }
    case 'urPlay/stonePicked': {
      const name = stoneName(play.state.turn, action.stone);
      if (action.stone >= play.state.rules.stones)
        return {
          ...play,
          notice: `There is no ${name}: each side plays ${play.state.rules.stones} stones.`,
        };
      if (play.state.phase !== 'move')
        return { ...play, notice: `Roll first (Space); then choose ${name}.` };
      const options = choosable(play.state);
      const stones = play.state.stones[play.state.turn] ?? [];
      // Stones off the board are all alike: the one offered stands for them all.
      const stone =
        stones[action.stone] === OFF
          ? (options.find((s) => stones[s] === OFF) ?? action.stone)
          : action.stone;
      if (!options.includes(stone))
        return { ...play, notice: `${name} cannot move with this roll.` };
      return { ...play, stone, notice: null };
    }
    case 'urPlay/moveRequested':
      return { ...play, ...wanting<UrEvent>({ type: 'ur/stoneMoved', stone: play.stone }) };
    case 'urPlay/undoRequested':
      return { ...play, ...wantingBack<UrEvent>() };
    case 'urPlay/numbersToggled':
      return { ...play, numbers: !play.numbers };
    default:
      return reduceFramed(play, action, hinted);
  }
}

export { STONES };
