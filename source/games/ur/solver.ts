/**
 * The Royal Game of Ur solved by value iteration (issue 30), for the rules as rules.ts plays them:
 * four binary dice, own-stone blocking, captures except on a rosette, another roll on a rosette
 * (when that rule is on), exact bearing off, a pass on 0 or on no move.
 *
 * A position is seen from the player about to roll ("me"): which squares of my path my stones
 * hold, which of the opponent's path theirs hold, and how many each has borne off (stones off
 * the board are the rest). Its value is my chance to win. The table holds one Float32 per
 * position, indexed by a perfect hash: a layer per (my borne off, their borne off), inside it the
 * pattern of the shared squares (each empty, mine or theirs, base 3), then my private squares and
 * theirs (ranked by stone count so that every count limit is a prefix). Captures never change a
 * borne-off count, so layers are solved from the most stones borne off down, each with
 * Gauss–Seidel sweeps until no value moves by more than EPSILON; a layer (a, b) leans on (b, a)
 * (the opponent's turn), so the two are solved together as one group.
 *
 * On a board where both colours' paths look alike (the historical board), a position with Black
 * to roll is the mirror of one with White to roll, and one colour's half of the table serves
 * both. Pure: no I/O, no clock; the driver (solve-run.ts) sweeps in slices and yields between.
 */
import type { UrRules } from './rules.js';

/** The chance of each roll 0–4 of four binary dice. */
export const ROLL_CHANCE = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16] as const;

/** A group's sweeps stop when no value moved by more than this. */
export const EPSILON = 1e-7;

/** The longest path a table can be built for (its masks are tabulated, 2^length entries). */
export const MAX_PATH = 20;

/** One colour's path, as the solver needs it. */
interface Lane {
  readonly length: number;
  /** rosette[i]: path index i is a rosette. */
  readonly rosette: Uint8Array;
  /** cross[i]: the other colour's path index of the same square, or −1 (a private square). */
  readonly cross: Int8Array;
  /** Path indices of the shared squares, in shared-square order (k = 0..K−1). */
  readonly sharedAt: Int8Array;
  /** Path indices of the private squares. */
  readonly privateAt: Int8Array;
  /** Per path mask: the shared squares it holds as a base-3 number with digit 1. */
  readonly trit: Int32Array;
  /** Per path mask: the rank of its private part (popcount first, so every limit is a prefix). */
  readonly privateRank: Int32Array;
  /** Per rank: the path mask of that private part. */
  readonly privateMask: Int32Array;
  /** countUpTo[n]: how many private parts hold at most n stones. */
  readonly countUpTo: Int32Array;
}

/** Where a layer's positions sit in the table. */
interface Layer {
  readonly base: number;
  readonly size: number;
  /** Per shared pattern: where its positions start inside the layer (−1: none). */
  readonly offset: Int32Array;
  /** Per shared pattern: how many private parts of mine, and of theirs. */
  readonly mine: Int32Array;
  readonly theirs: Int32Array;
}

export interface UrShape {
  readonly stones: number;
  readonly extraRoll: boolean;
  /** Both colours' paths alike: one half of the table serves both. */
  readonly symmetric: boolean;
  readonly lanes: readonly [Lane, Lane];
  readonly shared: number;
  /** 3^shared. */
  readonly patterns: number;
  /** Per pattern: my stones on shared squares, theirs, and the path masks (mine by colour). */
  readonly patternMine: Int8Array;
  readonly patternTheirs: Int8Array;
  /** layers[colour][mine * stones + theirs], colour the one to roll (only 0 when symmetric). */
  readonly layers: readonly (readonly Layer[])[];
  /** How many positions the table holds. */
  readonly size: number;
}

const popcount = (n: number) => {
  let c = 0;
  for (let m = n; m !== 0; m &= m - 1) c++;
  return c;
};

/** Why a table cannot be built for this board and stone count, or undefined. */
export function shapeProblem(rules: UrRules, stones: number): string | undefined {
  const [a, b] = rules.board.paths;
  const longest = Math.max(a.length, b.length);
  if (longest > MAX_PATH)
    return `a path of ${longest} squares is too long to solve (at most ${MAX_PATH})`;
  const shared = a.filter((s) => b.includes(s)).length;
  if (3 ** shared * stones * stones * 2 > 50_000_000)
    return `${shared} shared squares are too many to solve`;
  return undefined;
}

function laneOf(rules: UrRules, colour: number, sharedSquares: readonly string[], stones: number) {
  const path = rules.board.paths[colour] as readonly string[];
  const other = rules.board.paths[1 - colour] as readonly string[];
  const length = path.length;
  const rosette = new Uint8Array(length);
  const cross = new Int8Array(length);
  const sharedAt = new Int8Array(sharedSquares.length);
  const privateList: number[] = [];
  path.forEach((square, i) => {
    rosette[i] = rules.board.rosettes.has(square) ? 1 : 0;
    cross[i] = other.indexOf(square);
    const k = sharedSquares.indexOf(square);
    if (k >= 0) sharedAt[k] = i;
    else privateList.push(i);
  });
  const privateAt = Int8Array.from(privateList);
  const parts = 1 << privateAt.length;
  // Private parts in order of stone count, then value: those of at most n stones are a prefix.
  const order = Array.from({ length: parts }, (_, p) => p)
    .filter((p) => popcount(p) <= stones)
    .sort((x, y) => popcount(x) - popcount(y) || x - y);
  const rankOfPart = new Int32Array(parts).fill(-1);
  const privateMask = new Int32Array(order.length);
  order.forEach((part, rank) => {
    rankOfPart[part] = rank;
    let mask = 0;
    for (let j = 0; j < privateAt.length; j++)
      if (part & (1 << j)) mask |= 1 << (privateAt[j] as number);
    privateMask[rank] = mask;
  });
  const countUpTo = new Int32Array(stones + 1);
  for (let n = 0; n <= stones; n++) countUpTo[n] = order.filter((p) => popcount(p) <= n).length;
  const masks = 1 << length;
  const trit = new Int32Array(masks);
  const privateRank = new Int32Array(masks);
  for (let mask = 0; mask < masks; mask++) {
    let t = 0;
    for (let k = 0; k < sharedAt.length; k++)
      if (mask & (1 << (sharedAt[k] as number))) t += 3 ** k;
    trit[mask] = t;
    let part = 0;
    for (let j = 0; j < privateAt.length; j++)
      if (mask & (1 << (privateAt[j] as number))) part |= 1 << j;
    privateRank[mask] = rankOfPart[part] as number;
  }
  return { length, rosette, cross, sharedAt, privateAt, trit, privateRank, privateMask, countUpTo };
}

export function urShape(rules: UrRules, stones: number): UrShape {
  const problem = shapeProblem(rules, stones);
  if (problem !== undefined) throw new RangeError(problem);
  const [white, black] = rules.board.paths;
  const sharedSquares = white.filter((s) => black.includes(s));
  const lanes: [Lane, Lane] = [
    laneOf(rules, 0, sharedSquares, stones),
    laneOf(rules, 1, sharedSquares, stones),
  ];
  const same = (x: ArrayLike<number>, y: ArrayLike<number>) =>
    x.length === y.length && Array.from(x).every((v, i) => v === y[i]);
  const symmetric =
    same(lanes[0].rosette, lanes[1].rosette) &&
    same(lanes[0].cross, lanes[1].cross) &&
    same(lanes[0].sharedAt, lanes[1].sharedAt);
  const shared = sharedSquares.length;
  const patterns = 3 ** shared;
  const patternMine = new Int8Array(patterns);
  const patternTheirs = new Int8Array(patterns);
  for (let s = 0; s < patterns; s++) {
    let rest = s;
    for (let k = 0; k < shared; k++, rest = Math.floor(rest / 3)) {
      if (rest % 3 === 1) patternMine[s] = (patternMine[s] as number) + 1;
      else if (rest % 3 === 2) patternTheirs[s] = (patternTheirs[s] as number) + 1;
    }
  }
  const layers: Layer[][] = [];
  let size = 0;
  for (let colour = 0; colour < (symmetric ? 1 : 2); colour++) {
    const me = lanes[colour] as Lane;
    const them = lanes[1 - colour] as Lane;
    const row: Layer[] = [];
    for (let mine = 0; mine < stones; mine++) {
      for (let theirs = 0; theirs < stones; theirs++) {
        const offset = new Int32Array(patterns).fill(-1);
        const mineCount = new Int32Array(patterns);
        const theirsCount = new Int32Array(patterns);
        let at = 0;
        for (let s = 0; s < patterns; s++) {
          const myLimit = stones - mine - (patternMine[s] as number);
          const theirLimit = stones - theirs - (patternTheirs[s] as number);
          if (myLimit < 0 || theirLimit < 0) continue;
          const m = me.countUpTo[Math.min(myLimit, stones)] as number;
          const t = them.countUpTo[Math.min(theirLimit, stones)] as number;
          offset[s] = at;
          mineCount[s] = m;
          theirsCount[s] = t;
          at += m * t;
        }
        row[mine * stones + theirs] = {
          base: size,
          size: at,
          offset,
          mine: mineCount,
          theirs: theirsCount,
        };
        size += at;
      }
    }
    layers.push(row);
  }
  return {
    stones,
    extraRoll: true,
    symmetric,
    lanes,
    shared,
    patterns,
    patternMine,
    patternTheirs,
    layers,
    size,
  };
}

/** A shape for these rules (the rosette rule included). */
export function shapeFor(rules: UrRules, stones: number): UrShape {
  return { ...urShape(rules, stones), extraRoll: rules.extraRollOnRosette };
}

/**
 * Where a position sits in the table: `colour` rolls, holding the path mask `me` with `mine`
 * borne off, against `them` with `theirs` borne off (masks on each colour's own path).
 */
export function indexOf(
  shape: UrShape,
  colour: number,
  me: number,
  mine: number,
  them: number,
  theirs: number,
): number {
  return myIndex(new Side(shape, colour, mine, theirs), me, them);
}

/** The layers solved together, most stones borne off first; each [colour, mine, theirs]. */
export function groups(shape: UrShape): (readonly [number, number, number])[][] {
  const out: (readonly [number, number, number])[][] = [];
  const n = shape.stones;
  for (let sum = 2 * n - 2; sum >= 0; sum--) {
    for (let a = Math.min(n - 1, sum); a >= 0 && sum - a <= a; a--) {
      const b = sum - a;
      const group: (readonly [number, number, number])[] = [];
      for (let colour = 0; colour < (shape.symmetric ? 1 : 2); colour++) {
        group.push([colour, a, b]);
        if (a !== b) group.push([colour, b, a]);
      }
      out.push(group);
    }
  }
  return out;
}

/** How many positions a group holds. */
export const groupSize = (shape: UrShape, group: readonly (readonly [number, number, number])[]) =>
  group.reduce(
    (sum, [c, a, b]) => sum + ((shape.layers[c] as Layer[])[a * shape.stones + b] as Layer).size,
    0,
  );

/** A group's positions in the order its sweeps take them: the most advanced first. */
export interface GroupOrder {
  /** My path mask, with the layer's place in the group above bit 24. */
  readonly me: Int32Array;
  readonly them: Int32Array;
  readonly layers: readonly (readonly [number, number, number])[];
}

/**
 * A group's positions, last in table order first: stones further along (a higher shared
 * pattern, more and later private squares) come first, so a move forward mostly reads a value
 * already updated in the same sweep, and neighbours in the order are neighbours in memory. (An
 * order by both sides' progress needs half the sweeps, but reads the table at random: measured
 * 2 to 4 times slower per position from five stones up.)
 */
export function orderGroup(
  shape: UrShape,
  group: readonly (readonly [number, number, number])[],
): GroupOrder {
  const total = groupSize(shape, group);
  const me = new Int32Array(total);
  const them = new Int32Array(total);
  let at = total;
  group.forEach(([colour, mine, theirs], slot) => {
    const myLane = shape.lanes[colour] as Lane;
    const theirLane = shape.lanes[1 - colour] as Lane;
    const layer = (shape.layers[colour] as Layer[])[mine * shape.stones + theirs] as Layer;
    for (let s = 0; s < shape.patterns; s++) {
      if ((layer.offset[s] as number) < 0) continue;
      const [sharedMe, sharedThem] = sharedMasks(shape, colour, s);
      for (let i = 0; i < (layer.mine[s] as number); i++) {
        const m = sharedMe | (myLane.privateMask[i] as number) | (slot << 24);
        for (let j = 0; j < (layer.theirs[s] as number); j++) {
          at--;
          me[at] = m;
          them[at] = sharedThem | (theirLane.privateMask[j] as number);
        }
      }
    }
  });
  return { me, them, layers: group };
}

/** The path masks of a shared pattern's squares: mine (colour's path), theirs (the other's). */
function sharedMasks(shape: UrShape, colour: number, s: number): [number, number] {
  const c = shape.symmetric ? 0 : colour;
  let sharedMe = 0;
  let sharedThem = 0;
  let rest = s;
  for (let k = 0; k < shape.shared; k++) {
    const digit = rest % 3;
    rest = (rest - digit) / 3;
    if (digit === 1) sharedMe |= 1 << ((shape.lanes[c] as Lane).sharedAt[k] as number);
    else if (digit === 2) sharedThem |= 1 << ((shape.lanes[1 - c] as Lane).sharedAt[k] as number);
  }
  return [sharedMe, sharedThem];
}

/** What a sweep needs of one layer of a group, in fields of one shape (fast to read). */
class Side {
  readonly n: number;
  readonly mine: number;
  readonly theirs: number;
  readonly extra: boolean;
  readonly length: number;
  readonly rosette: Uint8Array;
  readonly cross: Int8Array;
  readonly myTrit: Int32Array;
  readonly theirTrit: Int32Array;
  readonly myRank: Int32Array;
  readonly theirRank: Int32Array;
  readonly base: number;
  readonly offset: Int32Array;
  readonly theirParts: Int32Array;
  /** The opponent's layout (colour o): their lane is "mine" there. */
  readonly oTrit: Int32Array;
  readonly oTheirTrit: Int32Array;
  readonly oRank: Int32Array;
  readonly oTheirRank: Int32Array;
  readonly oLayers: readonly Layer[];
  constructor(shape: UrShape, colour: number, mine: number, theirs: number) {
    const c = shape.symmetric ? 0 : colour;
    const o = shape.symmetric ? 0 : 1 - colour;
    const myLane = shape.lanes[c] as Lane;
    const theirLane = shape.lanes[1 - c] as Lane;
    const layer = (shape.layers[c] as Layer[])[mine * shape.stones + theirs] as Layer;
    this.n = shape.stones;
    this.mine = mine;
    this.theirs = theirs;
    this.extra = shape.extraRoll;
    this.length = myLane.length;
    this.rosette = myLane.rosette;
    this.cross = myLane.cross;
    this.myTrit = myLane.trit;
    this.theirTrit = theirLane.trit;
    this.myRank = myLane.privateRank;
    this.theirRank = theirLane.privateRank;
    this.base = layer.base;
    this.offset = layer.offset;
    this.theirParts = layer.theirs;
    this.oTrit = (shape.lanes[o] as Lane).trit;
    this.oTheirTrit = (shape.lanes[1 - o] as Lane).trit;
    this.oRank = (shape.lanes[o] as Lane).privateRank;
    this.oTheirRank = (shape.lanes[1 - o] as Lane).privateRank;
    this.oLayers = shape.layers[o] as Layer[];
  }
}

/** The opponent's chance, to roll next: `me` now theirs, seen from their side. */
function theirValue(
  side: Side,
  values: Float32Array,
  me: number,
  mineOff: number,
  them: number,
  theirsOff: number,
): number {
  const l = side.oLayers[mineOff * side.n + theirsOff] as Layer;
  const s = (side.oTrit[me] as number) + 2 * (side.oTheirTrit[them] as number);
  return values[
    l.base +
      (l.offset[s] as number) +
      (side.oRank[me] as number) * (l.theirs[s] as number) +
      (side.oTheirRank[them] as number)
  ] as number;
}

/** My chance, to roll again (after landing on a rosette), in the same layer. */
function myIndex(side: Side, me: number, them: number): number {
  const s = (side.myTrit[me] as number) + 2 * (side.theirTrit[them] as number);
  return (
    side.base +
    (side.offset[s] as number) +
    (side.myRank[me] as number) * (side.theirParts[s] as number) +
    (side.theirRank[them] as number)
  );
}

/** The best chance a roll gives me (the pass's when no stone can move). */
function bestMove(
  side: Side,
  values: Float32Array,
  me: number,
  them: number,
  waiting: number,
  roll: number,
  pass: number,
): number {
  const length = side.length;
  const rosette = side.rosette;
  const cross = side.cross;
  const mine = side.mine;
  const theirs = side.theirs;
  let top = -1;
  // One waiting stone (from −1), then each stone on the board.
  for (let from = waiting > 0 ? -1 : 0; from < length; from++) {
    if (from >= 0 && (me & (1 << from)) === 0) continue;
    const to = from + roll;
    if (to > length) break;
    const left = from >= 0 ? me & ~(1 << from) : me;
    let v: number;
    if (to === length) {
      v = mine + 1 === side.n ? 1 : 1 - theirValue(side, values, them, theirs, left, mine + 1);
    } else {
      if (me & (1 << to)) continue;
      let after = them;
      const x = cross[to] as number;
      if (x >= 0 && them & (1 << x)) {
        if (rosette[to]) continue;
        after = them & ~(1 << x);
      }
      const moved = left | (1 << to);
      v =
        side.extra && rosette[to]
          ? (values[myIndex(side, moved, after)] as number)
          : 1 - theirValue(side, values, after, theirs, moved, mine);
    }
    if (v > top) top = v;
  }
  return top < 0 ? pass : top;
}

/** The sides of a group's layers, made once per group. */
export const sidesOf = (shape: UrShape, order: GroupOrder): Side[] =>
  order.layers.map(([colour, mine, theirs]) => new Side(shape, colour, mine, theirs));

/**
 * One Gauss–Seidel sweep over the group's positions [from, to) in its order, in place; returns
 * the largest change. The hot loop: typed arrays and integers only.
 */
export function sweep(
  values: Float32Array,
  order: GroupOrder,
  sides: readonly Side[],
  from: number,
  to: number,
): number {
  const p0 = ROLL_CHANCE[0];
  const p1 = ROLL_CHANCE[1];
  const p2 = ROLL_CHANCE[2];
  const p3 = ROLL_CHANCE[3];
  const p4 = ROLL_CHANCE[4];
  const orderMe = order.me;
  const orderThem = order.them;
  let biggest = 0;
  for (let k = from; k < to; k++) {
    const packed = orderMe[k] as number;
    const me = packed & 0xffffff;
    const them = orderThem[k] as number;
    const side = sides[packed >>> 24] as Side;
    const index = myIndex(side, me, them);
    const waiting = side.n - side.mine - popcount(me);
    const pass = 1 - theirValue(side, values, them, side.theirs, me, side.mine);
    const total =
      p0 * pass +
      p1 * bestMove(side, values, me, them, waiting, 1, pass) +
      p2 * bestMove(side, values, me, them, waiting, 2, pass) +
      p3 * bestMove(side, values, me, them, waiting, 3, pass) +
      p4 * bestMove(side, values, me, them, waiting, 4, pass);
    const change = Math.abs(total - (values[index] as number));
    if (change > biggest) biggest = change;
    values[index] = total;
  }
  return biggest;
}

/** A position as the solver sees it, from a game state's stones (OFF −1, borne off = length). */
export function positionOf(
  shape: UrShape,
  stones: readonly (readonly number[])[],
  colour: number,
): { me: number; mine: number; them: number; theirs: number } {
  const side = (c: number) => {
    const length = (shape.lanes[c] as Lane).length;
    let mask = 0;
    let off = 0;
    for (const place of stones[c] ?? []) {
      if (place >= length) off++;
      else if (place >= 0) mask |= 1 << place;
    }
    return { mask, off };
  };
  const me = side(colour);
  const them = side(1 - colour);
  return { me: me.mask, mine: me.off, them: them.mask, theirs: them.off };
}
