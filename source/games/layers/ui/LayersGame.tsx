/**
 * The Layers play screen: on the left the forest, what matters to the person first (their own
 * place and its way up to the root, whom they may fight), then the trees, each line saying who it
 * is (number, layer, experience) however deep, folded at more than twenty players to one line a
 * tree but for the ways to the person, the player to act and the cursor (→ ← open and fold, y
 * goes to the person's place, / and a number to anyone); roots ◆, the player to act ▶, people *,
 * those one may fight •, the cursor's line inverse. Beside it the turn, the round's order, the
 * cursor's player's status and the odds of fighting it (and of its fighting back after a draw),
 * the last fight as a bar of its intervals with the number on it (a person's own kept until a
 * key), the log and the keys. Both panels widen with the window. On the shared dispatcher, which
 * draws the order and the numbers as they are due, and plays the computers at once after `n`.
 */
import { Box, Text } from 'ink';
import { memo, type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { FRAME_HELP, OVER_KEYS, type PlayProps, usePlaySession } from '../../../ui/play-session.js';
import { PanelTail } from '../../../ui/PanelParts.js';
import { PlayFrame } from '../../../ui/PlayFrame.js';
import { helpLines } from '../../../ui/text.js';
import { Styled } from '../../../ui/theme.js';
import { backOdds, fightBackWanted, odds } from '../bot.js';
import { layersCore } from '../core.js';
import { RULES_TEXT } from '../rules-text.js';
import {
  afterRest,
  current,
  type FightResult,
  type LayersEvent,
  type LayersState,
  mayRest,
  opponentsOf,
  toAct,
} from '../rules.js';
import {
  forestOrder,
  forestRow,
  type LayersAction,
  layersKey,
  type LayersPlay,
  newLayersPlay,
  pathUp,
  playShown,
  shapeOf,
  shownOf,
  reduceLayersPlay,
  toldLayersPlay,
} from './play.js';

export const LAYERS_HELP: readonly string[] = [
  'Keys',
  '  ↑ ↓        move the cursor over the players, PgUp PgDn ten at a time,',
  '             Home End: its status shows, whoever plays (looking is free)',
  '  → ←        open a folded tree (+N: the players under it), fold it again',
  '  y          your own place        /  a player by its number, then Enter',
  '  Enter      fight the player under the cursor (those you may fight: •)',
  '  Tab        the next player you may fight',
  '  r          rest (not twice in a row)',
  '  f  e       after a draw, when you were challenged: fight back, or escape',
  '  n          the computers play at once until a person’s turn (l: their log)',
  '  h          a hint: the strong computer’s choice and why',
  '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
  ...FRAME_HELP,
  '',
  'The forest: ◆ a root, ▶ the player to play, * a person, • one you may fight;',
  'each line is a player, its layer (L) and experience. Your own fight stays',
  'shown until you press a key; the others are in the log.',
];

/** The help page for a window `width` wide (made once a width: helpLines keeps it). */
export const layersHelp = (width: number) =>
  helpLines(LAYERS_HELP, RULES_TEXT, Math.min(width, 90) - 4);

/** The forest's share of the window: wider windows widen both panels. */
export function layersWidths(width: number): { forest: number; panel: number } {
  const forest = Math.max(34, Math.min(70, Math.floor(width * 0.42)));
  return { forest, panel: Math.max(36, Math.min(90, width - forest)) };
}

const hurrying = (play: LayersPlay) => play.hurry;

export function LayersGame(props: PlayProps<LayersState>) {
  const { session, width, height } = props;
  const help = useMemo(() => layersHelp(width), [width]);
  const init = useCallback(
    () => newLayersPlay(session.initial, session.seats, session.log),
    [session],
  );
  const { play, helpScroll, act } = usePlaySession<
    LayersState,
    LayersEvent,
    LayersPlay,
    LayersAction
  >({
    knowledge: layersCore,
    props,
    init,
    reduce: reduceLayersPlay,
    key: layersKey,
    helpLines: help,
    hurry: hurrying,
    told: toldLayersPlay,
  });
  const sizes = layersWidths(width);
  // The forest's folding and its people, made again only when they change (not for each line of
  // the log or each notice): the board below is drawn again only then.
  const { state, cursor, viewer, open, shut, room, seats } = play;
  const shown = useMemo(
    () => playShown({ state, cursor, viewer, open, shut, room }),
    [state, cursor, viewer, open, shut, room],
  );
  const people = useMemo(() => seats.map((seat) => seat.kind !== 'computer'), [seats]);
  // The forest's rows (less its head of up to five lines): trees open while they fit.
  useEffect(() => {
    act({ type: 'layersPlay/roomSet', rows: forestRoom(height) });
  }, [act, height]);
  return (
    <PlayFrame
      title="Layers"
      help={help}
      overlay={play.overlay}
      log={play.log}
      helpScroll={helpScroll}
      width={width}
      height={height}
      board={
        <LayersBoard
          state={state}
          width={width}
          height={height}
          cursor={cursor}
          people={people}
          viewer={viewer}
          shown={shown}
        />
      }
      panel={<LayersPanel play={play} width={sizes.panel} rows={height} />}
    />
  );
}

/**
 * Layers' board: the forest in its box, as the play screen draws it and as the replay draws it
 * (one component, so the two never tell different stories: who is on top is named only in the
 * forest's head).
 */
/** The forest's rows less its head (up to five lines) and the box: what trees may open into. */
export const forestRoom = (height: number) => Math.max(0, height - 9);

export const LayersBoard = memo(function LayersBoard({
  state,
  width,
  height,
  cursor,
  people,
  viewer = null,
  shown = shownOf(state, { open: [], ways: [], room: forestRoom(height) }),
}: {
  state: LayersState;
  /** The window's width: the forest takes its share. */
  width: number;
  height: number;
  cursor?: number | undefined;
  /** Whether each seat is a person's (marked *). */
  people?: readonly boolean[] | undefined;
  viewer?: number | null;
  /** Whose children are drawn; by default the trees that fit, nearest the roots first. */
  shown?: ((player: number) => boolean) | undefined;
}) {
  const { forest } = layersWidths(width);
  return (
    <Box
      borderStyle="round"
      paddingX={1}
      flexDirection="column"
      width={forest}
      height={height}
      flexShrink={0}
    >
      <Forest
        state={state}
        cursor={cursor}
        rows={height - 2}
        width={forest - 4}
        people={people}
        viewer={viewer}
        shown={shown}
      />
    </Box>
  );
});

/** A way up as one line: `5 › 37 › … 9 more … › 12◆`, cut in the middle to the width. */
export function wayLine(way: readonly number[], width: number): string {
  const names = way.map((p, i) => `${p + 1}${i === way.length - 1 ? '◆' : ''}`);
  const all = names.join(' › ');
  if (all.length <= width) return all;
  // Keep the first two and as many of the last as fit, with how many are left out.
  for (let tail = names.length - 2; tail >= 1; tail--) {
    const left = names.length - 2 - tail;
    const text = [...names.slice(0, 2), `…${left} more…`, ...names.slice(-tail)].join(' › ');
    if (text.length <= width) return text;
  }
  return `${names[0]} › …${names.length - 2} more… › ${names.at(-1)}`;
}

/** The most columns of branch lines drawn before a number: 16, or a third of a wide panel. */
const branches = (width: number) => Math.max(16, Math.floor(width / 3));

/**
 * The branch lines before a player's number, kept to `room` columns: a deep player's line keeps
 * the branches nearest to it after `┄`, so that every line still says who it is.
 */
export function branch(prefix: string, room: number): string {
  if (prefix.length <= room) return prefix;
  return `┄${prefix.slice(prefix.length - Math.max(0, room - 1))}`;
}

/**
 * The forest: what matters to the viewer first (their place and its way up, whom the player to
 * act may fight), then its lines, a window of them around the cursor when they do not all fit.
 * The play screen and the replay draw it alike.
 */
export function Forest({
  state,
  cursor,
  rows,
  width = 30,
  people,
  viewer = null,
  shown,
}: {
  state: LayersState;
  cursor?: number | undefined;
  rows: number;
  width?: number;
  /** Whether each seat is a person's (marked *). */
  people?: readonly boolean[] | undefined;
  /** The person whose place is shown first. */
  viewer?: number | null;
  /** Whose children are drawn (folding): by default all. */
  shown?: ((player: number) => boolean) | undefined;
}) {
  const { roots } = shapeOf(state.parent);
  const acting = state.phase === 'turn' || state.phase === 'fight' || state.phase === 'draw';
  const me = acting ? current(state) : -1;
  // Whom the player to act may fight: its parent, or, a root, every other root (known from the
  // shape, not listed: a thousand roots).
  const fights = state.phase === 'turn' && me >= 0;
  const parentOfMe = fights ? state.parent[me] : undefined;
  const isFoe = (p: number) =>
    fights &&
    (parentOfMe === null ? p !== me && state.parent[p] === null : p === (parentOfMe ?? -1));
  const foeCount = !fights ? 0 : parentOfMe === null ? roots.length - 1 : 1;
  const onTop = roots.length === 1 ? (roots[0] as number) : null;
  const head: string[] = [];
  head.push(
    onTop !== null
      ? `One tree · ${onTop + 1} on top ${state.onTop[onTop] ?? 0}/${state.options.turns}`
      : `${roots.length} trees`,
  );
  if (viewer !== null && viewer >= 0) {
    const way = pathUp(state, viewer);
    head.push(
      `You ${viewer + 1}: L${state.layer[viewer]} ${Math.round(state.experience[viewer] ?? 0)}${
        way.length === 1 ? ', a root' : ''
      }`,
    );
    // The way up, and how many steps it is: `3 up: 1 › 37 › 12 › 5◆`.
    const steps = `  ${way.length - 1} up: `;
    if (way.length > 1) head.push(`${steps}${wayLine(way, width - steps.length)}`);
  }
  if (fights) {
    const room = width - 13;
    // The list only when it may fit (each number and the space after it take two columns or more).
    const list =
      foeCount * 2 - 1 <= room
        ? opponentsOf(state, me)
            .map((p) => p + 1)
            .join(' ')
        : '';
    head.push(
      `${me + 1} may fight ${
        foeCount === 0
          ? 'nobody'
          : list !== '' && list.length <= room
            ? list
            : `${foeCount} roots •`
      }`,
    );
  }
  const room = Math.max(1, rows - head.length - 1);
  // The players in reading order (numbers), and lines made only for the window around the cursor.
  const order = forestOrder(state, shown);
  const at = Math.max(0, cursor === undefined ? 0 : order.indexOf(cursor));
  const start = Math.max(0, Math.min(at - Math.floor(room / 2), order.length - room));
  const lines = Array.from(order.subarray(start, start + room), (p) => forestRow(state, p, shown));
  // Where the window is, on the rule under the head: `─ 41–59 of 100 lines ───`.
  const where =
    order.length > room ? `─ ${start + 1}–${start + lines.length} of ${order.length} lines ` : '';
  return (
    <>
      {head.map((line, i) => (
        <Text key={`h${i}`} dimColor={i > 0} bold={i === 0} wrap="truncate-end">
          {line}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {where}
        {'─'.repeat(Math.max(0, width - where.length))}
      </Text>
      {lines.map(({ player, prefix, folded }) => {
        const root = state.parent[player] === null;
        const mark = player === me ? '▶' : root ? '◆' : ' ';
        const person = people?.[player] === true;
        const foe = isFoe(player);
        const tail = `${person ? '*' : ''} L${state.layer[player]} ${Math.round(state.experience[player] ?? 0)}${folded ? ` +${folded}` : ''}${foe ? ' •' : ''}`;
        // The number and its figures always fit: the branches give way, and past branches(width)
        // columns only the nearest show (a deep tree's columns of │ say nothing).
        const lead = branch(
          prefix,
          Math.min(
            branches(width),
            Math.max(0, width - 1 - String(player + 1).length - tail.length),
          ),
        );
        return (
          <Text key={player} wrap="truncate-end" inverse={player === cursor}>
            <Text bold={player === me}>{mark}</Text>
            <Text dimColor>{lead}</Text>
            <Styled seat={player} bold>
              {player + 1}
            </Styled>
            {person ? <Styled colour="cyan">*</Styled> : null}
            <Text dimColor>
              {' '}
              L{state.layer[player]} {Math.round(state.experience[player] ?? 0)}
            </Text>
            {folded ? <Text dimColor> +{folded}</Text> : null}
            {foe ? <Styled colour="green"> •</Styled> : null}
          </Text>
        );
      })}
    </>
  );
}

/** The round's order with the current place in brackets, cut to the width around it. */
function orderLine(state: LayersState, width: number): string {
  if (state.order.length === 0) return 'Order: being drawn';
  const acting = state.phase !== 'order' && state.phase !== 'over';
  const parts = state.order.map((p, i) =>
    i === state.position && acting ? `[${p + 1}]` : String(p + 1),
  );
  let text = parts.join(' ');
  const room = width - 7;
  if (text.length > room) {
    const at = Math.max(0, text.indexOf('['));
    const from = Math.max(0, Math.min(at - Math.floor(room / 3), text.length - room));
    text = `${from > 0 ? '…' : ''}${text.slice(from + (from > 0 ? 1 : 0), from + room - 1)}…`;
  }
  return `Order: ${text}`;
}

const pct = (x: number) => `${Math.round(100 * x)}%`;

function LayersPanel({ play, width, rows }: { play: LayersPlay; width: number; rows: number }) {
  const { state, seats } = play;
  const inner = width - 4;
  const over = state.phase === 'over';
  const seat = toAct(state);
  const person = seats[seat]?.kind !== 'computer';
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
  if (state.phase === 'turn' && person) {
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
  } else if (state.phase === 'draw' && person && state.fight) {
    const b = backOdds(state, state.fight);
    action = `f: fight back · win ${pct(b.win)} lose ${pct(b.lose)} draw ${pct(b.draw)}`;
    back = 'e: escape, nothing changes';
  }
  const rest =
    state.phase === 'turn' && person
      ? mayRest(state, me)
        ? `r: rest, ${Math.round(state.experience[me] ?? 0)} → ${Math.round(afterRest(state.experience[me] ?? 100))}`
        : 'no rest: you rested last turn'
      : ' ';
  const fight = play.pinned
    ? fightLines(play.pinned, inner, 'Your fight (any key puts it away):')
    : fightLines(state.last, inner);
  const keys = over
    ? OVER_KEYS
    : play.find !== null
      ? [`Find player: ${play.find}▌ (1 to ${state.options.players})`, 'Enter go there · Esc stop']
      : ['↑↓ look · →← open/fold · y you · / find', 'Enter fight · Tab · r rest · n skip · ?'];
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
      <Text wrap="truncate-end" dimColor>
        {back}
      </Text>
      <Text wrap="truncate-end" dimColor>
        {rest}
      </Text>
      <Text dimColor>{'─'.repeat(Math.max(0, inner))}</Text>
      {fight}
      <PanelTail
        log={play.log}
        width={inner}
        rows={Math.max(1, rows - 18 - fight.length)}
        notice={play.notice}
        keys={keys}
      />
    </Box>
  );
}

/** The last fight: who fought whom, the three intervals as a bar with the number on it, the outcome. */
export function fightLines(last: FightResult | null, width: number, title?: string): ReactNode[] {
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
  return [
    ...heading,
    <Text key="who" wrap="truncate-end">
      {last.attacker + 1} vs {last.defender + 1}
      {last.back ? ' (fought back)' : ''}: win {win} · lose {lose} · draw {draw}
    </Text>,
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
