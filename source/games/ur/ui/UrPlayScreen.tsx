/** The Ur play screen: the board from its file and the turn panel, on the shared dispatcher. */
import { useCallback, useEffect, useMemo } from 'react';
import {
  FRAME_HELP,
  type PlayProps,
  resumedLog,
  usePlaySession,
} from '../../../ui/play-session.js';
import { PlayFrame } from '../../../ui/PlayFrame.js';
import { helpLines } from '../../../ui/text.js';
import { urCore } from '../core.js';
import { chanceBeforeRoll, chanceWords, prepareTable, rateMoves, tableFor } from '../perfect.js';
import { rulesTextOf } from '../../rules-text.js';
import type { UrEvent, UrState } from '../rules.js';
import { newUrPlay, reduceUrPlay, type UrAction, type UrPlay, urKey, urPreview } from './play.js';
import { UrBoard, urBoardBoxWidth } from './UrBoard.js';
import { UrPanel } from './UrPanel.js';

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

/** A hint with exact chances where a table is built: `Hint: W3 …: 63.2% → 66.0%.` */
export function urHintNotice(state: UrState, event: UrEvent, reason: string): string {
  const table = tableFor(state.rules);
  if (!table || event.type !== 'ur/stoneMoved') return `Hint: ${reason}.`;
  const rated = rateMoves(table, state).find((m) => m.event.stone === event.stone);
  if (!rated) return `Hint: ${reason}.`;
  return `Hint: ${reason}: ${chanceWords(chanceBeforeRoll(table, state), rated.chance)}.`;
}

export function UrPlayScreen(props: PlayProps<UrState>) {
  const { session, width, height } = props;
  const help = useMemo(
    () => helpLines(UR_HELP, rulesTextOf('ur'), Math.min(width, 90) - 4),
    [width],
  );
  const init = useCallback(
    () => resumedLog(newUrPlay(session.initial, session.seats), session),
    [session],
  );
  // The solved table (if any) is read as the game opens, not by the first hint: 551 MB at seven stones.
  useEffect(() => void prepareTable(session.initial.rules), [session]);
  const { play, helpScroll } = usePlaySession<UrState, UrEvent, UrPlay, UrAction>({
    knowledge: urCore,
    props,
    init,
    reduce: reduceUrPlay,
    key: urKey,
    helpLines: help,
    hintNotice: urHintNotice,
  });

  const boardWidth = urBoardBoxWidth(play.state);
  const panelWidth = Math.min(56, width - boardWidth);
  return (
    <PlayFrame
      title="Royal Game of Ur"
      help={help}
      overlay={play.overlay}
      log={play.log}
      helpScroll={helpScroll}
      width={width}
      height={height}
      board={
        <UrBoard
          state={play.state}
          preview={urPreview(play.state, play.stone)}
          stone={play.state.phase === 'over' ? undefined : play.stone}
          numbered={play.numbers ? play.state.turn : undefined}
        />
      }
      panel={<UrPanel play={play} width={panelWidth} rows={height} />}
    />
  );
}
