/** Styled text runs, the boards' and panels' drawing medium: pure layouts make them, this draws them. */
import { createElement, type ReactElement, useContext, useMemo } from 'react';
import { colourCode, PLAIN, type Style as CellStyle, widthOfText } from '../render/cells.js';
import { Text } from '../render/components.js';
import { OwnScreen } from '../render/context.js';
import { TEXT } from '../render/host.js';
import { seatColour, Styled, useTheme } from './theme.js';

export interface Style {
  readonly seat?: number;
  readonly bold?: boolean;
  readonly dim?: boolean;
  readonly inverse?: boolean;
  readonly underline?: boolean;
  /** A colour of its own (Styled's `colour`), over the seat's. */
  readonly colour?: string;
}

export interface Segment {
  readonly text: string;
  readonly style: Style;
}

/**
 * One Text per line, one Styled per run. Under madang's own renderer a line is one element whose
 * runs are its cells' styles already (what Styled inside a Text comes to), so that a board of
 * twenty lines is twenty elements for React, not four hundred.
 */
export function SegmentLines({ lines }: { lines: readonly (readonly Segment[])[] }) {
  const own = useContext(OwnScreen);
  const { colour } = useTheme();
  // The elements themselves kept while the lines are the same (boards hand back the very lines
  // of a board that did not change): React passes over an element it was given before.
  const elements = useMemo(
    () =>
      own
        ? lines.map((segments, y) =>
            createElement(TEXT, { key: y, segments: segments.map((s) => runOf(s, colour)) }),
          )
        : undefined,
    [own, lines, colour],
  );
  if (elements) return <>{elements}</>;
  return (
    <>
      {lines.map((segments, y) => (
        <Text key={y}>{styledRuns(segments)}</Text>
      ))}
    </>
  );
}

/** A line's runs as Styled inside its Text (under Ink, where the segments are not cells yet). */
const styledRuns = (segments: readonly Segment[]) =>
  segments.map((s, i) => (
    <Styled key={i} {...s.style}>
      {s.text}
    </Styled>
  ));

/**
 * A row of a panel: its runs, and how a Text would take it where it is wider than its room
 * (Ink's wrap, or cut at the end with …).
 */
export interface Row {
  readonly segments: readonly Segment[];
  readonly wrap: 'wrap' | 'truncate-end';
}

const LINE_END = { text: '\n', style: PLAIN };
const SPACE: readonly Segment[] = [{ text: ' ', style: {} }];

/** An empty row is a line of one space, as `<Text> </Text>` is (an empty text takes no row). */
const segmentsOf = (row: Row) => (row.segments.some((s) => s.text !== '') ? row.segments : SPACE);

/**
 * A panel's rows, each as a Text of Styled runs would draw it, `width` the room they stand in.
 * Under madang's own renderer the rows that fit are one element, its lines its rows: the Yut
 * panel's twenty rows were some eighty elements for React to compare and twenty texts for Yoga
 * to place on every frame. A row wider than its room is an element of its own, wrapped or cut
 * as its Text would be.
 */
export function SegmentRows({ rows, width }: { rows: readonly Row[]; width: number }) {
  const own = useContext(OwnScreen);
  const { colour } = useTheme();
  if (!own)
    return (
      <>
        {rows.map((row, y) => (
          <Text key={y} wrap={row.wrap}>
            {styledRuns(segmentsOf(row))}
          </Text>
        ))}
      </>
    );
  return <>{rowElements(rows, width, colour)}</>;
}

/** SegmentRows' elements under madang's own renderer: the rows that fit one after another in one. */
export function rowElements(rows: readonly Row[], width: number, colour: boolean): ReactElement[] {
  const elements: ReactElement[] = [];
  let block: { text: string; style: CellStyle }[] = [];
  let lines = 0;
  const close = () => {
    if (lines > 0) elements.push(createElement(TEXT, { key: elements.length, segments: block }));
    block = [];
    lines = 0;
  };
  for (const row of rows) {
    const segments = segmentsOf(row);
    let wide = 0;
    for (const s of segments) wide += widthOfText(s.text);
    if (wide > width) {
      close();
      elements.push(
        createElement(TEXT, {
          key: elements.length,
          wrap: row.wrap,
          segments: segments.map((s) => runOf(s, colour)),
        }),
      );
      continue;
    }
    if (lines > 0) block.push(LINE_END);
    for (const s of segments) block.push(runOf(s, colour));
    lines++;
  }
  close();
  return elements;
}

/** A segment's style as the cells have it: Styled's colour (none when colour is off), and the rest. */
function runOf({ text, style }: Segment, colour: boolean): { text: string; style: CellStyle } {
  const wanted = style.colour ?? (style.seat === undefined ? undefined : seatColour(style.seat));
  const fg = colour && wanted !== undefined ? (colourCode(wanted) ?? 39) : 39;
  const plain = fg === 39 && !style.bold && !style.dim && !style.inverse && !style.underline;
  return {
    text,
    style: plain
      ? PLAIN
      : {
          fg,
          bold: style.bold ?? false,
          dim: style.dim ?? false,
          underline: style.underline ?? false,
          inverse: style.inverse ?? false,
        },
  };
}
