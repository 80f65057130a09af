/** The Yut play screen: board and turn panel in the shared play frame, on the shared dispatcher. */
import { useCallback, useMemo } from 'react';
import { type PlayProps, resumedLog, usePlaySession } from '../../../ui/play-session.js';
import { PlayFrame } from '../../../ui/PlayFrame.js';
import { helpLines } from '../../../ui/text.js';
import { yutCore } from '../core.js';
import { rulesTextOf } from '../../rules-text.js';
import type { YutEvent, YutState } from '../rules.js';
import { YutBoard, BOARD_BOX_HEIGHT, BOARD_BOX_WIDTH } from './YutBoard.js';
import { YUT_HELP } from './help.js';
import { newPlay, type PlayAction, playKey, preview, reducePlay, type YutPlay } from './play.js';
import { YutPanel } from './YutPanel.js';

function hintNotice(_state: YutState, event: YutEvent, reason: string): string {
  if (event.type !== 'yut/pieceMoved') return `Hint: ${reason}.`;
  const where = event.from === 0 ? 'a new piece' : `the piece at ${event.from}`;
  return `Hint: ${event.result} with ${where}: ${reason}.`;
}

/** The keys at the start of an advanced game's turn, where it can be saved: each line fits the
 * 28 columns inside the panel at 80×24. */
export const SAVE_KEYS = ['Space throw · h hint · ?', 's save and exit · q quit'];

export function YutPlayScreen(props: PlayProps<YutState>) {
  const { session, width, height } = props;
  const help = useMemo(
    () => helpLines(YUT_HELP, rulesTextOf('yut'), Math.min(width, 90) - 4),
    [width],
  );
  const init = useCallback(
    () => resumedLog(newPlay(session.initial, session.seats), session),
    [session],
  );
  const save = useCallback(
    (play: YutPlay) =>
      !session.save
        ? 'Saving belongs to the advanced game (madang yut --advanced).'
        : !play.turnStart || play.state.phase !== 'throw'
          ? 'A game is saved at the start of a turn, before the throw.'
          : session.save(play.state),
    [session],
  );
  const { play, helpScroll } = usePlaySession<YutState, YutEvent, YutPlay, PlayAction>({
    knowledge: yutCore,
    props,
    init,
    reduce: reducePlay,
    key: playKey,
    save,
    hintNotice,
    helpLines: help,
  });

  const p = preview(play.state, play.selection);
  const panelWidth = Math.min(width - BOARD_BOX_WIDTH, 56);
  const human = session.seats[play.state.turn]?.kind !== 'computer';
  return (
    <PlayFrame
      title="Yut Nori"
      help={help}
      overlay={play.overlay}
      log={play.log}
      helpScroll={helpScroll}
      width={width}
      height={height}
      saving={
        session.save
          ? play.turnStart && play.state.phase === 'throw' && human
            ? 'now'
            : 'later'
          : undefined
      }
      board={<YutBoard state={play.state} preview={p} numbers={play.numbers} />}
      panel={
        <YutPanel
          play={play}
          preview={p}
          width={panelWidth}
          height={BOARD_BOX_HEIGHT}
          recording={
            // At a served table the file is the server's, not the players' to see.
            props.shared
              ? session.recorder.problem
                ? 'The recording stopped.'
                : 'Recorded on the server.'
              : (session.recorder.problem ??
                (session.recorder.file ? `Recording: ${session.recorder.file}` : undefined))
          }
          keyLines={
            session.save && play.turnStart && play.state.phase === 'throw' && human
              ? SAVE_KEYS
              : undefined
          }
        />
      }
      rowHeight={BOARD_BOX_HEIGHT}
    />
  );
}
