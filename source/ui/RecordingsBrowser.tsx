/** The recordings browser drawn: a title, the rows that fit around the chosen one, the filter. */
import { Box, Text } from '../render/components.js';
import { safeText } from '../engine/safe-text.js';
import { type Browser, FILTER_MAX, rowOf, shown } from './recordings-model.js';
import { displayWidth, fit, pathFit } from './text.js';
import { TextField } from './TextField.js';
import { Styled } from './theme.js';

/** Rows of recordings a browser of `height` shows: less its border, title, headings and foot. */
export const browserRows = (height: number) => Math.max(1, height - 6);

export function RecordingsBrowser({
  browser,
  titleOf,
  width,
  height,
}: {
  browser: Browser;
  titleOf: (game: string) => string;
  width: number;
  height: number;
}) {
  const outer = Math.min(width, 120);
  const inner = outer - 4;
  const list = shown(browser, titleOf);
  const rows = browserRows(height);
  const all = browser.catalogue.recordings.length;
  const top = Math.max(0, Math.min(list.length - rows, browser.index - Math.floor(rows / 2)));
  const visible = list.slice(top, top + rows);
  // Fixed columns, so nothing wanders with a name's length; players and result share the rest.
  const date = 16;
  // Measured over every recording, not the filtered few, so a filter never moves the columns.
  const titles = browser.catalogue.recordings.map((l) => titleOf(l.header?.game ?? '').length);
  const game = Math.min(16, Math.max(4, ...titles));
  const length = 11;
  const rest = Math.max(10, inner - 2 - date - 1 - game - 1 - length - 1);
  const players = Math.floor(rest * 0.55);
  const result = rest - players - 1;
  const columns = (cells: readonly [string, string, string, string, string]) =>
    [
      fit(cells[0], date),
      fit(cells[1], game),
      fit(cells[2], players),
      fit(cells[3], length).trimEnd().padStart(length),
      fit(cells[4], result),
    ].join(' ');
  const count =
    list.length === all ? `${all} recording${all === 1 ? '' : 's'}` : `${list.length} of ${all}`;
  const where = list.length > rows ? ` · ${top + 1}–${top + visible.length}` : '';
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1} width={outer} height={height}>
      <Text wrap="truncate-end">
        <Text bold>Recordings</Text>
        <Text dimColor>
          {' '}
          · {count}
          {where} ·{' '}
          {pathFit(
            safeText(browser.catalogue.directory),
            // The room the title's row leaves: the box's inside, less `Recordings · count · `.
            inner - `Recordings · ${count}${where} · `.length,
          )}
        </Text>
      </Text>
      <Text dimColor>{`  ${columns(['started', 'game', 'players', 'length', 'result'])}`}</Text>
      <Box flexDirection="column" height={rows} overflow="hidden">
        {all === 0 ? (
          <Text dimColor>No recordings yet. Every game is recorded here as it is played.</Text>
        ) : list.length === 0 ? (
          <Text dimColor>No recording matches the filter. Esc clears it.</Text>
        ) : (
          visible.map((listed, i) => {
            const row = rowOf(listed, titleOf);
            const chosen = top + i === browser.index;
            const names = listed.header?.players.map((p) => p.name);
            const who = names ? namesFit(names, players) : row.players;
            const line = columns([row.date, row.game, who, row.length, row.result]);
            return (
              <Text key={listed.file} wrap="truncate-end">
                <Styled colour={chosen ? 'cyan' : undefined} bold={chosen}>
                  {chosen ? '▸ ' : '  '}
                </Styled>
                <Styled
                  inverse={chosen}
                  dim={!row.playable}
                  colour={row.unfinished ? 'yellow' : undefined}
                >
                  {safeText(line)}
                </Styled>
              </Text>
            );
          })
        )}
      </Box>
      <Text wrap="truncate-end">
        {browser.notice && !browser.filtering ? (
          <Styled colour="yellow">{safeText(browser.notice)}</Styled>
        ) : browser.filtering || browser.filter.value !== '' ? (
          <>
            <Text dimColor>filter </Text>
            <TextField field={browser.filter} focus={browser.filtering} max={FILTER_MAX} />
          </>
        ) : (
          ' '
        )}
      </Text>
      <Text dimColor wrap="truncate-end">
        {browser.filtering
          ? 'type to filter · ↑↓ choose · Enter keep the filter · Esc clear it'
          : '↑↓ PgUp PgDn choose · Enter watch · r resume · / filter · Esc back'}
      </Text>
    </Box>
  );
}

/**
 * Players in `width` columns: all of them, or as many whole names as fit and a count of the
 * rest (`Player 1, CPU 2 +2`), never a name cut in the middle where another stays whole.
 */
function namesFit(names: readonly string[], width: number): string {
  const all = names.join(', ');
  if (displayWidth(all) <= width) return all;
  for (let shown = names.length - 1; shown >= 1; shown--) {
    const text = `${names.slice(0, shown).join(', ')} +${names.length - shown}`;
    if (displayWidth(text) <= width) return text;
  }
  const rest = ` +${names.length - 1}`;
  return `${fit(names[0] ?? '', width - rest.length).trimEnd()}${rest}`;
}
