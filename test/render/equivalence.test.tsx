/**
 * madang's renderer draws what Ink draws: random trees of the Box and Text props the screens use
 * (directions, sizes, padding, borders, alignment, hidden overflow, an absolute box, hidden
 * boxes, nested styles, texts that wrap or are cut, wide characters), each drawn by Ink's
 * renderToString and by render/screen.ts, are the same cells row for row.
 */
import fc from 'fast-check';
import { renderToString } from 'ink';
import {
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useLayoutEffect,
  useState,
} from 'react';
import { describe, expect, it } from 'vitest';
import { cellsOfAnsi, textOf } from '../../source/render/cells.js';
import { Box, Text } from '../../source/render/components.js';
import { renderScreen } from '../../source/render/screen.js';

/** Ink's frame as rows in the renderer's one form. */
const inkRows = (element: ReactNode, columns: number) =>
  renderToString(element, { columns })
    .split('\n')
    .map((line) => textOf(cellsOfAnsi(line)));

function ownRows(element: ReactNode, columns: number, rows: number): string[] {
  let drawn: readonly string[] = [];
  const screen = renderScreen(element, { columns, rows, frame: (r) => (drawn = r) });
  return new Promise<void>((resolve) => queueMicrotask(resolve))
    .then(() => gone(screen))
    .then(() => [...drawn]) as unknown as string[];
}

/**
 * A screen unmounted and let go of: its unmount waits for the next turn of the event loop, which
 * a property's runs (awaiting only promises) would never give it, and every screen of the run
 * would stay mounted until the end (that, not a leak, ran CI's worker out of memory).
 */
function gone(screen: { unmount(): void }): Promise<void> {
  screen.unmount();
  return new Promise((resolve) => setImmediate(resolve));
}

/** `a` drawn, then the same screen changed to `b`: the rows of its frame after the change. */
async function changedRows(a: ReactNode, b: ReactNode, columns: number, rows: number) {
  let set: (element: ReactNode) => void = () => undefined;
  const Holder = () => {
    const [element, setElement] = useState<ReactNode>(a);
    set = setElement;
    return <>{element}</>;
  };
  let drawn: readonly string[] = [];
  let next: (() => void) | undefined;
  const screen = renderScreen(<Holder />, {
    columns,
    rows,
    frame: (r) => {
      drawn = r;
      next?.();
    },
  });
  await new Promise<void>((resolve) => queueMicrotask(resolve));
  // The frame the change makes (React renders it when its scheduler's turn comes).
  const changed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no frame after the change within 2 s')), 2000);
    next = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  set(b);
  await changed;
  await gone(screen);
  return [...drawn];
}

async function both(element: ReactNode, columns: number) {
  const ink = inkRows(element, columns);
  const own = await ownRows(element, columns, ink.length);
  return { ink, own };
}

const words = fc
  .array(
    fc.constantFrom(
      'a',
      'b',
      'c',
      ' ',
      'yut',
      'gae',
      '한',
      '字',
      '·',
      '─',
      'Ann',
      'é',
      // A cluster of code points, an emoji with its presentation, a filler Ink leaves out.
      '👍🏽',
      '❤️',
      '\u3164',
      'e\u0301',
    ),
    {
      maxLength: 12,
    },
  )
  .map((parts) => parts.join(''));
const colour = fc.constantFrom(undefined, 'red', 'cyan', 'yellow', 'blueBright', 'green');
const style = fc.record(
  {
    color: colour,
    bold: fc.boolean(),
    dimColor: fc.boolean(),
    inverse: fc.boolean(),
    underline: fc.boolean(),
  },
  { requiredKeys: [] },
);
const wrap = fc.constantFrom(undefined, 'wrap', 'truncate', 'truncate-end');

const span = fc
  .tuple(style, fc.array(fc.oneof(words, fc.tuple(style, words)), { minLength: 1, maxLength: 3 }))
  .map(([own, parts]) => ({
    own,
    parts: parts.map((part, i) =>
      typeof part === 'string'
        ? part
        : createElement(Text, { key: i, ...(part[0] as object) }, part[1]),
    ),
  }));

const textNode = fc
  .tuple(span, wrap, fc.boolean())
  .map(([{ own, parts }, w, lines]) =>
    createElement(
      Text,
      { ...(own as object), ...(w === undefined ? {} : { wrap: w }) },
      ...(lines ? [...parts, '\n', 'next'] : parts),
    ),
  );

const size = fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined });
const boxProps = fc.record(
  {
    flexDirection: fc.constantFrom('row', 'column'),
    width: size,
    height: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
    paddingX: fc.integer({ min: 0, max: 2 }),
    paddingY: fc.integer({ min: 0, max: 1 }),
    borderStyle: fc.constantFrom(undefined, 'round', 'double'),
    justifyContent: fc.constantFrom(undefined, 'flex-start', 'center', 'flex-end', 'space-between'),
    alignItems: fc.constantFrom(undefined, 'flex-start', 'center', 'flex-end'),
    overflow: fc.constantFrom(undefined, 'hidden'),
    flexShrink: fc.constantFrom(undefined, 0, 1),
    flexGrow: fc.constantFrom(undefined, 0, 1),
    display: fc.constantFrom(undefined, undefined, undefined, 'none'),
  },
  { requiredKeys: [] },
);

const { tree } = fc.letrec<{ tree: ReactNode; node: ReactNode }>((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, textNode, tie('tree')),
  tree: fc
    .tuple(boxProps, fc.array(tie('node'), { maxLength: 4 }))
    .map(([props, children]) =>
      createElement(
        Box,
        props as Record<string, unknown>,
        ...children.map((child, key) => createElement(Fragment, { key }, child)),
      ),
    ),
}));

/** The same tree with each of its strings changed by `change`. */
function withStrings(node: ReactNode, change: (text: string) => string): ReactNode {
  if (typeof node === 'string') return change(node);
  if (Array.isArray(node)) return node.map((child) => withStrings(child, change));
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<{ children?: ReactNode }>;
  const { children } = element.props;
  if (children === undefined) return element;
  const changed = Array.isArray(children)
    ? children.map((child) => withStrings(child, change))
    : [withStrings(children, change)];
  return cloneElement(element, undefined, ...changed);
}

/**
 * A text of the same width, other words where it breaks: its words in the other order, a and b
 * swapped (the same columns, what a wrapped or cut text shows otherwise).
 */
const sameWidth = (text: string) =>
  text
    .split(' ')
    .reverse()
    .join(' ')
    .replace(/[ab]/g, (c) => (c === 'a' ? 'b' : 'a'));

/** A tree as JSX, for a counterexample a person can read. */
function jsx(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return JSON.stringify(node);
  if (Array.isArray(node)) return node.map(jsx).join('');
  const element = node as { type: unknown; props: Record<string, unknown> };
  const name = element.type === Fragment ? '' : ((element.type as { name?: string }).name ?? 'x');
  const { children, ...props } = element.props;
  const attributes = Object.entries(props)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}={${JSON.stringify(v)}}`)
    .join('');
  return `<${name}${attributes}>${jsx(children as ReactNode)}</${name}>`;
}

/**
 * The random trees come from fixed seeds. Some trees (one in a few hundred) send Ink's oracle,
 * not madang's renderer, into minutes of drawing a border a million cells wide, until CI's worker
 * ran out of memory (SIGABRT, twice); madang's renderer draws the same tree in milliseconds. Why
 * Yoga gives Ink that width is not found yet. A seed of these runs is a fixed set of 200 trees,
 * still a test that fails when the renderer draws any of them otherwise than Ink.
 */
const SEED = { seed: 20261202 };

describe("madang's renderer", () => {
  it('draws a screen as Ink draws it, cell for cell', async () => {
    await fc.assert(
      fc.asyncProperty(tree, fc.integer({ min: 8, max: 60 }), async (element, columns) => {
        const { ink, own } = await both(element, columns);
        expect(own, `${jsx(element)} at ${columns} columns`).toEqual(ink);
      }),
      { numRuns: 200, ...SEED },
    );
  });

  it('draws a tree changed into another as Ink draws the other (every update of a node)', async () => {
    await fc.assert(
      fc.asyncProperty(tree, tree, fc.integer({ min: 8, max: 60 }), async (a, b, columns) => {
        const ink = inkRows(b, columns);
        const own = await changedRows(a, b, columns, ink.length);
        expect(own, `${jsx(a)} then ${jsx(b)} at ${columns} columns`).toEqual(ink);
      }),
      { numRuns: 200, ...SEED },
    );
  });

  it('draws a tree whose texts changed to others of the same width as Ink draws the new one', async () => {
    // The same sizes, other content: a renderer that kept a text's size by its width alone would
    // draw a wrapped or cut text broken at its old places.
    await fc.assert(
      fc.asyncProperty(tree, fc.integer({ min: 8, max: 60 }), async (a, columns) => {
        const b = withStrings(a, sameWidth);
        // A tree with no strings is itself again: React has nothing to draw anew.
        fc.pre(b !== a);
        const ink = inkRows(b, columns);
        const own = await changedRows(a, b, columns, ink.length);
        expect(own, `${jsx(a)} then ${jsx(b)} at ${columns} columns`).toEqual(ink);
      }),
      { numRuns: 200, ...SEED },
    );
  });

  it('draws a span whose style alone changed in its new style', async () => {
    const line = (color: string, bold: boolean) => (
      <Box width={20}>
        <Text>
          Ann{' '}
          <Text color={color} bold={bold}>
            yut
          </Text>
        </Text>
      </Box>
    );
    for (const [a, b] of [
      [line('red', false), line('cyan', false)],
      [line('red', false), line('red', true)],
    ] as const)
      expect(await changedRows(a, b, 20, 1)).toEqual(inkRows(b, 20));
  });

  it('draws an absolute box over what is under it, as Ink does', async () => {
    const element = (
      <Box width={30} height={6} flexDirection="column">
        <Text>{'x'.repeat(30)}</Text>
        <Text>{'y'.repeat(30)}</Text>
        <Text>{'z'.repeat(30)}</Text>
        <Box position="absolute" marginTop={1} marginLeft={4} borderStyle="double">
          <Text bold>Quit 한 game?</Text>
        </Box>
      </Box>
    );
    const { ink, own } = await both(element, 40);
    expect(own).toEqual(ink);
    expect(own.join('\n')).toContain('Quit');
  });

  it('tells its owner when a component throws, and goes on drawing nothing', async () => {
    const Broken = () => {
      throw new Error('a broken screen');
    };
    const failures: string[] = [];
    let frames = 0;
    const screen = renderScreen(
      <Box>
        <Broken />
      </Box>,
      {
        columns: 20,
        rows: 4,
        frame: () => frames++,
        failed: (error) => failures.push(error.message),
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    screen.unmount();
    expect(failures).toEqual(['a broken screen']);
    expect(frames).toBeLessThanOrEqual(1);
  });

  it('may be unmounted from inside its own commit (a key that ends the screen)', async () => {
    const held: { screen?: ReturnType<typeof renderScreen> } = {};
    const Ends = () => {
      useLayoutEffect(() => held.screen?.unmount());
      return <Text>bye</Text>;
    };
    const Shows = ({ end }: { end: boolean }) => (end ? <Ends /> : <Text>hello</Text>);
    let show: (end: boolean) => void = () => undefined;
    const Holder = () => {
      const [end, setEnd] = useState(false);
      show = setEnd;
      return (
        <Box flexDirection="column">
          <Shows end={end} />
          <Text>{'x'.repeat(5)}</Text>
        </Box>
      );
    };
    const seen: string[] = [];
    held.screen = renderScreen(<Holder />, {
      columns: 20,
      rows: 3,
      frame: (rows) => seen.push(rows[0] ?? ''),
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    show(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Nothing drawn after it went, and the process still stands (no Yoga node freed twice).
    expect(seen).toEqual(['hello']);
  });
});
