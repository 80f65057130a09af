/** Styled text runs, the boards' drawing medium: pure layouts make them, this draws them. */
import { createElement, useContext, useMemo } from 'react';
import { colourCode, PLAIN, type Style as CellStyle } from '../render/cells.js';
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
        <Text key={y}>
          {segments.map((s, i) => (
            <Styled key={i} {...s.style}>
              {s.text}
            </Styled>
          ))}
        </Text>
      ))}
    </>
  );
}

/** A segment's style as the cells have it: Styled's colour (none when colour is off), and the rest. */
function runOf({ text, style }: Segment, colour: boolean): { text: string; style: CellStyle } {
  const fg = colour && style.seat !== undefined ? (colourCode(seatColour(style.seat)) ?? 39) : 39;
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
