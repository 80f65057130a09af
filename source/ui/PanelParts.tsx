/**
 * The parts every game's side panel ends with: in play, the log between rules, the notice and
 * the key lines; in the replay viewer, the timeline, the notice and the viewer's keys.
 */
import { Box, Text } from '../render/components.js';
import { BoardBox } from './PlayFrame.js';
import { memo } from 'react';
import { firstLines, lastLogLines, wrapText } from './text.js';
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
  const lines = lastLogLines(log, width, rows - extra);
  return (
    <>
      <Text dimColor>{'─'.repeat(Math.max(0, width))}</Text>
      <Box flexDirection="column" height={lines.length} overflow="hidden">
        {lines.map((line, i) => (
          <LogText key={line.key} text={line.text} dim={i < lines.length - 3} />
        ))}
      </Box>
      <Text dimColor>{'─'.repeat(Math.max(0, width))}</Text>
      <Box height={2 + extra} overflow="hidden">
        <Styled colour="yellow">{notice ?? ' '}</Styled>
      </Box>
      {keys.map((line, i) => (
        <Text key={i} dimColor wrap="truncate-end">
          {line}
        </Text>
      ))}
    </>
  );
}

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

/**
 * A line of the log, kept by its entry (lastLogLines' key): a new entry moves the others up, and
 * none of them is drawn again (a hundred screens of a Layers table each moved ten lines a move).
 */
const LogText = memo(function LogText({ text, dim }: { text: string; dim: boolean }) {
  return (
    <Text wrap="truncate-end" dimColor={dim}>
      {text || ' '}
    </Text>
  );
});
