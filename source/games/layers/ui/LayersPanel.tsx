/**
 * Layers' panel beside the forest: the turn, the round's order, the cursor's player and the odds
 * of fighting it, the last fight as a bar of its intervals, the log and the keys.
 */
import { Box, Text } from '../../../render/components.js';
import type { ReactNode } from 'react';
import { useOverKeys, useWatching } from '../../../ui/play-session.js';
import { PanelTail } from '../../../ui/PanelParts.js';
import { displayWidth } from '../../../ui/text.js';
import { Styled } from '../../../ui/theme.js';
import { backOdds, fightBackWanted, odds } from '../bot.js';
import {
  afterRest,
  current,
  type FightResult,
  type LayersState,
  mayRest,
  toAct,
} from '../rules.js';
import { type LayersPlay, personToAct, shapeOf } from './play.js';

/**
 * The round's order with the current place in brackets, cut to the width around it: only between
 * whole numbers, each cut end marked `…`, twice as many players after the current one as before.
 */
export function orderLine(state: LayersState, width: number): string {
  if (state.order.length === 0) return 'Order: being drawn';
  const acting = state.phase !== 'order' && state.phase !== 'over';
  const parts = state.order.map((p, i) =>
    i === state.position && acting ? `[${p + 1}]` : String(p + 1),
  );
  const room = width - 'Order: '.length;
  const whole = parts.join(' ');
  if (whole.length <= room) return `Order: ${whole}`;
  const last = parts.length - 1;
  const shown = (lo: number, hi: number) =>
    `${lo > 0 ? '… ' : ''}${parts.slice(lo, hi + 1).join(' ')}${hi < last ? ' …' : ''}`;
  let lo = acting ? Math.min(state.position, last) : 0;
  let hi = lo;
  for (let step = 0; ; step++) {
    const before = step % 3 === 2;
    const wider: [number, number][] = [];
    if (before && lo > 0) wider.push([lo - 1, hi]);
    if (hi < last) wider.push([lo, hi + 1]);
    if (!before && lo > 0) wider.push([lo - 1, hi]);
    const next = wider.find(([l, h]) => shown(l, h).length <= room);
    if (!next) break;
    [lo, hi] = next;
  }
  return `Order: ${shown(lo, hi)}`;
}

const pct = (x: number) => `${Math.round(100 * x)}%`;

export function LayersPanel({
  play,
  width,
  rows,
}: {
  play: LayersPlay;
  width: number;
  rows: number;
}) {
  const { state, seats } = play;
  const overKeys = useOverKeys();
  const watching = useWatching();
  const inner = width - 4;
  const over = state.phase === 'over';
  const seat = toAct(state);
  const person = seats[seat]?.kind !== 'computer';
  // A person of this screen chooses now (served, its own seat): the choice's keys and odds.
  const mine = personToAct(play);
  const me = current(state);
  const name = (p: number) => seats[p]?.name ?? `Player ${p + 1}`;
  const heading = over
    ? `★ ${name(state.winner ?? 0)} wins: on top for ${state.options.turns} turns in a row`
    : state.phase === 'order'
      ? `Round ${state.round}: the order is being drawn`
      : state.phase === 'draw'
        ? `▶ ${name(seat)}: a draw — fight back or escape`
        : person
          ? `▶ ${name(me)} to choose: fight or rest`
          : `▶ ${name(me)} is choosing`;
  const c = play.cursor;
  const { first, next } = shapeOf(state.parent);
  let children = 0;
  for (let k = first[c] ?? -1; k !== -1; k = next[k] ?? -1) children++;
  const status = `Player ${c + 1}: L${state.layer[c]}, ${Math.round(state.experience[c] ?? 0)}, ${
    state.parent[c] === null ? 'root' : `child of ${(state.parent[c] ?? 0) + 1}`
  }, ${children} ${children === 1 ? 'child' : 'children'}${state.rested[c] ? ', rested' : ''}`;
  let action = ' ';
  let back = ' ';
  if (state.phase === 'turn' && mine) {
    // c is one me may fight: its parent, or (me a root) another root.
    const parentOfMe = state.parent[me];
    if (parentOfMe === null ? c !== me && state.parent[c] === null : c === parentOfMe) {
      const fight = { attacker: me, defender: c, back: false };
      const p = odds(state, fight);
      action = `Enter: ${c + 1} · win ${pct(p.win)} lose ${pct(p.lose)} draw ${pct(p.draw)}`;
      // After a draw the other side may fight back: its fight, seen from this side.
      const b = backOdds(state, fight);
      // Whether it would (a computer answers as fightBackWanted says); a person may.
      const chances = `win ${pct(b.lose)} lose ${pct(b.win)}`;
      back =
        seats[c]?.kind !== 'computer'
          ? `draw → ${c + 1} may fight back: ${chances}`
          : fightBackWanted(state, fight)
            ? `draw → ${c + 1} fights back: ${chances}`
            : `draw → ${c + 1} escapes (back: ${chances})`;
    } else action = c === me ? 'you: Tab finds someone to fight' : `you may not fight ${c + 1}`;
  } else if (state.phase === 'draw' && mine && state.fight) {
    const b = backOdds(state, state.fight);
    action = `f: fight back · win ${pct(b.win)} lose ${pct(b.lose)} draw ${pct(b.draw)}`;
    back = 'e: escape, nothing changes';
  }
  const rest =
    state.phase === 'turn' && mine
      ? mayRest(state, me)
        ? `r: rest, ${Math.round(state.experience[me] ?? 0)} → ${Math.round(afterRest(state.experience[me] ?? 100))}`
        : 'no rest: you rested last turn'
      : ' ';
  const fightOf = (oneLine: boolean) =>
    play.pinned
      ? fightLines(play.pinned, inner, 'Your fight (any key puts it away):', oneLine)
      : fightLines(state.last, inner, undefined, oneLine);
  // Your fight pinned while another chooses: the empty lines of a choice give their rows to the
  // log, which the fight's five lines had left one row (the end of its last line) at 80×24.
  const blank = play.pinned !== null && back === ' ' && rest === ' ';
  const free = rows - 18 + (blank ? 2 : 0);
  // Two lines for who fought whom only where the log keeps a row (a served 80×24 has 23 rows).
  const twoLines = fightOf(false);
  const fight = free - twoLines.length >= 1 ? twoLines : fightOf(true);
  const keys = over
    ? overKeys
    : play.find !== null
      ? [`Find player: ${play.find}▌ (1 to ${state.options.players})`, 'Enter go there · Esc stop']
      : watching
        ? // Looking is free; the rest is the players'.
          ['↑↓ look · →← open/fold · / find', 'watching · l log · ? help · q lobby']
        : // Every key with its word in 42 columns (the panel's at 80); Tab, l and q are on the help
          // page, and the status line offers Tab when the cursor is on you.
          ['↑↓ look · →← open/fold · y you · / find', 'Enter fight · r rest · n skip · ? help'];
  return (
    <Box borderStyle="round" flexDirection="column" paddingX={1} width={width} flexShrink={0}>
      <Text bold wrap="truncate-end">
        {heading}
      </Text>
      <Text dimColor wrap="truncate-end">
        Round {state.round} · turn {Math.min(state.position + 1, state.options.players)}/
        {state.options.players} · to win: {state.options.turns} on top
      </Text>
      <Text wrap="truncate-end">{orderLine(state, inner)}</Text>
      <Text dimColor>{'─'.repeat(Math.max(0, inner))}</Text>
      <Text wrap="truncate-end">{status}</Text>
      <Text wrap="truncate-end">
        <Styled colour={action.startsWith('Enter') ? 'green' : undefined}>{action}</Styled>
      </Text>
      {blank ? null : (
        <>
          <Text wrap="truncate-end" dimColor>
            {back}
          </Text>
          <Text wrap="truncate-end" dimColor>
            {rest}
          </Text>
        </>
      )}
      <Text dimColor>{'─'.repeat(Math.max(0, inner))}</Text>
      {fight}
      <PanelTail
        log={play.log}
        width={inner}
        rows={Math.max(1, free - fight.length)}
        notice={play.notice}
        keys={keys}
      />
    </Box>
  );
}

/** The last fight: who fought whom, the three intervals as a bar with the number on it, the outcome. */
export function fightLines(
  last: FightResult | null,
  width: number,
  title?: string,
  oneLine = false,
): ReactNode[] {
  if (!last)
    return [
      <Text key="none" dimColor>
        No fight yet this game.
      </Text>,
    ];
  const heading = title
    ? [
        <Text key="title" bold wrap="truncate-end">
          <Styled colour="cyan">{title}</Styled>
        </Text>,
      ]
    : [];
  const { win, lose, draw } = last.intervals;
  const total = win + lose + draw;
  const cells = Math.max(10, width);
  const w = Math.round((win / total) * cells);
  const l = Math.round((lose / total) * cells);
  const d = Math.max(0, cells - w - l);
  const at = Math.min(cells - 1, Math.floor((last.number / total) * cells));
  const label = String(last.number);
  const pointer = `${' '.repeat(Math.max(0, Math.min(at, cells - label.length - 1)))}▼${label}`;
  const who = `${last.attacker + 1} vs ${last.defender + 1}${last.back ? ' (fought back)' : ''}:`;
  const numbers = `win ${win} · lose ${lose} · draw ${draw}`;
  // On two lines where one would be cut (a narrow panel, a fight back among many players).
  const whoLines =
    oneLine || displayWidth(`${who} ${numbers}`) <= width
      ? [`${who} ${numbers}`]
      : [who, `  ${numbers}`];
  return [
    ...heading,
    ...whoLines.map((line, i) => (
      <Text key={`who${i}`} wrap="truncate-end">
        {line}
      </Text>
    )),
    <Text key="at" wrap="truncate-end">
      {pointer}
    </Text>,
    <Text key="bar" wrap="truncate-end">
      <Styled colour="green">{'█'.repeat(w)}</Styled>
      <Styled colour="red">{'▓'.repeat(l)}</Styled>
      <Styled colour="yellow">{'░'.repeat(d)}</Styled>
    </Text>,
    <Text key="out" bold wrap="truncate-end">
      Random number is {last.number}, {last.result}!
    </Text>,
  ];
}
