/**
 * The Kono play screen: the board as the seed draws it, with the cursor, the chosen piece and its
 * moves by their keys, beside a panel with the turn, both sides' tournament and round scores,
 * the compass of direction keys with the previewed move, the choices between rounds, the
 * rounds' score table, the log and the keys. On the shared dispatcher, which saves, hints and
 * runs the computer.
 */
import { useCallback, useMemo } from 'react';
import { FRAME_HELP, type PlayProps, usePlaySession } from '../../../ui/play-session.js';
import { PlayFrame } from '../../../ui/PlayFrame.js';
import { helpLines } from '../../../ui/text.js';
import { konoCore } from '../core.js';
import { rulesTextOf } from '../../rules-text.js';
import type { KonoEvent, KonoState } from '../rules.js';
import { boardBoxWidth, KonoBoard } from './KonoBoard.js';
import { KonoPanel, konoPanelWidth } from './KonoPanel.js';
import {
  type KonoAction,
  konoKey,
  konoMarks,
  type KonoPlay,
  konoTakeBack,
  newKonoPlay,
  reduceKonoPlay,
} from './play.js';

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

export function KonoPlayScreen(props: PlayProps<KonoState>) {
  const { session, width, height } = props;
  const help = useMemo(
    () => helpLines(KONO_HELP, rulesTextOf('kono'), Math.min(width, 90) - 4),
    [width],
  );
  const init = useCallback(
    () => newKonoPlay(session.initial, session.seats, session.log),
    [session],
  );
  const { play, helpScroll } = usePlaySession<KonoState, KonoEvent, KonoPlay, KonoAction>({
    knowledge: konoCore,
    props,
    init,
    reduce: reduceKonoPlay,
    key: konoKey,
    helpLines: help,
    save: session.save ? (p: KonoPlay) => session.save?.(p.state) : undefined,
    takeBack: konoTakeBack,
  });
  const { state } = play;
  const human = play.seats[state.turn]?.kind !== 'computer';
  const panelWidth = konoPanelWidth(width, boardBoxWidth(state));
  return (
    <PlayFrame
      title="Kono"
      help={help}
      overlay={play.overlay}
      log={play.log}
      helpScroll={helpScroll}
      width={width}
      height={height}
      saving={session.save ? 'now' : undefined}
      board={
        <KonoBoard
          state={state}
          cursor={state.phase === 'play' && human ? play.cursor : undefined}
          marks={konoMarks(play)}
          height={height}
        />
      }
      panel={<KonoPanel play={play} width={panelWidth} rows={height} />}
    />
  );
}
