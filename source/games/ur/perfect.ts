/**
 * The perfect level (issue 30): the move a solved table (solved-table.ts) rates best, and the exact
 * chances behind it, for the bot, the hints and analysis. Tables are read from the store the
 * program's edges hand in (readTablesWith; the data directory's files, table.ts), once each, checked
 * whole; a table that is missing or fails its check is never used, and why is said in one line.
 */
import type { Bot, Choice } from '../../engine/bots.js';
import { legalEvents, reduce, type StoneMoved, type UrEvent, type UrState } from './rules.js';
import type { UrRules } from './rules.js';
import { solveCost } from './solve-cost.js';
import { boardId, type LoadedTable, type UrTable, type UrTableStore } from './table-format.js';

/** Where the tables are read from: handed in by the program's edges (solved-table.ts readTablesFrom). */
let store: UrTableStore | undefined;
const loaded = new Map<string, LoadedTable>();

/**
 * The perfect level, its hints and the exact analysis read their tables from this store (none:
 * there are no tables, and perfect plays as strong). The core reads no file nor environment.
 */
export function readTablesWith(given: UrTableStore | undefined): void {
  store = given;
}

/** Tables being read without holding the event loop (prepareTable), by file. */
const reading = new Map<string, Promise<LoadedTable>>();

/** Where the table of these rules is in the store (the key of what was read). */
const fileFor = (rules: UrRules): string | undefined => store?.where(rules, rules.stones);

function lookUp(rules: UrRules): LoadedTable {
  const file = fileFor(rules);
  if (file === undefined || store === undefined)
    return { ok: false, missing: true, problem: 'no data directory is known for the tables' };
  let table = loaded.get(file);
  if (table === undefined || (!table.ok && table.missing)) {
    table = store.load(file, rules, rules.stones);
    loaded.set(file, table);
  }
  return table;
}

/**
 * The solved table for these rules, if there is a good one. While prepareTable is still reading
 * it, none yet (the caller plays or hints as the strong level meanwhile) rather than a freeze.
 */
export function tableFor(rules: UrRules): UrTable | undefined {
  const file = fileFor(rules);
  if (file !== undefined && !loaded.has(file) && reading.has(file)) return undefined;
  const table = lookUp(rules);
  return table.ok ? table.table : undefined;
}

/**
 * Start reading the table for these rules in the background (a screen calls it as an Ur game
 * opens): a seven-stone table is 551 MB, whose read and checksum would hold the screen for
 * seconds if the first hint read it.
 */
export function prepareTable(rules: UrRules): Promise<void> {
  const file = fileFor(rules);
  if (file === undefined || store === undefined || loaded.get(file)?.ok) return Promise.resolve();
  let pending = reading.get(file);
  if (!pending) {
    pending = store.loadAsync(file, rules, rules.stones);
    reading.set(file, pending);
    void pending.then((table) => {
      loaded.set(file, table);
      reading.delete(file);
    });
  }
  return pending.then(() => undefined);
}

/**
 * Why the table of these rules is there but cannot be used (damaged, a folder, for other rules),
 * in one line; undefined when it is good or there is none.
 */
export function tableTrouble(rules: UrRules): string | undefined {
  const table = lookUp(rules);
  return !table.ok && !table.missing ? table.problem : undefined;
}

/** The command that builds the table for these rules. */
export function solveCommandFor(rules: UrRules, boardFile?: string): string {
  const board = boardId(rules) === 'historical' || !boardFile ? '' : ` --board ${boardFile}`;
  return `madang ur solve --stones ${rules.stones}${board}`;
}

/**
 * Why the perfect level cannot play these rules (no good table), in one line; or undefined. At a
 * glance (the setup asks at each change, so it must not read 551 MB): from the header and length
 * alone until the table is read for play, where the checksum is checked.
 */
export function perfectProblem(
  rules: UrRules,
  boardFile?: string,
  glance = false,
): string | undefined {
  const file = fileFor(rules);
  const table =
    glance && file !== undefined && store !== undefined && !loaded.has(file)
      ? store.inspect(file, rules, rules.stones)
      : lookUp(rules);
  if (table.ok) return undefined;
  // The setup (a glance) says what building the table takes, so that a person can choose.
  if (table.missing)
    return `perfect needs a solved table for ${rules.stones} stones${glance ? ` (${solveCost(rules)} to build)` : ''}: build it with ${solveCommandFor(rules, boardFile)}`;
  return table.problem;
}

export interface RatedMove {
  readonly event: StoneMoved;
  /** The mover's exact chance to win after this move. */
  readonly chance: number;
}

/** Every legal move with the mover's chance to win after it, best first. */
export function rateMoves(table: UrTable, state: UrState): RatedMove[] {
  const mover = state.turn;
  return legalEvents(state)
    .map((event) => {
      const after = reduce(state, event);
      const chance =
        after.phase === 'over'
          ? after.winner === mover
            ? 1
            : 0
          : table.chanceAfter(after.stones, mover, after.turn === mover);
      return { event, chance };
    })
    .sort((a, b) => b.chance - a.chance);
}

/** The mover's exact chance to win before the roll (the roll does not move a stone). */
export const chanceBeforeRoll = (table: UrTable, state: UrState) =>
  table.chanceToRoll(state.stones, state.turn);

/** `63.2% → 66.0%`: the chance before the roll, and after a move. */
export const chanceWords = (before: number, after: number) =>
  `${(before * 100).toFixed(1)}% → ${(after * 100).toFixed(1)}%`;

/**
 * The perfect bot: the move with the best exact chance (ties at random). Without a good table
 * (a recording resumed where none was built) it plays as `fallback`, the strong level.
 */
export function perfectBot(fallback: Bot<UrState, UrEvent>): Bot<UrState, UrEvent> {
  return {
    level: 'perfect',
    choose(state, random): Choice<UrEvent> {
      const table = tableFor(state.rules);
      if (!table) return fallback.choose(state, random);
      const rated = rateMoves(table, state);
      const top = rated[0];
      if (!top) return fallback.choose(state, random);
      const best = rated.filter((m) => m.chance >= top.chance - 1e-7);
      const pick = best[random.below(best.length)] as RatedMove;
      return { event: pick.event, value: pick.chance };
    },
  };
}

/** A hint with exact chances where a table is built: `Hint: W3 …: 63.2% → 66.0%.` */
export function urHintNotice(state: UrState, event: UrEvent, reason: string): string {
  const table = tableFor(state.rules);
  if (!table || event.type !== 'ur/stoneMoved') return `Hint: ${reason}.`;
  const rated = rateMoves(table, state).find((m) => m.event.stone === event.stone);
  if (!rated) return `Hint: ${reason}.`;
  return `Hint: ${reason}: ${chanceWords(chanceBeforeRoll(table, state), rated.chance)}.`;
}
