/**
 * What a Layers event did, in the seed's plain style, for the log, the console and the replay.
 * `first` is the number of the first player: the console keeps the seed's 0, the screens count
 * from 1. `names`, on the screens: the seats' names (CPU 4, Player 1) for those who act; the
 * console says "player 4" as the seed does. Lists of changes name players by number.
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

/** A player as the subject (`Player 4`) or later in a sentence (`player 4`), or its seat's name. */
type Who = (p: number, capital?: boolean) => string;
const namer =
  (first: number, names?: readonly string[]): Who =>
  (p, capital = false) =>
    names?.[p] ?? `${capital ? 'Player' : 'player'} ${p + first}`;

/** Who moved where in the trees, and whose experience changed, between two states. */
function changes(before: LayersState, after: LayersState, first: number, who: Who): string[] {
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
          ? `${who(p, true)} is now a root.`
          : `${who(p, true)} is now a child of ${who(after.parent[p] ?? 0)}.`,
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
function topWords(before: LayersState, after: LayersState, who: Who): string[] {
  if (after.winner !== null)
    return [
      `${who(after.winner, true)} has been on top for ${after.options.turns} turns in a row and wins the game!`,
    ];
  const me = current(before);
  const now = after.onTop[me] ?? 0;
  // Each of its turns it ends on top (a count started again after losing the root, too).
  if (now > 0 && top(after) === me)
    return [`${who(me, true)} is on top of everyone (${now} of ${after.options.turns} turns).`];
  return [];
}

/**
 * A draw of the round's order before its last, which the log leaves to the last (it says the
 * whole order then): its line in a move list.
 */
export function orderDrawnLine(
  event: LayersEvent,
  after: LayersState,
  first = 0,
  names?: readonly string[],
): string | undefined {
  if (event.type !== 'layers/orderDrawn' || after.phase === 'turn') return undefined;
  const place = after.order.length;
  return `Round ${after.round} order: ${namer(first, names)(event.player)} drawn ${place} of ${after.options.players}.`;
}

export function describeLayersEvent(
  before: LayersState,
  event: LayersEvent,
  after: LayersState,
  first = 0,
  names?: readonly string[],
): string[] {
  const who = namer(first, names);
  switch (event.type) {
    case 'layers/orderDrawn':
      return after.phase === 'turn' ? [orderWords(after, first)] : [];
    case 'layers/rested': {
      const me = current(before);
      return [
        `${who(me, true)} rests: experience ${Math.round(before.experience[me] ?? 0)} → ${Math.round(after.experience[me] ?? 0)}.`,
        ...topWords(before, after, who),
      ];
    }
    case 'layers/challenged':
      return [
        `${who(current(before), true)} fights ${who(event.opponent)}.`,
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
            : `${who(last.defender, true)} may fight back or escape.`,
        );
      else {
        const [w, l] =
          last.result === 'win' ? [last.attacker, last.defender] : [last.defender, last.attacker];
        lines.push(`${who(w, true)} beats ${who(l)}.`, ...changes(before, after, first, who));
      }
      if (after.phase !== 'draw') lines.push(...topWords(before, after, who));
      return lines;
    }
    case 'layers/foughtBack': {
      const fight = before.fight;
      if (!fight) return [];
      return [
        `${who(fight.defender, true)} fights back: ${who(fight.attacker)}'s experience ${Math.round(before.experience[fight.attacker] ?? 0)} → ${Math.round(after.experience[fight.attacker] ?? 0)}.`,
        after.fight ? intervalWords(fightIntervals(after, after.fight)) : '',
      ];
    }
    case 'layers/escaped':
      return [
        `${who(before.fight?.defender ?? 0, true)} escapes: nothing changes.`,
        ...topWords(before, after, who),
      ];
  }
}
