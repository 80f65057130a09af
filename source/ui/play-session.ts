/**
 * A play screen's link to its table (table/table.ts), for every game. The table holds the game:
 * it draws the throws, plays the computers, checks and applies each move and take-back, keeps
 * the recording and says how the game ended, and tells each of these as a fact. A screen holds
 * no game: its play model (init, reduce, key) keeps only its view (cursor, choice, notices,
 * overlay) and draws the facts it is told (each carries the state `after`); a key that would
 * move asks the table (`wanted`) and the move shows when told. Here too: the hint and save keys,
 * the help page's scroll, the log rebuilt from a shared table's past, and the app's requests
 * (quit, again, menu) handed up.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { GameEvent, Outcome } from '../engine/game.js';
import type { Seat } from '../engine/seats.js';
import type { Past, Session } from '../table/session.js';
import {
  type Fact,
  type Leaving,
  Table,
  type TableGame,
  type TableView,
  type TakeBackRule,
  TIMERS,
} from '../table/table.js';
import { appended, cutBack, type EventLog, type Told, toldOf, type ToldBack } from './event-log.js';
import type { Key } from './keys.js';
import { useKeys } from './keys-context.js';
import { useStore } from './store.js';
import { lastScroll, PAGE_KEYS } from './TextPage.js';
import { logPage } from './text.js';
import { ThinkContext } from './thinking.js';

/** What a play screen asks of the app. */
export type AppRequest = 'quit' | 'again' | 'swap' | 'menu' | 'saved' | 'analyse';

/** A new play model's log, or a resumed game's log instead (it already says whose turn it is). */
export function resumedLog<P extends { readonly log: readonly string[] }>(
  fresh: P,
  session: Pick<Session, 'log'>,
): P {
  return session.log ? { ...fresh, log: [...session.log] } : fresh;
}

/** What the app gives every game's play screen. */
export interface PlayProps<S = unknown> {
  readonly session: Session<S>;
  readonly width: number;
  readonly height: number;
  /** Milliseconds a computer waits before each throw or move, so people can follow it. */
  readonly botDelay?: number | undefined;
  /** The window is too small: the screen is hidden and nothing may happen by itself. */
  readonly paused?: boolean | undefined;
  /** `outcome`: how the game that was left ended (for the sitting's score). */
  readonly onRequest: (request: AppRequest, outcome?: Outcome) => void;
  /** A seat at a table others play at too (madang serve); absent: this keyboard holds every seat. */
  readonly shared?: SharedSeat<S> | undefined;
}

/**
 * A view of a table that lives outside the screen (a served table, played from several
 * connections): the screen sends its intents through `view` (which holds only this person's
 * seats, none for a spectator), never starts, stops, holds or closes the table, and leaving
 * is the app's (onRequest) alone. `lines` are the table's words for every view (chat, a seat
 * away, a take-back asked), added to the log.
 */
export interface SharedSeat<S> {
  readonly table: Table<S, GameEvent>;
  readonly view: TableView<S, GameEvent>;
  readonly lines?: ((listener: (line: string) => void) => () => void) | undefined;
  /**
   * What the table told before this screen opened, in the order it happened (a player back, a
   * spectator), the events with the states around them: the log is rebuilt from it as a view
   * there all along made it, with nothing folded here.
   */
  readonly past: () => readonly Past<GameEvent>[];
  /** Whether a take-back asked at this table still waits for the others' answer. */
  readonly asking?: (() => boolean) | undefined;
  /** Told whether a page or question covers the screen (its keys are then the page's). */
  readonly covered?: ((covered: boolean) => void) | undefined;
}

export type { Told, ToldBack, Wanted } from './event-log.js';

/** The asker's note while a served take-back waits for the others (gone once they answer). */
export const TAKE_BACK_ASKED = 'Asked the others to agree to the take-back: wait for them.';

/** The actions every game's play model understands besides its own. */
export type SessionAction<E, S = unknown> =
  /** An event the table told (anyone's: this screen's, another's, a computer's, a draw). */
  | { readonly type: 'play/told'; readonly told: Told<S, E> }
  /** A take-back the table made. */
  | { readonly type: 'play/takenBack'; readonly back: ToldBack<S, E> }
  | { readonly type: 'play/chanceRequested' }
  | { readonly type: 'play/hintRequested' }
  | { readonly type: 'play/saveRequested' }
  | { readonly type: 'play/noticeShown'; readonly notice: string }
  | { readonly type: 'play/hintShown'; readonly event: E; readonly notice: string }
  | { readonly type: 'play/overlayOpened'; readonly overlay: 'help' | 'quit' | 'log' }
  | { readonly type: 'play/overlayClosed' }
  | { readonly type: 'app/quitConfirmed' }
  /** Another game; `swap`: with the seats turned by one. */
  | { readonly type: 'app/againRequested'; readonly swap?: boolean }
  | { readonly type: 'app/menuRequested' }
  /** `a` at the end: the replay of the game just played, with its analysis running. */
  | { readonly type: 'app/analysisRequested' };

export type Overlay = 'help' | 'quit' | 'log' | null;

/** How many lines a game's log keeps: the whole game, for the log page (`l`). */
export const LOG_KEPT = 2000;

/** What an event did as log lines, in a game's words (each game's describe). */
export type DescribeEvent<S, E> = (
  before: S,
  event: E,
  after: S,
  names: readonly string[],
) => string[];

interface Logged<S, E> extends EventLog<S, E> {
  readonly seats: readonly Seat[];
  readonly log: readonly string[];
}

/**
 * An event the table told, appended and logged in every game's way: the game's lines, the
 * table's note (a computer's reason) right under the first, the notice cleared.
 */
export function toldLogged<S, E>(
  play: Logged<S, E>,
  told: Told<S, E>,
  describe: DescribeEvent<S, E>,
) {
  const lines = describe(
    told.before,
    told.event,
    told.after,
    play.seats.map((s) => s.name),
  );
  if (told.note !== undefined) lines.splice(1, 0, told.note);
  return { ...appended(play, told), log: [...play.log, ...lines].slice(-LOG_KEPT), notice: null };
}

/** A take-back the table made, cut back and logged in a line of the game's; the notice cleared. */
export const backLogged = <S, E>(play: Logged<S, E>, back: ToldBack<S, E>, line: string) => ({
  ...cutBack(play, back),
  log: [...play.log, line].slice(-LOG_KEPT),
  notice: null,
});

/** The frame's own keys, for each game's help page (each line fits 80 columns as written). */
export const FRAME_HELP: readonly string[] = [
  '  l          the whole log, newest last (↑↓ PgUp PgDn scroll it)',
  '  a          once the game is over: its replay, with its analysis running',
];

/** The log page's lines at this screen width. */
export const logLines = (log: readonly string[], width: number) =>
  logPage(log, Math.min(width, 90) - 4);

/** The key lines of a finished game, for the panels that have two lines for them (frameKey). */
export const OVER_KEYS = ['Enter play again · m menu · q quit', 'w seats swapped · a analyse'];

/**
 * At a served table (madang serve) a finished game is not played again, swapped or analysed
 * there: Enter, m and q go back to the lobby.
 */
export const SERVED_OVER_KEYS = ['Enter or q back to the lobby', 'l the whole log · ? help'];

/** The key lines a finished game offers here: OVER_KEYS, or SERVED_OVER_KEYS at a served table. */
export const OverKeysContext = createContext<readonly string[]>(OVER_KEYS);
export const useOverKeys = () => useContext(OverKeysContext);

/** Whether the screens are a served table's (madang serve): its setup, its game. */
export const ServedContext = createContext(false);

/**
 * The seats a screen holds at a served table (none: a spectator's); null at one keyboard, which
 * holds every seat. Its panels offer only the keys that work for it.
 */
export const SeatsHeldContext = createContext<readonly number[] | null>(null);
export const useSeatsHeld = () => useContext(SeatsHeldContext);
/** Whether this screen watches a served table (it holds no seat there). */
export const useWatching = () => useSeatsHeld()?.length === 0;

/** The key lines of a spectator's screen while the game runs (it throws, moves and undoes nothing). */
export const WATCHING_KEYS = ['You are watching · l the log', '? help · q back to the lobby'];

/**
 * A spectator's help page, before the rules: the keys that work for it. The game's own keys
 * (throw, move, undo, hint) are its players'.
 */
export const WATCHING_HELP: readonly string[] = [
  'Keys (you are watching: the players play, this screen follows)',
  '  l          the whole log, newest last (↑↓ PgUp PgDn scroll it)',
  '  ?          this help',
  '  q Esc      back to the lobby',
];

/** A panel's key lines: a finished game's, a spectator's while it runs, or the game's own in play. */
export function usePanelKeys<K>(over: boolean, playing: K): readonly string[] | K {
  const overKeys = useOverKeys();
  const watching = useWatching();
  return over ? overKeys : watching ? WATCHING_KEYS : playing;
}

/**
 * The keys every play screen shares: the help page and the quit question while they are open,
 * the keys of a finished game (again, menu, quit), and `?` and `q`. An action, or null for a key
 * that does nothing here; undefined leaves the key to the game.
 */
export function frameKey(
  overlay: Overlay,
  running: boolean,
  key: Key,
): SessionAction<never, never> | null | undefined {
  if (overlay === 'help' || overlay === 'log') return { type: 'play/overlayClosed' };
  if (overlay === 'quit') {
    // Only y leaves: Enter is the move key, and a slip must not end a game.
    if (key === 'y' || key === 'Y') return { type: 'app/quitConfirmed' };
    if (key === 's' || key === 'S') return { type: 'play/saveRequested' };
    return { type: 'play/overlayClosed' };
  }
  if (key === '?') return { type: 'play/overlayOpened', overlay: 'help' };
  if (key === 'l') return { type: 'play/overlayOpened', overlay: 'log' };
  if (!running) {
    if (key === 'enter') return { type: 'app/againRequested' };
    if (key === 'a') return { type: 'app/analysisRequested' };
    if (key === 'w') return { type: 'app/againRequested', swap: true };
    if (key === 'm' || key === 'escape') return { type: 'app/menuRequested' };
    if (key === 'q') return { type: 'app/quitConfirmed' };
    return null;
  }
  if (key === 'q' || key === 'escape') return { type: 'play/overlayOpened', overlay: 'quit' };
  return undefined;
}

/**
 * A key that would play, pressed on a computer's turn: the notice to wait (undefined on a
 * person's turn, where the key is the game's).
 */
export function computerToPlay(seat: Seat | undefined): SessionAction<never, never> | undefined {
  if (seat?.kind !== 'computer') return undefined;
  return { type: 'play/noticeShown', notice: `${seat.name} is the computer: wait for its move.` };
}

/** The part of every play model the dispatcher reads: its event log, its page, its lines. */
export interface PlayModel<S, E> extends EventLog<S, E> {
  readonly overlay: Overlay;
  readonly log: readonly string[];
}

/** The view every play model keeps besides its own: the page over the board, and the notice. */
export interface FramedView {
  readonly overlay: Overlay;
  readonly notice: string | null;
}

/**
 * The end of every play model's reducer: the actions all answer alike (a notice, a page opened
 * or closed, a hint shown, where `hinted` puts the game's own selection on the hinted move).
 * Any other action leaves the model as it is: chance, hints asked, saves and the app's requests
 * are the dispatcher's.
 */
export function reduceFramed<P extends FramedView, E>(
  play: P,
  action: { readonly type: string },
  hinted?: (play: P, event: E) => Partial<P>,
): P {
  const shared = action as SessionAction<E>;
  switch (shared.type) {
    case 'play/hintShown':
      return { ...play, ...hinted?.(play, shared.event), notice: shared.notice };
    case 'play/noticeShown':
      return { ...play, notice: shared.notice };
    case 'play/overlayOpened':
      return { ...play, overlay: shared.overlay };
    case 'play/overlayClosed':
      return { ...play, overlay: null };
    default:
      return play;
  }
}

export interface PlaySessionOptions<S, E extends GameEvent, P extends PlayModel<S, E>, A> {
  /** What the table needs of the game: its rules, its bots and their reasons, its chance words. */
  readonly knowledge: TableGame<S, E>;
  readonly props: PlayProps<S>;
  readonly init: () => P;
  readonly reduce: (play: P, action: A) => P;
  readonly key: (play: P, key: Key) => A | undefined;
  /** Why the game cannot be saved now (undefined: saved); absent when saving is not offered. */
  readonly save?: ((play: P) => string | undefined) | undefined;
  /** The hint's notice; by default `Hint: <the reason>.` */
  readonly hintNotice?: ((state: S, event: E, reason: string) => string) | undefined;
  /** The help page's lines, so that scrolling stops at its end. */
  readonly helpLines: readonly string[];
  /** The game's own take-back rule (by default the shared one, engine/take-back.ts). */
  readonly takeBack?: TakeBackRule<S, E> | undefined;
  /** Whether the computers play at once now (Layers' `n`): no delay, many moves a frame. */
  readonly hurry?: ((play: P) => boolean) | undefined;
  /**
   * The events the table told in one turn of the event loop (a batch of draws or of computers'
   * moves), folded at once: one model made and one frame drawn for the batch, not one an event.
   * Without it each event is folded as it is told.
   */
  readonly told?: ((play: P, told: readonly Told<S, E>[]) => P) | undefined;
}

/** The store's own action: the model a reducer made, once the table accepted its fact. */
interface Committed<P> {
  readonly type: 'session/committed';
  readonly play: P;
}

/**
 * Local play: a table (table/table.ts) whose every seat this keyboard holds. Keys become the
 * play model's actions; an action whose reducer states a fact (a move, a take-back) is sent to
 * the table as an intent and kept only once the table accepts it; throws, hints, the computers'
 * moves and the end are the table's, and what it tells is folded into the play model.
 */
export function usePlaySession<
  S,
  E extends GameEvent,
  P extends PlayModel<S, E>,
  A extends { readonly type: string },
>(options: PlaySessionOptions<S, E, P, A>) {
  const { knowledge, props, init, reduce, key, save, hintNotice, helpLines, hurry, told } = options;
  const { session, onRequest, botDelay = 700, paused = false } = props;
  const { rules } = knowledge;
  const storeReduce = useCallback(
    (play: P, action: A | Committed<P>): P =>
      action.type === 'session/committed'
        ? (action as Committed<P>).play
        : reduce(play, action as A),
    [reduce],
  );
  const { shared } = props;
  const toldAction = (told: Told<S, E>) => ({ type: 'play/told', told }) as unknown as A;
  const backAction = (back: ToldBack<S, E>) => ({ type: 'play/takenBack', back }) as unknown as A;
  // A shared table may be well on when this screen opens (a player joining or coming back): its
  // log is rebuilt as a view there all along made it, from what the table told in order (the
  // moves with the states around them, take-backs, the table's words), never folded here.
  const rebuilt = useCallback((): P => {
    const past = shared?.past() as readonly Past<E, S>[] | undefined;
    const inForce = (shared?.table.events ?? []) as readonly E[];
    let play = init();
    let batch: Told<S, E>[] = [];
    const flushed = () => {
      if (batch.length > 0 && told) play = told(play, batch);
      batch = [];
    };
    for (const was of past ?? []) {
      if (was.kind !== 'event') flushed();
      if (was.kind === 'line') play = { ...play, log: [...play.log, was.line].slice(-LOG_KEPT) };
      // The log stays as it was told (the table's words say whose move was taken back).
      else if (was.kind === 'takenBack') play = { ...reduce(play, backAction(was)), log: play.log };
      else {
        const one: Told<S, E> = {
          event: was.event,
          before: was.before,
          after: was.after,
          note: was.reason !== undefined ? `  (${was.reason})` : undefined,
        };
        if (told) batch.push(one);
        else play = reduce(play, toldAction(one));
      }
    }
    flushed();
    const same =
      play.events.length === inForce.length && play.events.every((e, i) => e === inForce[i]);
    // Told otherwise than the table holds it (a story cut short): its state and events as they are.
    return same || !shared
      ? play
      : { ...play, events: [...inForce], state: shared.table.state as S, wanted: undefined };
    // `toldAction` and `backAction` only wrap their argument.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shared, init, reduce, told]);
  const [play, dispatch, current, later, held] = useStore(storeReduce, rebuilt);
  const [helpScroll, setHelpScroll] = useState(0);
  const think = useContext(ThinkContext);
  // One table for the life of the screen (the app gives each session a screen of its own).
  const [table] = useState(
    () =>
      (shared?.table as Table<S, E> | undefined) ??
      new Table<S, E>({
        game: knowledge,
        initial: session.initial,
        seats: session.seats,
        chance: session.chance,
        recorder: session.recorder,
        botSeed: session.botSeed,
        scheduler: TIMERS,
        botDelay,
        takeBack: options.takeBack,
        think,
      }),
  );
  const view = useMemo(
    () =>
      (shared?.view as TableView<S, E> | undefined) ??
      table.view(session.seats.map((_, seat) => seat)),
    [table, session, shared],
  );
  const as = (action: SessionAction<E> | E) => action as unknown as A;
  const notice = (text: string) => dispatch(as({ type: 'play/noticeShown', notice: text }));
  // This view's own move or take-back is with the table (told back while it is sent).
  const sending = useRef(false);
  const pausedRef = useRef(paused);
  // The computers wait while a page covers the board or the window is too small, and play at
  // once while the model says so (Layers' n). A shared table is not held or hurried by one
  // view: the others play on.
  const syncHold = useCallback(() => {
    if (shared) return;
    table.hold(table, pausedRef.current || current().overlay !== null);
    table.hurry(hurry?.(current()) ?? false);
  }, [table, current, hurry, shared]);

  // Events told and not yet folded (with `told`): folded together once the table's batch is
  // over (a microtask runs after it, before the loop's next turn), or before anything else.
  const pending = useRef<Told<S, E>[]>([]);
  const flush = useCallback(
    (drawNow = false) => {
      const batch = pending.current;
      if (batch.length === 0 || !told) return;
      pending.current = [];
      // Drawn with the next frame due, not batch by batch; this view's own move at once; and
      // with the table's own draw that follows at once (one frame of the two, for every view).
      (table.drawsAtOnce ? held : drawNow ? dispatch : later)({
        type: 'session/committed',
        play: told(current(), batch),
      });
      syncHold();
    },
    [told, later, held, dispatch, current, syncHold, table],
  );

  const heard = useCallback(
    (fact: Fact<S, E>) => {
      const one = toldOf(fact);
      if (told && one) {
        if (pending.current.push(one) === 1) queueMicrotask(() => flush());
        return;
      }
      flush();
      switch (fact.kind) {
        case 'event':
          dispatch(toldAction(one as Told<S, E>));
          break;
        case 'recordingStopped':
          // The server's own file and failure are not the players' to see.
          notice(
            shared
              ? "The server's recording of this game stopped: the game goes on unrecorded."
              : fact.problem,
          );
          break;
        case 'takenBack': {
          // Locally a take-back comes only from this keyboard, and the model says it. At a shared
          // table the table's words say whose move was taken back: the log stays as it was,
          // but for the mover's own take-back made at once (no one else to ask).
          const before = current();
          const after = reduce(before, backAction(fact));
          dispatch({
            type: 'session/committed',
            play: shared && !sending.current ? { ...after, log: before.log } : after,
          });
          break;
        }
        case 'closed':
          // A shared table ended before its game did (E after a seat's hold, a leave): every
          // view says so (its board would show the game going on); locally the end is the
          // leaver's own.
          if (shared && fact.outcome.status === 'running')
            notice('This game is over: the table is closed.');
          break;
        default:
          break;
      }
      syncHold();
    },
    // `as`, `notice`, `toldAction` and `backAction` only wrap dispatch or their argument.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dispatch, syncHold, shared, told, flush, current, reduce],
  );

  useLayoutEffect(() => view.subscribe(heard), [view, heard]);
  // The table's words for every view go to the log.
  useLayoutEffect(
    () =>
      shared?.lines?.((line) => {
        const now = current();
        // The take-back answered (refused, or made): the note that it waits is no longer true.
        const answered =
          (now as { notice?: unknown }).notice === TAKE_BACK_ASKED && !shared.asking?.();
        dispatch({
          type: 'session/committed',
          play: {
            ...now,
            log: [...now.log, line].slice(-LOG_KEPT),
            ...(answered ? { notice: null } : {}),
          },
        });
      }),
    [shared, current, dispatch],
  );
  useEffect(() => {
    if (shared) return;
    table.start();
    return () => table.stop();
  }, [table, shared]);
  useEffect(() => {
    pausedRef.current = paused;
    syncHold();
  }, [paused, play.overlay, syncHold]);
  // The table's keys wait while a page or question is open (told as the key is taken: the next
  // key may come before the frame is drawn).
  const tellCovered = useCallback(() => {
    shared?.covered?.(current().overlay !== null);
  }, [shared, current]);
  useEffect(tellCovered, [tellCovered, play.overlay]);

  const act = useCallback(
    (action: A): P => {
      flush();
      const before = current();
      const toAct = rules.toAct(before.state);
      // A shared view acts for the seat to play when it holds it, else for its own (and the
      // table says whose turn it is).
      const seat = view.seats.includes(toAct) ? toAct : (view.seats[0] ?? toAct);
      // Leaving a shared table is the app's: the table goes on for the others.
      const leave = (leaving: Leaving) =>
        shared ? undefined : view.send({ type: 'leave', seat, leaving });
      const generic = action as unknown as SessionAction<E>;
      switch (generic.type) {
        case 'play/overlayOpened':
          // A spectator has no game to quit: q and Esc go back to the lobby.
          if (shared && view.seats.length === 0 && generic.overlay === 'quit') {
            onRequest('quit');
            return before;
          }
          break;
        case 'app/quitConfirmed':
          leave('quit');
          onRequest('quit');
          return before;
        case 'app/againRequested': {
          // At a served table w is not offered: the seats are the table's.
          if (shared && generic.swap) return before;
          const outcome = rules.outcome(before.state);
          leave(generic.swap ? 'swap' : 'again');
          onRequest(generic.swap ? 'swap' : 'again', outcome);
          return before;
        }
        case 'app/menuRequested':
          leave('menu');
          onRequest('menu');
          return before;
        case 'app/analysisRequested':
          if (shared)
            return notice('The analysis is for games played here, not at a served table.');
          if (session.recorder.file === undefined)
            return notice('This game was not recorded (--no-record): there is nothing to analyse.');
          // The recording is closed first, so that the replay reads the whole game.
          leave('menu');
          onRequest('analyse');
          return before;
        case 'play/hintRequested': {
          const answer = view.send({ type: 'hint', seat });
          if (!answer.ok) return notice(answer.problem);
          const shown = ({ event, reason }: { event: E; reason: string }) =>
            dispatch(
              as({
                type: 'play/hintShown',
                event,
                notice: hintNotice?.(before.state, event, reason) ?? `Hint: ${reason}.`,
              }),
            );
          if (answer.hint) return shown(answer.hint);
          // Thought elsewhere: a hint for a position that has gone by is no hint.
          void answer.thinking?.then((hint) => {
            if (current().state === before.state) shown(hint);
          });
          return before;
        }
        case 'play/saveRequested': {
          const problem = save ? save(before) : 'This game is not saved that way.';
          if (problem !== undefined) return notice(problem);
          leave('saved');
          onRequest('saved');
          return before;
        }
        case 'play/chanceRequested': {
          // The table draws it and tells every view, this one too.
          const answer = view.send({ type: 'chance', seat });
          return answer.ok ? current() : notice(answer.problem);
        }
        default:
          break;
      }
      const made = reduce(before, action);
      const wanted = made.wanted;
      // A move asked of the table is drawn with the table's answer, told at once below (or with
      // the refusal's notice): not first as asked, a commit and perhaps a frame of its own.
      (wanted !== undefined && wanted !== before.wanted ? held : dispatch)({
        type: 'session/committed',
        play: made,
      });
      if (wanted === undefined || wanted === before.wanted) {
        syncHold();
        return made;
      }
      // Asked of the table: what it accepts it tells every view, this one too (made then);
      // nothing is shown before.
      sending.current = true;
      let answer;
      try {
        answer = view.send(
          wanted.type === 'event'
            ? { type: 'move', seat, event: wanted.event }
            : { type: 'takeBack', seat },
        );
      } finally {
        sending.current = false;
      }
      flush(true);
      if (!answer.ok) return notice(answer.problem);
      syncHold();
      return current();
    },
    // `as` and `notice` only wrap dispatch; the rest are stable for the life of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      current,
      dispatch,
      view,
      onRequest,
      rules,
      reduce,
      save,
      hintNotice,
      heard,
      syncHold,
      shared,
      flush,
      held,
    ],
  );

  // The keys of this screen (ui/keys-context.tsx): subscribed before any key can arrive.
  useKeys((pressed: Key) => {
    flush();
    const now = current();
    // The help and the log are pages: their keys scroll them, any other closes them.
    const page =
      now.overlay === 'help'
        ? helpLines.length
        : now.overlay === 'log'
          ? logLines(now.log, props.width).length
          : undefined;
    if (page !== undefined && PAGE_KEYS[pressed] !== undefined) {
      const delta = PAGE_KEYS[pressed] ?? 0;
      const last = lastScroll(page, props.height);
      return setHelpScroll((scroll) => Math.max(0, Math.min(last, scroll + delta)));
    }
    if (page !== undefined) setHelpScroll(0);
    const action = key(now, pressed);
    if (action) act(action);
    tellCovered();
    // The log opens on its newest lines.
    const after = current();
    if (after.overlay === 'log' && now.overlay !== 'log')
      setHelpScroll(lastScroll(logLines(after.log, props.width).length, props.height));
  });

  return { play, act, helpScroll, table };
}
