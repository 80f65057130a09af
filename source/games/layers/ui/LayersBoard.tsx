/**
 * Layers' board: the forest in its box, as the play screen draws it and as the replay draws it
 * (one component, so the two never tell different stories: who is on top is named only in the
 * forest's head).
 */
import { Box, Text } from '../../../render/components.js';
import { Styled } from '../../../ui/theme.js';
import { memo, useMemo } from 'react';
import { current, type LayersState, opponentsOf } from '../rules.js';
import {
  forestOrder,
  forestRow,
  type LayersPlay,
  pathUp,
  playShown,
  shapeOf,
  shownOf,
} from './play.js';

/** The forest's share of the window: wider windows widen both panels. */
export function layersWidths(width: number): { forest: number; panel: number } {
  const forest = Math.max(34, Math.min(70, Math.floor(width * 0.42)));
  return { forest, panel: Math.max(36, Math.min(90, width - forest)) };
}

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
/**
 * The board as the play screen draws it: the forest's folding and its people made again only
 * when they change (not for each line of the log or each notice), so that the board is drawn
 * again only then.
 */
export function LayersPlayBoard({
  play,
  width,
  height,
}: {
  play: LayersPlay;
  width: number;
  height: number;
}) {
  const { state, cursor, viewer, open, shut, room, seats } = play;
  const shown = useMemo(
    () => playShown({ state, cursor, viewer, open, shut, room }),
    [state, cursor, viewer, open, shut, room],
  );
  const people = useMemo(() => seats.map((seat) => seat.kind !== 'computer'), [seats]);
  return (
    <LayersBoard
      state={state}
      width={width}
      height={height}
      cursor={cursor}
      people={people}
      viewer={viewer}
      shown={shown}
    />
  );
}

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
        const person = people?.[player] === true;
        const foe = isFoe(player);
        const layer = state.layer[player] ?? 0;
        const experience = Math.round(state.experience[player] ?? 0);
        const tail = `${person ? '*' : ''} L${layer} ${experience}${folded ? ` +${folded}` : ''}${foe ? ' •' : ''}`;
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
          <ForestLine
            key={player}
            player={player}
            mark={player === me ? '▶' : root ? '◆' : ' '}
            lead={lead}
            person={person}
            layer={layer}
            experience={experience}
            folded={folded ?? 0}
            foe={foe}
            cursor={player === cursor}
          />
        );
      })}
    </>
  );
}

/**
 * A player's line of the forest, of plain values: a move changes a few lines (the fighters, the
 * marks of the player to act), and every screen of a table draws the rest as they were.
 */
const ForestLine = memo(function ForestLine({
  player,
  mark,
  lead,
  person,
  layer,
  experience,
  folded,
  foe,
  cursor,
}: {
  player: number;
  mark: string;
  lead: string;
  person: boolean;
  layer: number;
  experience: number;
  folded: number;
  foe: boolean;
  cursor: boolean;
}) {
  return (
    <Text wrap="truncate-end" inverse={cursor}>
      <Text bold={mark === '▶'}>{mark}</Text>
      <Text dimColor>{lead}</Text>
      <Styled seat={player} bold>
        {player + 1}
      </Styled>
      {person ? <Styled colour="cyan">*</Styled> : null}
      <Text dimColor>
        {' '}
        L{layer} {experience}
      </Text>
      {folded ? <Text dimColor> +{folded}</Text> : null}
      {foe ? <Styled colour="green"> •</Styled> : null}
    </Text>
  );
});
