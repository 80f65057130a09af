/**
 * The page shown while the window is smaller than a screen needs, locally (app/App.tsx, over the
 * paused screen) and served (serve/ServeApp.tsx): the size asked for, the size it is, and what
 * the person can do meanwhile.
 */
import { Box, Text } from '../render/components.js';
import { MIN_COLUMNS, MIN_ROWS } from './min-size.js';

export function TooSmall({
  columns,
  rows,
  need = { columns: MIN_COLUMNS, rows: MIN_ROWS },
  says,
  keys,
  centred = false,
}: {
  columns: number;
  rows: number;
  need?: { columns: number; rows: number };
  /** After "It is C×R now.". */
  says: string;
  /** A dim last line, the keys that work here. */
  keys?: string;
  centred?: boolean;
}) {
  return (
    <Box
      flexDirection="column"
      width={Math.max(1, columns)}
      height={Math.max(1, rows)}
      {...(centred ? { alignItems: 'center', justifyContent: 'center' } : {})}
    >
      <Text bold>
        Make the window at least {need.columns}×{need.rows}
      </Text>
      <Text>
        It is {columns}×{rows} now. {says}
      </Text>
      {keys ? <Text dimColor>{keys}</Text> : null}
    </Box>
  );
}
