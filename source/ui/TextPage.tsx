/** A page of text that scrolls (help, rules): a title, the lines that fit, and where we are. */
import { Box, Text } from '../render/components.js';

/** The keys that scroll a page, and by how many lines. */
export const PAGE_KEYS: Readonly<Record<string, number>> = {
  up: -1,
  down: 1,
  k: -1,
  j: 1,
  pageup: -10,
  pagedown: 10,
  home: -1e6,
  end: 1e6,
};

/** Rows of text a page of `height` shows: less its border, title and footer. */
export const pageRows = (height: number) => Math.max(1, height - 4);

/** The furthest a page of `lines` can scroll in a screen of `height`. */
export const lastScroll = (lines: number, height: number) => Math.max(0, lines - pageRows(height));

export function TextPage({
  title,
  lines,
  scroll,
  width,
  height,
  leave,
}: {
  title: string;
  lines: readonly string[];
  scroll: number;
  width: number;
  height: number;
  /** What the footer says leaves the page. */
  leave: string;
}) {
  const rows = pageRows(height);
  const top = Math.min(scroll, lastScroll(lines.length, height));
  const shown = lines.slice(top, top + rows);
  const more = lines.length > rows;
  const where = more
    ? `lines ${top + 1}–${top + shown.length} of ${lines.length} · ↑↓ PgUp PgDn · `
    : '';
  return (
    <Box
      flexDirection="column"
      borderStyle="round"
      paddingX={1}
      width={Math.min(width, 90)}
      height={height}
    >
      <Text bold wrap="truncate-end">
        {title}
      </Text>
      <Box flexDirection="column" height={rows} overflow="hidden">
        {shown.map((line, i) => (
          <Text key={top + i} wrap="truncate-end" bold={/^#+ /.test(line)}>
            {line.replace(/^#+ /, '') || ' '}
          </Text>
        ))}
      </Box>
      <Text dimColor wrap="truncate-end">
        {where}
        {leave}
      </Text>
    </Box>
  );
}
