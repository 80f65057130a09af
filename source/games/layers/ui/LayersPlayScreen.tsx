/**
 * The Layers play screen: on the left the forest, what matters to the person first (their own
 * place and its way up to the root, whom they may fight), then the trees, each line saying who it
 * is (number, layer, experience) however deep, folded at more than twenty players to one line a
 * tree but for the ways to the person, the player to act and the cursor (→ ← open and fold, y
 * goes to the person's place, / and a number to anyone); roots ◆, the player to act ▶, people *,
 * those one may fight •, the cursor's line inverse. Beside it the turn, the round's order, the
 * cursor's player's status and the odds of fighting it (and of its fighting back after a draw),
 * the last fight as a bar of its intervals with the number on it (a person's own kept until a
 * key), the log and the keys. Both panels widen with the window. On the shared dispatcher, which
 * draws the order and the numbers as they are due, and plays the computers at once after `n`.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { FRAME_HELP, type PlayProps, usePlaySession } from '../../../ui/play-session.js';
import { PlayFrame } from '../../../ui/PlayFrame.js';
import { helpLines } from '../../../ui/text.js';
import { layersCore } from '../core.js';
import { rulesTextOf } from '../../rules-text.js';
import type { LayersEvent, LayersState } from '../rules.js';
import { forestRoom, LayersBoard, layersWidths } from './LayersBoard.js';
import { LayersPanel } from './LayersPanel.js';
import {
  type LayersAction,
  layersKey,
  type LayersPlay,
  newLayersPlay,
  playShown,
  reduceLayersPlay,
  toldLayersPlay,
} from './play.js';

export const LAYERS_HELP: readonly string[] = [
  'Keys',
  '  ↑ ↓        move the cursor over the players, PgUp PgDn ten at a time,',
  '             Home End: its status shows, whoever plays (looking is free)',
  '  → ←        open a folded tree (+N: the players under it), fold it again',
  '  y          your own place        /  a player by its number, then Enter',
  '  Enter      fight the player under the cursor (those you may fight: •)',
  '  Tab        the next player you may fight',
  '  r          rest (not twice in a row)',
  '  f  e       after a draw, when you were challenged: fight back, or escape',
  '  n          the computers play at once until a person’s turn (l: their log)',
  '  h          a hint: the strong computer’s choice and why',
  '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
  ...FRAME_HELP,
  '',
  'The forest: ◆ a root, ▶ the player to play, * a person, • one you may fight;',
  'each line is a player, its layer (L) and experience. Your own fight stays',
  'shown until you press a key; the others are in the log.',
];

/** The help page for a window `width` wide (made once a width: helpLines keeps it). */
export const layersHelp = (width: number) =>
  helpLines(LAYERS_HELP, rulesTextOf('layers'), Math.min(width, 90) - 4);

const hurrying = (play: LayersPlay) => play.hurry;

export function LayersPlayScreen(props: PlayProps<LayersState>) {
  const { session, width, height, shared } = props;
  const help = useMemo(() => layersHelp(width), [width]);
  // A served screen is its own seat's (none: a spectator's), not the player to act's.
  const own = shared?.view.seats;
  const init = useCallback(
    () => newLayersPlay(session.initial, session.seats, session.log, own),
    [session, own],
  );
  const { play, helpScroll, act } = usePlaySession<
    LayersState,
    LayersEvent,
    LayersPlay,
    LayersAction
  >({
    knowledge: layersCore,
    props,
    init,
    reduce: reduceLayersPlay,
    key: layersKey,
    helpLines: help,
    hurry: hurrying,
    told: toldLayersPlay,
  });
  const sizes = layersWidths(width);
  // The forest's folding and its people, made again only when they change (not for each line of
  // the log or each notice): the board below is drawn again only then.
  const { state, cursor, viewer, open, shut, room, seats } = play;
  const shown = useMemo(
    () => playShown({ state, cursor, viewer, open, shut, room }),
    [state, cursor, viewer, open, shut, room],
  );
  const people = useMemo(() => seats.map((seat) => seat.kind !== 'computer'), [seats]);
  // The forest's rows (less its head of up to five lines): trees open while they fit.
  useEffect(() => {
    act({ type: 'layersPlay/roomSet', rows: forestRoom(height) });
  }, [act, height]);
  return (
    <PlayFrame
      title="Layers"
      help={help}
      overlay={play.overlay}
      log={play.log}
      helpScroll={helpScroll}
      width={width}
      height={height}
      board={
        <LayersBoard
          state={state}
          width={width}
          height={height}
          cursor={cursor}
          people={people}
          viewer={viewer}
          shown={shown}
        />
      }
      panel={<LayersPanel play={play} width={sizes.panel} rows={height} />}
    />
  );
}
