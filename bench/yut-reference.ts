/**
 * The limit to measure the engine against: Yut's basic rules as a hand-tuned, mutable playout
 * (typed arrays, a precomputed move table, no allocation per event), in the bench only. It draws
 * from the random stream exactly as the engine's playout does (one draw per throw, one per
 * choice, moves listed in the engine's order), so the two play the same games event for event,
 * and `sameGames` checks that they do before any figure is trusted.
 */
import { type Random, seededRandom } from '../source/engine/random.js';
import { destination, RESULTS } from '../source/games/yut/board.js';
import { resultProbabilities } from '../source/games/yut/sticks.js';

const ARRIVED = 100;
const NONE = -1;
/** MOVE[from * 6 + result] = where a piece lands (100 arrived), NONE when it cannot move. */
const MOVE = new Int8Array(30 * 6).fill(NONE);
for (let from = 0; from < 30; from++) {
  RESULTS.forEach((result, r) => {
    const to = destination(from, result, false);
    MOVE[from * 6 + r] = to === undefined ? NONE : to;
  });
}
const PROBABILITIES = RESULTS.map((r) => resultProbabilities(0.5)[r]);
const YUT = 4;
const MO = 5;
const BACK_DO = 0;

/** One playout's events, as short codes for the check: t<result> for a throw, m<from>:<result>. */
export type Trace = string[] | undefined;

export class ReferenceYut {
  private readonly pos: Int8Array;
  private readonly counts = new Int8Array(6);
  private readonly froms = new Int8Array(8);
  private readonly moveFrom = new Int8Array(64);
  private readonly moveResult = new Int8Array(64);
  private turn = 0;
  private owed = 1;
  private throwing = true;
  private over = false;

  constructor(
    private readonly players: number,
    private readonly pieces: number,
  ) {
    this.pos = new Int8Array(players * pieces);
  }

  /** A whole game from the start; returns its event count. */
  play(random: Random, trace?: Trace): number {
    this.pos.fill(0);
    this.counts.fill(0);
    this.turn = 0;
    this.owed = 1;
    this.throwing = true;
    this.over = false;
    let events = 0;
    while (!this.over) {
      if (this.throwing) {
        let x = random.next();
        let r = 0;
        for (; r < 5; r++) {
          x -= PROBABILITIES[r] as number;
          if (x < 0) break;
        }
        trace?.push(`t${r}`);
        this.thrown(r);
      } else {
        const n = this.legal();
        const k = Math.floor(random.next() * n);
        trace?.push(`m${this.moveFrom[k]}:${this.moveResult[k]}`);
        this.move(this.moveFrom[k] as number, this.moveResult[k] as number);
      }
      events++;
    }
    return events;
  }

  private thrown(r: number): void {
    this.counts[r] = (this.counts[r] as number) + 1;
    if (r !== YUT && r !== MO) this.owed--;
    if (this.owed > 0) return;
    this.toMove();
  }

  private canUse(r: number): boolean {
    const base = this.turn * this.pieces;
    for (let i = 0; i < this.pieces; i++) {
      const p = this.pos[base + i] as number;
      if (p !== ARRIVED && MOVE[p * 6 + r] !== NONE) return true;
    }
    return false;
  }

  private toMove(): void {
    for (let r = 0; r < 6; r++) {
      if (this.counts[r] !== 0 && this.canUse(r)) {
        this.throwing = false;
        this.owed = 0;
        return;
      }
    }
    this.pass();
  }

  private pass(): void {
    this.turn = (this.turn + 1) % this.players;
    this.counts.fill(0);
    this.owed = 1;
    this.throwing = true;
  }

  /** The legal moves in the engine's order: results canonically, then hand, then stacks up. */
  private legal(): number {
    const base = this.turn * this.pieces;
    let nf = 0;
    let hand = false;
    for (let i = 0; i < this.pieces; i++) {
      const p = this.pos[base + i] as number;
      if (p === 0) hand = true;
      else if (p !== ARRIVED) {
        let j = 0;
        while (j < nf && (this.froms[j] as number) < p) j++;
        if (j < nf && this.froms[j] === p) continue;
        for (let k = nf; k > j; k--) this.froms[k] = this.froms[k - 1] as number;
        this.froms[j] = p;
        nf++;
      }
    }
    let n = 0;
    for (let r = 0; r < 6; r++) {
      if (this.counts[r] === 0) continue;
      if (hand && r !== BACK_DO) {
        this.moveFrom[n] = 0;
        this.moveResult[n++] = r;
      }
      for (let j = 0; j < nf; j++) {
        const from = this.froms[j] as number;
        if (MOVE[from * 6 + r] !== NONE) {
          this.moveFrom[n] = from;
          this.moveResult[n++] = r;
        }
      }
    }
    return n;
  }

  private move(from: number, r: number): void {
    const to = MOVE[from * 6 + r] as number;
    this.counts[r] = (this.counts[r] as number) - 1;
    const base = this.turn * this.pieces;
    let home = 0;
    let entered = false;
    for (let i = 0; i < this.pieces; i++) {
      const p = this.pos[base + i] as number;
      if (p === from && !(from === 0 && entered)) {
        this.pos[base + i] = to;
        if (from === 0) entered = true;
      }
      if (this.pos[base + i] === ARRIVED) home++;
    }
    if (home === this.pieces) {
      this.over = true;
      return;
    }
    let caught = false;
    if (to !== ARRIVED) {
      for (let s = 0; s < this.players; s++) {
        if (s === this.turn) continue;
        for (let i = 0; i < this.pieces; i++) {
          if (this.pos[s * this.pieces + i] === to) {
            this.pos[s * this.pieces + i] = 0;
            caught = true;
          }
        }
      }
    }
    if (caught) {
      this.throwing = true;
      this.owed = 1;
      return;
    }
    let left = 0;
    for (let k = 0; k < 6; k++) left += this.counts[k] as number;
    if (left === 0) this.pass();
    else this.toMove();
  }
}

/** The reference plays seed after seed with its own random stream, as the engine's playout does. */
export function referencePlayout(game: ReferenceYut, seed: number, trace?: Trace): number {
  return game.play(seededRandom(seed), trace);
}
