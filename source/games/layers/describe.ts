/**
 * What a Layers event did, in the seed's plain style, for the log, the console and the replay.
 * `first` is the number of the first player: the console keeps the seed's 0, the screens count
 * from 1.
 */
import {
  current,
  fightIntervals,
  type Intervals,
  type LayersEvent,
  type LayersState,
  top,
} from './rules.js';

export const intervalWords = (i: Intervals) =>
  `Win, lose and draw intervals are: ${i.win}-${i.lose}-${i.draw}`;

export const statusWords = (state: LayersState, p: number, first = 0) =>
  `Player ${p + first} is in layer ${state.layer[p] ?? 0} and player ${p + first} has ${Math.round(state.experience[p] ?? 0)} experience points`;

export const orderWords = (state: LayersState, first = 0) =>
  `Round ${state.round} turn (move) sequence: ${state.order.map((p) => p + first).join(', ')}`;

const RESULT_WORDS = { win: 'win!', lose: 'lose!', draw: 'draw!' } as const;

/** Who moved where in the trees, and whose experience changed, between two states. */
function changes(before: LayersState, after: LayersState, first: number): string[] {
  const lines: string[] = [];
  const n = before.options.players;
  const exp: string[] = [];
  const moved: string[] = [];
  for (let p = 0; p < n; p++) {
    const a = Math.round(before.experience[p] ?? 0);
    const b = Math.round(after.experience[p] ?? 0);
    if (a !== b) exp.push(`player ${p + first} ${a} → ${b}`);
    if (before.parent[p] !== after.parent[p])
      lines.push(
        after.parent[p] === null
          ? `Player ${p + first} is now a root.`
          : `Player ${p + first} is now a child of player ${(after.parent[p] ?? 0) + first}.`,
      );
    if (before.layer[p] !== after.layer[p]) moved.push(`${p + first} → ${after.layer[p]}`);
  }
  if (exp.length > 0) lines.unshift(`Experience: ${exp.join(', ')}.`);
  if (moved.length > 0) {
    const shown = moved.slice(0, 8).join(', ');
    const more = moved.length > 8 ? ` and ${moved.length - 8} more` : '';
    lines.push(`New layers: player ${shown}${more}.`);
  }
  return lines;
}

/** The end of a turn: a player on top, or the winner. */
function topWords(before: LayersState, after: LayersState, first: number): string[] {
  if (after.winner !== null)
    return [
      `Player ${after.winner + first} has been on top for ${after.options.turns} turns in a row and wins the game!`,
    ];
  const me = current(before);
  const now = after.onTop[me] ?? 0;
  // Each of its turns it ends on top (a count started again after losing the root, too).
  if (now > 0 && top(after) === me)
    return [`Player ${me + first} is on top of everyone (${now} of ${after.options.turns} turns).`];
  return [];
}

export function describeLayersEvent(
  before: LayersState,
  event: LayersEvent,
  after: LayersState,
  first = 0,
): string[] {
  switch (event.type) {
    case 'layers/orderDrawn':
      return after.phase === 'turn' ? [orderWords(after, first)] : [];
    case 'layers/rested': {
      const me = current(before);
      return [
        `Player ${me + first} rests: experience ${Math.round(before.experience[me] ?? 0)} → ${Math.round(after.experience[me] ?? 0)}.`,
        ...topWords(before, after, first),
      ];
    }
    case 'layers/challenged':
      return [
        `Player ${current(before) + first} fights player ${event.opponent + first}.`,
        after.fight ? intervalWords(fightIntervals(after, after.fight)) : '',
      ];
    case 'layers/numberDrawn': {
      const last = after.last;
      if (!last) return [];
      const lines = [`Random number is ${event.number}, ${RESULT_WORDS[last.result]}`];
      if (last.result === 'draw')
        lines.push(
          last.back
            ? 'A draw again: both retreat, nothing changes.'
            : `Player ${last.defender + first} may fight back or escape.`,
        );
      else {
        const [w, l] =
          last.result === 'win' ? [last.attacker, last.defender] : [last.defender, last.attacker];
        lines.push(
          `Player ${w + first} beats player ${l + first}.`,
          ...changes(before, after, first),
        );
      }
      if (after.phase !== 'draw') lines.push(...topWords(before, after, first));
      return lines;
    }
    case 'layers/foughtBack': {
      const fight = before.fight;
      if (!fight) return [];
      return [
        `Player ${fight.defender + first} fights back: player ${fight.attacker + first}'s experience ${Math.round(before.experience[fight.attacker] ?? 0)} → ${Math.round(after.experience[fight.attacker] ?? 0)}.`,
        after.fight ? intervalWords(fightIntervals(after, after.fight)) : '',
      ];
    }
    case 'layers/escaped':
      return [
        `Player ${(before.fight?.defender ?? 0) + first} escapes: nothing changes.`,
        ...topWords(before, after, first),
      ];
  }
}
