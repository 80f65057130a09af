/**
 * A served table as a web viewer sees it (`madang serve --web`): the game's own play screen on a
 * spectator's view of the table (no seat), as an SSH spectator's screen draws it, or the table
 * waiting for players. Drawn off-screen (renderToString) once per table and size for all its
 * web viewers; no key reaches it (its key router is never given one).
 */
import { renderToString } from 'ink';
import { Box, Text } from '../render/components.js';
import type { GameEvent } from '../engine/game.js';
import { FRAME_CLEAR, safeText, screenText } from '../engine/safe-text.js';
import type { Table } from '../table/table.js';
import { KeyRouter, RouterKeys } from '../ui/keys-context.js';
import { OverKeysContext, SeatsHeldContext, type SharedSeat } from '../ui/play-session.js';
import { Styled, ThemeContext } from '../ui/theme.js';
import type { ServedTable } from './served-table.js';

/** The window a table is drawn at for the web: 80×24, or what its game's board needs. */
export function webSize(table: ServedTable): { columns: number; rows: number } {
  const parsed = table.game.needs ? table.game.parseOptions(table.start.options) : undefined;
  const needs = parsed?.ok ? table.game.needs?.(parsed.options) : undefined;
  return { columns: Math.max(80, needs?.columns ?? 0), rows: Math.max(24, needs?.rows ?? 0) };
}

/** The key lines of a finished game, for a viewer that has no keys. */
const NO_KEYS = ['watching from the web'];

function Spectator({
  table,
  columns,
  rows,
}: {
  table: ServedTable;
  columns: number;
  rows: number;
}) {
  const names = table.seatNames();
  const line = `table ${table.code} · watching from the web${table.watchers.size > 0 ? ` · ${table.watchers.size} watching over SSH` : ''}`;
  if (table.status === 'waiting' || !table.session || !table.table)
    return (
      <Box flexDirection="column" width={columns} height={rows} borderStyle="round" paddingX={1}>
        <Text bold>
          {table.game.title} · table {table.code} · waiting for players
        </Text>
        <Text> </Text>
        {table.holders.map((h, seat) => (
          <Styled key={seat} seat={seat}>
            Seat {seat + 1}:{' '}
            {h.kind === 'open'
              ? 'open'
              : h.kind === 'computer'
                ? `${names[seat]} (computer, ${h.level})`
                : safeText(names[seat] ?? '')}
          </Styled>
        ))}
      </Box>
    );
  const game = table.table as Table<unknown, GameEvent>;
  const inner = table.viewFor(undefined);
  const shared: SharedSeat<unknown> = {
    table: game,
    // Read-only: a web viewer holds no seat, and whatever reached this view would be refused.
    view: {
      seats: [],
      subscribe: inner.subscribe,
      send: () => ({ ok: false, problem: 'watching' }) as never,
    },
    asking: () => table.takeBackAsked !== undefined,
    past: () => table.told(),
    lines: (listener) => table.lines(listener),
  };
  const { Play } = table.game;
  return (
    <Box flexDirection="column">
      <OverKeysContext.Provider value={NO_KEYS}>
        <SeatsHeldContext.Provider value={[]}>
          <Play
            session={table.session}
            width={columns}
            height={rows - 1}
            onRequest={() => {}}
            shared={shared}
          />
        </SeatsHeldContext.Provider>
      </OverKeysContext.Provider>
      {/* Over the game's last line at 80×24, as an SSH spectator's: spaces hide the rest of it. */}
      <Text dimColor wrap="truncate">
        {line.padEnd(columns)}
      </Text>
    </Box>
  );
}

/** The table's frame for the web, whole (cleared first) and through the screen's gate. */
export function webFrame(
  table: ServedTable,
  size: { columns: number; rows: number },
  colour = true,
): string {
  const drawn = renderToString(
    <ThemeContext.Provider value={{ colour }}>
      <RouterKeys router={new KeyRouter()}>
        <Spectator table={table} columns={size.columns} rows={size.rows} />
      </RouterKeys>
    </ThemeContext.Provider>,
    { columns: size.columns },
  );
  const rows = drawn.split('\n').slice(0, size.rows);
  // The cursor hidden: a viewer types nothing.
  return `\x1b[?25l${FRAME_CLEAR}${screenText(rows.join('\n')).replace(/\r?\n/g, '\r\n')}`;
}
