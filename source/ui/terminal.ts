/**
 * Terminal manners for the full-screen UI: the alternate screen and a hidden cursor while
 * playing, and the original screen and cursor restored on every way out (normal exit, q,
 * Ctrl+C, a signal, an exception).
 */
const ENTER = '\x1b[?1049h\x1b[2J\x1b[H\x1b[?25l';
// The alternate screen is cleared before it is left: a terminal that was resized while in it
// (tmux) may keep some of its rows when the original screen comes back.
const LEAVE = '\x1b[H\x1b[2J\x1b[?25h\x1b[?1049l';

const SIGNALS = { SIGTERM: 143, SIGHUP: 129, SIGINT: 130 } as const;

/** Leaves the full screen; `shown` says whether it is still there. */
export type Restore = (() => void) & { readonly shown: () => boolean };

export function enterFullScreen(stdout: NodeJS.WriteStream): Restore {
  let active = true;
  const restore = () => {
    if (!active) return;
    active = false;
    stdout.write(LEAVE);
    process.off('exit', restore);
    for (const [signal, handler] of handlers) process.off(signal, handler);
    process.off('uncaughtException', crash);
    process.off('unhandledRejection', crash);
  };
  const handlers = Object.entries(SIGNALS).map(([signal, code]) => {
    const handler = () => {
      restore();
      process.exit(code);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  const crash = (error: unknown) => {
    restore();
    process.stderr.write(
      `madang: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  };
  process.on('exit', restore);
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  stdout.write(ENTER);
  return Object.assign(restore, { shown: () => active });
}
