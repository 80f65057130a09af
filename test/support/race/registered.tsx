/**
 * The race as a game placed in the registry at test time (games/index.ts' register), on the
 * shared screens wherever a game may take them: the shared setup form of its declared options
 * and seats (ui/SetupForm.tsx), the move list as its play screen (ui/ListPlayScreen.tsx) and the
 * default replay face (ui/ReplayFace.tsx); and win chances, so that the analysis reads it.
 * Its core and words are the race's own (./index.tsx); the menu and the tests that list it
 * beside the program's games keep that one.
 */
import { logistic, searchedChances } from '../../../source/analysis/estimate.js';
import { type IntegerOption, parseDeclared, wordsOf } from '../../../source/engine/options.js';
import { gameModule } from '../../../source/games/module.js';
import { Text } from '../../../source/render/components.js';
import { ListPlayScreen } from '../../../source/ui/ListPlayScreen.js';
import type { PlayProps } from '../../../source/ui/play-session.js';
import { replayFace } from '../../../source/ui/ReplayFace.js';
import { setupEntry } from '../../../source/ui/SetupForm.js';
import { setupSpecOf } from '../../../source/ui/setup-form.js';
import {
  evaluateRace,
  raceFace,
  raceModule,
  type RaceEvent,
  type RaceOptions,
  raceRules,
  type RaceState,
  raceWinner,
} from './index.js';

/** The track's length, declared once: its setup row, its check and its words derive from it. */
export const RACE_OPTIONS: { readonly length: IntegerOption & { readonly label: string } } = {
  length: {
    kind: 'integer',
    min: 2,
    max: 30,
    default: 12,
    label: 'Track',
    words: (length) => `a track of ${length} squares`,
    row: (length) => `${length} squares`,
    refusal: 'A track',
  },
};

const core = {
  ...raceModule,
  options: RACE_OPTIONS,
  parseOptions: (unchecked: unknown) => parseDeclared<RaceOptions>(RACE_OPTIONS, unchecked, true),
  optionWords: (options: RaceOptions) => wordsOf(RACE_OPTIONS, options),
  // A square ahead is worth a little; the search looks a throw ahead.
  winChances: () =>
    searchedChances(raceRules, {
      method: 'estimated: a search of the squares ahead, mapped to a probability',
      estimate: (state: RaceState, seat: number) => logistic(0.3 * evaluateRace(state, seat)),
      limits: { chanceDepth: 1, replies: 1, nodeBudget: 2_000 },
      seats: () => 2,
    }),
};

const spec = setupSpecOf(core, {
  refuse: (_form, names) =>
    names[0] === names[1] ? { problem: 'The runners need different names.' } : undefined,
});

const entry = setupEntry({
  id: 'race',
  label: 'Race',
  hint: 'a test game',
  spec,
  look: {
    title: 'Race · new game',
    width: 60,
    labelWidth: 13,
    seatLabel: (seat) => `Runner ${seat + 1}`,
    mark: (_form, seat) => <Text bold>{seat === 0 ? 'A ' : 'B '}</Text>,
  },
});

export const registeredRace = gameModule<RaceState, RaceEvent, RaceOptions>({
  ...core,
  entries: [entry],
  Play: (props: PlayProps<RaceState>) => <ListPlayScreen face={raceFace} props={props} />,
  Replay: replayFace<RaceState>({
    board: (state, { names }) => <Text>{raceFace.board(state, names).join('\n')}</Text>,
    panelWidth: (_state, width) => Math.max(30, width - 30),
    side: (state, { names, height }) => ({
      lines: (
        <Text dimColor>
          {raceWinner(state) >= 0
            ? `${names[raceWinner(state)] ?? ''} is home`
            : `${names[state.turn] ?? ''} to roll`}
        </Text>
      ),
      timelineRows: height - 10,
    }),
  }),
});
