/** What a Layers event did, in the seed's plain style, for the log, the console and the replay. */
import {
  current,
  fightIntervals,
  type Intervals,
  type LayersEvent,
  type LayersState,
} from './rules.js';

export const intervalWords = (i: Intervals) =>
  `Win, lose and draw intervals are: ${i.win}-${i.lose}-${i.draw}`;

export const statusWords = (state: LayersState, p: number) =>
  `Player ${p} is in layer ${state.layer[p] ?? 0} and player ${p} has ${Math.round(state.experience[p] ?? 0)} experience points`;

export const orderWords = (state: LayersState) =>
  `Round ${state.round} turn (move) sequence: ${state.order.join(', ')}`;

const RESULT_WORDS = { win: 'win!', lose: 'lose!', draw: 'draw!' } as const;

/** Who moved where in the trees, and whose experience changed, between two states. */
function changes(before: LayersState, after: LayersState): string[] {
  const lines: string[] = [];
  const n = before.options.players;
  const exp: string[] = [];
  const moved: string[] = [];
  for (let p = 0; p < n; p++) {
    const a = Math.round(before.experience[p] ?? 0);
    const b = Math.round(after.experience[p] ?? 0);
    if (a !== b) exp.push(`player ${p} ${a} → ${b}`);
    if (before.parent[p] !== after.parent[p])
      lines.push(
        after.parent[p] === null
          ? `Player ${p} is now a root.`
          : `Player ${p} is now a child of player ${after.parent[p]}.`,
      );
    if (before.layer[p] !== after.layer[p]) moved.push(`${p} → ${after.layer[p]}`);
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
function topWords(before: LayersState, after: LayersState): string[] {
  if (after.winner !== null)
    return [
      `Player ${after.winner} has been on top for ${after.options.turns} turns in a row and wins the game!`,
    ];
  const me = current(before);
  const now = after.onTop[me] ?? 0;
  if (now > (before.onTop[me] ?? 0))
    return [`Player ${me} is on top of everyone (${now} of ${after.options.turns} turns).`];
  return [];
}

export function describeLayersEvent(
  before: LayersState,
  event: LayersEvent,
  after: LayersState,
): string[] {
  switch (event.type) {
    case 'layers/orderDrawn':
      return after.phase === 'turn' ? [orderWords(after)] : [];
    case 'layers/rested': {
      const me = current(before);
      return [
        `Player ${me} rests: experience ${Math.round(before.experience[me] ?? 0)} → ${Math.round(after.experience[me] ?? 0)}.`,
        ...topWords(before, after),
      ];
    }
    case 'layers/challenged':
      return [
        `Player ${current(before)} fights player ${event.opponent}.`,
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
            : `Player ${last.defender} may fight back or escape.`,
        );
      else {
        const [w, l] =
          last.result === 'win' ? [last.attacker, last.defender] : [last.defender, last.attacker];
        lines.push(`Player ${w} beats player ${l}.`, ...changes(before, after));
      }
      if (after.phase !== 'draw') lines.push(...topWords(before, after));
      return lines;
    }
    case 'layers/foughtBack': {
      const fight = before.fight;
      if (!fight) return [];
      return [
        `Player ${fight.defender} fights back: player ${fight.attacker}'s experience ${Math.round(before.experience[fight.attacker] ?? 0)} → ${Math.round(after.experience[fight.attacker] ?? 0)}.`,
        after.fight ? intervalWords(fightIntervals(after, after.fight)) : '',
      ];
    }
    case 'layers/escaped':
      return [
        `Player ${before.fight?.defender} escapes: nothing changes.`,
        ...topWords(before, after),
      ];
  }
}
