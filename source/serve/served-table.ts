/**
 * A table of the server (madang serve): who sits where, who watches, who is away, and its game's
 * headless table (table/table.ts) once its seats are filled. Connections come and go; a table
 * and its seats stay. Every connection's screen is a view of one: the game's logic is the
 * table's alone. Where another process runs it (--redis), the same table decides nothing and
 * asks through its bus.
 */
import type { Level, Think } from '../engine/bots.js';
import { ComputerMoves } from '../engine/computer-moves.js';
import type { GameEvent } from '../engine/game.js';
import type { Seat } from '../engine/seats.js';
import type { AnyGameModule, Start } from '../games/module.js';
import { TAKE_BACK_ASKED } from '../ui/play-session.js';
import type { Past, Session } from '../table/session.js';
import { type Answer, type Intent, type Scheduler, Table, type TableView } from '../table/table.js';
import { printable, safeText } from '../engine/safe-text.js';

/** A person: their key's fingerprint (or a guest's connection), and the name they go by. */
export interface Person {
  readonly id: string;
  readonly name: string;
}

export type Holder =
  | { readonly kind: 'open' }
  | { readonly kind: 'person'; readonly person: Person }
  | { readonly kind: 'computer'; readonly level: Level };

/** A take-back asked by a seat, waiting for the other people's consent. */
interface Asked {
  readonly mover: number;
  /** The events in force when it was asked: any new move calls it off. */
  readonly events: number;
  readonly waiting: Set<number>;
}

/** A chat line: its longest, and how often one connection may speak. */
export const CHAT_LENGTH = 120;
export const CHAT_GAP_MS = 1000;
/** How many of a table's last words a view opened later (a player back, a spectator) is told. */
export const HEARD_LINES = 50;

/** What a table needs of its host: how it starts, paces and times its game. */
export interface TableOptions {
  /**
   * Starts a game's session: its seed, chance source and recorder (table/session.ts). Absent:
   * the store starts them where it runs its tables (Redis: the runner).
   */
  startSession?(game: AnyGameModule, start: Start, code: string): Session | string;
  readonly scheduler: Scheduler;
  readonly botDelay: number;
  /** How the computers think (the program's: on a worker thread); without it, at once here. */
  readonly think?: Think | undefined;
  /** Milliseconds a dropped person's seat is kept before the others may give it away. */
  readonly seatHold: number;
  now(): number;
  /** Told once when a table's game is finished (won, drawn, ranked), its recording closed by it. */
  finished?(table: ServedTable): void;
}

/** What a table needs of the hall that holds it. */
export interface TableHost {
  readonly options: TableOptions;
  touch(table?: ServedTable): void;
  remove(table: ServedTable): void;
  /** A finished table's rematch made here (absent: this host makes none). */
  again?(from: ServedTable, holders: readonly Holder[]): ServedTable;
}

/** What a connection asks of a table: decided where the table is run (`ServedTable.decide`). */
export type Request =
  | {
      readonly kind: 'sit' | 'stand' | 'start' | 'arrived' | 'departed' | 'giveAway' | 'end';
      readonly person: Person;
    }
  | { readonly kind: 'watch'; readonly key: number | string; readonly person: Person }
  /** How many connections of this person the sender has at the table (said again, as is). */
  | { readonly kind: 'present'; readonly person: Person; readonly count: number }
  | { readonly kind: 'unwatch'; readonly key: number | string }
  | { readonly kind: 'answer'; readonly person: Person; readonly agree: boolean }
  | { readonly kind: 'chat'; readonly person: Person; readonly text: string }
  | { readonly kind: 'tell'; readonly line: string }
  | {
      readonly kind: 'game';
      readonly person: Person;
      readonly intent: Intent<GameEvent>;
      /** The last entry the sender had seen: an intent made on an older position is refused. */
      readonly at: number;
    };

/** A table's lobby state, as the process that runs it writes it (--redis). */
export interface RunnerState {
  readonly holders: readonly Holder[];
  readonly watchers: readonly Person[];
  readonly away: readonly (readonly [number, number])[];
  readonly covered: readonly number[];
  readonly asked?: { readonly mover: number; readonly waiting: readonly number[] } | undefined;
  readonly startedAt?: number | undefined;
  readonly endedAt?: number | undefined;
}

/**
 * How a table run by another process is reached (--redis: its intents stream, and the lobby
 * state and event stream it writes). A table with a bus decides nothing itself: it asks, after
 * the same checks a table run here makes, and shows what the runner wrote back.
 */
export interface TableBus {
  /** To the process that runs the table. */
  send(request: Request): void;
  /** The table's state as its runner last wrote it. */
  readonly status: 'waiting' | 'running' | 'over';
  /** The last entry of the table's stream seen here: a move is asked on that position. */
  readonly seq: number;
  /** Why no move may be asked now (Redis paused, a write refused), if none may. */
  held(): string | undefined;
}

export class ServedTable {
  readonly holders: Holder[];
  /** Who watches, by connection (a number here; with --redis, the process's id and number). */
  readonly watchers = new Map<number | string, Person>();
  /** Connections at each seat (a person may come back before the old connection is gone). */
  private readonly present = new Map<number, number>();
  readonly awaySince = new Map<number, number>();
  /** Seats given to the computer after their hold ran out (the server plays them). */
  readonly covered = new Set<number>();
  startedAt: number | undefined;
  endedAt: number | undefined;
  table: Table<unknown, GameEvent> | undefined;
  session: Session | undefined;
  private asked: Asked | undefined;
  private readonly said = new Set<(line: string) => void>();
  /** What the table told, in order: its events, take-backs and last HEARD_LINES words. */
  private readonly story: Past<GameEvent>[] = [];
  private storyLines = 0;
  private readonly lastChat = new Map<string, number>();
  /** The seats that want a rematch of this finished game. */
  private readonly rematchWanted = new Set<number>();
  /** The rematch's table, once made: the players' screens go there. */
  rematchCode: string | undefined;
  /** The computer's moves for people's seats (given to it with G), in force: not rated then. */
  private computer = new ComputerMoves();

  constructor(
    private readonly hall: TableHost,
    readonly code: string,
    readonly game: AnyGameModule,
    readonly start: Start,
    readonly creator: Person,
    readonly createdAt: number,
    /** Absent: decided here. Present: run by another process, asked through it. */
    private readonly bus?: TableBus | undefined,
  ) {
    this.holders = start.seats.map((seat) =>
      seat.kind === 'computer'
        ? { kind: 'computer', level: seat.level ?? 'strong' }
        : { kind: 'open' },
    );
  }

  get status(): 'waiting' | 'running' | 'over' {
    if (this.bus) return this.bus.status;
    if (this.endedAt !== undefined) return 'over';
    return this.table ? 'running' : 'waiting';
  }

  /** The seat this person holds here, if any. */
  seatOf(person: Person): number | undefined {
    const at = this.holders.findIndex((h) => h.kind === 'person' && h.person.id === person.id);
    return at < 0 ? undefined : at;
  }

  /** The seats as the game names them: people by their names, computers `CPU N`. */
  seatNames(): string[] {
    return this.holders.map((holder, seat) =>
      holder.kind === 'person'
        ? holder.person.name
        : holder.kind === 'computer'
          ? `CPU ${seat + 1}`
          : `Player ${seat + 1}`,
    );
  }

  /** Why `person` may not take a seat now, in their words (undefined: they may). */
  mayNotSit(person: Person): string | undefined {
    if (this.status !== 'waiting') return 'This table has started: you may watch it.';
    if (this.start.rated && person.id.startsWith('guest:'))
      return 'This table is rated, and a guest has no rating: you may watch.';
    if (!this.holders.some((h) => h.kind === 'open'))
      return 'Every seat here is taken: you may watch.';
    return undefined;
  }

  /**
   * Asked of this table: decided here, or sent to the process that runs it (its answer comes
   * back in the lobby's state and the table's words).
   */
  private ask(request: Request): number | string | undefined {
    if (!this.bus) return this.decide(request);
    this.bus.send(request);
    return undefined;
  }

  /**
   * What a connection asked, decided by the table's own rules, here where the table is run (for
   * a connection on this process, or on another through the runner). The answer: a seat taken,
   * or why not, in the asker's words; undefined where there is nothing to say.
   */
  decide(request: Request): number | string | undefined {
    switch (request.kind) {
      case 'sit':
        return this.seatPerson(request.person);
      case 'stand':
        return this.standUp(request.person);
      case 'start':
        return this.startNow(request.person);
      case 'giveAway':
        return this.giveSeatsAway(request.person);
      case 'end':
        return this.endForAway(request.person);
      case 'watch':
        this.watchers.set(request.key, request.person);
        // The count of watchers is on every screen at the table and in the lobby.
        this.hall.touch(this);
        return undefined;
      case 'unwatch':
        if (this.watchers.delete(request.key)) this.hall.touch(this);
        return undefined;
      case 'answer':
        return this.answered(request.person, request.agree);
      case 'chat':
        return this.spoke(request.person, request.text);
      case 'tell':
        return this.tell(request.line);
      case 'arrived':
        return this.cameBack(request.person);
      case 'departed':
        return this.wentAway(request.person);
      default:
        // 'present' and 'game' are the runner's: counted by process, made on its position.
        return undefined;
    }
  }

  /** Sit in the first open seat; the table starts when no seat is open. */
  sit(person: Person): number | string {
    const had = this.seatOf(person);
    if (had !== undefined) return had;
    // Refused here as the runner would (a guest at a rated table), not asked for nothing.
    const problem = this.mayNotSit(person);
    if (problem !== undefined) return problem;
    return this.ask({ kind: 'sit', person }) ?? 'Asked for a seat.';
  }

  private seatPerson(person: Person): number | string {
    const had = this.seatOf(person);
    if (had !== undefined) return had;
    const problem = this.mayNotSit(person);
    if (problem !== undefined) return problem;
    const open = this.holders.findIndex((h) => h.kind === 'open');
    this.holders[open] = { kind: 'person', person };
    if (!this.holders.some((h) => h.kind === 'open')) this.begin();
    this.hall.touch(this);
    return open;
  }

  /** A rematch's seats given at once: the game begins when none is open. */
  seat(holders: readonly Holder[]): void {
    holders.forEach((holder, at) => (this.holders[at] = holder));
    if (!this.holders.some((h) => h.kind === 'open')) this.begin();
    this.hall.touch(this);
  }

  /** Why this person may not start the table early: only the one who made it may. */
  private mayNotStart(person: Person): string | undefined {
    return person.id === this.creator.id
      ? undefined
      : 'Only the one who made this table may start it early.';
  }

  /** Why this person may not decide for the away seats: only the players may. */
  private mayNotDecide(person: Person): string | undefined {
    return this.seatOf(person) === undefined ? 'Only the players decide that.' : undefined;
  }

  /** Why no away seat may be given away or ended for yet (where the table is run). */
  private nothingToDecide(person: Person): string | undefined {
    const problem = this.mayNotDecide(person);
    if (problem !== undefined) return problem;
    if (this.expired().length === 0) return 'No seat has been away longer than the hold.';
    return undefined;
  }

  /** The creator starts early: the open seats go to the computer. */
  startEarly(person: Person): string | undefined {
    const problem = this.mayNotStart(person);
    if (problem !== undefined) return problem;
    return this.ask({ kind: 'start', person }) as string | undefined;
  }

  private startNow(person: Person): string | undefined {
    const problem = this.mayNotStart(person);
    if (problem !== undefined) return problem;
    if (this.status !== 'waiting') return undefined;
    this.holders.forEach((h, seat) => {
      if (h.kind === 'open') this.holders[seat] = { kind: 'computer', level: 'strong' };
    });
    this.begin();
    this.hall.touch(this);
    return undefined;
  }

  /** A waiting table's seat given up (leaving before the start). */
  stand(person: Person): void {
    this.ask({ kind: 'stand', person });
  }

  private standUp(person: Person): undefined {
    const seat = this.seatOf(person);
    if (seat === undefined || this.status !== 'waiting') return;
    this.holders[seat] = { kind: 'open' };
    if (!this.holders.some((h) => h.kind === 'person')) this.hall.remove(this);
    this.hall.touch(this);
  }

  private begin(): void {
    const names = this.seatNames();
    const seats: Seat[] = this.holders.map((holder, seat) =>
      holder.kind === 'computer'
        ? { name: names[seat] as string, kind: 'computer', level: holder.level }
        : {
            name: names[seat] as string,
            kind: 'human',
            id: holder.kind === 'person' ? holder.person.id : undefined,
          },
    );
    // The recording names the table and each person's key: ratings are computed from it.
    const session =
      this.hall.options.startSession?.(
        this.game,
        { ...this.start, seats, table: this.code },
        this.code,
      ) ?? 'no game starts in this process';
    if (typeof session === 'string') {
      this.tellAll(`The game could not start: ${session}`);
      return;
    }
    this.open(session);
  }

  /** The game's table made from a session (new, or resumed from its recording). */
  open(session: Session): void {
    const { options } = this.hall;
    this.session = session;
    this.startedAt = options.now();
    this.table = this.tableOf(session);
    this.listenTo(this.table);
    // The recording is made at the first move (storage/recorder.ts), and only a recorded table
    // is kept in the hall's file: the hall is told when it appears, or a kill -9 after moves
    // alone lost the table.
    let recorded = session.recorder.file !== undefined;
    this.computer = new ComputerMoves(session.computerPlayed);
    this.table.subscribe((fact) => {
      // Known before the end is told (the ratings read it), as a recording shows it: a computer's
      // move, explained, at a person's seat.
      if (
        fact.kind === 'event' &&
        fact.by === 'computer' &&
        session.seats[fact.seat]?.kind !== 'computer'
      )
        this.computer.made((this.table?.events.length ?? 0) - 1, fact.seat);
      if (fact.kind === 'takenBack') this.computer.kept(fact.kept);
      if (fact.kind === 'event' || fact.kind === 'takenBack') {
        if (!recorded && session.recorder.file !== undefined) {
          recorded = true;
          this.hall.touch(this);
        }
        if (this.asked && this.table && this.table.events.length !== this.asked.events)
          this.asked = undefined;
        if (this.table?.outcome.status !== 'running' && this.endedAt === undefined) {
          this.endedAt = options.now();
          this.hall.touch(this);
          options.finished?.(this);
        }
      }
      if (fact.kind === 'closed' && this.endedAt === undefined) {
        this.endedAt = options.now();
        this.hall.touch(this);
      }
    });
    // A seat given away before a restart is the table's computer's again.
    for (const seat of this.covered) this.table.hand(seat, 'strong');
    this.table.start();
    this.hall.touch(this);
  }

  /** The people's seats the computer made a move for, in the game as it stands. */
  computerPlayed(): number[] {
    return this.computer.seats();
  }

  /** A view for one connection: its person's seat, or none to watch. */
  viewFor(person: Person | undefined): TableView<unknown, GameEvent> {
    const table = this.table as Table<unknown, GameEvent>;
    const seat = person ? this.seatOf(person) : undefined;
    const inner = table.view(seat === undefined ? [] : [seat]);
    return {
      seats: inner.seats,
      subscribe: inner.subscribe,
      send: (intent) =>
        this.bus ? this.sendOn(this.bus, inner, person, intent) : this.send(inner, intent),
    };
  }

  /**
   * A move at a table run elsewhere: checked here on the position seen (the follower), then
   * asked of the runner, and shown once its stream has it. A hint is this process's own.
   */
  private sendOn(
    bus: TableBus,
    inner: TableView<unknown, GameEvent>,
    person: Person | undefined,
    intent: Intent<GameEvent>,
  ): Answer<GameEvent> {
    if (intent.type === 'leave') return { ok: true };
    const held = bus.held();
    if (held) return { ok: false, problem: held };
    // A hint, and whatever a view of nobody asks, are answered here (the table refuses it).
    if (intent.type === 'hint' || !person) return inner.send(intent);
    const problem = (this.table as Table<unknown, GameEvent>).refused(inner.seats, intent);
    if (problem !== undefined) return { ok: false, problem };
    bus.send({ kind: 'game', person, intent, at: bus.seq });
    return { ok: true, pending: true };
  }

  /** A take-back asks the other people first; leaving is the connection's, never the table's. */
  private send(inner: TableView<unknown, GameEvent>, intent: Intent<GameEvent>): Answer<GameEvent> {
    if (intent.type === 'leave') return { ok: true };
    if (intent.type !== 'takeBack' || !inner.seats.includes(intent.seat)) return inner.send(intent);
    const table = this.table as Table<unknown, GameEvent>;
    // Nothing to take back (the table's rule says why): the others are not asked.
    const refused = table.refused(inner.seats, intent);
    if (refused !== undefined) return { ok: false, problem: refused };
    const others = this.holders.flatMap((h, seat) =>
      h.kind === 'person' && seat !== intent.seat && !this.covered.has(seat) ? [seat] : [],
    );
    if (others.length === 0) {
      const done = inner.send(intent);
      // Every view's log keeps the move: the table says it is gone (the mover's own says which).
      if (done.ok) this.tellAll(`${this.seatNames()[intent.seat]}'s move is taken back.`);
      return done;
    }
    if (this.asked)
      return { ok: false, problem: 'A take-back is already asked: wait for the answer.' };
    this.asked = { mover: intent.seat, events: table.events.length, waiting: new Set(others) };
    const names = this.seatNames();
    // Asked of every other person at the table (their strip says so too, with the keys).
    this.tellAll(`${names[intent.seat]} asks to take a move back: y agrees, n refuses.`);
    this.hall.touch(this);
    return { ok: false, problem: TAKE_BACK_ASKED };
  }

  /** A connection watches this table (one that holds no seat here). */
  watch(connection: number | string, person: Person): void {
    this.ask({ kind: 'watch', key: connection, person });
  }

  unwatch(connection: number | string): void {
    this.ask({ kind: 'unwatch', key: connection });
  }

  /** The take-back asked now: whose, and which seats have still to agree. */
  get takeBackAsked(): { readonly mover: number; readonly waiting: readonly number[] } | undefined {
    return this.asked && { mover: this.asked.mover, waiting: [...this.asked.waiting] };
  }

  /** Whether this person is asked to agree to a take-back now. */
  askedOf(person: Person): boolean {
    const seat = this.seatOf(person);
    return seat !== undefined && this.asked?.waiting.has(seat) === true;
  }

  /** A person's answer to the take-back asked. */
  answer(person: Person, agree: boolean): void {
    this.ask({ kind: 'answer', person, agree });
  }

  private answered(person: Person, agree: boolean): undefined {
    const seat = this.seatOf(person);
    const asked = this.asked;
    const table = this.table;
    if (seat === undefined || !asked || !table || !asked.waiting.has(seat)) return;
    const names = this.seatNames();
    this.hall.touch(this);
    if (!agree) {
      this.asked = undefined;
      this.tellAll(`${names[seat]} refuses the take-back: the move stands.`);
      return;
    }
    asked.waiting.delete(seat);
    if (asked.waiting.size > 0) {
      this.tellAll(`${names[seat]} agrees to the take-back.`);
      return;
    }
    this.asked = undefined;
    const done = table.view([asked.mover]).send({ type: 'takeBack', seat: asked.mover });
    this.tellAll(
      done.ok
        ? `${names[seat]} agrees: ${names[asked.mover]}'s move is taken back.`
        : `The take-back cannot be made: ${done.problem}`,
    );
  }

  /** A chat line from a person at the table (or watching): sanitised, cut, rate-limited. */
  chat(person: Person, text: string): string | undefined {
    return this.ask({ kind: 'chat', person, text }) as string | undefined;
  }

  private spoke(person: Person, text: string): string | undefined {
    const now = this.hall.options.now();
    const last = this.lastChat.get(person.id);
    if (last !== undefined && now - last < CHAT_GAP_MS) return 'One line a second, please.';
    const line = safeText(printable(text)).trim().slice(0, CHAT_LENGTH);
    if (line === '') return undefined;
    this.lastChat.set(person.id, now);
    this.tellAll(`${person.name}: ${line}`);
    return undefined;
  }

  /** The table's words to every view (added to each one's log). */
  lines(listener: (line: string) => void): () => void {
    this.said.add(listener);
    return () => this.said.delete(listener);
  }

  /** Said at the table: to every view, wherever it is (through the runner, where it is run). */
  tellAll(line: string): void {
    this.ask({ kind: 'tell', line });
  }

  /** Told to the views of this process (the runner's words, or this process's own). */
  tell(line: string): undefined {
    this.story.push({ kind: 'line', line });
    if (++this.storyLines > HEARD_LINES) {
      this.story.splice(
        this.story.findIndex((told) => told.kind === 'line'),
        1,
      );
      this.storyLines--;
    }
    for (const listener of [...this.said]) listener(line);
  }

  /** The table's last words (chat and notices), oldest first. */
  heard(): readonly string[] {
    return this.story.flatMap((told) => (told.kind === 'line' ? [told.line] : []));
  }

  /**
   * What the table told, oldest first (its moves, take-backs and last words, in the order told):
   * a screen opened later rebuilds its log from it, as a view there all along made it.
   */
  told(): readonly Past<GameEvent>[] {
    return [...this.story];
  }

  /**
   * A table run by another process, as its runner wrote it in the lobby: who sits where, who
   * watches, who is away, the take-back asked (this process decides none of it).
   */
  take(state: RunnerState): void {
    this.holders.splice(0, this.holders.length, ...state.holders);
    this.watchers.clear();
    state.watchers.forEach((person, i) => this.watchers.set(i, person));
    this.awaySince.clear();
    for (const [seat, since] of state.away) this.awaySince.set(seat, since);
    this.covered.clear();
    for (const seat of state.covered) this.covered.add(seat);
    this.asked = state.asked && {
      mover: state.asked.mover,
      events: this.table?.events.length ?? 0,
      waiting: new Set(state.asked.waiting),
    };
    this.startedAt = state.startedAt;
    this.endedAt = state.endedAt;
  }

  /**
   * The game of a table run by another process, from its stream's header: a follower, told
   * each entry of the stream (it plays nothing itself), drawn here.
   */
  follow(session: Session): Table<unknown, GameEvent> {
    const table = this.tableOf(session);
    this.session = session;
    this.table = table;
    this.listenTo(table);
    this.hall.touch(this);
    return table;
  }

  private tableOf(session: Session): Table<unknown, GameEvent> {
    const { options } = this.hall;
    return new Table<unknown, GameEvent>({
      game: this.game,
      initial: session.initial,
      seats: session.seats,
      chance: session.chance,
      recorder: session.recorder,
      botSeed: session.botSeed,
      scheduler: options.scheduler,
      botDelay: options.botDelay,
      think: options.think,
    });
  }

  /** The game's events and take-backs go into the story (the events in force first). */
  private listenTo(table: Table<unknown, GameEvent>): void {
    // Events in force before (none, as tables are made now) are told with their states too.
    let state = table.initial;
    for (const event of table.events) {
      const after = this.game.rules.reduce(state, event);
      this.story.push({ kind: 'event', event, before: state, after });
      state = after;
    }
    table.subscribe((fact) => {
      if (fact.kind === 'event')
        this.story.push({
          kind: 'event',
          event: fact.event,
          before: fact.before,
          after: fact.after,
          reason: fact.by === 'computer' ? (fact.reason ?? '') : undefined,
        });
      else if (fact.kind === 'takenBack') this.story.push(fact);
    });
  }

  /** A connection of this person arrived at the table (or came back to it). */
  arrived(person: Person): void {
    this.ask({ kind: 'arrived', person });
  }

  private cameBack(person: Person): undefined {
    const seat = this.seatOf(person);
    if (seat === undefined) return;
    this.present.set(seat, (this.present.get(seat) ?? 0) + 1);
    if (this.awaySince.delete(seat)) {
      this.covered.delete(seat);
      this.table?.hand(seat, 'person');
      this.tellAll(`${person.name} is back.`);
      this.hall.touch(this);
    }
  }

  /** A connection of this person left (dropped, or went back to the lobby). */
  departed(person: Person): void {
    this.ask({ kind: 'departed', person });
  }

  private wentAway(person: Person): undefined {
    const seat = this.seatOf(person);
    if (seat === undefined) return;
    const left = (this.present.get(seat) ?? 1) - 1;
    this.present.set(seat, left);
    if (left === 0 && this.status === 'over' && this.rematchCode === undefined) {
      // A player who left is not waited for, nor taken along.
      this.rematchWanted.delete(seat);
      this.rematchMade();
      this.hall.touch(this);
    }
    if (left > 0 || this.status !== 'running') return;
    this.awaySince.set(seat, this.hall.options.now());
    const minutes = Math.round(this.hall.options.seatHold / 60000);
    this.tellAll(
      `${person.name} is away: the seat is kept for ${minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(this.hall.options.seatHold / 1000)} seconds`}.`,
    );
    this.hall.touch(this);
  }

  /** Whether this seat's hold has run out (the others may give it away or end the game). */
  holdOver(seat: number): boolean {
    const since = this.awaySince.get(seat);
    return since !== undefined && this.hall.options.now() - since >= this.hall.options.seatHold;
  }

  /** The seats whose hold has run out and the computer does not play yet. */
  expired(): number[] {
    return [...this.awaySince.keys()].filter((s) => this.holdOver(s) && !this.covered.has(s));
  }

  /** After the hold, a person at the table gives the away seats to the computer. */
  giveAway(person: Person): string | undefined {
    // Whether a seat's hold is over is said where the table is run, by its clock.
    const problem = this.mayNotDecide(person);
    if (problem !== undefined) return problem;
    return this.ask({ kind: 'giveAway', person }) as string | undefined;
  }

  private giveSeatsAway(person: Person): string | undefined {
    const problem = this.nothingToDecide(person);
    if (problem !== undefined) return problem;
    const seats = this.expired();
    const names = this.seatNames();
    for (const seat of seats) {
      this.covered.add(seat);
      // The seat changes hands on the table: its computer plays it, paced as the others.
      this.table?.hand(seat, 'strong');
    }
    this.tellAll(`${person.name} gives ${seats.map((s) => names[s]).join(', ')} to the computer.`);
    this.hall.touch(this);
    return undefined;
  }

  /** After the hold, a person at the table ends the game (recorded unfinished). */
  end(person: Person): string | undefined {
    const problem = this.mayNotDecide(person);
    if (problem !== undefined) return problem;
    return this.ask({ kind: 'end', person }) as string | undefined;
  }

  private endForAway(person: Person): string | undefined {
    const problem = this.nothingToDecide(person);
    const seat = this.seatOf(person);
    if (problem !== undefined || seat === undefined) return problem;
    this.tellAll(`${person.name} ends the game: a seat stayed away.`);
    this.table?.view([seat]).send({ type: 'leave', seat, leaving: 'quit' });
    return undefined;
  }

  /**
   * The rematch of a finished game: the seats that want it, and the people still at the table
   * it waits for (a player who left is not waited for).
   */
  get rematchAsked(): { readonly wanted: readonly number[]; readonly waiting: readonly number[] } {
    const wanted = [...this.rematchWanted];
    return { wanted, waiting: this.presentSeats().filter((seat) => !this.rematchWanted.has(seat)) };
  }

  /** Whether a rematch may be asked here now (a finished game, on a host that makes them). */
  get rematchOpen(): boolean {
    return (
      this.status === 'over' && this.hall.again !== undefined && this.rematchCode === undefined
    );
  }

  /** The seats of people whose screen is at the table now. */
  private presentSeats(): number[] {
    return this.holders.flatMap((h, seat) =>
      h.kind === 'person' && (this.present.get(seat) ?? 0) > 0 ? [seat] : [],
    );
  }

  /**
   * A person at a finished table wants a rematch: the same players at a new table with the seats
   * turned by one (as `w` at one keyboard), made once every person still here wants it.
   */
  rematch(person: Person): string | undefined {
    const seat = this.seatOf(person);
    if (seat === undefined) return 'Only the players ask for a rematch.';
    if (this.status !== 'over') return 'A rematch is asked once the game is over.';
    if (this.rematchCode !== undefined) return `The rematch is at table ${this.rematchCode}.`;
    if (!this.hall.again)
      return 'No rematch on a server of several processes (--redis) yet: make a table in the lobby.';
    if (this.rematchWanted.has(seat)) return undefined;
    const first = this.rematchWanted.size === 0;
    this.rematchWanted.add(seat);
    const name = this.seatNames()[seat] ?? person.name;
    if (this.rematchAsked.waiting.length > 0)
      this.tellAll(
        first
          ? `${name} asks for a rematch, the seats turned: w agrees.`
          : `${name} agrees to the rematch.`,
      );
    this.rematchMade();
    this.hall.touch(this);
    return undefined;
  }

  /** Made once everyone still here wants it (after a yes, or after a player left). */
  private rematchMade(): void {
    const { wanted, waiting } = this.rematchAsked;
    if (this.rematchCode !== undefined || wanted.length === 0 || waiting.length > 0) return;
    if (!this.hall.again) return;
    const n = this.holders.length;
    // Turned by one: the new seat i is the old seat i + 1's. A person who left leaves it open.
    const holders = this.holders.map((_, at): Holder => {
      const from = (at + 1) % n;
      const holder = this.holders[from] as Holder;
      if (holder.kind === 'computer') return holder;
      return holder.kind === 'person' && this.rematchWanted.has(from) ? holder : { kind: 'open' };
    });
    const made = this.hall.again(this, holders);
    this.rematchCode = made.code;
    this.tellAll(`The rematch is at table ${made.code}, the seats turned.`);
  }

  /** Seconds since the table was made, or since its game began; a finished game's, to its end. */
  age(): number {
    const until = this.endedAt ?? this.hall.options.now();
    return Math.max(0, Math.round((until - (this.startedAt ?? this.createdAt)) / 1000));
  }
}
