/**
 * The forest view (ink-testing-library) on deep and wide forests: a chain of a hundred and of a
 * thousand players (every line still says who it is: number, layer, experience; no line of only
 * branch lines; none wider than the panel), a thousand roots (a window of them with where it is),
 * a folded forest (one line a tree with how many under it, the ways to the viewer open), the
 * viewer's way up on one line; and the play screen's panel with a person's fight kept.
 */
import fc from 'fast-check';
import { Box } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { type LayersState, reduce, setup } from '../../../source/games/layers/rules.js';
import { Forest, layersWidths, wayLine } from '../../../source/games/layers/ui/LayersBoard.js';
import { LayersPanel, orderLine } from '../../../source/games/layers/ui/LayersPanel.js';
import { newLayersPlay } from '../../../source/games/layers/ui/play.js';
import { seatOf } from '../../../source/engine/seats.js';
import type { FightResult } from '../../../source/games/layers/rules.js';
import {
  type ForestRow,
  forestOrder,
  forestRow,
  forestRows,
  pathUp,
  shapeOf,
  shownOf,
} from '../../../source/games/layers/ui/play.js';
import { displayWidth } from '../../../source/ui/text.js';
import { SeatsHeldContext, ServedContext } from '../../../source/ui/play-session.js';
import { LayersSetup } from '../../../source/games/layers/ui/LayersSetup.js';
import { ROWS } from '../../../source/games/layers/ui/setup-model.js';
import { ThemeContext } from '../../../source/ui/theme.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const plain = (frame: string) => frame.replace(/\x1b\[[0-9;]*m/g, '');

function frameOf(node: React.ReactElement, width: number): string[] {
  const r = render(
    <ThemeContext.Provider value={{ colour: false }}>
      <Box flexDirection="column" width={width}>
        {node}
      </Box>
    </ThemeContext.Provider>,
  );
  cleanup = r.unmount;
  return plain(r.lastFrame() ?? '').split('\n');
}

/** n players with the given parents (layers from them), round 1 drawn 0, 1, …, n − 1. */
function forest(parent: (number | null)[]): LayersState {
  const n = parent.length;
  let s = setup({ players: n, turns: 3 });
  for (let p = 0; p < n - 1; p++) s = reduce(s, { type: 'layers/orderDrawn', player: p });
  const depth = (p: number): number => (parent[p] === null ? 0 : 1 + depth(parent[p] as number));
  const deepest = Math.max(...parent.map((_, p) => depth(p)));
  return { ...s, parent, layer: parent.map((_, p) => deepest - depth(p)) };
}

/** A chain: player 0 the root, each next the child of the one before. */
const chain = (n: number) => forest(Array.from({ length: n }, (_, p) => (p === 0 ? null : p - 1)));

/** Every line of the forest below its head says who it is. */
function everyLineSaysWho(lines: readonly string[]) {
  const rows = lines
    .slice(lines.findIndex((l) => /^─+/.test(l.trim())) + 1)
    .filter((l) => l.trim());
  expect(rows.length).toBeGreaterThan(5);
  for (const line of rows) expect(line, line).toMatch(/\d+\*? L\d+ \d+( \+\d+)?( •)?\s*$/);
  return rows;
}

describe('<Forest>', () => {
  it('a chain of 100: every line says who it is, the deepest too, within 30 columns', () => {
    const s = chain(100);
    const lines = frameOf(<Forest state={s} cursor={99} rows={22} width={30} />, 30);
    const rows = everyLineSaysWho(lines);
    expect(lines.every((l) => displayWidth(l) <= 30)).toBe(true);
    // The cursor's line (the deepest player, 100, in layer 0) is in the window.
    expect(rows.some((l) => /[─┄]100 L0 100/.test(l))).toBe(true);
    expect(lines.some((l) => /^[\s│┄…]*$/.test(l) && l.includes('│'))).toBe(false);
  });

  it('a chain of 1,000 (the cursor half way): lines say who, and where the window is', () => {
    const s = chain(1000);
    const lines = frameOf(<Forest state={s} cursor={500} rows={22} width={40} />, 40);
    everyLineSaysWho(lines);
    expect(lines[0]).toMatch(/^One tree · 1 on top 0\/3/);
    expect(lines.join('\n')).toMatch(/─ \d+–\d+ of 1000 lines ─/);
    expect(lines.join('\n')).toContain('501 L');
  });

  it('1,000 roots: a window of them around the cursor, all of them reachable', () => {
    const s = forest(Array<number | null>(1000).fill(null));
    const lines = frameOf(<Forest state={s} cursor={700} rows={22} width={30} />, 30);
    everyLineSaysWho(lines);
    expect(lines[0]).toMatch(/^1000 trees/);
    expect(lines.join('\n')).toMatch(/─ 6\d\d–7\d\d of 1000 lines ─/);
    expect(lines.join('\n')).toMatch(/◆701 L0 100/);
    // Player 1 to act may fight every other root: the count, not a list that cannot fit.
    expect(lines.join('\n')).toContain('1 may fight 999 roots •');
  });

  it('a wide tree of 100 folded: one line with how many are under it, opened on the way to the viewer', () => {
    // Player 0 the root of everyone: 1–9 its children, each with ten children of its own.
    const parent = Array.from({ length: 100 }, (_, p) =>
      p === 0 ? null : p < 10 ? 0 : Math.floor(p / 10),
    );
    const s = forest(parent);
    const folded = shownOf(s, { open: [], ways: [] });
    expect(forestRows(s, folded)).toEqual([{ player: 0, prefix: '', folded: 99 }]);
    // The viewer, player 57 (its way up: 57 › 6 › 1◆ counted from 1), is drawn with its way.
    const shown = shownOf(s, { open: [], ways: [56] });
    const lines = frameOf(
      <Forest state={s} cursor={56} rows={24} width={34} viewer={56} shown={shown} people={[]} />,
      34,
    );
    const text = lines.join('\n');
    expect(text).toContain('You 57: L0 100\n');
    expect(text).toContain('2 up: 57 › 6 › 1◆');
    expect(text).toMatch(/├─6 L1 100\s/);
    expect(text).toMatch(/├─2 L1 100 \+10/);
    expect(text).toMatch(/├─57 L0 100/);
    everyLineSaysWho(lines);
  });

  it('the way up on one line, cut in the middle with how many are left out', () => {
    const s = chain(300);
    const way = pathUp(s, 299);
    expect(way).toHaveLength(300);
    const line = wayLine(way, 40);
    expect(displayWidth(line)).toBeLessThanOrEqual(40);
    expect(line).toMatch(/^300 › 299 › …\d+ more… › .*1◆$/);
  });

  it('people marked *, wider windows give the lines room', () => {
    const s = chain(30);
    const people = Array.from({ length: 30 }, (_, p) => p === 29);
    const narrow = frameOf(
      <Forest state={s} cursor={29} rows={22} width={30} people={people} />,
      30,
    );
    expect(narrow.join('\n')).toMatch(/30\* L0 100/);
    const wide = frameOf(<Forest state={s} cursor={29} rows={40} width={70} people={people} />, 70);
    expect(wide.filter((l) => /L\d+ \d+/.test(l)).length).toBeGreaterThan(
      narrow.filter((l) => /L\d+ \d+/.test(l)).length,
    );
  });
});

/**
 * The forest's lines as they were made before the shape was kept and only a window's lines made
 * (each root by number, its tree depth first, each line's branches carried down): the reference.
 */
function rowsByHand(state: LayersState, shown?: (player: number) => boolean): ForestRow[] {
  const n = state.parent.length;
  const children: number[][] = Array.from({ length: n }, () => []);
  state.parent.forEach((q, p) => {
    if (q !== null) children[q]?.push(p);
  });
  const below = (p: number): number => (children[p] ?? []).reduce((k, c) => k + 1 + below(c), 0);
  const rows: ForestRow[] = [];
  const visit = (p: number, lead: string, last: boolean, root: boolean) => {
    const kids = children[p] ?? [];
    const open = kids.length === 0 || !shown || shown(p);
    const prefix = root ? '' : `${lead}${last ? '└─' : '├─'}`;
    rows.push(open ? { player: p, prefix } : { player: p, prefix, folded: below(p) });
    if (!open) return;
    const next = root ? '' : `${lead}${last ? '  ' : '│ '}`;
    kids.forEach((c, i) => visit(c, next, i === kids.length - 1, false));
  };
  state.parent.forEach((q, p) => {
    if (q === null) visit(p, '', true, true);
  });
  return rows;
}

/** A random forest of n: each player's parent one of the players numbered before it, or none. */
const randomForest = (n: number, parentOf: readonly number[]) => {
  // Numbers shuffled, so that a parent may have a higher number than its child.
  const name = Array.from({ length: n }, (_, p) => p).sort(
    (a, b) => ((a * 7919) % n) - ((b * 7919) % n),
  );
  const parent = Array<number | null>(n).fill(null);
  for (let i = 1; i < n; i++) {
    const up = (parentOf[i] ?? 0) % (i + 1);
    parent[name[i] as number] = up === i ? null : (name[up] as number);
  }
  return forest(parent);
};

describe('the forest’s lines from its kept shape', () => {
  it('are the lines made by hand, folded or not, on random forests', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 120 }),
        fc.array(fc.nat(), { minLength: 120, maxLength: 120 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (n, parentOf, ways) => {
          const s = randomForest(n, parentOf);
          expect(forestRows(s)).toEqual(rowsByHand(s));
          const shown = shownOf(
            { ...s, options: { ...s.options, players: 100 } },
            {
              open: [],
              ways: ways.map((w) => w % n),
              room: 15,
            },
          );
          expect(forestRows(s, shown)).toEqual(rowsByHand(s, shown));
          // A window's lines are those lines, one by one.
          const order = forestOrder(s, shown);
          expect(Array.from(order, (p) => forestRow(s, p, shown))).toEqual(rowsByHand(s, shown));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is made once for a forest: a state whose trees did not change keeps it', () => {
    const s = chain(1000);
    const shape = shapeOf(s.parent);
    expect(shapeOf({ ...s, round: 2 }.parent)).toBe(shape);
    expect(shape.size[0]).toBe(1000);
    expect(shape.size[999]).toBe(1);
    expect(Array.from(shape.roots)).toEqual([0]);
    // A thousand deep: the order walks it without a stack.
    expect(forestOrder(s)).toHaveLength(1000);
    expect(forestRow(s, 999).prefix).toBe(`${'  '.repeat(998)}└─`);
  });
});

describe('the panel’s Order line', () => {
  /** A round of `order` under way at `position`. */
  const round = (order: number[], position: number): LayersState => ({
    ...setup({ players: order.length, turns: 3 }),
    order,
    position,
    phase: 'turn',
  });

  it('is cut only between whole numbers, marked …, the current player always in it', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 200 })
          .chain((n) =>
            fc.tuple(
              fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
              fc.nat(n - 1),
              fc.integer({ min: 24, max: 120 }),
            ),
          ),
        ([order, position, width]) => {
          const line = orderLine(round(order, position), width);
          expect(line.length).toBeLessThanOrEqual(width);
          const words = line.slice('Order: '.length).split(' ');
          const cutBefore = words[0] === '…';
          const cutAfter = words.at(-1) === '…';
          const shown = words.slice(cutBefore ? 1 : 0, cutAfter ? -1 : undefined);
          // A run of the order as it is, each number whole, the current one bracketed.
          const parts = order.map((p, i) => (i === position ? `[${p + 1}]` : String(p + 1)));
          const from = parts.indexOf(shown[0] as string);
          expect(from).toBeGreaterThanOrEqual(0);
          expect(shown).toEqual(parts.slice(from, from + shown.length));
          expect(shown).toContain(`[${(order[position] as number) + 1}]`);
          expect(cutBefore).toBe(from > 0);
          expect(cutAfter).toBe(from + shown.length < parts.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('at 80×24 twenty players: whole numbers, the next players first, each cut end marked', () => {
    const numbers = [17, 15, 14, 2, 10, 19, 16, 8, 9, 1, 12, 6, 20, 3, 4, 5, 7, 11, 13, 18];
    // 42: the Order line's width in the panel at 80×24 (a line of 35 after 'Order: ').
    const line = orderLine(
      round(
        numbers.map((n) => n - 1),
        9,
      ),
      42,
    );
    expect(line).toBe('Order: … 16 8 9 [1] 12 6 20 3 4 5 7 11 …');
  });
});

/** Ten players, the first a person's seat. */
function tenPlayers() {
  const state = setup({ players: 10, turns: 3 });
  const seats = Array.from({ length: 10 }, (_, p) =>
    seatOf(`Player ${p + 1}`, p === 0 ? 'human' : 'strong'),
  );
  return { state, seats };
}

describe("Layers' panel", () => {
  it('at a served 80×24 (23 rows, 46 columns) a fight of your own on two lines keeps the panel within its rows', () => {
    const { state, seats } = tenPlayers();
    // '10 vs 1 (fought back): win 120 · lose 97 · draw 136' is wider than the panel: two lines.
    const fight: FightResult = {
      attacker: 9,
      defender: 0,
      back: true,
      intervals: { win: 120, lose: 97, draw: 136 },
      number: 103,
      result: 'win',
    };
    const play = { ...newLayersPlay({ ...state, last: fight }, seats), pinned: fight };
    const rows = frameOf(<LayersPanel play={play} width={46} rows={23} />, 46).filter(
      (l) => l !== '',
    );
    expect(rows.join('\n')).toContain('Your fight');
    expect(rows.join('\n')).toContain('(fought back)');
    expect(rows.length).toBeLessThanOrEqual(23);
  });

  it('at 80×24 (local play), your fight pinned, the log keeps its last line whole', () => {
    const { state, seats } = tenPlayers();
    const fight: FightResult = {
      attacker: 0,
      defender: 3,
      back: false,
      intervals: { win: 120, lose: 97, draw: 136 },
      number: 103,
      result: 'win',
    };
    // What the log says last: a line that wraps in the panel (46 columns: 42 of text).
    const last =
      'Player 1 fought Player 4 and won: Player 4 and its children are now under Player 1.';
    const play = {
      ...newLayersPlay({ ...state, last: fight }, seats),
      pinned: fight,
      log: ['Player 1 to play.', last],
    };
    const { panel } = layersWidths(80);
    const text = frameOf(<LayersPanel play={play} width={panel} rows={24} />, panel)
      .filter((l) => l !== '')
      .map((l) => l.replace(/^│ ?/, '').replace(/ *│$/, ''));
    expect(text.join('\n')).toContain('Your fight');
    expect(text.length).toBeLessThanOrEqual(24);
    // The log's last entry, every one of its words (it showed only its last wrapped line).
    const words = text.join(' ').replace(/\s+/g, ' ');
    expect(words).toContain(last);
  });

  it('at 80×24 its keys each with its word, whole in the panel, for a player and a spectator', () => {
    const { state, seats } = tenPlayers();
    const { panel } = layersWidths(80);
    const keysOf = (node: React.ReactElement) =>
      frameOf(node, panel)
        .map((l) => l.replace(/^│ ?/, '').replace(/ *│$/, ''))
        .slice(-3, -1);
    const play = newLayersPlay(state, seats);
    // A bare 'Tab' and '?' ended the player's line: keys without a word.
    expect(keysOf(<LayersPanel play={play} width={panel} rows={24} />)).toEqual([
      '↑↓ look · →← open/fold · y you · / find',
      'Enter fight · r rest · n skip · ? help',
    ]);
    expect(
      keysOf(
        <SeatsHeldContext.Provider value={[]}>
          <LayersPanel play={play} width={panel} rows={24} />
        </SeatsHeldContext.Provider>,
      ),
    ).toEqual(['↑↓ look · →← open/fold · / find', 'watching · l log · ? help · q lobby']);
  });
});

describe("Layers' setup", () => {
  const form = {
    players: 10,
    turns: 3,
    humans: 2,
    level: 'strong' as const,
    focus: ROWS.indexOf('humans'),
    kinds: null,
    seat: 0,
  };
  it('the chosen row keeps a space between its label and ◀; a server asks for people, not a keyboard', () => {
    const local = frameOf(<LayersSetup form={form} />, 80).join('\n');
    // 'People at the keyboard◀' ran together: the label filled its column.
    expect(local).toContain('▸ People at the keyboard ◀ 2 (from player 1) ▶');
    expect(local).toMatch(/ {4}Turns on top to win {6}3/);
    const served = frameOf(
      <ServedContext.Provider value={true}>
        <LayersSetup form={form} />
      </ServedContext.Provider>,
      80,
    ).join('\n');
    expect(served).toMatch(/▸ People {17}◀ 2 \(from player 1\) ▶/);
    expect(served).not.toContain('at the keyboard');
  });
});
