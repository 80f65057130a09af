/**
 * Yoté as a game module: the rules, the bots, the screens and the console, with the endless-game
 * rule (--quiet-turns) as its one option.
 */
import { declaredCommand, gameModule, type MenuEntry } from '../module.js';
import { Text } from '../../render/components.js';
import { gameConsole } from '../../classic/game-console.js';
import { yoteConsole } from './classic.js';
import { yoteCore } from './core.js';
import type { ChoiceOption } from '../../engine/options.js';
import type { Seat } from '../../engine/seats.js';
import { setupEntry } from '../../ui/SetupForm.js';
import { setupSpecOf } from '../../ui/setup-form.js';
import { Styled } from '../../ui/theme.js';
import {
  COLOUR_NAMES,
  YOTE_OPTIONS,
  type YoteEvent,
  type YoteOptions,
  type YoteState,
} from './rules.js';
import { playScreen } from '../../ui/PlayScreen.js';
import { replayFace } from '../../ui/ReplayFace.js';
import { yoteMarks, yotePlayScreen } from './ui/play.js';
import { BOARD_BOX_WIDTH, GLYPH, SIDE_SEAT, YoteBoard } from './ui/YoteBoard.js';
import { SideLines, YotePanel } from './ui/YotePanel.js';

/**
 * The colour player 1 chooses, a choice of the setup and no option of the rules (the seed's
 * "Starting game": the players submit their colours; White plays first).
 */
const FIRST_COLOUR: ChoiceOption<number> = {
  kind: 'choice',
  choices: [0, 1],
  default: 0,
  label: 'Player 1 is',
  words: (colour) => `${COLOUR_NAMES[colour] ?? ''}${colour === 0 ? ' (plays first)' : ''}`,
  refusal: 'Player 1 is',
};

const spec = setupSpecOf(yoteCore, {
  choices: { firstColour: FIRST_COLOUR },
  refuse: (_form, names) =>
    names[0] === names[1] ? { problem: 'The players need different names.' } : undefined,
});

/** A player's colour: player 1's choice, player 2 the other. */
const colourOf = (firstColour: unknown, player: number) =>
  player === 0 ? Number(firstColour) : 1 - Number(firstColour);

const entry: MenuEntry = setupEntry({
  id: 'yote',
  label: 'Yoté',
  hint: 'two players, 5 × 6 board',
  spec,
  look: {
    title: 'Yoté · new game',
    width: 66,
    labelWidth: 13,
    lines: () => (
      <Text dimColor wrap="truncate-end">
        5 × 6 board, twelve pieces each · White plays first
      </Text>
    ),
    seatLabel: (player) => `Player ${player + 1}`,
    mark: (form, player) => {
      const colour = colourOf(form.options.firstColour, player);
      return (
        <Styled seat={SIDE_SEAT[colour]} bold>
          {GLYPH[colour]}{' '}
        </Styled>
      );
    },
  },
  // Seat 0 is White: player 1 sits there when they chose White.
  start: ({ options: { firstColour, ...options } }, players) => ({
    options,
    seats: firstColour === 0 ? players : [players[1] as Seat, players[0] as Seat],
  }),
});

/** The panel takes what the board leaves, in play and in the replay alike. */
const panelWidth = (width: number) => Math.max(30, Math.min(56, width - BOARD_BOX_WIDTH));

export const yoteModule = gameModule<YoteState, YoteEvent, YoteOptions>({
  ...yoteCore,
  entries: [entry],
  Play: playScreen(yoteCore, {
    ...yotePlayScreen,
    board(play) {
      // A computer's turn shows neither the cursor nor what a choice could do.
      const human = play.seats[play.state.turn]?.kind !== 'computer';
      const running = play.state.step !== 'over';
      return (
        <YoteBoard
          state={play.state}
          cursor={running && human ? play.cursor : undefined}
          marks={human ? yoteMarks(play) : undefined}
        />
      );
    },
    panel: (play, { width, height }) => (
      <YotePanel play={play} width={panelWidth(width)} rows={height} />
    ),
  }),
  Replay: replayFace<YoteState>({
    // The attack's path so far, as the play screen marks it.
    board: (state) => (
      <YoteBoard state={state} marks={new Map(state.chain.map((cell) => [cell, 'path']))} />
    ),
    panelWidth: (_, width) => panelWidth(width),
    side: (state, { names, height }, width) => ({
      lines: <SideLines state={state} names={names} width={width} />,
      timelineRows: height - 12,
    }),
  }),
  command: declaredCommand('yote', YOTE_OPTIONS, 'Yoté: straight to its setup screen'),
  classic: (io, run) => gameConsole(yoteCore, io, run, yoteConsole),
});
