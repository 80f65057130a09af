/** The plain pages of a connection's screen: a framed page, the keyless page, the too-small one. */
import { Box, Text } from '../../render/components.js';
import { MIN_COLUMNS, MIN_ROWS } from '../../ui/min-size.js';
import { TooSmall } from '../../ui/TooSmall.js';

export function Page({
  columns,
  rows,
  children,
}: {
  columns: number;
  rows: number;
  children: React.ReactNode;
}) {
  return (
    <Box width={columns} height={rows} alignItems="center" justifyContent="center">
      <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * The page for a connection without a key (nor --guests). The server writes it as text drawn
 * once for each window size (server.ts), with no screen of its own.
 */
export function KeylessPage({
  columns,
  rows,
  host,
  port,
}: {
  columns: number;
  rows: number;
  host: string;
  port: number;
}) {
  if (columns < MIN_COLUMNS || rows < MIN_ROWS)
    return <ServedTooSmall columns={columns} rows={rows} />;
  return (
    <Page columns={columns} rows={rows}>
      <Text bold>madang needs your SSH key to know you</Text>
      <Text> </Text>
      <Text>This server seats players by their SSH public key. Make one if you have none:</Text>
      <Text> </Text>
      <Text> ssh-keygen -t ed25519</Text>
      <Text> </Text>
      <Text>then connect again with it:</Text>
      <Text> </Text>
      <Text>
        {'    '}ssh -p {port} -i ~/.ssh/id_ed25519 {host}
      </Text>
      <Text> </Text>
      <Text dimColor>Any key closes this connection.</Text>
    </Page>
  );
}

/** The served too-small page: Ctrl+C is the only way out while it shows. */
export const ServedTooSmall = ({ columns, rows }: { columns: number; rows: number }) => (
  <TooSmall columns={columns} rows={rows} says="Ctrl+C leaves." />
);
