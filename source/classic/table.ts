/**
 * A console's table: the game a classic console plays is held by a Table (table/table.ts), as a
 * screen's is. The console holds every seat, as a local keyboard does: it sends a person's
 * answers as intents and says what the table tells it; the computer seats are the table's own,
 * played when the console lets the table take its next step (after its text has gone out). The
 * table reduces, asks the computers and keeps the recording; the console keeps its prompts, its
 * parsing and its board text.
 */
import type { GameEvent } from '../engine/game.js';
import type { Random } from '../engine/random.js';
import { type Answer, type Fact, type Intent, Table, type TableSetup } from '../table/table.js';
import type { ClassicIO } from './lines.js';
import { Stop } from './prompts.js';

export interface ConsoleTableSetup<S, E extends GameEvent> extends Omit<
  TableSetup<S, E>,
  'scheduler' | 'botDelay' | 'botSeed' | 'ties' | 'drawsAsMoves'
> {
  /** The computers' tie-breaks (the console's botRandom, from the run's seed). */
  readonly ties: Random;
}

export class ConsoleTable<S, E extends GameEvent> {
  readonly table: Table<S, E>;
  /** The table's next step of its own (a computer's move, a draw due), run when the console says. */
  private due: (() => void) | undefined;
  private told: (() => void) | undefined;
  private readonly seats: readonly number[];

  constructor(
    private readonly setup: ConsoleTableSetup<S, E>,
    private readonly io: ClassicIO,
    /** Says an accepted event (the table tells each one once, in order). */
    say: (fact: Fact<S, E> & { readonly kind: 'event' }) => void,
  ) {
    this.table = new Table<S, E>({
      ...setup,
      // Nobody waits on a clock at a console: the console runs the step when it is ready for it.
      scheduler: {
        after: (_ms, run) => {
          this.due = run;
          return () => {
            if (this.due === run) this.due = undefined;
          };
        },
      },
      botDelay: 0,
      botSeed: 0,
      drawsAsMoves: true,
    });
    this.seats = setup.seats.map((_, seat) => seat);
    this.table.subscribe((fact) => {
      if (fact.kind !== 'event') return;
      say(fact);
      const told = this.told;
      this.told = undefined;
      told?.();
    });
    this.table.start();
  }

  get state(): S {
    return this.table.state;
  }

  /** A person's answer as an intent for the seat it is for: applied and said, or refused. */
  send(intent: Intent<E>): Answer<E> {
    return this.table.view(this.seats).send(intent);
  }

  /**
   * The table takes its next step: a throw or draw due is drawn (a chance source that runs out
   * stops the run, naming its file), or the computer to act moves. Resolves once the event has
   * been said, after the console's text has gone out (a game of computers must not outrun its
   * reader).
   */
  async step(): Promise<void> {
    await this.io.drained();
    const { table } = this;
    if (this.setup.game.rules.chance(table.state) !== undefined) {
      const drawn = this.send({ type: 'chance', seat: table.toAct });
      if (!drawn.ok) throw new Stop(drawn.problem);
      return;
    }
    const run = this.due;
    this.due = undefined;
    if (!run) throw new Error('the table has no step of its own to take');
    const told = new Promise<void>((resolve) => {
      this.told = resolve;
    });
    run();
    await told;
  }

  /** The game is left (ended, saved, or the input ended): the table closes its recording. */
  close(leaving: 'quit' | 'saved' = 'quit'): void {
    if (!this.table.over) this.send({ type: 'leave', seat: 0, leaving });
  }
}
