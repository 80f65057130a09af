/** Styled text runs, the boards' drawing medium: pure layouts make them, this draws them. */
import { Text } from 'ink';
import { Styled } from './theme.js';

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

/** One Text per line, one Styled per run. */
export function SegmentLines({ lines }: { lines: readonly (readonly Segment[])[] }) {
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
