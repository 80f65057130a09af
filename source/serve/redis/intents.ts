/**
 * madang serve --redis, a runner's intents: what connections on every process ask of the tables
 * run here (a seat, a move, a chat line, who is here), read from each table's intents stream
 * (or handed over at once from this process) and done on the table's engine.
 */
import type { Person } from '../served-table.js';
import type { Hub } from './hub.js';
import { idAfter, type Message, pause, PAUSED, STALE } from './protocol.js';
import type { Runner } from './runner.js';

export class Intents {
  constructor(
    private readonly hub: Hub,
    private readonly runner: Runner,
  ) {}

  /**
   * An intent for a table run here. `id`: its id in the table's intents, for one read from
   * there; one sent before this process took the table over is handled as `inherited` says.
   */
  handle(code: string, message: Message, id?: string): void {
    const run = this.runner.runs.get(code);
    const served = run?.served;
    if (!run || !served) return;
    const say = (problem: string | undefined, who?: Person) => {
      if (problem) served.tellAll(who ? `(${who.name}) ${problem}` : problem);
    };
    const inherited = id !== undefined && !idAfter(id, run.inherited);
    // Who is here and who watches, the connections say again to a new runner (announce).
    if (message.from !== undefined) this.runner.heardFrom.set(message.from, Date.now());
    const presence = ['arrived', 'departed', 'present', 'watch', 'unwatch', 'tell'];
    if (inherited && presence.includes(message.kind)) return;
    if (message.kind === 'arrived' || message.kind === 'departed' || message.kind === 'present') {
      // Counted by process, so a process that dies takes its connections with it (gone).
      const proc = message.from ?? this.hub.proc;
      const people = run.presence.get(proc) ?? new Map<string, { person: Person; count: number }>();
      run.presence.set(proc, people);
      const had = people.get(message.person.id)?.count ?? 0;
      const count =
        message.kind === 'present'
          ? message.count
          : Math.max(0, had + (message.kind === 'arrived' ? 1 : -1));
      if (count > 0) people.set(message.person.id, { person: message.person, count });
      else people.delete(message.person.id);
      // Back through another process after theirs stopped, before the new runner said them
      // away: away for that moment, so that the table hears them come back.
      if (run.unheard?.delete(message.person.id) && message.kind === 'arrived' && had === 0) {
        const seat = served.seatOf(message.person);
        if (seat !== undefined && !served.awaySince.has(seat))
          served.awaySince.set(seat, this.hub.options.now());
      }
      for (let n = had; n < count; n++) served.arrived(message.person);
      for (let n = count; n < had; n++) served.departed(message.person);
      if (this.runner.tables.has(code)) this.runner.writeMeta(run);
      return;
    }
    if (message.kind === 'game') {
      if (!served.table || !run.stream || this.hub.down || run.held) {
        say(this.hub.down ? PAUSED : (run.held ?? 'The game is not running.'), message.person);
      } else if (run.stream.last !== message.at) {
        // Made on an older position: the old runner handled it already (a takeover's inherited
        // intents), else the sender is told.
        if (!inherited) say(STALE, message.person);
      } else {
        const answer = served.viewFor(message.person).send(message.intent);
        if (!answer.ok && !answer.problem.startsWith('Asked the others'))
          say(answer.problem, message.person);
      }
    } else {
      // Decided as for a connection here; a refused seat or chat line named to its asker.
      const answer = served.decide(message);
      const named = message.kind === 'sit' || message.kind === 'chat';
      if (typeof answer === 'string') say(answer, named ? message.person : undefined);
    }
    if (this.runner.tables.has(code)) this.runner.writeMeta(run);
  }

  /** The intents for the tables run here, as they come. */
  async readIntents(): Promise<void> {
    while (!this.hub.stopped) {
      const runs = [...this.runner.runs.values()];
      if (runs.length === 0 || this.hub.down) {
        await pause(100);
        continue;
      }
      try {
        const reply = (await this.hub.intentReader.call(
          'XREAD',
          'COUNT',
          500,
          'BLOCK',
          200,
          'STREAMS',
          ...runs.map((r) => this.hub.keys.intents(r.code)),
          ...runs.map((r) => r.intentsAfter),
        )) as [string, [string, string[]][]][] | null;
        for (const [key, items] of reply ?? []) {
          const code = key.slice(this.hub.keys.intents('').length);
          const run = this.runner.runs.get(code);
          if (!run) continue;
          for (const [id, fields] of items) {
            run.intentsAfter = id;
            try {
              this.handle(code, JSON.parse(fields[1] ?? 'null') as Message, id);
            } catch {
              // Not an intent: skipped.
            }
          }
          // How far this runner got: a runner after it reads on from there (what it misses
          // of this is at most one batch, which it handles as inherited).
          void this.hub.cmd
            .set(this.hub.keys.handled(code), run.intentsAfter, 'EX', 7 * 86400)
            .catch(() => undefined);
        }
      } catch {
        await pause(200);
      }
    }
  }
}
