/**
 * Layers' computer players. random: any legal choice. greedy: fights the opponent it is likeliest
 * to beat when its chance of winning beats its chance of losing by a tenth, else rests (when it
 * may); fights back after a draw when it would win the fight back at least as often as it loses
 * it. strong: weighs every choice by the true probabilities of its outcomes (win, loss, draw and
 * the opponent's answer to it) on a value of the position: experience above all, a little for
 * the tree one heads, and being on top. (Measured in 1,000 ten-player games: counting the layer
 * too, or the tree more, made it weaker; a low layer is no loss, it raises the win interval.)
 */
import type { Bot, Choice, Level } from '../../engine/bots.js';
import type { Random } from '../../engine/random.js';
import {
  afterFight,
  afterFightBack,
  type Fight,
  fightIntervals,
  intervals,
  type LayersEvent,
  type LayersState,
  legalEvents,
  reduce,
  roots,
  top,
  treeOf,
} from './rules.js';

/** Win, lose and draw chances of a fight. */
export function odds(
  state: LayersState,
  fight: Fight,
): { win: number; lose: number; draw: number } {
  const i = fightIntervals(state, fight);
  const total = i.win + i.lose + i.draw;
  return { win: i.win / total, lose: i.lose / total, draw: i.draw / total };
}

/** The odds of the fight back after a draw, with its cost to the first challenger paid. */
export function backOdds(state: LayersState, fight: Fight) {
  const cost = afterFightBack(
    state.experience[fight.attacker] ?? 100,
    state.experience[fight.defender] ?? 100,
  );
  const i = intervals(
    {
      experience: state.experience[fight.defender] ?? 100,
      layer: state.layer[fight.defender] ?? 0,
    },
    { experience: cost, layer: state.layer[fight.attacker] ?? 0 },
    state.options.players,
  );
  const total = i.win + i.lose + i.draw;
  return { win: i.win / total, lose: i.lose / total, draw: i.draw / total };
}

/** A position's worth to `player`: its experience, the tree it heads, and being on top. */
export function valueOf(state: LayersState, player: number): number {
  const n = state.options.players;
  if (state.winner !== null) return state.winner === player ? 1000 : -1000;
  let v = (state.experience[player] ?? 100) / 10;
  if (state.parent[player] === null) v += (5 * treeOf(state.parent, player).length) / n;
  if (top(state) === player) v += 10 + 10 * (state.onTop[player] ?? 0);
  return v;
}

/**
 * valueOf after the player whose turn it is ends it with experience `e`, heading a tree of
 * `size` (null: not a root), on top or not: the same sums in the same order, from figures.
 */
function worth(state: LayersState, me: number, e: number, size: number | null, onTop: boolean) {
  const count = onTop ? (state.onTop[me] ?? 0) + 1 : 0;
  if (count >= state.options.turns) return 1000;
  let v = e / 10;
  if (size !== null) v += (5 * size) / state.options.players;
  if (onTop) v += 10 + 10 * count;
  return v;
}

/** What the forest looks like to a decision: the trees' sizes and how many there are. */
type Forest = ReturnType<typeof roots>;

/**
 * expected() for the player whose turn it is challenging `o`, without playing it out: the
 * outcomes' experience from the formulas and the trees' from their sizes, so that a root's
 * choice among N roots costs O(N) in all, not O(N) each (a thousand players: a decision in
 * about a millisecond, not over a hundred). Tested equal to expected() on random positions.
 */
export function challengeValue(state: LayersState, me: number, o: number, forest: Forest): number {
  const n = state.options.players;
  const e = state.experience[me] ?? 100;
  const eo = state.experience[o] ?? 100;
  const lm = state.layer[me] ?? 0;
  const lo = state.layer[o] ?? 0;
  const meRoot = state.parent[me] === null;
  // Root against root: the winner heads both trees, on top when they were the last two. A child
  // that beats its parent takes its place: a root (of the same tree) only if the parent was.
  const oRoot = state.parent[o] === null;
  const beaten: { size: number | null; onTop: boolean } = meRoot
    ? {
        size: (forest.size[me] as number) + (forest.size[o] as number),
        onTop: forest.count === 2,
      }
    : { size: oRoot ? (forest.size[o] as number) : null, onTop: oRoot && forest.count === 1 };
  const mine = meRoot ? (forest.size[me] as number) : null;
  const i = intervals({ experience: e, layer: lm }, { experience: eo, layer: lo }, n);
  const total = i.win + i.lose + i.draw;
  const win = worth(state, me, afterFight(e, eo, true).attacker, beaten.size, beaten.onTop);
  const lose = worth(state, me, afterFight(e, eo, false).attacker, null, false);
  // After a draw the other side answers as the greedy level would (fightBackWanted).
  const cost = afterFightBack(e, eo);
  const b = intervals({ experience: eo, layer: lo }, { experience: cost, layer: lm }, n);
  const bTotal = b.win + b.lose + b.draw;
  let draw: number;
  if (b.win / bTotal >= b.lose / bTotal) {
    const won = worth(state, me, afterFight(eo, cost, true).defender, null, false);
    const lost = worth(state, me, afterFight(eo, cost, false).defender, beaten.size, beaten.onTop);
    const both = worth(state, me, cost, mine, false);
    draw = (b.win / bTotal) * won + (b.lose / bTotal) * lost + (b.draw / bTotal) * both;
  } else draw = worth(state, me, e, mine, false);
  return (i.win / total) * win + (i.lose / total) * lose + (i.draw / total) * draw;
}

/** The expected value of a choice to `player`, over its outcomes by their true probabilities. */
export function expected(state: LayersState, event: LayersEvent, player: number): number {
  const after = reduce(state, event);
  if (after.phase !== 'fight' || !after.fight) return valueOf(after, player);
  const fight = after.fight;
  const i = fightIntervals(after, fight);
  const p = odds(after, fight);
  const win = valueOf(reduce(after, { type: 'layers/numberDrawn', number: 0 }), player);
  const lose = valueOf(reduce(after, { type: 'layers/numberDrawn', number: i.win }), player);
  const drawn = reduce(after, { type: 'layers/numberDrawn', number: i.win + i.lose });
  // After a draw the other side answers as the greedy level would.
  let draw = valueOf(drawn, player);
  if (drawn.phase === 'draw' && drawn.fight) {
    const answer = fightBackWanted(drawn, drawn.fight)
      ? ({ type: 'layers/foughtBack' } as const)
      : ({ type: 'layers/escaped' } as const);
    draw =
      answer.type === 'layers/escaped'
        ? valueOf(reduce(drawn, answer), player)
        : expected(drawn, answer, player);
  }
  return p.win * win + p.lose * lose + p.draw * draw;
}

/** Whether the challenged one, after a draw, wins the fight back at least as often as it loses. */
export function fightBackWanted(state: LayersState, fight: Fight): boolean {
  const b = backOdds(state, fight);
  return b.win >= b.lose;
}

function pick(scored: readonly Choice<LayersEvent>[], random: Random): Choice<LayersEvent> {
  let best = Number.NEGATIVE_INFINITY;
  for (const s of scored) best = Math.max(best, s.value);
  const ties = scored.filter((s) => s.value >= best - 1e-9);
  return ties[random.below(ties.length)] as Choice<LayersEvent>;
}

function greedy(state: LayersState, random: Random): Choice<LayersEvent> {
  const legal = legalEvents(state);
  if (state.phase === 'draw' && state.fight) {
    const back = fightBackWanted(state, state.fight);
    return { event: { type: back ? 'layers/foughtBack' : 'layers/escaped' }, value: back ? 1 : 0 };
  }
  const me = state.order[state.position] ?? 0;
  const fights = legal
    .filter(
      (e): e is Extract<LayersEvent, { type: 'layers/challenged' }> =>
        e.type === 'layers/challenged',
    )
    .map((event) => {
      const p = odds(state, { attacker: me, defender: event.opponent, back: false });
      return { event: event as LayersEvent, value: p.win - p.lose };
    });
  const rest = legal.find((e) => e.type === 'layers/rested');
  const best = fights.length > 0 ? pick(fights, random) : undefined;
  if (best && (best.value >= 0.1 || !rest)) return best;
  return { event: rest ?? (legal[0] as LayersEvent), value: 0 };
}

function strong(state: LayersState, random: Random): Choice<LayersEvent> {
  const me =
    state.phase === 'draw' && state.fight
      ? state.fight.defender
      : (state.order[state.position] ?? 0);
  const forest = state.phase === 'turn' ? roots(state.parent) : undefined;
  return pick(
    legalEvents(state).map((event) => ({
      event,
      value:
        forest && event.type === 'layers/challenged'
          ? challengeValue(state, me, event.opponent, forest)
          : expected(state, event, me),
    })),
    random,
  );
}

export function layersBot(level: Level): Bot<LayersState, LayersEvent> {
  switch (level) {
    case 'random':
      return {
        level,
        choose(state, random) {
          const legal = legalEvents(state);
          return { event: legal[random.below(legal.length)] as LayersEvent, value: 0 };
        },
      };
    case 'greedy':
      return { level, choose: greedy };
    // No level above strong here: a seat that names one (a recording from a game that has it) plays strong.
    case 'expert':
    case 'strong':
      return { level, choose: strong };
  }
}

const pct = (x: number) => `${Math.round(100 * x)}%`;

/** Why this choice, in a line: the odds, and what a win would make of the player. */
/** Why the computer chose `event`; `first` numbers the players (the console's 0, the screens' 1). */
export function explainLayersMove(state: LayersState, event: LayersEvent, first = 0): string {
  switch (event.type) {
    case 'layers/challenged': {
      const me = state.order[state.position] ?? 0;
      const p = odds(state, { attacker: me, defender: event.opponent, back: false });
      const after = reduce(reduce(state, event), { type: 'layers/numberDrawn', number: 0 });
      const root = after.parent[me] === null;
      const size = root ? treeOf(after.parent, me).length : 0;
      return `fights player ${event.opponent + first}: wins ${pct(p.win)}, loses ${pct(p.lose)}${root ? `, and a win makes it the root of ${size}` : ''}`;
    }
    case 'layers/rested':
      return `rests: experience ${Math.round(state.experience[state.order[state.position] ?? 0] ?? 100)} goes halfway to 200`;
    case 'layers/foughtBack': {
      const b = state.fight ? backOdds(state, state.fight) : { win: 0, lose: 0 };
      return `fights back: wins ${pct(b.win)}, loses ${pct(b.lose)}`;
    }
    case 'layers/escaped': {
      const b = state.fight ? backOdds(state, state.fight) : { win: 0, lose: 0 };
      return `escapes: its place is worth more than a fight back (win ${pct(b.win)}, lose ${pct(b.lose)})`;
    }
    case 'layers/orderDrawn':
    case 'layers/numberDrawn':
      return 'chance';
  }
}
