/**
 * The table: a game in progress, headless and authoritative (docs/design.md, "The table: the game
 * in progress"). It owns the event log and the state, the chance source, the computer seats and
 * their pacing, the recorder, take-backs, hints and the end. Views never change the game: each
 * holds some seats (a keyboard holds every seat of a local game, a spectator none), sends intents
 * for a seat it holds, and draws what the table tells every subscriber. The table checks the sender
 * holds the seat, that it is that seat's turn and that the rules accept the event; then it applies
 * it, records it and tells every subscriber the fact. Time enters through an injected scheduler.
 */
import type { Bot, Level, Think } from '../engine/bots.js';
import type { ChanceSource } from '../engine/chance.js';
import type { Game, GameEvent, Outcome } from '../engine/game.js';
import { botRandom, type Random } from '../engine/random.js';
import type { Recorder } from '../engine/recording.js';
import type { Seat } from '../engine/seats.js';
import { takeBack, type TakeBack } from '../engine/take-back.js';

/** What a table needs of a game: its rules, its computers and their reasons, its chance words. */
export interface TableGame<S, E extends GameEvent> {
  readonly rules: Game<S, E, never>;
  bot(level: Level): Bot<S, E>;
  /** The level whose move a hint shows (default strong): Ur's perfect where a table is built. */
  hintLevel?(state: S): Level;
  /** The game's own take-back rule (engine/core.ts), unless the setup gives one. */
  readonly takeBack?: TakeBackRule<S, E> | undefined;
  explain(state: S, event: E, names: readonly string[]): string;
  /** A refusal of the rules in the players' names, for a game whose rules speak of seats by number. */
  named?(problem: string, names: readonly string[]): string;
  /** Throws or rolls: the word for them, and an event to ask the rules whether one is due. */
  readonly chance?:
    | {
        readonly noun: string;
        readonly probe: E;
        /** Drawn as soon as due, whoever is to act (Layers' orders and fight numbers): no key. */
        readonly automatic?: boolean | undefined;
      }
    | undefined;
}

/** Time at the edge: run something after a delay, and a way to call it off. */
export interface Scheduler {
  after(ms: number, run: () => void): () => void;
  /** Milliseconds from any fixed start, to bound a batch of moves (without it: no bound). */
  now?(): number;
}

/** The real clock's timers. */
export const TIMERS: Scheduler = {
  after(ms, run) {
    // At once, but in the loop's turn after next: the next turn hears keys and signals and
    // draws the frame the last batch made (React asks for it with an immediate), and this one
    // runs alone after it. (A timeout of 0 set from a timer may run in the same turn: Node
    // reads the clock once a turn.)
    if (ms <= 0) {
      let immediate = setImmediate(() => {
        immediate = setImmediate(run);
      });
      return () => clearImmediate(immediate);
    }
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  now: () => performance.now(),
};

/** The longest a batch of computers' moves or draws holds the event loop (signals, keys). */
export const BATCH_MS = 20;
/**
 * The most events a batch applies: a bound in work, whatever the clock says (a busy machine's
 * clock lets a batch of 20 ms apply hundreds, each with its views' work, and the frame after them).
 */
export const SLICE_EVENTS = 32;

/** How far a take-back reaches, for a game whose rule is its own (by default the shared one). */
export type TakeBackRule<S, E> = (
  initial: S,
  events: readonly E[],
  seats: readonly Seat[],
) => TakeBack<S>;

export interface TableSetup<S, E extends GameEvent> {
  readonly game: TableGame<S, E>;
  readonly initial: S;
  readonly seats: readonly Seat[];
  /** Where throws and rolls come from; undefined for a game without chance. */
  readonly chance: ChanceSource | undefined;
  readonly recorder: Recorder;
  /** Seeds the computers' tie-breaks (and the hints'): the same seed and throws, the same game. */
  readonly botSeed: number;
  readonly scheduler: Scheduler;
  /** Milliseconds a computer waits before each throw or move, so people can follow it. */
  readonly botDelay: number;
  readonly takeBack?: TakeBackRule<S, E> | undefined;
  /**
   * How a computer is asked for its move or a hint when it may think long (cli/thinking.ts: on a
   * worker thread, so keys and signals are heard meanwhile); without it, here and at once.
   */
  readonly think?: Think | undefined;
  /** Each seat's computer, where the caller brings its own (a match between given bots). */
  readonly bots?: readonly (Bot<S, E> | undefined)[] | undefined;
  /**
   * The computers' tie-breaks, where the caller keeps its own stream (the matches between
   * computers: seed ^ 0x5bd1e995, which their figures and fixtures were made with); by default
   * botRandom(botSeed).
   */
  readonly ties?: Random | undefined;
  /**
   * Draws are told to the recorder as moves (a console's): its file is made at the first draw,
   * so a game left before anyone moved still has one, as the consoles always had. A screen's is
   * made at the first move.
   */
  readonly drawsAsMoves?: boolean | undefined;
}

/** How a game was left: quit, another game (`swap`: seats turned by one), the menu, or saved. */
export type Leaving = 'quit' | 'again' | 'swap' | 'menu' | 'saved';

/** What happened at the table, told to every subscriber. */
export type Fact<S, E> =
  | {
      readonly kind: 'event';
      readonly event: E;
      /** The seat that acted (the one whose throw or roll it was, for chance). */
      readonly seat: number;
      readonly by: 'person' | 'computer' | 'chance';
      /** A computer's reason for its move ("strong: …"). */
      readonly reason?: string | undefined;
      readonly before: S;
      readonly after: S;
    }
  | {
      readonly kind: 'takenBack';
      /** Events that stay; the ones after them are taken back. */
      readonly kept: number;
      readonly removed: readonly E[];
      readonly mover: number;
      readonly state: S;
      /** The computers whose replies went with it, by name (engine/take-back.ts). */
      readonly repliers: readonly string[];
      /** The last throw or roll that stays, with the seat that made it. */
      readonly lastChance?: { readonly event: E; readonly seat: number } | undefined;
    }
  /** The recording stopped (a full disk): the game goes on unrecorded. */
  | { readonly kind: 'recordingStopped'; readonly problem: string }
  | { readonly kind: 'closed'; readonly leaving: Leaving; readonly outcome: Outcome };

/** What a view asks of the table, always for a seat it holds. */
export type Intent<E> =
  | { readonly type: 'move'; readonly seat: number; readonly event: E }
  /** The throw or roll due now, drawn by the table from its chance source. */
  | { readonly type: 'chance'; readonly seat: number }
  /** The seat's last move, with the computers' reply after it. */
  | { readonly type: 'takeBack'; readonly seat: number }
  /** The strong computer's choice for the seat to act, and why (nothing changes). */
  | { readonly type: 'hint'; readonly seat: number }
  | { readonly type: 'leave'; readonly seat: number; readonly leaving: Leaving };

export type Answer<E> =
  | {
      readonly ok: true;
      readonly hint?: { readonly event: E; readonly reason: string };
      /**
       * The intent went to a table run elsewhere (madang serve --redis): it is made only when
       * the table tells it, so the view shows nothing yet.
       */
      readonly pending?: boolean;
      /** The hint, when the table thinks elsewhere (setup.think): it comes later. */
      readonly thinking?: Promise<{ readonly event: E; readonly reason: string }>;
    }
  | { readonly ok: false; readonly problem: string };

export type Listener<S, E> = (fact: Fact<S, E>) => void;

/** One view of a table: the seats it holds, its intents, and what it hears. */
export interface TableView<S, E extends GameEvent> {
  readonly seats: readonly number[];
  send(intent: Intent<E>): Answer<E>;
  subscribe(listener: Listener<S, E>): () => void;
}

const OK = Object.freeze({ ok: true as const });

/**
 * What the table asks of every state, asked once per state (the same state, the same answers).
 * One object, written over at every event (none made per event: the table keeps up with the
 * bare reducer); read it field by field, never keep it.
 */
interface Standing<S> {
  state: S;
  toAct: number;
  outcome: Outcome;
  /** A throw or roll is due. */
  chanceDue: boolean;
}

export class Table<S, E extends GameEvent> {
  readonly initial: S;
  readonly seats: readonly Seat[];
  readonly names: readonly string[];
  private current: S;
  private log: E[] = [];
  /** Replaced, never changed, when one joins or leaves: telling walks the list as it was. */
  private listeners: readonly Listener<S, E>[] = [];
  /** The computers' and hints' tie-breaks, made when first asked (most tables never do). */
  private tieBreaks: Random | undefined;
  /** Who plays each seat now: its computer, or undefined for its person (see hand). */
  private readonly bots: (Bot<S, E> | undefined)[];
  private readonly holds = new Set<unknown>();
  private cancel: (() => void) | undefined;
  private running = false;
  private closed = false;
  /** The computers play at once, in batches (Layers' n), until a person is to act. */
  private hurrying = false;
  /** A batch is under way: what it applies does not schedule the next step. */
  private batching = false;
  /** The next step is a draw the table makes by itself at once (see drawsAtOnce). */
  private drawing = false;
  private standing: Standing<S>;
  /** Whether anything here ever acts by itself (a computer seat, or draws with no key). */
  private acts: boolean;

  constructor(private readonly setup: TableSetup<S, E>) {
    this.initial = setup.initial;
    this.current = setup.initial;
    this.seats = setup.seats;
    this.names = setup.seats.map((seat) => seat.name);
    this.bots = setup.seats.map((seat, at) =>
      seat.kind === 'computer'
        ? (setup.bots?.[at] ?? setup.game.bot(seat.level ?? 'strong'))
        : undefined,
    );
    this.acts = this.bots.some((bot) => bot !== undefined) || !!setup.game.chance?.automatic;
    const { rules } = setup.game;
    this.standing = {
      state: setup.initial,
      toAct: rules.toAct(setup.initial),
      outcome: rules.outcome(setup.initial),
      chanceDue: rules.chance(setup.initial) !== undefined,
    };
  }

  private stand(state: S): void {
    const { rules } = this.setup.game;
    const standing = this.standing;
    standing.state = state;
    standing.toAct = rules.toAct(state);
    standing.outcome = rules.outcome(state);
    standing.chanceDue = rules.chance(state) !== undefined;
  }

  get state(): S {
    return this.current;
  }

  /**
   * The table's next step is a draw it makes by itself in the loop's next turn (Layers' number
   * after a challenge): a view told of this batch may wait for that one and draw the two as
   * one frame (the state between them, shown for a moment, is a frame every screen pays for).
   */
  get drawsAtOnce(): boolean {
    return this.drawing;
  }

  /** The events in force, oldest first (taken-back ones are gone). */
  get events(): readonly E[] {
    return this.log;
  }

  get outcome(): Outcome {
    return this.standing.outcome;
  }

  /** The seat whose decision or throw is due. */
  get toAct(): number {
    return this.standing.toAct;
  }

  get over(): boolean {
    return this.closed;
  }

  subscribe(listener: Listener<S, E>): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /** A view holding these seats (none: a spectator). */
  view(seats: readonly number[]): TableView<S, E> {
    return {
      seats,
      send: (intent) => this.send(seats, intent),
      subscribe: (listener) => this.subscribe(listener),
    };
  }

  /**
   * A person's seat changes hands: given to the table's computer at a level (its person is away),
   * or given back ('person'). The recording keeps the seats as they began (a take-back judges a
   * throw by them, as the replay does); each computer move carries its reason, so a recording
   * where the computer covered a seat replays and verifies as any other.
   */
  hand(seat: number, to: Level | 'person'): void {
    const held = this.seats[seat];
    if (held === undefined || held.kind === 'computer') return;
    const now = this.bots[seat];
    if (to === 'person' ? now === undefined : now?.level === to) return;
    this.bots[seat] = to === 'person' ? undefined : this.setup.game.bot(to);
    this.acts = this.bots.some((bot) => bot !== undefined) || !!this.setup.game.chance?.automatic;
    // A move the old hand was thinking of is dropped (pace calls it off) and the new one asked.
    this.pace();
  }

  /** The level of the computer playing a person's seat handed to it (undefined: its person). */
  computerAt(seat: number): Level | undefined {
    return this.seats[seat]?.kind === 'computer' ? undefined : this.bots[seat]?.level;
  }

  /** Why a person may not act for this seat now: the computer plays it. */
  private handedAway(seat: number): string | undefined {
    return this.computerAt(seat) === undefined
      ? undefined
      : `The computer plays ${this.nameOf(seat)}'s seat now.`;
  }

  /** The computers start playing (a table made and not started never acts by itself). */
  start(): void {
    this.running = true;
    this.pace();
  }

  /** No more computer moves (the screen is gone); the recording is the leaver's to close. */
  stop(): void {
    this.running = false;
    this.cancel?.();
    this.cancel = undefined;
    this.drawing = false;
  }

  /**
   * Hold the computers while `holder` needs the game to stand still (a page over the board, a
   * window too small); each holder lets go for itself.
   */
  hold(holder: unknown, on: boolean): void {
    const had = this.holds.has(holder);
    if (on === had) return;
    if (on) this.holds.add(holder);
    else this.holds.delete(holder);
    this.pace();
  }

  /** The computers play at once until a person is to act (on), or at their pace again (off). */
  hurry(on: boolean): void {
    if (on === this.hurrying) return;
    this.hurrying = on;
    this.pace();
  }

  private send(held: readonly number[], intent: Intent<E>): Answer<E> {
    if (this.closed) return { ok: false, problem: 'This game is over: the table is closed.' };
    if (!held.includes(intent.seat))
      return {
        ok: false,
        problem:
          held.length === 0
            ? 'You are watching: only the players move.'
            : `${this.nameOf(intent.seat)}'s seat is not yours.`,
      };
    switch (intent.type) {
      case 'move':
        return this.move(intent.seat, intent.event);
      case 'chance':
        return this.draw(intent.seat);
      case 'takeBack':
        return this.takeBack(held);
      case 'hint':
        return this.hint(intent.seat);
      case 'leave':
        this.leave(intent.leaving);
        return OK;
    }
  }

  /** Seeded by botSeed when first needed: the same seed, the same tie-breaks as if made at once. */
  private get random(): Random {
    this.tieBreaks ??= this.setup.ties ?? botRandom(this.setup.botSeed);
    return this.tieBreaks;
  }

  /**
   * Why this intent from a view holding `held` would be refused now (nothing is applied): a
   * view of a table run elsewhere asks this before sending, so a refusal is said at once.
   */
  refused(held: readonly number[], intent: Intent<E>): string | undefined {
    if (this.closed) return 'This game is over: the table is closed.';
    if (!held.includes(intent.seat))
      return held.length === 0
        ? 'You are watching: only the players move.'
        : `${this.nameOf(intent.seat)}'s seat is not yours.`;
    if (intent.type === 'takeBack') {
      const back = this.reach(held);
      return back.ok ? undefined : back.problem;
    }
    if (intent.type !== 'move' && intent.type !== 'chance') return undefined;
    const handed = this.handedAway(intent.seat);
    if (handed !== undefined) return handed;
    const { toAct, outcome, chanceDue } = this.standing;
    const { rules, chance } = this.setup.game;
    if (outcome.status !== 'running') return 'The game is over.';
    if (intent.seat !== toAct) return `It is ${this.nameOf(toAct)}'s turn.`;
    const problem =
      intent.type === 'move'
        ? chanceDue
          ? `A ${chance?.noun ?? 'throw'} is due: the table draws it, ask for it.`
          : rules.check(this.current, intent.event)
        : chance === undefined
          ? 'This game has no chance.'
          : chanceDue
            ? undefined
            : rules.check(this.current, chance.probe);
    return problem === undefined
      ? undefined
      : (this.setup.game.named?.(problem, this.names) ?? problem);
  }

  /**
   * An event the table that runs this game elsewhere applied (a follower, madang serve
   * --redis): checked by the rules as any event, then told as that table told it. A follower
   * is never started, so nothing here acts by itself. The problem, if the rules refuse it.
   */
  follow(
    event: E,
    by: 'person' | 'computer' | 'chance',
    reason?: string,
    /** The state after it, where the table followed folded it in this process already. */
    folded?: S,
  ): string | undefined {
    const { rules } = this.setup.game;
    const after = folded ?? rules.reduce(this.current, event);
    if (after === this.current) {
      const problem = rules.check(this.current, event);
      if (problem !== undefined) return problem;
    }
    this.apply(event, after, this.standing.toAct, by, reason);
    return undefined;
  }

  /**
   * The last `count` events taken back at the table followed: the state folded again, or the
   * one the table followed folded, where it is in this process.
   */
  followBack(count: number, mover: number, folded?: S): void {
    const kept = Math.max(0, this.log.length - count);
    const removed = this.log.slice(kept);
    this.log = this.log.slice(0, kept);
    const { rules } = this.setup.game;
    this.current =
      folded ?? this.log.reduce((state, event) => rules.reduce(state, event), this.initial);
    this.stand(this.current);
    this.tell({ kind: 'takenBack', kept, removed, mover, state: this.current, repliers: [] });
  }

  /** The table followed was closed (ended by its players, or over). */
  followClosed(leaving: Leaving): void {
    if (this.closed) return;
    this.closed = true;
    this.tell({ kind: 'closed', leaving, outcome: this.outcome });
  }

  private nameOf(seat: number): string {
    return this.names[seat] ?? `Player ${seat + 1}`;
  }

  private refusal(problem: string): Answer<E> {
    return { ok: false, problem: this.setup.game.named?.(problem, this.names) ?? problem };
  }

  private move(seat: number, event: E): Answer<E> {
    const { toAct, outcome, chanceDue } = this.standing;
    if (outcome.status !== 'running') return { ok: false, problem: 'The game is over.' };
    if (seat !== toAct) return { ok: false, problem: `It is ${this.nameOf(toAct)}'s turn.` };
    const handed = this.handedAway(seat);
    if (handed !== undefined) return { ok: false, problem: handed };
    if (chanceDue) {
      // A move before the throw is refused in the rules' words ("… must throw the sticks
      // first"); a chance event sent as a move, in the table's.
      const problem = this.setup.game.rules.check(this.current, event);
      if (problem !== undefined) return this.refusal(problem);
      const noun = this.setup.game.chance?.noun ?? 'throw';
      return { ok: false, problem: `A ${noun} is due: the table draws it, ask for it.` };
    }
    return this.checked(event, seat, 'person');
  }

  private draw(seat: number): Answer<E> {
    const { rules, chance } = this.setup.game;
    const { toAct, chanceDue } = this.standing;
    if (seat !== toAct) return { ok: false, problem: `It is ${this.nameOf(toAct)}'s turn.` };
    const handed = this.handedAway(seat);
    if (handed !== undefined) return { ok: false, problem: handed };
    // Ask the rules first, so a refused throw never draws from the chance source. When one is
    // due, draw it; else the probe's refusal says why not (a game with chance events of several
    // kinds, such as Layers, has a probe of only one).
    const problem =
      chance === undefined
        ? 'This game has no chance.'
        : chanceDue
          ? undefined
          : rules.check(this.current, chance.probe);
    if (problem !== undefined) return this.refusal(problem);
    return this.drawNow(toAct);
  }

  private drawNow(seat: number): Answer<E> {
    const drawn = this.setup.chance?.next(this.current);
    if (!drawn) return { ok: false, problem: 'This game has no chance source.' };
    if (!drawn.ok) return { ok: false, problem: drawn.problem };
    return this.checked(drawn.event as E, seat, 'chance');
  }

  /**
   * Apply an event the rules accept, or say why they do not. The reducer checks as it reduces
   * (it returns the very same state for a refused event), so an accepted event is checked once.
   */
  private checked(
    event: E,
    seat: number,
    by: 'person' | 'computer' | 'chance',
    reason?: string,
  ): Answer<E> {
    const { rules } = this.setup.game;
    const after = rules.reduce(this.current, event);
    if (after === this.current) {
      const problem = rules.check(this.current, event);
      if (problem !== undefined) return this.refusal(problem);
    }
    this.apply(event, after, seat, by, reason);
    return OK;
  }

  /** What a take-back by a view holding `held` would take back now, or why nothing. */
  private reach(held: readonly number[]) {
    const { rules, chance } = this.setup.game;
    const rule: TakeBackRule<S, E> =
      this.setup.takeBack ??
      this.setup.game.takeBack ??
      ((initial, events, seats) =>
        takeBack(rules, initial, events, seats, chance?.noun ?? 'throw or roll'));
    const back = rule(this.initial, this.log, this.seats);
    if (!back.ok) return { ok: false as const, problem: back.problem };
    // A keyboard holding every seat takes back whichever of its seats moved last.
    if (!held.includes(back.mover))
      return {
        ok: false as const,
        problem: `The last move was ${this.nameOf(back.mover)}'s, not yours.`,
      };
    return back;
  }

  private takeBack(held: readonly number[]): Answer<E> {
    const back = this.reach(held);
    if (!back.ok) return back;
    const removed = this.log.slice(back.kept);
    this.log = this.log.slice(0, back.kept);
    this.current = back.state;
    this.stand(back.state);
    const failedBefore = this.setup.recorder.problem;
    for (let n = 0; n < removed.length; n++) this.setup.recorder.takenBack();
    this.tell({
      kind: 'takenBack',
      kept: back.kept,
      removed,
      mover: back.mover,
      state: back.state,
      repliers: back.repliers,
      lastChance: back.lastChance as { event: E; seat: number } | undefined,
    });
    this.recordingCheck(failedBefore);
    this.pace();
    return OK;
  }

  private hint(seat: number): Answer<E> {
    const { rules, chance } = this.setup.game;
    if (this.standing.chanceDue || rules.legalEvents(this.current).length === 0) {
      const noun = chance?.noun ?? 'move';
      return {
        ok: false,
        problem: `${noun[0]?.toUpperCase()}${noun.slice(1)} first (Space); then h suggests a move.`,
      };
    }
    const { toAct } = this.standing;
    if (seat !== toAct) return { ok: false, problem: `It is ${this.nameOf(toAct)}'s turn.` };
    const { game, think } = this.setup;
    const state = this.current;
    const bot = game.bot(game.hintLevel?.(state) ?? 'strong');
    const reasoned = (event: E) => ({ event, reason: game.explain(state, event, this.names) });
    if (think)
      return {
        ok: true,
        thinking: think(game.rules.name, bot, state, this.random).then(
          (c) => reasoned(c.event),
          // A thinker that failed (its thread died) leaves the hint to this thread.
          () => reasoned(bot.choose(state, this.random).event),
        ),
      };
    return { ok: true, hint: reasoned(bot.choose(state, this.random).event) };
  }

  private leave(leaving: Leaving): void {
    const outcome = this.outcome;
    this.closed = true;
    this.stop();
    this.setup.recorder.close(leaving === 'saved' ? 'saved' : undefined);
    this.tell({ kind: 'closed', leaving, outcome });
  }

  /** Apply an accepted event: the log, the state, the recording, then every subscriber. */
  private apply(
    event: E,
    after: S,
    seat: number,
    by: 'person' | 'computer' | 'chance',
    reason?: string,
  ) {
    const { recorder } = this.setup;
    const before = this.current;
    // A throw, roll or draw is told to the recorder as such (a game of none is not kept).
    const chance = this.standing.chanceDue && !this.setup.drawsAsMoves;
    this.current = after;
    this.stand(after);
    this.log.push(event);
    const failedBefore = recorder.problem;
    recorder.event(event, chance);
    // The computer's reason goes with its move, for the replay.
    if (reason !== undefined) recorder.explained(reason);
    const { outcome } = this.standing;
    if (outcome.status !== 'running') recorder.end(outcome);
    this.tell({ kind: 'event', event, seat, by, reason, before, after });
    this.recordingCheck(failedBefore);
    this.pace();
  }

  /** A recording that stops (a full disk) is told when it happens; the game goes on. */
  private recordingCheck(failedBefore: string | undefined) {
    const failed = this.setup.recorder.problem;
    if (failed !== undefined && failedBefore === undefined)
      this.tell({ kind: 'recordingStopped', problem: failed });
  }

  private tell(fact: Fact<S, E>) {
    // A listener that leaves while being told is not told again; one that joins is told the
    // next fact. (An array, not a Set: walking a Set costs as much as the rest of a move.)
    const listeners = this.listeners;
    for (let i = 0; i < listeners.length; i++) {
      const listener = listeners[i] as Listener<S, E>;
      if (this.listeners !== listeners && !this.listeners.includes(listener)) continue;
      listener(fact);
    }
  }

  /** A computer seat throws and moves by itself, at a pace people can follow. */
  private pace() {
    if (this.cancel) {
      this.cancel();
      this.cancel = undefined;
    }
    this.drawing = false;
    if (!this.acts || !this.running || this.closed || this.batching || this.holds.size > 0) return;
    const { chance } = this.setup.game;
    const { state, toAct: seat, outcome, chanceDue } = this.standing;
    if (outcome.status !== 'running') return;
    const bot = this.bots[seat];
    if ((chance?.automatic && chanceDue) || (this.hurrying && (chanceDue || bot))) {
      // Draws due one after another (a round's order of a thousand), or the computers in a
      // hurry: in batches, a frame between them.
      this.drawing = !!chance?.automatic && chanceDue;
      this.cancel = this.setup.scheduler.after(0, () => {
        this.cancel = undefined;
        this.drawing = false;
        this.batch();
      });
      return;
    }
    if (!bot) return;
    this.cancel = this.setup.scheduler.after(this.setup.botDelay, () => {
      this.cancel = undefined;
      if (this.current !== state) return;
      if (chanceDue) return void this.drawNow(seat);
      this.computerMoves(seat, bot);
    });
  }

  /** The computer in `seat` moves, with its reason for every view and the recording. */
  private computerMoves(seat: number, bot: Bot<S, E>, here = false): void {
    const state = this.current;
    const moved = (event: E) => {
      const reason = `${bot.level}: ${this.setup.game.explain(state, event, this.names)}`;
      // A computer chooses from the legal events; one the rules refuse is never applied.
      this.checked(event, seat, 'computer', reason);
    };
    const { think } = this.setup;
    if (!think || here) return moved(bot.choose(state, this.random).event);
    // It thinks elsewhere; a table that moved on meanwhile (a take-back, a hold, the end) drops
    // the answer, and pace() asks again when the computer is due once more.
    let dropped = false;
    this.cancel = () => {
      dropped = true;
    };
    void think(this.setup.game.rules.name, bot, state, this.random).then(
      ({ event }) => {
        if (dropped || this.closed || !this.running || this.current !== state) return;
        this.cancel = undefined;
        moved(event);
      },
      () => {
        // A thinker that failed (its thread died) leaves the move to this thread.
        if (dropped || this.closed || !this.running || this.current !== state) return;
        this.cancel = undefined;
        moved(bot.choose(state, this.random).event);
      },
    );
  }

  /**
   * As many draws (and in a hurry, computers' moves) as BATCH_MS and SLICE_EVENTS allow; then
   * the next step, after the event loop has had its turn.
   */
  private batch(): void {
    const { scheduler, game } = this.setup;
    const clock = () => scheduler.now?.() ?? 0;
    const end = clock() + BATCH_MS;
    this.batching = true;
    try {
      for (
        let applied = 0;
        applied < SLICE_EVENTS &&
        !this.closed &&
        this.running &&
        this.holds.size === 0 &&
        this.standing.outcome.status === 'running' &&
        clock() <= end;
        applied++
      ) {
        const { state, toAct, chanceDue } = this.standing;
        if (!this.hurrying && !(game.chance?.automatic && chanceDue)) break;
        if (chanceDue) this.drawNow(toAct);
        else {
          const bot = this.bots[toAct];
          if (!bot) break;
          // A hurry's batch decides here (Layers' computers decide in well under BATCH_MS).
          this.computerMoves(toAct, bot, true);
        }
        if (this.current === state) break;
      }
    } finally {
      this.batching = false;
    }
    this.pace();
  }
}
