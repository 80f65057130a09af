/**
 * The limit for the Royal Game of Ur, as `yut-reference.ts` is for Yut: the same rules as a
 * mutable playout (typed arrays, squares as numbers, no allocation per event), in the bench only.
 * It draws from the random stream exactly as the engine's playout does (one draw per roll over the
 * five sums in the engine's order, one per choice among the stones in the engine's order), so
 * the two play the same games, and `differentUrGames` checks that they do before any figure.
 */
import { type Random, sampleChance, seededRandom } from '../source/engine/random.js';
import {
  chance,
  legalEvents,
  OFF,
  reduce,
  setup,
  STONES,
  type UrEvent,
  type UrState,
} from '../source/games/ur/rules.js';
import { type Figure, fmt, type Section } from './report.js';

const SUMS = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16];

export class ReferenceUr {
  /** path[colour * length + i]: the square (a number) of path index i. */
  private readonly path: Int16Array;
  private readonly length: number;
  private readonly rosette: Uint8Array;
  /** place[colour * 7 + stone]: −1 off the board, a path index, or `length` borne off. */
  private readonly place = new Int16Array(2 * STONES);
  private readonly movable = new Int8Array(STONES);
  private turn = 0;

  constructor(state: UrState) {
    const { paths, rosettes } = state.rules.board;
    const squares = new Map<string, number>();
    const id = (square: string) => {
      if (!squares.has(square)) squares.set(square, squares.size);
      return squares.get(square) as number;
    };
    this.length = paths[0].length;
    if (paths[1].length !== this.length) throw new Error('the reference takes paths of one length');
    this.path = new Int16Array([...paths[0].map(id), ...paths[1].map(id)]);
    this.rosette = new Uint8Array(squares.size + 1);
    for (const square of rosettes) if (squares.has(square)) this.rosette[id(square)] = 1;
    if (!state.rules.extraRollOnRosette) this.rosette.fill(0);
  }

  /** A whole game from the start; returns its event count. */
  play(random: Random, trace?: string[]): number {
    this.place.fill(OFF);
    this.turn = 0;
    let events = 0;
    for (;;) {
      let x = random.next();
      let roll = 0;
      for (; roll < 4; roll++) {
        x -= SUMS[roll] as number;
        if (x < 0) break;
      }
      trace?.push(`r${roll}`);
      events++;
      const n = roll === 0 ? 0 : this.listMovable(roll);
      if (n === 0) {
        this.turn = 1 - this.turn;
        continue;
      }
      const stone = this.movable[Math.floor(random.next() * n)] as number;
      trace?.push(`m${stone}`);
      events++;
      if (this.move(stone, roll)) return events;
    }
  }

  private squareOf(colour: number, place: number): number {
    return place >= 0 && place < this.length
      ? (this.path[colour * this.length + place] as number)
      : -1;
  }

  /** Stones that can move, in the engine's order: only the first stone off the board is tried. */
  private listMovable(roll: number): number {
    const base = this.turn * STONES;
    const other = (1 - this.turn) * STONES;
    let n = 0;
    let offTried = false;
    for (let stone = 0; stone < STONES; stone++) {
      const from = this.place[base + stone] as number;
      if (from === OFF) {
        if (offTried) continue;
        offTried = true;
      }
      if (from >= this.length) continue;
      const to = from + roll;
      if (to > this.length) continue;
      if (to < this.length) {
        let blocked = false;
        for (let i = 0; i < STONES && !blocked; i++)
          if (i !== stone && this.place[base + i] === to) blocked = true;
        if (blocked) continue;
        const square = this.path[this.turn * this.length + to] as number;
        if (this.rosette[square]) {
          let rival = false;
          for (let i = 0; i < STONES && !rival; i++)
            if (this.squareOf(1 - this.turn, this.place[other + i] as number) === square)
              rival = true;
          if (rival) continue;
        }
      }
      this.movable[n++] = stone;
    }
    return n;
  }

  /** Moves a stone; true when it ends the game. */
  private move(stone: number, roll: number): boolean {
    const base = this.turn * STONES;
    const other = (1 - this.turn) * STONES;
    const to = (this.place[base + stone] as number) + roll;
    this.place[base + stone] = to;
    const square = this.squareOf(this.turn, to);
    if (square >= 0) {
      for (let i = 0; i < STONES; i++)
        if (this.squareOf(1 - this.turn, this.place[other + i] as number) === square)
          this.place[other + i] = OFF;
    }
    let home = 0;
    for (let i = 0; i < STONES; i++) if (this.place[base + i] === this.length) home++;
    if (home === STONES) return true;
    if (!(square >= 0 && this.rosette[square])) this.turn = 1 - this.turn;
    return false;
  }
}

/** The engine's random playout of Ur, written down in the reference's codes when `trace` is given. */
export function urRandomPlayout(initial: UrState, seed: number, trace?: string[]): number {
  const random = seededRandom(seed);
  let state = initial;
  let events = 0;
  while (state.phase !== 'over') {
    const outcomes = chance(state);
    let event: UrEvent;
    if (outcomes) {
      event = sampleChance(outcomes, random).event;
      trace?.push(`r${event.dice.reduce<number>((a, d) => a + d, 0)}`);
    } else {
      const legal = legalEvents(state);
      event = legal[random.below(legal.length)] as UrEvent;
      trace?.push(`m${(event as { stone: number }).stone}`);
    }
    state = reduce(state, event);
    events++;
  }
  return events;
}

/** Seeds on which the engine and the reference play different games (none, or the bench lies). */
export function differentUrGames(seeds: number): number[] {
  const initial = setup();
  const reference = new ReferenceUr(initial);
  const different: number[] = [];
  for (let seed = 0; seed < seeds; seed++) {
    const engine: string[] = [];
    const mutable: string[] = [];
    urRandomPlayout(initial, seed, engine);
    reference.play(seededRandom(seed), mutable);
    if (engine.join(' ') !== mutable.join(' ')) different.push(seed);
  }
  return different;
}

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function rate(play: (seed: number) => number, ms: number, from: number): number {
  let events = 0;
  let seed = from;
  const start = performance.now();
  while (performance.now() < start + ms) for (let i = 0; i < 20; i++) events += play(seed++);
  return events / ((performance.now() - start) / 1000);
}

/** The Ur engine against its limit, measured as Yut's is: interleaved rounds, one process. */
export function urReferenceSection(quick: boolean): Section {
  const seeds = quick ? 300 : 3000;
  const rounds = quick ? 3 : 9;
  const different = differentUrGames(seeds);
  const figures: Figure[] = [
    {
      what: `historical board: games identical event for event (seeds 0–${seeds - 1})`,
      value: `${seeds - different.length} of ${seeds}`,
      target: 'all',
    },
  ];
  const initial = setup();
  const reference = new ReferenceUr(initial);
  const engine = (seed: number) => urRandomPlayout(initial, seed);
  const mutable = (seed: number) => reference.play(seededRandom(seed));
  for (let i = 0; i < 300; i++) {
    engine(i);
    mutable(i);
  }
  const ratios: number[] = [];
  const engineRates: number[] = [];
  const referenceRates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const e = rate(engine, quick ? 200 : 600, 10_000 * round);
    const r = rate(mutable, quick ? 200 : 600, 10_000 * round);
    engineRates.push(e);
    referenceRates.push(r);
    ratios.push(e / r);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  figures.push(
    {
      what: `engine ÷ reference (min / median / max of ${rounds} rounds)`,
      value: `${fmt(sorted[0] as number, 3)} / ${fmt(median(ratios), 3)} / ${fmt(sorted.at(-1) as number, 3)}`,
    },
    {
      what: 'events/s, engine · reference (medians)',
      value: `${fmt(median(engineRates))} · ${fmt(median(referenceRates))}`,
    },
  );
  return { title: 'Ur engine against a mutable reference of the same rules', figures };
}
