/**
 * The generic play screen's dispatcher: what every game's play screen does around its own pure
 * model. It draws chance events from the session's source (never inside a reducer), records
 * every accepted event, take-back and the end, runs the computer seats on a timer, answers the
 * hint and save keys, scrolls the help page, and hands app requests (quit, again, menu) up.
 * A game gives its model (init, reduce, key) and what its rules and bots know.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { Bot, Level } from '../engine/bots.js';
import type { ChanceSource } from '../engine/chance.js';
import type { Game, GameEvent, Outcome } from '../engine/game.js';
import { botRandom } from '../engine/random.js';
import type { Recorder } from '../engine/recording.js';
import type { Seat } from '../engine/seats.js';
import type { Key } from './keys.js';
import { useStore } from './store.js';
import { lastScroll, PAGE_KEYS } from './TextPage.js';
import { logPage } from './text.js';

/** What a play screen asks of the app. */
export type AppRequest = 'quit' | 'again' | 'swap' | 'menu' | 'saved';

/** A game being played: made by the app's session factory, for a new or a resumed game. */
export interface Session<S = unknown> {
  readonly id: number;
  /** The seed of the chance source (null when the throws come from a script). */
  readonly seed: number | null;
  readonly initial: S;
  readonly seats: readonly Seat[];
  /** Where throws and rolls come from; undefined for a game without chance. */
  readonly chance: ChanceSource | undefined;
  readonly recorder: Recorder;
  /** Seeds the computers' tie-breaks: the same seed and throws, the same game. */
  readonly botSeed: number;
  /** A starting log, e.g. for a resumed game. */
  readonly log?: readonly string[] | undefined;
  /** Saving to the game's own file (Yut's advanced game): the problem in words if it failed. */
  readonly save?: ((state: S) => string | undefined) | undefined;
}

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
  /** Hands this screen's key handler to the app's one input handler. */
  readonly registerKeys: (handler: (key: Key) => void) => void;
}

/** What the dispatcher needs of a game: its rules, its bots and their reasons, its chance words. */
export interface PlayKnowledge<S, E extends GameEvent> {
  readonly rules: Game<S, E, never>;
  bot(level: Level): Bot<S, E>;
  explain(state: S, event: E, names: readonly string[]): string;
  /** A refusal of the rules in the players' names, for a game whose rules speak of seats by number. */
  named?(problem: string, names: readonly string[]): string;
  /** Throws or rolls: the word for the chance key, and an event to ask the rules whether one is due. */
  readonly chance?:
    | {
        readonly noun: string;
        readonly probe: E;
        /** Drawn as soon as due, whoever is to act (Layers' orders and fight numbers): no key. */
        readonly automatic?: boolean | undefined;
      }
    | undefined;
}

/** The actions every game's play model understands besides its own. */
export type SessionAction<E> =
  | { readonly type: 'play/chanceRequested' }
  | { readonly type: 'play/hintRequested' }
  | { readonly type: 'play/saveRequested' }
  | { readonly type: 'play/noticeShown'; readonly notice: string }
  | { readonly type: 'play/hintShown'; readonly event: E; readonly notice: string }
  | { readonly type: 'play/botMoved'; readonly event: E; readonly reason: string }
  | { readonly type: 'play/overlayOpened'; readonly overlay: 'help' | 'quit' | 'log' }
  | { readonly type: 'play/overlayClosed' }
  | { readonly type: 'app/quitConfirmed' }
  /** Another game; `swap`: with the seats turned by one. */
  | { readonly type: 'app/againRequested'; readonly swap?: boolean }
  | { readonly type: 'app/menuRequested' };

export type Overlay = 'help' | 'quit' | 'log' | null;

/** How many lines a game's log keeps: the whole game, for the log page (`l`). */
export const LOG_KEPT = 2000;

/** The frame's own keys, for each game's help page. */
export const FRAME_HELP = '  l          the whole log, newest last (↑↓ PgUp PgDn scroll it)';

/** The log page's lines at this screen width. */
export const logLines = (log: readonly string[], width: number) =>
  logPage(log, Math.min(width, 90) - 4);

/** The key lines of a finished game, for the panels that have two lines for them (frameKey). */
export const OVER_KEYS = ['Enter play again · m menu · q quit', 'w play again, seats swapped'];

/**
 * The keys every play screen shares: the help page and the quit question while they are open,
 * the keys of a finished game (again, menu, quit), and `?` and `q`. An action, or null for a key
 * that does nothing here; undefined leaves the key to the game.
 */
export function frameKey(
  overlay: Overlay,
  running: boolean,
  key: Key,
): SessionAction<never> | null | undefined {
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
    if (key === 'enter' || key === 'a') return { type: 'app/againRequested' };
    if (key === 'w') return { type: 'app/againRequested', swap: true };
    if (key === 'm' || key === 'escape') return { type: 'app/menuRequested' };
    if (key === 'q') return { type: 'app/quitConfirmed' };
    return null;
  }
  if (key === 'q' || key === 'escape') return { type: 'play/overlayOpened', overlay: 'quit' };
  return undefined;
}

/** The part of every play model the dispatcher reads. */
export interface PlayModel<S, E> {
  readonly state: S;
  readonly events: readonly E[];
  readonly overlay: Overlay;
  readonly log: readonly string[];
}

export interface PlaySessionOptions<S, E extends GameEvent, P extends PlayModel<S, E>, A> {
  readonly knowledge: PlayKnowledge<S, E>;
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
  /** Whether the computers play at once now (Layers' `n`): no delay, many moves a frame. */
  readonly hurry?: ((play: P) => boolean) | undefined;
}

/** The longest a batch of computers' moves or draws holds the event loop (signals, keys). */
const BATCH_MS = 30;

export function usePlaySession<
  S,
  E extends GameEvent,
  P extends PlayModel<S, E>,
  A extends { readonly type: string },
>(options: PlaySessionOptions<S, E, P, A>) {
  const { knowledge, props, init, reduce, key, save, hintNotice, helpLines, hurry } = options;
  const { session, onRequest, registerKeys, botDelay = 700, paused = false } = props;
  const { rules } = knowledge;
  const [play, dispatch, current] = useStore(reduce, init);
  const [helpScroll, setHelpScroll] = useState(0);
  const random = useMemo(() => botRandom(session.botSeed), [session.botSeed]);
  const bots = useMemo(
    () =>
      session.seats.map((seat) =>
        seat.kind === 'computer' ? knowledge.bot(seat.level ?? 'strong') : undefined,
      ),
    [session.seats, knowledge],
  );
  const names = useMemo(() => session.seats.map((s) => s.name), [session.seats]);
  const as = (action: SessionAction<E> | E) => action as unknown as A;

  const act = useCallback(
    (action: A): P => {
      const before = current();
      const generic = action as unknown as SessionAction<E>;
      switch (generic.type) {
        case 'app/quitConfirmed':
          session.recorder.close();
          onRequest('quit');
          return before;
        case 'app/againRequested':
          session.recorder.close();
          onRequest(generic.swap ? 'swap' : 'again', rules.outcome(before.state));
          return before;
        case 'app/menuRequested':
          session.recorder.close();
          onRequest('menu');
          return before;
        case 'play/hintRequested': {
          if (
            rules.chance(before.state) !== undefined ||
            rules.legalEvents(before.state).length === 0
          ) {
            const noun = knowledge.chance?.noun ?? 'move';
            return dispatch(
              as({
                type: 'play/noticeShown',
                notice: `${noun[0]?.toUpperCase()}${noun.slice(1)} first (Space); then h suggests a move.`,
              }),
            );
          }
          const { event } = knowledge.bot('strong').choose(before.state, random);
          const reason = knowledge.explain(before.state, event, names);
          const notice = hintNotice?.(before.state, event, reason) ?? `Hint: ${reason}.`;
          return dispatch(as({ type: 'play/hintShown', event, notice }));
        }
        case 'play/saveRequested': {
          const problem = save ? save(before) : 'This game is not saved that way.';
          if (problem !== undefined)
            return dispatch(as({ type: 'play/noticeShown', notice: problem }));
          session.recorder.close('saved');
          onRequest('saved');
          return before;
        }
        case 'play/chanceRequested': {
          // Ask the rules first, so a refused throw never draws from the chance source.
          const probe = knowledge.chance?.probe;
          // When one is due, draw it; else the probe's refusal says why not (a game with chance
          // events of several kinds, such as Layers, has a probe of only one).
          const problem =
            probe === undefined
              ? 'This game has no chance.'
              : rules.chance(before.state) !== undefined
                ? undefined
                : rules.check(before.state, probe);
          if (problem !== undefined)
            return dispatch(
              as({
                type: 'play/noticeShown',
                notice: knowledge.named?.(problem, names) ?? problem,
              }),
            );
          const drawn = session.chance?.next(before.state);
          if (!drawn) return before;
          if (!drawn.ok) return dispatch(as({ type: 'play/noticeShown', notice: drawn.problem }));
          action = as(drawn.event as E);
          break;
        }
        default:
          break;
      }
      const after = dispatch(action);
      const failedBefore = session.recorder.problem;
      if (after.events.length > before.events.length) {
        session.recorder.event(after.events.at(-1) as E, rules.chance(before.state) !== undefined);
        // The computer's reason goes with its move, for the replay.
        const moved = action as unknown as SessionAction<E>;
        if (moved.type === 'play/botMoved') session.recorder.explained(moved.reason);
        const outcome = rules.outcome(after.state);
        if (outcome.status !== 'running') session.recorder.end(outcome);
      } else {
        // A take-back line for each move taken back (Kono's undo takes the computer's reply too).
        for (let n = after.events.length; n < before.events.length; n++)
          session.recorder.takenBack();
      }
      // A recording that stops (a full disk) is said when it happens; the game goes on.
      const failed = session.recorder.problem;
      if (failed !== undefined && failedBefore === undefined)
        return dispatch(as({ type: 'play/noticeShown', notice: failed }));
      return after;
    },
    // `as` only casts; the rest are stable for the life of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, dispatch, session, onRequest, rules, knowledge, random, names, save, hintNotice],
  );

  // A computer seat throws and moves by itself, at a pace people can follow.
  useEffect(() => {
    const { state, overlay } = play;
    if (paused || overlay !== null || rules.outcome(state).status !== 'running') return;
    const running = () =>
      current().overlay === null && rules.outcome(current().state).status === 'running';
    /** The computer to act moves, with its reason for the log and the recording. */
    const move = (now: S, bot: Bot<S, E>) => {
      const { event } = bot.choose(now, random);
      act(
        as({
          type: 'play/botMoved',
          event,
          reason: `${bot.level}: ${knowledge.explain(now, event, names)}`,
        }),
      );
    };
    if (hurry?.(play)) {
      // The computers' moves and the draws between them, as many as BATCH_MS allows, then a
      // frame; the next batch follows it. A person to act (or a key that ends the hurry) stops.
      const timer = setTimeout(() => {
        const end = performance.now() + BATCH_MS;
        while (running() && hurry(current()) && performance.now() < end) {
          const now = current().state;
          if (rules.chance(now) !== undefined) {
            act(as({ type: 'play/chanceRequested' }));
            if (current().state === now) return;
            continue;
          }
          const bot = bots[rules.toAct(now)];
          if (!bot) return;
          move(now, bot);
          if (current().state === now) return;
        }
      }, 0);
      return () => clearTimeout(timer);
    }
    if (knowledge.chance?.automatic && rules.chance(state) !== undefined) {
      // Draws due one after another (a round's order of a thousand) in batches, a frame each.
      const timer = setTimeout(() => {
        const end = performance.now() + BATCH_MS;
        while (
          running() &&
          performance.now() < end &&
          rules.chance(current().state) !== undefined
        ) {
          const before = current().state;
          act(as({ type: 'play/chanceRequested' }));
          if (current().state === before) return;
        }
      }, 0);
      return () => clearTimeout(timer);
    }
    const bot = bots[rules.toAct(state)];
    if (!bot) return;
    const timer = setTimeout(() => {
      const now = current();
      if (now.overlay !== null || now.state !== state) return;
      if (rules.chance(state) !== undefined) return void act(as({ type: 'play/chanceRequested' }));
      move(state, bot);
    }, botDelay);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [play, bots, botDelay, random, names, act, current, rules, knowledge, paused, hurry]);

  // The app's one input handler calls this. A layout effect runs before any key can arrive.
  useLayoutEffect(() => {
    registerKeys((pressed: Key) => {
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
      // The log opens on its newest lines.
      const after = current();
      if (after.overlay === 'log' && now.overlay !== 'log')
        setHelpScroll(lastScroll(logLines(after.log, props.width).length, props.height));
    });
  }, [registerKeys, current, act, key, helpLines, props.height, props.width]);

  return { play, act, helpScroll };
}
