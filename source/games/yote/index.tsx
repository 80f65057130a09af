/**
 * Yoté as a game module: the rules, the bots, the screens and the console, with the endless-game
 * rule (--quiet-turns) as its one option.
 */
import type { Argv } from 'yargs';
import { botRandom } from '../../engine/random.js';
import { declaredFlags, gameModule, type MenuEntry, type SetupContext } from '../module.js';
import { runClassicYote } from './classic.js';
import { yoteCore } from './core.js';
import { rulesTextOf } from '../rules-text.js';
import { settingOf, settingsOf } from '../../engine/options.js';
import { YOTE_OPTIONS, type YoteEvent, type YoteOptions, type YoteState } from './rules.js';
import { newYoteSetup, type YoteSetupForm, yoteSetupKey } from './ui/setup-model.js';
import { resumedLog } from '../../ui/play-session.js';
import { playScreen } from '../../ui/PlayScreen.js';
import { replayFace } from '../../ui/ReplayFace.js';
import { newYotePlay, reduceYotePlay, YOTE_HELP, yoteKey, yoteMarks } from './ui/play.js';
import { BOARD_BOX_WIDTH, YoteBoard } from './ui/YoteBoard.js';
import { SideLines, YotePanel } from './ui/YotePanel.js';
import { YoteSetup } from './ui/YoteSetup.js';

const quietOf = (settings: Readonly<Record<string, unknown>>) =>
  settingOf(YOTE_OPTIONS.quietTurns, settings, 'quietTurns');

const entry: MenuEntry = {
  id: 'yote',
  label: 'Yoté',
  hint: 'two players, 5 × 6 board',
  newForm: ({ settings, kinds }: SetupContext): YoteSetupForm =>
    newYoteSetup(kinds, quietOf(settings)),
  key(form, key) {
    const outcome = yoteSetupKey(form as YoteSetupForm, key);
    if (outcome.type !== 'start') return outcome;
    const options: YoteOptions = { quietTurns: outcome.quietTurns };
    return { type: 'start', start: { options, seats: outcome.seats } };
  },
  View: ({ form }) => <YoteSetup form={form as YoteSetupForm} />,
};

/** The panel takes what the board leaves, in play and in the replay alike. */
const panelWidth = (width: number) => Math.max(30, Math.min(56, width - BOARD_BOX_WIDTH));

export const yoteModule = gameModule<YoteState, YoteEvent, YoteOptions>({
  ...yoteCore,
  entries: [entry],
  Play: playScreen({
    title: 'Yoté',
    keys: YOTE_HELP,
    rulesText: rulesTextOf('yote'),
    knowledge: yoteCore,
    init: (session) => resumedLog(newYotePlay(session.initial, session.seats), session),
    reduce: reduceYotePlay,
    key: yoteKey,
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
  rulesText: rulesTextOf('yote'),
  command: {
    describe: 'Yoté: straight to its setup screen',
    flags: (y: Argv) => declaredFlags(y, YOTE_OPTIONS),
    settings: (argv) => settingsOf(YOTE_OPTIONS, argv),
    entry: () => 'yote',
  },
  classic(io, run) {
    const options: YoteOptions = { quietTurns: quietOf(run.settings) };
    return runClassicYote(io, {
      options,
      kinds: run.kinds,
      botRandom: botRandom(run.botSeed),
      think: run.think,
      recorderFor: (seats) => run.recorderFor(options, null, seats),
      error: run.error,
    });
  },
});
