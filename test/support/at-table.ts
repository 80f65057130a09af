/**
 * A play model driven as its screen drives it (ui/play-session.ts), without Ink: what the model
 * asks of the table (a move, a take-back) goes to a real table at the model's position, and what
 * the table tells comes back as the model's actions (`play/told`, `play/takenBack`), its refusal
 * as a notice. `tell` is an event the table told by itself: a throw, another's or a computer's
 * move (with its reason). The model never folds: the table does, here as in the program.
 */
import type { GameEvent } from '../../source/engine/game.js';
import { NO_RECORDING } from '../../source/engine/recording.js';
import type { Seat } from '../../source/engine/seats.js';
import { type EventLog, toldOf } from '../../source/ui/event-log.js';
import { type Fact, Table, type TableGame, type TakeBackRule } from '../../source/table/table.js';

/** Nothing acts by itself: the computers' moves are told by the test. */
const NEVER = { after: () => () => undefined };

export function atTable<
  S,
  E extends GameEvent,
  P extends EventLog<S, E>,
  A extends { readonly type: string },
>(
  game: TableGame<S, E>,
  reduce: (play: P, action: A) => P,
  seatsOf: (play: P) => readonly Seat[],
  takeBack?: TakeBackRule<S, E>,
) {
  /** The table each model was told by, while it stands where the model does (one table a game). */
  const tables = new WeakMap<object, Table<S, E>>();

  /** A table that has seen the model's events, and the model told what it tells. */
  function tableOf(play: P) {
    let table = tables.get(play);
    if (table?.state !== play.state) table = replayed(play);
    let now = play;
    const stop = table.subscribe((fact: Fact<S, E>) => {
      const told = toldOf(fact);
      if (told) now = reduce(now, { type: 'play/told', told } as unknown as A);
      else if (fact.kind === 'takenBack')
        now = reduce(now, { type: 'play/takenBack', back: fact } as unknown as A);
    });
    const done = table;
    return {
      table,
      now: () => {
        stop();
        tables.set(now, done);
        return now;
      },
    };
  }

  function replayed(play: P): Table<S, E> {
    const table = new Table<S, E>({
      game,
      initial: play.initial,
      seats: seatsOf(play),
      chance: undefined,
      recorder: NO_RECORDING,
      botSeed: 1,
      scheduler: NEVER,
      botDelay: 0,
      takeBack,
    });
    for (const event of play.events) {
      const problem = table.follow(event, 'person');
      if (problem !== undefined) throw new Error(`the model's events do not replay: ${problem}`);
    }
    if (JSON.stringify(table.state) !== JSON.stringify(play.state))
      throw new Error("the model's state is not its events' (made by hand, not told)");
    return table;
  }

  /** The action reduced, and what it asks sent to the table, as the play session does. */
  function act(play: P, action: A): P {
    const made = reduce(play, action);
    // The model's own change (a cursor, a notice) stands where it stood, at the same table.
    const table = tables.get(play);
    if (table) tables.set(made, table);
    return made.wanted === undefined || made.wanted === play.wanted ? made : sent(made);
  }

  /** A person's event asked of the table, as a model asks it. */
  function ask(play: P, event: E): P {
    const asking = { ...play, wanted: { type: 'event', event } };
    const table = tables.get(play);
    if (table) tables.set(asking, table);
    return sent(asking);
  }

  function sent(made: P): P {
    const wanted = made.wanted;
    if (wanted === undefined) return made;
    const { table, now } = tableOf(made);
    const view = table.view(seatsOf(made).map((_, seat) => seat));
    const seat = table.toAct;
    const answer = view.send(
      wanted.type === 'event'
        ? { type: 'move', seat, event: wanted.event }
        : { type: 'takeBack', seat },
    );
    if (answer.ok) return now();
    const refused = reduce(now(), {
      type: 'play/noticeShown',
      notice: answer.problem,
    } as unknown as A);
    tables.set(refused, table);
    return refused;
  }

  /** An event the table told by itself (a throw; a computer's move, with its reason). */
  function tell(play: P, event: E, reason?: string): P {
    const { table, now } = tableOf(play);
    const problem = table.follow(event, reason === undefined ? 'person' : 'computer', reason);
    if (problem !== undefined)
      throw new Error(`the table refused ${JSON.stringify(event)}: ${problem}`);
    return now();
  }

  /**
   * Each in turn: a game event (its type `<game>/…`, not a model's `…Play/`) as the table told it,
   * else the model's action, acted.
   */
  function run(play: P, ...actions: readonly (A | E)[]): P {
    return actions.reduce<P>(
      (now, action) =>
        /^[a-z]+\//.test(action.type) && !/^(play|app|list)\//.test(action.type)
          ? tell(now, action as E)
          : act(now, action as A),
      play,
    );
  }

  return { act, ask, tell, run };
}
