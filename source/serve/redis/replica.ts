/**
 * madang serve --redis, the replica table: a table as this process sees it, whoever runs it.
 * Its lobby state comes from Redis (take), its game from the table's stream (a follower Table,
 * entry by entry), and every change a connection here asks goes to the process that runs it.
 */
import type { GameEvent } from '../../engine/game.js';
import type { Header } from '../../engine/recording.js';
import { sessionFromHeader } from '../../table/session.js';
import type { AnyGameModule, Start } from '../../games/module.js';
import { type Answer, Table, type TableView } from '../../table/table.js';
import { type Person, ServedTable } from '../hall.js';
import type { Hub } from './hub.js';
import { type Meta, PAUSED } from './protocol.js';
import type { Entry } from './stream.js';

export class ReplicaTable extends ServedTable {
  meta: Meta | undefined;
  /** The last entry of the stream followed. */
  seq = 0;
  done = false;
  private back = 0;
  private readonly here = new Map<string, { person: Person; count: number }>();
  private readonly watching = new Map<number | string, Person>();
  private replicaStatus: 'waiting' | 'running' | 'over' = 'waiting';

  constructor(
    private readonly redis: Hub,
    code: string,
    game: AnyGameModule,
    start: Start,
    creator: Person,
    createdAt: number,
  ) {
    super(redis, code, game, start, creator, createdAt);
  }

  override get status(): 'waiting' | 'running' | 'over' {
    return this.replicaStatus;
  }

  /** The lobby's state of the table, as its runner wrote it. */
  take(meta: Meta): void {
    this.meta = meta;
    this.replicaStatus = meta.status;
    this.holders.splice(0, this.holders.length, ...meta.holders);
    this.watchers.clear();
    meta.watchers.forEach((p, i) => this.watchers.set(i, p));
    this.awaySince.clear();
    for (const [seat, since] of meta.away) this.awaySince.set(seat, since);
    this.covered.clear();
    for (const seat of meta.covered) this.covered.add(seat);
    this.startedAt = meta.startedAt;
    this.endedAt = meta.endedAt;
  }

  /** One entry of the table's stream, in order. */
  entry(entry: Entry): void {
    if (entry.seq !== this.seq + 1) return;
    this.seq = entry.seq;
    if (entry.seq === 1) return this.opened(entry);
    const table = this.table;
    if (!table) return;
    if (entry.line === undefined) {
      table.followClosed(entry.closed ?? 'quit');
      this.done = true;
      return;
    }
    const value = JSON.parse(entry.line) as GameEvent;
    if (value.type === 'session/moveTakenBack') {
      this.back++;
      if (entry.mover !== undefined) {
        const folded = this.redis.foldedAt(this.code, entry.seq, entry.line);
        table.followBack(this.back, entry.mover, folded);
        this.back = 0;
      }
      return;
    }
    if (value.type.startsWith('session/')) {
      if (value.type === 'session/ended') this.done = true;
      return;
    }
    const by = entry.chance ? 'chance' : entry.reason !== undefined ? 'computer' : 'person';
    // Run here: the engine folded it already, and its state is taken as it is.
    const folded = this.redis.foldedAt(this.code, entry.seq, entry.line);
    const problem = table.follow(value, by, entry.reason, folded);
    if (problem)
      this.redis.redisOptions.log(`table ${this.code}: entry ${entry.seq} refused: ${problem}`);
  }

  private opened(entry: Entry): void {
    const header = JSON.parse(entry.line ?? '{}') as Header;
    const parsed = this.game.parseOptions(header.options);
    if (!parsed.ok) return;
    const session = sessionFromHeader(this.game, header, parsed.options);
    this.session = session;
    this.table = new Table<unknown, GameEvent>({
      game: this.game,
      initial: session.initial,
      seats: session.seats,
      chance: session.chance,
      recorder: session.recorder,
      botSeed: session.botSeed,
      scheduler: this.redis.options.scheduler,
      botDelay: this.redis.options.botDelay,
      think: this.redis.redisOptions.think,
    });
    this.listenTo(this.table);
    this.redis.touch(this);
  }

  /** Told to the views here (the runner's words, or this process's own about Redis). */
  hear(line: string): void {
    super.tellAll(line);
  }

  /** Every connection here at this table says so again (to a new runner, or after a gap). */
  announce(): void {
    for (const { person, count } of this.here.values())
      this.redis.send(this.code, { kind: 'present', person, count });
    for (const [connection, person] of this.watching)
      this.redis.send(this.code, {
        kind: 'watch',
        key: `${this.redis.proc}:${connection}`,
        person,
      });
  }

  override sit(person: Person): number | string {
    const had = this.seatOf(person);
    if (had !== undefined) return had;
    // Refused here as the runner would (a guest at a rated table), not asked for nothing.
    const problem = this.mayNotSit(person);
    if (problem !== undefined) return problem;
    this.redis.send(this.code, { kind: 'sit', person });
    return 'Asked for a seat.';
  }

  override startEarly(person: Person): string | undefined {
    const problem = this.mayNotStart(person);
    if (problem !== undefined) return problem;
    this.redis.send(this.code, { kind: 'start', person });
    return undefined;
  }

  override stand(person: Person): void {
    this.redis.send(this.code, { kind: 'stand', person });
  }

  override watch(connection: number | string, person: Person): void {
    this.watching.set(connection, person);
    this.redis.send(this.code, { kind: 'watch', key: `${this.redis.proc}:${connection}`, person });
  }

  override unwatch(connection: number | string): void {
    if (!this.watching.delete(connection)) return;
    this.redis.send(this.code, { kind: 'unwatch', key: `${this.redis.proc}:${connection}` });
  }

  override askedOf(person: Person): boolean {
    const seat = this.seatOf(person);
    return seat !== undefined && this.meta?.asked?.waiting.includes(seat) === true;
  }

  override answer(person: Person, agree: boolean): void {
    this.redis.send(this.code, { kind: 'answer', person, agree });
  }

  override chat(person: Person, text: string): string | undefined {
    this.redis.send(this.code, { kind: 'chat', person, text });
    return undefined;
  }

  override tellAll(line: string): void {
    this.redis.send(this.code, { kind: 'tell', line });
  }

  override arrived(person: Person): void {
    const had = this.here.get(person.id);
    this.here.set(person.id, { person, count: (had?.count ?? 0) + 1 });
    this.redis.send(this.code, { kind: 'arrived', person });
  }

  override departed(person: Person): void {
    const had = this.here.get(person.id);
    if (had && had.count > 1) this.here.set(person.id, { person, count: had.count - 1 });
    else this.here.delete(person.id);
    this.redis.send(this.code, { kind: 'departed', person });
  }

  override giveAway(person: Person): string | undefined {
    // Whether a seat's hold is over is the runner's to say, by its clock.
    const problem = this.mayNotDecide(person);
    if (problem !== undefined) return problem;
    this.redis.send(this.code, { kind: 'giveAway', person });
    return undefined;
  }

  override end(person: Person): string | undefined {
    // Whether a seat's hold is over is the runner's to say, by its clock.
    const problem = this.mayNotDecide(person);
    if (problem !== undefined) return problem;
    this.redis.send(this.code, { kind: 'end', person });
    return undefined;
  }

  /** A view drawing the follower; its intents go to the runner, and show once in the stream. */
  override viewFor(person: Person | undefined): TableView<unknown, GameEvent> {
    const table = this.table as Table<unknown, GameEvent>;
    const seat = person ? this.seatOf(person) : undefined;
    const seats = seat === undefined ? [] : [seat];
    return {
      seats,
      subscribe: (listener) => table.subscribe(listener),
      send: (intent): Answer<GameEvent> => {
        if (intent.type === 'leave') return { ok: true };
        if (this.redis.paused) return { ok: false, problem: PAUSED };
        const held = this.redis.heldAt(this.code);
        if (held) return { ok: false, problem: held };
        if (intent.type === 'hint') return table.view(seats).send(intent);
        const problem = table.refused(seats, intent);
        if (problem !== undefined) return { ok: false, problem };
        this.redis.send(this.code, {
          kind: 'game',
          person: person as Person,
          intent,
          at: this.seq,
        });
        return { ok: true, pending: true };
      },
    };
  }
}
