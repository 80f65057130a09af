/**
 * The parts every game's side panel ends with: in play, the log between rules, the notice and
 * the key lines; in the replay viewer, the timeline, the notice and the viewer's keys.
 */
import { Box, Text } from '../render/components.js';
import { BoardBox } from './PlayFrame.js';
import { firstLines, lastLines, wrapText } from './text.js';
import { type Row, SegmentRows } from './Segments.js';
import { Styled } from './theme.js';

/**
 * A panel's first line: ▶ who is to act, in their colour, and what they are doing; or ★ how the
 * game ended, once it has (over as many lines as it takes where `wrap`, else cut at the width).
 */
export function TurnLine({
  ended,
  seat,
  who,
  doing,
  wrap = false,
}: {
  ended: string | null;
  seat: number | undefined;
  who: string;
  doing: string;
  wrap?: boolean;
}) {
  if (ended !== null)
    return (
      <Text wrap={wrap ? 'wrap' : 'truncate-end'} bold>
        ★ {ended}
      </Text>
    );
  return (
    <Text wrap="truncate-end">
      <Styled seat={seat} bold>
        ▶ {who}
      </Styled>
      {doing}
    </Text>
  );
}

/** The log's last lines (older ones dim), a rule, the notice in two lines (or more), and the keys. */
export function PanelTail({
  log,
  width,
  rows,
  notice,
  keys,
}: {
  log: readonly string[];
  width: number;
  rows: number;
  notice: string | null;
  keys: readonly string[];
}) {
  // A notice longer than its two rows (a hint's reason beside Kono's 9 × 9 board) takes rows of
  // the log, which keeps one: it was cut after two.
  const extra = notice ? Math.max(0, Math.min(rows - 1, wrapText(notice, width).length - 2)) : 0;
  const lines = lastLines(log, width, rows - extra);
  const rule: Row = {
    segments: [{ text: '─'.repeat(Math.max(0, width)), style: DIM }],
    wrap: 'wrap',
  };
  // The log, older lines dim, between its rules: one text with them where every line fits.
  const logged: Row[] = [
    rule,
    ...lines.map((line, i): Row => ({
      segments: [{ text: line || ' ', style: i < lines.length - 3 ? DIM : PLAIN_STYLE }],
      wrap: 'truncate-end',
    })),
    rule,
  ];
  return (
    <>
      <SegmentRows rows={logged} width={width} />
      <Box height={2 + extra} overflow="hidden">
        <Styled colour="yellow">{notice ?? ' '}</Styled>
      </Box>
      <SegmentRows
        rows={keys.map((line): Row => ({
          segments: [{ text: line, style: DIM }],
          wrap: 'truncate-end',
        }))}
        width={width}
      />
    </>
  );
}

const DIM = { dim: true } as const;
const PLAIN_STYLE = {} as const;

/** The replay viewer's timeline (its first lines that fit), the notice and the viewer's keys. */
export function ReplayTail({
  timeline,
  width,
  rows,
  notice,
  keys,
}: {
  timeline: readonly string[];
  width: number;
  rows: number;
  notice: string | null;
  keys: readonly string[];
}) {
  return (
    <>
      <Text> </Text>
      {firstLines(timeline, width, rows).map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line || ' '}
        </Text>
      ))}
      <Text> </Text>
      <Styled colour="yellow">{notice ?? ' '}</Styled>
      {keys.map((k) => (
        <Text key={k} dimColor>
          {k}
        </Text>
      ))}
    </>
  );
}

/**
 * A replay's panel box beside the board: framed as the board's box is, and at the top of its row
 * as the board stands, so that it keeps its place as the lines of the move shown change its height.
 */
export const ReplayPanel = BoardBox;
