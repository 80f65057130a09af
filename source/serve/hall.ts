/**
 * The server's tables (madang serve): who sits where, who watches, and one headless table
 * (table/table.ts) per game once its seats are filled. Connections come and go; a table and its
 * seats stay here. Every connection's screen is a view of one of these tables: the game's logic
 * is the table's alone.
 */
import type { Level, Think } from '../engine/bots.js';
import { ComputerMoves } from '../engine/computer-moves.js';
import type { GameEvent } from '../engine/game.js';
import type { LoadedRecording } from '../engine/recording.js';
import type { Seat } from '../engine/seats.js';
import type { AnyGameModule, Start } from '../games/module.js';
import { LOG_KEPT, TAKE_BACK_ASKED } from '../ui/play-session.js';
import type { Past, Session } from '../table/session.js';
import { type Answer, type Intent, type Scheduler, Table, type TableView } from '../table/table.js';
import { printable, safeText } from '../engine/safe-text.js';
import type { PlayerBook } from './identity.js';

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

export interface HallOptions {
  /** Starts a game's session: its seed, chance source and recorder (table/session.ts). */
  startSession(game: AnyGameModule, start: Start, code: string): Session | string;
  readonly scheduler: Scheduler;
  readonly botDelay: number;
  /** How the computers think (the program's: on a worker thread); without it, at once here. */
  readonly think?: Think | undefined;
  /** Milliseconds a dropped person's seat is kept before the others may give it away. */
  readonly seatHold: number;
  now(): number;
  /** A fresh code for a table (four letters and digits). */
  code(): string;
  /** Where the tables are kept between runs (the memory store's file); none: nowhere. */
  readonly store?: TableStore | undefined;
  /** Told once when a table's game is finished (won, drawn, ranked), its recording closed by it. */
  finished?(table: ServedTable): void;
}

/** What a table needs of the hall that holds it. */
export interface TableHost {
  readonly options: Omit<HallOptions, 'startSession' | 'code' | 'store'> &
    Partial<Pick<HallOptions, 'startSession'>>;
  touch(table?: ServedTable): void;
  remove(table: ServedTable): void;
  /** A finished table's rematch made here (absent: this host makes none). */
  again?(from: ServedTable, holders: readonly Holder[]): ServedTable;
}

/**
 * The lobby the server and every screen see: this process's hall, or with --redis a replica of
 * every process's tables. The command line opens and stops it without asking which it is.
 */
export interface Lobby extends TableHost {
  readonly tables: ReadonlyMap<string, ServedTable>;
  create(game: AnyGameModule, start: Start, creator: Person): ServedTable;
  find(code: string): ServedTable | undefined;
  look(code: string): Promise<ServedTable | undefined>;
  seatedAt(person: Person): ServedTable | undefined;
  subscribe(listener: (table: ServedTable | undefined) => void): () => void;
  sweep(keepMs: number): void;
  /** Whether this process says a table's notices (the one that runs it: they are said once). */
  runsHere(code: string): boolean;
  /** What the server says of the lobby as it starts (a line each). */
  describe(): string[];
  /** Tables this process took over from another (--redis failover; none without Redis). */
  takeovers(): number;
  /** Before the server listens: the kept tables reopened, the players' names shared. */
  open(book: PlayerBook): Promise<void>;
  /** The server stops: what is running kept (to reopen) or handed on. */
  stop(): Promise<void>;
}

/** Where a hall keeps its running tables, to reopen them after a restart. */
export interface TableStore {
  /** Told whenever a table starts, ends or changes hands. */
  changed(hall: Hall): void;
  /** The tables kept, reopened in the hall. */
  reopen(hall: Hall): Promise<void>;
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
  ) {
    this.holders = start.seats.map((seat) =>
      seat.kind === 'computer'
        ? { kind: 'computer', level: seat.level ?? 'strong' }
        : { kind: 'open' },
    );
  }

  get status(): 'waiting' | 'running' | 'over' {
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

  /** Sit in the first open seat; the table starts when no seat is open. */
  sit(person: Person): number | string {
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
  protected mayNotStart(person: Person): string | undefined {
    return person.id === this.creator.id
      ? undefined
      : 'Only the one who made this table may start it early.';
  }

  /** Why this person may not decide for the away seats: only the players may. */
  protected mayNotDecide(person: Person): string | undefined {
    return this.seatOf(person) === undefined ? 'Only the players decide that.' : undefined;
  }

  /** Why no away seat may be given away or ended for yet (where this process decides). */
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
    this.table = new Table<unknown, GameEvent>({
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
      send: (intent) => this.send(inner, intent),
    };
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
  // The count of watchers is on every screen at the table and in the lobby: told as it changes.
  watch(connection: number | string, person: Person): void {
    this.watchers.set(connection, person);
    this.hall.touch(this);
  }

  unwatch(connection: number | string): void {
    if (this.watchers.delete(connection)) this.hall.touch(this);
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

  tellAll(line: string): void {
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

  /** The game's events and take-backs go into the story (the events in force first). */
  protected listenTo(table: Table<unknown, GameEvent>): void {
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

/** What the hall's file keeps of a running table, to reopen it from its recording. */
export interface SavedTable {
  readonly code: string;
  readonly game: string;
  readonly file: string;
  readonly options: unknown;
  readonly creator: Person;
  readonly holders: readonly Holder[];
  readonly covered: readonly number[];
  /** When its game began (the server's clock), so that a reopened table's clock goes on. */
  readonly startedAt?: number | undefined;
}

/**
 * The first line of a table reopened after a restart: its moves are not told again (the
 * recording has them), and what was said before it is not kept. One line of the narrowest log
 * (Yut's at 80 columns), under the line saying where the game goes on.
 */
export const REOPENED = 'Restarted: moves in the recording, chat lost.';

/**
 * The moves of a table's recording as its log told them when they were played, oldest first:
 * the game's own words for each (its describe), a computer's reason under its move's line. A
 * table reopened after a restart tells them again; what was said between them is lost.
 */
export function retold(game: AnyGameModule, recording: LoadedRecording): string[] {
  const names = recording.header.players.map((player) => player.name);
  const lines: string[] = [];
  let state: unknown = recording.timeline?.initial;
  if (state === undefined) return lines;
  recording.events.forEach((event, at) => {
    const after: unknown = game.rules.reduce(state, event);
    const told = game.describe(state, event, after, names);
    const reason = recording.reasons?.get(at);
    if (reason !== undefined) told.splice(1, 0, `  (${reason})`);
    lines.push(...told);
    state = after;
  });
  // No more than a log keeps (a long Layers game tells thousands of lines).
  return lines.slice(-LOG_KEPT);
}

/** Every table of the server, by code. */
export class Hall implements Lobby {
  readonly tables = new Map<string, ServedTable>();
  private readonly listeners = new Set<(table: ServedTable | undefined) => void>();

  constructor(readonly options: HallOptions) {}

  create(game: AnyGameModule, start: Start, creator: Person): ServedTable {
    let code = this.options.code();
    while (this.tables.has(code)) code = this.options.code();
    const table = new ServedTable(this, code, game, start, creator, this.options.now());
    this.tables.set(code, table);
    table.sit(creator);
    this.touch();
    return table;
  }

  /**
   * A finished table's rematch: its game and options at a new table, rated as it was, the seats
   * as given (turned by the table); it begins at once when none is open, else waits for players
   * as a new table.
   */
  again(from: ServedTable, holders: readonly Holder[]): ServedTable {
    const seats = holders.map((_, at) => from.start.seats[(at + 1) % holders.length] as Seat);
    const start: Start = { options: from.start.options, seats, rated: from.start.rated };
    return this.seated(from.game, start, holders, from.creator);
  }

  /** A new table with its seats given (a rematch's, an arena's pair): it begins when none is open. */
  seated(
    game: AnyGameModule,
    start: Start,
    holders: readonly Holder[],
    otherwise?: Person,
  ): ServedTable {
    let code = this.options.code();
    while (this.tables.has(code)) code = this.options.code();
    const creator = holders.find((h) => h.kind === 'person')?.person ?? (otherwise as Person);
    const table = new ServedTable(this, code, game, start, creator, this.options.now());
    this.tables.set(code, table);
    table.seat(holders);
    this.touch();
    return table;
  }

  /** The running tables that are recorded, as the hall's file keeps them. */
  saved(): SavedTable[] {
    return [...this.tables.values()].flatMap((t) =>
      t.status === 'running' && t.session?.recorder.file
        ? [
            {
              code: t.code,
              game: t.game.id,
              file: t.session.recorder.file,
              options: t.start.options,
              creator: t.creator,
              holders: [...t.holders],
              covered: [...t.covered],
              startedAt: t.startedAt,
            },
          ]
        : [],
    );
  }

  /**
   * A table reopened after a restart from its recording (resumed by the session factory): the
   * same code, seats and players, every person away until they reconnect (the hold starts now).
   */
  reopen(
    game: AnyGameModule,
    session: Session,
    saved: SavedTable,
    /** False where the moves are told again (a table taken over from another process). */
    restarted = true,
  ): ServedTable {
    // Rated as its recording's header says (the hall's file does not keep it).
    const start = { options: saved.options, seats: session.seats, rated: session.header?.rated };
    const table = new ServedTable(this, saved.code, game, start, saved.creator, this.options.now());
    saved.holders.forEach((holder, seat) => {
      table.holders[seat] = holder;
      if (holder.kind === 'person') table.awaySince.set(seat, this.options.now());
    });
    for (const seat of saved.covered) table.covered.add(seat);
    this.tables.set(table.code, table);
    table.open(session);
    if (restarted) table.tellAll(REOPENED);
    // Its clock goes on from when the game began, not from the restart (older files lack it).
    if (typeof saved.startedAt === 'number' && saved.startedAt <= this.options.now())
      table.startedAt = saved.startedAt;
    return table;
  }

  /** A table by its code as typed (any case, spaces around). */
  find(code: string): ServedTable | undefined {
    return this.tables.get(code.trim().toLowerCase());
  }

  /**
   * A table by its code, asked wherever the tables are kept (here, this process's own; another
   * hall may have to ask for one it has not heard of yet).
   */
  look(code: string): Promise<ServedTable | undefined> {
    return Promise.resolve(this.find(code));
  }

  /** The running table where this person holds a seat (to go straight back to it). */
  seatedAt(person: Person): ServedTable | undefined {
    return [...this.tables.values()].find(
      (t) => t.status === 'running' && t.seatOf(person) !== undefined,
    );
  }

  remove(table: ServedTable): void {
    this.tables.delete(table.code);
  }

  /** Finished tables leave the lobby a while after their end. */
  sweep(keepMs: number): void {
    const now = this.options.now();
    for (const table of [...this.tables.values()])
      if (table.endedAt !== undefined && now - table.endedAt > keepMs)
        this.tables.delete(table.code);
  }

  runsHere(): boolean {
    return true;
  }

  describe(): string[] {
    return [];
  }

  takeovers(): number {
    return 0;
  }

  async open(): Promise<void> {
    await this.options.store?.reopen(this);
  }

  /** The games stay unfinished, to be reopened: their recordings are closed, not ended. */
  stop(): Promise<void> {
    for (const table of this.tables.values())
      if (table.status === 'running') table.session?.recorder.close();
    return Promise.resolve();
  }

  subscribe(listener: (table: ServedTable | undefined) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Something changed, at this table (undefined: the hall itself): told to every screen. */
  touch(table?: ServedTable): void {
    this.options.store?.changed(this);
    for (const listener of [...this.listeners]) listener(table);
  }
}
