/**
 * A panel's rows of styled runs (ui/Segments.tsx SegmentRows): madang's renderer draws the rows
 * that fit as one text and a row wider than its room as a Text of its own; either way each row is
 * what Ink draws of it as a Text of Styled runs (wrapped or cut at the end as the row asks).
 */
import fc from 'fast-check';
import { renderToString } from 'ink';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { cellsOfAnsi, textOf } from '../../source/render/cells.js';
import { Box } from '../../source/render/components.js';
import { TEXT } from '../../source/render/host.js';
import { renderScreen } from '../../source/render/screen.js';
import { type Row, rowElements, SegmentRows } from '../../source/ui/Segments.js';
import { ThemeContext } from '../../source/ui/theme.js';

const inkRows = (element: ReactNode, columns: number) =>
  renderToString(element, { columns })
    .split('\n')
    .map((line) => textOf(cellsOfAnsi(line)));

async function ownRows(element: ReactNode, columns: number, rows: number) {
  let drawn: readonly string[] = [];
  const screen = renderScreen(element, { columns, rows, frame: (r) => (drawn = r) });
  await new Promise<void>((resolve) => queueMicrotask(resolve));
  screen.unmount();
  await new Promise((resolve) => setImmediate(resolve));
  return [...drawn];
}

/** A panel's box of `width` columns, its rows inside a border. */
const panel = (rows: readonly Row[], width: number) => (
  <ThemeContext.Provider value={{ colour: true }}>
    <Box borderStyle="round" flexDirection="column" paddingX={1} width={width}>
      <SegmentRows rows={rows} width={width - 4} />
    </Box>
  </ThemeContext.Provider>
);

const segment = fc.record({
  text: fc.constantFrom('', ' ', 'a', 'Bob', 'moves to 5', '▶ R', '한국', '──────', 'x y z w'),
  style: fc.record(
    {
      seat: fc.integer({ min: 0, max: 3 }),
      bold: fc.boolean(),
      dim: fc.boolean(),
      inverse: fc.boolean(),
      colour: fc.constantFrom('yellow', 'cyan'),
    },
    { requiredKeys: [] },
  ),
});
const row = fc.record({
  segments: fc.array(segment, { maxLength: 5 }),
  wrap: fc.constantFrom('wrap' as const, 'truncate-end' as const),
});

describe('SegmentRows', () => {
  it('draws each row as Ink draws it as a Text of Styled runs, wide rows wrapped or cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 8, max: 30 }),
        async (rows, width) => {
          const tree = panel(rows, width);
          const own = await ownRows(tree, width, 40);
          const ink = inkRows(tree, width);
          while (own.length > ink.length && own.at(-1) === '') own.pop();
          expect(own).toEqual(ink);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is one text for the rows that fit, and a text of its own for a row that does not', () => {
    const rows: Row[] = [
      { segments: [{ text: 'Alice', style: { seat: 0, bold: true } }], wrap: 'truncate-end' },
      { segments: [], wrap: 'wrap' },
      { segments: [{ text: 'a row much wider than ten', style: {} }], wrap: 'truncate-end' },
      { segments: [{ text: 'Bob', style: { dim: true } }], wrap: 'wrap' },
    ];
    const element = rowElements(rows, 10, true);
    expect(element.map((e) => e.type)).toEqual([TEXT, TEXT, TEXT]);
    const lines = element.map((e) =>
      (e.props as { segments: { text: string }[] }).segments.map((s) => s.text).join(''),
    );
    // The empty row is a line of one space, as `<Text> </Text>` is.
    expect(lines).toEqual(['Alice\n ', 'a row much wider than ten', 'Bob']);
    expect(element[1]?.props).toMatchObject({ wrap: 'truncate-end' });
  });
});
