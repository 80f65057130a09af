/** The full screen's terminal manners, on a stream of the test's own (tmux shows the real one). */
import { describe, expect, it } from 'vitest';
import { enterFullScreen } from '../../source/ui/terminal.js';

function stream() {
  const written: string[] = [];
  return {
    written,
    out: { write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream,
  };
}

const listeners = () =>
  ['exit', 'SIGTERM', 'SIGHUP', 'SIGINT', 'uncaughtException', 'unhandledRejection'].map((e) =>
    process.listenerCount(e),
  );

describe('enterFullScreen', () => {
  it('switches to the alternate screen and hides the cursor; restoring undoes both, once', () => {
    const { written, out } = stream();
    const before = listeners();
    const restore = enterFullScreen(out);
    expect(written).toEqual(['\x1b[?1049h\x1b[2J\x1b[H\x1b[?25l']);
    // Every way out is watched: exit, the three signals, a crash.
    expect(listeners()).toEqual(before.map((n) => n + 1));
    restore();
    restore();
    // Leaving clears the alternate screen first (tmux keeps rows of it after a resize).
    expect(written).toEqual([
      '\x1b[?1049h\x1b[2J\x1b[H\x1b[?25l',
      '\x1b[H\x1b[2J\x1b[?25h\x1b[?1049l',
    ]);
    expect(listeners()).toEqual(before);
  });

  it('restores the screen on the way out', () => {
    const { written, out } = stream();
    enterFullScreen(out);
    // The listener it left for the process's exit (called here: emitting 'exit' would reach the
    // test runner's own listeners too).
    const onExit = process.listeners('exit').at(-1) as () => void;
    onExit();
    expect(written.at(-1)).toBe('\x1b[H\x1b[2J\x1b[?25h\x1b[?1049l');
    expect(written).toHaveLength(2);
  });
});
