/**
 * A tiny game that exists only in the tests, to show that adding a game is one folder and one
 * registry line: two pawns race along a track of `length` squares with one die. After each roll
 * the player moves the whole roll, or (when it is more than 1) creeps a single square. The first
 * pawn to reach the end wins. It writes no console: the shared move list plays it
 * (classic/game-console.ts).
 */
import { Text } from 'ink';
import type { Argv } from 'yargs';
import { greedyBot, type Level, randomBot } from '../../../source/engine/bots.js';
import { parseScript } from '../../../source/engine/chance.js';
import {
  type ChanceOutcome,
  type Game,
  isRecord,
  type Outcome,
} from '../../../source/engine/game.js';
import { seededRandom } from '../../../source/engine/random.js';
import { seatOf } from '../../../source/engine/seats.js';
import { gameModule, type MenuEntry } from '../../../source/games/module.js';
import { ListPlayScreen, type ListScreenFace } from '../../../source/ui/ListPlayScreen.js';
import type { PlayProps } from '../../../source/ui/play-session.js';

export interface RaceOptions {
  readonly length: number;
}
export interface RaceState {
  readonly length: number;
  readonly pawns: readonly number[];
  readonly turn: number;
  readonly roll: number | null;
}
export type RaceEvent =
  | { readonly type: 'race/rolled'; readonly die: number }
  | { readonly type: 'race/moved'; readonly steps: number };

/** The seat home first, or -1 while the race is on. */
export const raceWinner = (s: RaceState) => s.pawns.findIndex((p) => p >= s.length);

export const raceRules: Game<RaceState, RaceEvent, RaceOptions> = {
  name: 'race',
  setup: ({ length }) => ({ length, pawns: [0, 0], turn: 0, roll: null }),
  check(state, event) {
    if (!isRecord(event)) return 'That is not a move.';
    if (raceWinner(state) >= 0) return 'The race is over.';
    if (event.type === 'race/rolled') {
      if (state.roll !== null) return 'Move first: the die is rolled.';
      return Number.isInteger(event.die) && (event.die as number) >= 1 && (event.die as number) <= 6
        ? undefined
        : 'A die shows 1 to 6.';
    }
    if (event.type === 'race/moved') {
      if (state.roll === null) return 'Roll first.';
      return event.steps === state.roll || event.steps === 1
        ? undefined
        : `Move ${state.roll} or 1 square.`;
    }
    return 'That is not a race move.';
  },
  reduce(state, event) {
    if (this.check(state, event) !== undefined) return state;
    const e = event as RaceEvent;
    if (e.type === 'race/rolled') return { ...state, roll: e.die };
    const pawns = state.pawns.map((p, seat) => (seat === state.turn ? p + e.steps : p));
    return { ...state, pawns, roll: null, turn: 1 - state.turn };
  },
  legalEvents(state) {
    if (state.roll === null || raceWinner(state) >= 0) return [];
    const moves: RaceEvent[] = [{ type: 'race/moved', steps: state.roll }];
    if (state.roll > 1) moves.push({ type: 'race/moved', steps: 1 });
    return moves;
  },
  chance(state): ChanceOutcome<RaceEvent>[] | undefined {
    if (state.roll !== null || raceWinner(state) >= 0) return undefined;
    return [1, 2, 3, 4, 5, 6].map((die) => ({
      event: { type: 'race/rolled', die },
      probability: 1 / 6,
    }));
  },
  outcome: (state): Outcome =>
    raceWinner(state) >= 0 ? { status: 'won', winner: raceWinner(state) } : { status: 'running' },
  toAct: (state) => state.turn,
};

export const evaluateRace = (state: RaceState, seat: number) =>
  raceWinner(state) === seat ? 1000 : (state.pawns[seat] ?? 0) - (state.pawns[1 - seat] ?? 0);

export const raceFace: ListScreenFace<RaceState, RaceEvent> = {
  title: 'Race',
  rulesText:
    '# Race\n\nRoll the die, then move the whole roll or one square. First to the end wins.',
  rules: raceRules as Game<RaceState, RaceEvent, never>,
  bot: (level: Level) =>
    level === 'random' ? randomBot(raceRules) : greedyBot(raceRules, evaluateRace),
  explain: (_state, event) => (event.type === 'race/moved' ? `runs ${event.steps}` : 'rolls'),
  chance: { noun: 'roll', probe: { type: 'race/rolled', die: 1 } },
  describe: (before, event, _after, names) => [
    event.type === 'race/rolled'
      ? `${names[before.turn]} rolled ${event.die}.`
      : `${names[before.turn]} ran ${event.steps} to ${(before.pawns[before.turn] ?? 0) + event.steps}.`,
  ],
  label: (_state, event) => (event.type === 'race/moved' ? `run ${event.steps}` : 'roll'),
  board: (state, names) =>
    state.pawns.map(
      (p, seat) =>
        `${(names[seat] ?? '').padEnd(8)} ${'·'.repeat(Math.min(p, state.length))}${seat === 0 ? 'A' : 'B'}${'·'.repeat(Math.max(0, state.length - p))}|`,
    ),
};

interface Form {
  readonly names: readonly string[];
}

const entry: MenuEntry = {
  id: 'race',
  label: 'Race',
  hint: 'a test game',
  newForm: ({ kinds }) => ({
    names: ['Ann', kinds[1] && kinds[1] !== 'human' ? 'Computer' : 'Bob'],
    kinds,
  }),
  key(form, key) {
    const { names, kinds } = form as Form & { kinds: readonly string[] };
    if (key === 'escape') return { type: 'back' };
    if (key !== 'enter') return { type: 'form', form };
    return {
      type: 'start',
      start: {
        options: { length: 12 },
        seats: names.map((name, seat) => seatOf(name, (kinds[seat] ?? 'human') as never)),
      },
    };
  },
  View: ({ form }) => <Text>Race · {(form as Form).names.join(' against ')} · Enter starts</Text>,
};

export const raceModule = gameModule<RaceState, RaceEvent, RaceOptions>({
  id: 'race',
  title: 'Race',
  description: 'two pawns, one die (a test game)',
  seats: { min: 2, max: 2 },
  rules: raceRules,
  parseOptions: (unchecked) =>
    isRecord(unchecked) && Number.isInteger(unchecked.length) && (unchecked.length as number) >= 2
      ? { ok: true, options: { length: unchecked.length as number } }
      : { ok: false, problem: 'a race needs a length of 2 or more squares' },
  seatCount: () => 2,
  optionWords: ({ length }) => `a track of ${length} squares`,
  typicalOptions: { length: 12 },
  chance: {
    noun: 'roll',
    probe: { type: 'race/rolled', die: 1 },
    seeded(seed) {
      const random = seededRandom(seed);
      return {
        next: () => ({ ok: true, event: { type: 'race/rolled', die: 1 + random.below(6) } }),
      };
    },
    parseScript: (text, file) =>
      parseScript(
        text,
        file,
        (line) => (/^[1-6]$/.test(line) ? { type: 'race/rolled', die: Number(line) } : undefined),
        'a die (1 to 6)',
      ),
  },
  bot: raceFace.bot,
  explain: raceFace.explain,
  describe: raceFace.describe,
  entries: [entry],
  Play: (props: PlayProps<RaceState>) => <ListPlayScreen face={raceFace} props={props} />,
  Replay: (props) => (
    <Text>
      {raceFace.board(props.state as RaceState, props.names).join('\n')}
      {'\n'}
      {props.timeline.join('\n')}
    </Text>
  ),
  rulesText: raceFace.rulesText,
  command: {
    describe: 'a race (test game)',
    flags: (y: Argv) => y,
    settings: () => ({ ok: true, settings: {} }),
    entry: () => 'race',
  },
});
