/**
 * The default play screen: a game declares its board, its panel, its play model (the key map and
 * the selection) and its help lines, and this links them to the table (usePlaySession) and stands
 * them in the shared frame (PlayFrame). A game that needs more gives a screen of its own.
 */
import { type ComponentType, type ReactNode, useCallback, useEffect, useMemo } from 'react';
import type { GameEvent } from '../engine/game.js';
import type { Session } from '../table/session.js';
import type { TableGame } from '../table/table.js';
import {
  type PlayModel,
  type PlayProps,
  type PlaySessionOptions,
  type SharedSeat,
  usePlaySession,
  useWatching,
  WATCHING_HELP,
} from './play-session.js';
import { PlayFrame } from './PlayFrame.js';
import { rulesTextOf } from './rules-text.js';
import { helpLines } from './text.js';

/** What a game declares for the default play screen. */
export interface PlayFace<
  S,
  E extends GameEvent,
  P extends PlayModel<S, E>,
  A extends { readonly type: string },
> extends Pick<
  PlaySessionOptions<S, E, P, A>,
  'knowledge' | 'reduce' | 'key' | 'hintNotice' | 'takeBack' | 'hurry' | 'told'
> {
  /** The game's title, over its help and log pages. */
  readonly title: string;
  /** The help page's key lines; the game's rules (docs/rules/<id>.md) follow them. */
  readonly keys: readonly string[];
  readonly rulesText: string;
  /** The play model as the game opens (a resumed game's log; a served screen's own seats). */
  init(session: Session<S>, shared: SharedSeat<S> | undefined): P;
  /** Where saving is offered: why the game cannot be saved now (undefined: it was saved). */
  save?(session: Session<S>): ((play: P) => string | undefined) | undefined;
  /** The quit question's word on saving (PlayFrame's `saving`). */
  saving?(play: P, props: PlayProps<S>): 'now' | 'later' | undefined;
  /** Done as the game opens, before the table starts (Ur reads its solved table then). */
  opened?(session: Session<S>): void;
  /** The action that tells the model the window's height (Layers opens trees while they fit). */
  fitted?(height: number): A;
  board(play: P, props: PlayProps<S>): ReactNode;
  panel(play: P, props: PlayProps<S>): ReactNode;
  /** The height of the board and panel's row, where the game fixes it (Yut's board box). */
  readonly rowHeight?: number;
}

/** A game's own save file (Start.save), offered as it stands: `s`, and the quit question's. */
export function savedToFile<S>(session: Session<S>) {
  return session.save ? (play: { readonly state: S }) => session.save?.(play.state) : undefined;
}

export function PlayScreen<
  S,
  E extends GameEvent,
  P extends PlayModel<S, E>,
  A extends { readonly type: string },
>({ face, props }: { face: PlayFace<S, E, P, A>; props: PlayProps<S> }) {
  const { session, width, height, shared } = props;
  const watching = useWatching();
  const help = useMemo(
    () => helpLines(watching ? WATCHING_HELP : face.keys, face.rulesText, Math.min(width, 90) - 4),
    [face, width, watching],
  );
  const init = useCallback(() => face.init(session, shared), [face, session, shared]);
  const save = useMemo(() => face.save?.(session), [face, session]);
  useEffect(() => face.opened?.(session), [face, session]);
  const { play, helpScroll, act } = usePlaySession<S, E, P, A>({
    knowledge: face.knowledge,
    props,
    init,
    reduce: face.reduce,
    key: face.key,
    save,
    hintNotice: face.hintNotice,
    helpLines: help,
    takeBack: face.takeBack,
    hurry: face.hurry,
    told: face.told,
  });
  useEffect(() => {
    if (face.fitted) act(face.fitted(height));
  }, [face, act, height]);
  return (
    <PlayFrame
      title={face.title}
      help={help}
      overlay={play.overlay}
      log={play.log}
      helpScroll={helpScroll}
      width={width}
      height={height}
      saving={face.saving?.(play, props)}
      board={face.board(play, props)}
      panel={face.panel(play, props)}
      rowHeight={face.rowHeight}
    />
  );
}

/**
 * The play screen of a game that declares its face: what its module gives as `Play`. The core
 * gives the title, the rules' text (by its id) and what the table needs to know.
 */
export function playScreen<
  S,
  E extends GameEvent,
  P extends PlayModel<S, E>,
  A extends { readonly type: string },
>(
  core: TableGame<S, E> & { readonly id: string; readonly title: string },
  own: Omit<PlayFace<S, E, P, A>, 'title' | 'rulesText' | 'knowledge'>,
): ComponentType<PlayProps<S>> {
  const face = { title: core.title, rulesText: rulesTextOf(core.id), knowledge: core, ...own };
  return function FacePlayScreen(props: PlayProps<S>) {
    return <PlayScreen face={face} props={props} />;
  };
}
