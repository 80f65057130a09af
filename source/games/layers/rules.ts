/**
 * Layers as a pure game value (rules/layers.md): N players in a forest of trees, each fighting to
 * become the root of everyone and to stay there for K of its own turns. Every round's order is
 * drawn at its start, one player at a time (each pick a chance event, uniform over those not yet
 * drawn, so that the N! orders need never be listed), and every fight's number is a chance event
 * uniform over [0, A+B+C−1]. Experience is kept exactly; it is shown rounded.
 *
 * The pure formulas (intervals, afterFight, afterRest) are exported for the library.
 */
import { type ChanceOutcome, type Game, isRecord, type Outcome } from '../../engine/game.js';
import { checkDeclared, type IntegerOption } from '../../engine/options.js';

export const E_MIN = 100;
export const E_MAX = 200;
export const MIN_PLAYERS = 10;
export const MAX_PLAYERS = 1000;
export const TURNS_MIN = 1;
export const TURNS_MAX = 100;

export interface LayersOptions {
  /** N: how many players (10 or more). */
  readonly players: number;
  /** K: how many of its own turns in a row a player must end on top to win. */
  readonly turns: number;
}

/** A fight under way: who challenged whom, and whether this is the fight back after a draw. */
export interface Fight {
  /** The player whose turn it is (or, fighting back, the challenged one who now challenges). */
  readonly attacker: number;
  readonly defender: number;
  /** The fight back after a draw: its attacker is the one first challenged. */
  readonly back: boolean;
}

export interface LayersState {
  readonly options: LayersOptions;
  readonly round: number;
  /** The round's order so far (complete once `phase` is past 'order'). */
  readonly order: readonly number[];
  /** Index in `order` of the player whose turn it is. */
  readonly position: number;
  /**
   * order: the round's order is being drawn; turn: the player chooses fight or rest; fight: the
   * number is drawn; draw: the challenged player chooses to fight back or escape; over.
   */
  readonly phase: 'order' | 'turn' | 'fight' | 'draw' | 'over';
  /** Each player's parent, or null for a root. */
  readonly parent: readonly (number | null)[];
  readonly layer: readonly number[];
  readonly experience: readonly number[];
  /** Whether each player rested on its previous turn. */
  readonly rested: readonly boolean[];
  /** Each player's own turns in a row it ended on top of everyone. */
  readonly onTop: readonly number[];
  readonly fight: Fight | null;
  /** The last fight's outcome, for the log and the screens. */
  readonly last: FightResult | null;
  readonly winner: number | null;
}

export interface FightResult {
  readonly attacker: number;
  readonly defender: number;
  readonly back: boolean;
  readonly intervals: Intervals;
  readonly number: number;
  readonly result: 'win' | 'lose' | 'draw';
}

export type OrderDrawn = { readonly type: 'layers/orderDrawn'; readonly player: number };
export type Rested = { readonly type: 'layers/rested' };
export type Challenged = { readonly type: 'layers/challenged'; readonly opponent: number };
export type NumberDrawn = { readonly type: 'layers/numberDrawn'; readonly number: number };
export type FoughtBack = { readonly type: 'layers/foughtBack' };
export type Escaped = { readonly type: 'layers/escaped' };
export type LayersEvent = OrderDrawn | Rested | Challenged | NumberDrawn | FoughtBack | Escaped;

export interface Intervals {
  /** Win, lose and draw, each rounded to the nearest integer. */
  readonly win: number;
  readonly lose: number;
  readonly draw: number;
}

/**
 * A, B and C for `player` challenging `opponent`: A = E_P(1 + (L_O − L_P)/N), B = (Emax − Emin) −
 * |E_P − E_O|, C = E_O, each rounded to the nearest integer (a reading).
 */
export function intervals(
  player: { readonly experience: number; readonly layer: number },
  opponent: { readonly experience: number; readonly layer: number },
  players: number,
): Intervals {
  return {
    win: Math.max(
      0,
      Math.round(player.experience * (1 + (opponent.layer - player.layer) / players)),
    ),
    lose: Math.round(E_MAX - E_MIN - Math.abs(player.experience - opponent.experience)),
    draw: Math.round(opponent.experience),
  };
}

const clamp = (e: number) => Math.min(E_MAX, Math.max(E_MIN, e));

/**
 * Both players' experience after a fight that was not drawn, from their values before it: the
 * one whose fight it was (its turn, or fighting back) divides by 2, the challenged one by 3.
 */
export function afterFight(
  attacker: number,
  defender: number,
  attackerWon: boolean,
): { readonly attacker: number; readonly defender: number } {
  if (attackerWon)
    return {
      attacker: clamp(attacker + (defender / attacker) * ((E_MAX - attacker) / 2)),
      defender: clamp(defender - (defender / attacker) * ((defender - E_MIN) / 3)),
    };
  return {
    attacker: clamp(attacker - (attacker / defender) * ((attacker - E_MIN) / 2)),
    defender: clamp(defender + (attacker / defender) * ((E_MAX - defender) / 3)),
  };
}

/** Experience after a rest: halfway to Emax. */
export const afterRest = (experience: number) => clamp(experience + (E_MAX - experience) / 2);

/** The cost of being fought back, to the player whose turn it was. */
export const afterFightBack = (player: number, opponent: number) =>
  clamp(player - (player / opponent) * ((player - E_MIN) / 4));

type LayersOption = IntegerOption & { readonly label: string };

/**
 * Layers' options, declared once: the flags, the setup rows, the check and the words follow. A
 * recording must say both (no default is assumed for one).
 */
export const LAYERS_OPTIONS: { readonly players: LayersOption; readonly turns: LayersOption } = {
  players: {
    kind: 'integer',
    min: MIN_PLAYERS,
    max: MAX_PLAYERS,
    default: MIN_PLAYERS,
    required: true,
    label: 'Players',
    flag: 'players',
    help: 'how many players',
    words: (n) => `${n} players`,
    refusal: 'The number of players is a whole number',
  },
  turns: {
    kind: 'integer',
    min: TURNS_MIN,
    max: TURNS_MAX,
    default: 3,
    required: true,
    label: 'Turns on top to win',
    flag: 'turns',
    help: 'turns on top to win',
    words: (n) => `${n} turns on top to win`,
    refusal: 'The turns on top to win are a whole number',
  },
};

export function checkOptions(options: unknown): string | undefined {
  if (!isRecord(options)) return 'The game options are missing.';
  return checkDeclared(LAYERS_OPTIONS, options);
}

export function setup(options: LayersOptions): LayersState {
  const n = options.players;
  return {
    options,
    round: 1,
    order: [],
    position: 0,
    phase: 'order',
    parent: Array<number | null>(n).fill(null),
    layer: Array<number>(n).fill(0),
    experience: Array<number>(n).fill(E_MIN),
    rested: Array<boolean>(n).fill(false),
    onTop: Array<number>(n).fill(0),
    fight: null,
    last: null,
    winner: null,
  };
}

export const isRoot = (state: LayersState, player: number) => state.parent[player] === null;

/** The player whose turn it is (during its turn, its fight and the opponent's choice). */
export const current = (state: LayersState): number => state.order[state.position] ?? 0;

/** Whom `player` may fight: a root any other root, anyone else only its parent. */
export function opponentsOf(state: LayersState, player: number): number[] {
  const parent = state.parent[player];
  if (parent !== null && parent !== undefined) return [parent];
  const out: number[] = [];
  for (let p = 0; p < state.parent.length; p++)
    if (p !== player && state.parent[p] === null) out.push(p);
  return out;
}

/** The single tree's root when every player is in one tree; else null. */
export function top(state: LayersState): number | null {
  let root: number | null = null;
  for (let p = 0; p < state.parent.length; p++)
    if (state.parent[p] === null) {
      if (root !== null) return null;
      root = p;
    }
  return root;
}

/**
 * Whether `player` may rest: not twice in a row, unless it has nobody to fight (the root of
 * everyone; a reading: the seed never meets it, and a player must have something to do).
 */
export const mayRest = (state: LayersState, player: number) =>
  !state.rested[player] || opponentsOf(state, player).length === 0;

export function check(state: LayersState, event: unknown): string | undefined {
  if (!isRecord(event) || typeof event.type !== 'string') return 'That is not an event.';
  const e = event as LayersEvent;
  const n = state.options.players;
  if (state.phase === 'over') return 'The game is over.';
  switch (e.type) {
    case 'layers/orderDrawn':
      if (state.phase !== 'order') return 'The round’s order has been drawn.';
      // Players are numbered from 1 in what people read (the console keeps its own words).
      if (!Number.isInteger(e.player) || e.player < 0 || e.player >= n)
        return `There is no player ${typeof e.player === 'number' ? e.player + 1 : String(e.player)}: players are 1 to ${n}.`;
      if (state.order.includes(e.player)) return `Player ${e.player + 1} is already in the order.`;
      return undefined;
    case 'layers/rested':
      if (state.phase !== 'turn') return phaseWords(state);
      if (!mayRest(state, current(state)))
        return 'You rested on your previous turn: successive rests are not allowed.';
      return undefined;
    case 'layers/challenged': {
      if (state.phase !== 'turn') return phaseWords(state);
      const me = current(state);
      const choices = opponentsOf(state, me);
      if (!choices.includes(e.opponent))
        return isRoot(state, me)
          ? `${typeof e.opponent === 'number' ? `Player ${e.opponent + 1}` : 'That'} is not another root: a root fights only other roots (${choices.map((c) => c + 1).join(', ') || 'none'}).`
          : `You can fight only your parent, player ${(choices[0] ?? 0) + 1}.`;
      return undefined;
    }
    case 'layers/numberDrawn': {
      if (state.phase !== 'fight' || !state.fight) return 'No fight is waiting for its number.';
      const { win, lose, draw } = fightIntervals(state, state.fight);
      if (!Number.isInteger(e.number) || e.number < 0 || e.number >= win + lose + draw)
        return `The number is drawn from 0 to ${win + lose + draw - 1}.`;
      return undefined;
    }
    case 'layers/foughtBack':
    case 'layers/escaped':
      if (state.phase !== 'draw')
        return 'Only the challenged player, after a draw, fights back or escapes.';
      return undefined;
    default:
      return 'That is not a Layers event.';
  }
}

function phaseWords(state: LayersState): string {
  switch (state.phase) {
    case 'order':
      return 'The round’s order is being drawn.';
    case 'fight':
      return 'The fight’s number is drawn first.';
    case 'draw':
      return `Player ${(state.fight?.defender ?? 0) + 1} chooses first: fight back or escape.`;
    default:
      return 'Not now.';
  }
}

const statsOf = (state: LayersState, p: number) => ({
  experience: state.experience[p] ?? E_MIN,
  layer: state.layer[p] ?? 0,
});

export const fightIntervals = (state: LayersState, fight: Fight) =>
  intervals(statsOf(state, fight.attacker), statsOf(state, fight.defender), state.options.players);

/** The result of a number in a fight's intervals. */
export const resultOf = (i: Intervals, number: number): 'win' | 'lose' | 'draw' =>
  number < i.win ? 'win' : number < i.win + i.lose ? 'lose' : 'draw';

/**
 * Every player in the tree under `root` (itself included), layer by layer, children by number.
 * One pass builds the children as lists (first child, next sibling): O(N), not O(N × tree).
 */
export function treeOf(parent: readonly (number | null)[], root: number): number[] {
  const n = parent.length;
  const first = new Int32Array(n).fill(-1);
  const next = new Int32Array(n).fill(-1);
  for (let p = n - 1; p >= 0; p--) {
    const q = parent[p];
    if (q !== null && q !== undefined) {
      next[p] = first[q] as number;
      first[q] = p;
    }
  }
  const out = [root];
  for (let k = 0; k < out.length; k++)
    for (let c = first[out[k] as number] as number; c !== -1; c = next[c] as number) out.push(c);
  return out;
}

/**
 * Each player's root, and the size of each root's tree (0 for a player that is not a root), in
 * O(N): each chain up to a root is walked once and remembered.
 */
export function roots(parent: readonly (number | null)[]): {
  readonly rootOf: Int32Array;
  readonly size: Int32Array;
  readonly count: number;
} {
  const n = parent.length;
  const rootOf = new Int32Array(n).fill(-1);
  const size = new Int32Array(n);
  const path: number[] = [];
  let count = 0;
  for (let p = 0; p < n; p++) {
    let q = p;
    while (rootOf[q] === -1) {
      const up = parent[q];
      if (up === null || up === undefined) {
        rootOf[q] = q;
        count++;
        break;
      }
      path.push(q);
      q = up;
    }
    const r = rootOf[q] as number;
    for (const x of path) rootOf[x] = r;
    path.length = 0;
    size[r] = (size[r] as number) + 1;
  }
  return { rootOf, size, count };
}

/** The trees after `winner` beat `loser`: a child and its parent swap; a root takes a root in. */
export function reshape(
  state: Pick<LayersState, 'parent' | 'layer'>,
  winner: number,
  loser: number,
): Pick<LayersState, 'parent' | 'layer'> {
  // The parent beat its child: the trees stay as they were, the same arrays (views that keep
  // the forest's shape by its parent array keep it).
  if (state.parent[loser] === winner) return { parent: state.parent, layer: state.layer };
  const parent = [...state.parent];
  const layer = [...state.layer];
  if (parent[winner] === loser) {
    // The child takes its parent's place: its layer, its parent, its other children and the
    // parent itself below it; the parent takes the child's, with the child's former children.
    for (let p = 0; p < parent.length; p++) {
      if (p === winner) continue;
      if (parent[p] === loser) parent[p] = winner;
      else if (parent[p] === winner) parent[p] = loser;
    }
    parent[winner] = state.parent[loser] ?? null;
    parent[loser] = winner;
    layer[winner] = state.layer[loser] ?? 0;
    layer[loser] = state.layer[winner] ?? 0;
    return { parent, layer };
  }
  // Root against root: the loser's tree goes under the winner, one layer below it.
  const w = layer[winner] ?? 0;
  const m = layer[loser] ?? 0;
  if (w > m + 1) for (const p of treeOf(parent, loser)) layer[p] = (layer[p] ?? 0) + (w - 1 - m);
  else if (w < m + 1)
    for (const p of treeOf(parent, winner)) layer[p] = (layer[p] ?? 0) + (m + 1 - w);
  parent[loser] = winner;
  return { parent, layer };
}

/** The end of the current player's turn: its streak on top, the win, the next turn or round. */
function endTurn(state: LayersState): LayersState {
  const me = current(state);
  const count = top(state) === me ? (state.onTop[me] ?? 0) + 1 : 0;
  // A copy of the thousand counts only when this one changes (most turns: 0 stays 0).
  const onTop = count === state.onTop[me] ? state.onTop : state.onTop.with(me, count);
  if (count >= state.options.turns)
    return { ...state, onTop, fight: null, phase: 'over', winner: me };
  const position = state.position + 1;
  if (position < state.options.players)
    return { ...state, onTop, fight: null, phase: 'turn', position };
  return {
    ...state,
    onTop,
    fight: null,
    phase: 'order',
    order: [],
    position: 0,
    round: state.round + 1,
  };
}

export function reduce(state: LayersState, event: unknown): LayersState {
  if (check(state, event) !== undefined) return state;
  const e = event as LayersEvent;
  switch (e.type) {
    case 'layers/orderDrawn': {
      const order = [...state.order, e.player];
      // The last player's place is certain: it is added with the pick before it (the one
      // missing: the sum of all the numbers less the sum of those drawn).
      if (order.length === state.options.players - 1) {
        const n = state.options.players;
        order.push((n * (n - 1)) / 2 - order.reduce((a, b) => a + b, 0));
      }
      return order.length === state.options.players
        ? { ...state, order, phase: 'turn', position: 0 }
        : { ...state, order };
    }
    case 'layers/rested': {
      const me = current(state);
      const experience = [...state.experience];
      experience[me] = afterRest(experience[me] ?? E_MIN);
      const rested = [...state.rested];
      rested[me] = true;
      // The last fight stays the last fight through rests (the screens show it).
      return endTurn({ ...state, experience, rested });
    }
    case 'layers/challenged': {
      const me = current(state);
      const rested = state.rested[me] ? state.rested.with(me, false) : state.rested;
      return {
        ...state,
        rested,
        phase: 'fight',
        fight: { attacker: me, defender: e.opponent, back: false },
      };
    }
    case 'layers/numberDrawn': {
      const fight = state.fight as Fight;
      const ivs = fightIntervals(state, fight);
      const result = resultOf(ivs, e.number);
      const last: FightResult = { ...fight, intervals: ivs, number: e.number, result };
      if (result === 'draw')
        // A first draw: the challenged chooses; a draw in the fight back: both retreat.
        return fight.back ? endTurn({ ...state, last }) : { ...state, phase: 'draw', last };
      const before = afterFight(
        state.experience[fight.attacker] ?? E_MIN,
        state.experience[fight.defender] ?? E_MIN,
        result === 'win',
      );
      const experience = [...state.experience];
      experience[fight.attacker] = before.attacker;
      experience[fight.defender] = before.defender;
      const [winner, loser] =
        result === 'win' ? [fight.attacker, fight.defender] : [fight.defender, fight.attacker];
      const trees = reshape(state, winner, loser);
      // Losing the root starts the count again: the turns on top are in a row (rules/layers.md).
      const was = top(state);
      const onTop =
        was !== null && trees.parent[was] !== null && state.onTop[was] !== 0
          ? state.onTop.with(was, 0)
          : state.onTop;
      return endTurn({ ...state, ...trees, experience, onTop, last });
    }
    case 'layers/escaped':
      return endTurn(state);
    case 'layers/foughtBack': {
      const fight = state.fight as Fight;
      const experience = [...state.experience];
      experience[fight.attacker] = afterFightBack(
        experience[fight.attacker] ?? E_MIN,
        experience[fight.defender] ?? E_MIN,
      );
      return {
        ...state,
        experience,
        phase: 'fight',
        fight: { attacker: fight.defender, defender: fight.attacker, back: true },
      };
    }
  }
}

export function legalEvents(state: LayersState): LayersEvent[] {
  switch (state.phase) {
    case 'turn': {
      const me = current(state);
      const out: LayersEvent[] = opponentsOf(state, me).map((opponent) => ({
        type: 'layers/challenged',
        opponent,
      }));
      if (mayRest(state, me)) out.push({ type: 'layers/rested' });
      return out;
    }
    case 'draw':
      return [{ type: 'layers/foughtBack' }, { type: 'layers/escaped' }];
    default:
      return [];
  }
}

/** A fight's numbers, 0 to total − 1, equally likely: the same few hundred lists every game. */
const NUMBERS = new Map<number, readonly ChanceOutcome<LayersEvent>[]>();
function numbersTo(total: number): readonly ChanceOutcome<LayersEvent>[] {
  let outcomes = NUMBERS.get(total);
  if (!outcomes) {
    outcomes = Array.from({ length: total }, (_, number) => ({
      event: { type: 'layers/numberDrawn', number },
      probability: 1 / total,
    }));
    NUMBERS.set(total, outcomes);
  }
  return outcomes;
}

/** Each player's draw into the order, one event for all games (a round draws a thousand). */
const ORDER_EVENTS: OrderDrawn[] = [];
const orderEvent = (player: number): OrderDrawn =>
  (ORDER_EVENTS[player] ??= Object.freeze({ type: 'layers/orderDrawn', player }));

/** The players not yet in the round's order, by number, found in one pass. */
function undrawn(state: LayersState): number[] {
  const drawn = new Uint8Array(state.options.players);
  for (const p of state.order) drawn[p] = 1;
  const left: number[] = [];
  for (let p = 0; p < drawn.length; p++) if (drawn[p] === 0) left.push(p);
  return left;
}

/**
 * The `k`th (from 0) player not yet in the round's order, by number: the draw a seeded source
 * makes, without listing every outcome as chance() does (that list is made once a draw, to know
 * a draw is due, not twice).
 */
export function orderPick(state: LayersState, k: number): OrderDrawn | undefined {
  const left = undrawn(state);
  const player = left[k];
  return player === undefined ? undefined : orderEvent(player);
}

export function chance(state: LayersState): readonly ChanceOutcome<LayersEvent>[] | undefined {
  if (state.phase === 'order') {
    const left = undrawn(state);
    const probability = 1 / left.length;
    return left.map((player) => ({ event: orderEvent(player), probability }));
  }
  if (state.phase === 'fight' && state.fight) {
    const { win, lose, draw } = fightIntervals(state, state.fight);
    return numbersTo(win + lose + draw);
  }
  return undefined;
}

export function outcome(state: LayersState): Outcome {
  return state.phase === 'over' && state.winner !== null
    ? { status: 'won', winner: state.winner }
    : { status: 'running' };
}

/** Who decides now: the player whose turn it is; after a draw, the one it challenged. */
export function toAct(state: LayersState): number {
  if (state.phase === 'draw' && state.fight) return state.fight.defender;
  if (state.phase === 'fight' && state.fight) return state.fight.attacker;
  return current(state);
}

export const layersGame: Game<LayersState, LayersEvent, LayersOptions> = {
  name: 'layers',
  setup,
  check,
  reduce,
  legalEvents,
  chance,
  outcome,
  toAct,
};
