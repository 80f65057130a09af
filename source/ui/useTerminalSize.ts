import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

/** The terminal's size, updated on every resize. */
export function useTerminalSize(): { columns: number; rows: number } {
  // Ink 8 types it as any writable stream; Ink is given a terminal's (or the server's, sized).
  const stdout = useStdout().stdout as NodeJS.WriteStream;
  const read = () => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
