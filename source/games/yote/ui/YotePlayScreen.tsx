/** The Yoté play screen: the board with its cursor and marks, and the turn panel, on the shared dispatcher. */
import { useCallback, useMemo } from 'react';
import {
  FRAME_HELP,
  type PlayProps,
  resumedLog,
  usePlaySession,
} from '../../../ui/play-session.js';
import { PlayFrame } from '../../../ui/PlayFrame.js';
import { helpLines } from '../../../ui/text.js';
import { yoteCore } from '../core.js';
import { rulesTextOf } from '../../rules-text.js';
import type { YoteEvent, YoteState } from '../rules.js';
import {
  newYotePlay,
  reduceYotePlay,
  type YoteAction,
  yoteKey,
  yoteMarks,
  type YotePlay,
} from './play.js';
import { BOARD_BOX_WIDTH, YoteBoard } from './YoteBoard.js';
import { YotePanel } from './YotePanel.js';

export const YOTE_HELP: readonly string[] = [
  'Keys',
  '  ← → ↑ ↓    move the cursor (or type a column a–f and a row 1–5: c then 3 is C3)',
  '  Enter      on an empty cell: place a piece there; on one of yours: choose it',
  '             then Enter on a green • steps there, on a red ◎ jumps (attacks)',
  '  Enter      after a jump: on the red piece to take; then on a ◎ to jump again',
  '  s          stop the attack (Enter on the attacking piece stops it too)',
  '  x Esc      drop the chosen piece',
  '  u          take back your last step, with the reply',
  '  h          a hint: the strong computer’s choice and why',
  '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
  ...FRAME_HELP,
];

export function YotePlayScreen(props: PlayProps<YoteState>) {
  const { session, width, height } = props;
  const help = useMemo(
    () => helpLines(YOTE_HELP, rulesTextOf('yote'), Math.min(width, 90) - 4),
    [width],
  );
  const init = useCallback(
    () => resumedLog(newYotePlay(session.initial, session.seats), session),
    [session],
  );
  const { play, helpScroll } = usePlaySession<YoteState, YoteEvent, YotePlay, YoteAction>({
    knowledge: yoteCore,
    props,
    init,
    reduce: reduceYotePlay,
    key: yoteKey,
    helpLines: help,
  });
  const running = play.state.step !== 'over';
  const human = play.seats[play.state.turn]?.kind !== 'computer';
  const panelWidth = Math.max(30, Math.min(56, width - BOARD_BOX_WIDTH));
  return (
    <PlayFrame
      title="Yoté"
      help={help}
      overlay={play.overlay}
      log={play.log}
      helpScroll={helpScroll}
      width={width}
      height={height}
      board={
        <YoteBoard
          state={play.state}
          cursor={running && human ? play.cursor : undefined}
          marks={human ? yoteMarks(play) : undefined}
        />
      }
      panel={<YotePanel play={play} width={panelWidth} rows={height} />}
    />
  );
}
