import { useStdout } from 'ink';
import { useContext, useEffect, useState } from 'react';
import { OwnScreen } from '../render/context.js';

/** The terminal's size, updated on every resize: the own renderer's screen, or Ink's stdout. */
export function useTerminalSize(): { columns: number; rows: number } {
  const own = useContext(OwnScreen);
  // Ink 8 types it as any writable stream; Ink is given a terminal's (or the server's, sized).
  const stdout = useStdout().stdout as NodeJS.WriteStream;
  const read = () =>
    own
      ? { columns: own.columns(), rows: own.rows() }
      : { columns: stdout.columns || 80, rows: stdout.rows || 24 };
  const [size, setSize] = useState(read);
  useEffect(() => {
    if (own) return own.onResize(() => setSize({ columns: own.columns(), rows: own.rows() }));
    const onResize = () => setSize({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [own, stdout]);
  return size;
}
