/**
 * Drive the built program in a real terminal: tmux on a private socket, send-keys to type,
 * capture-pane to read the screen. In CI tmux must be there (.ci/run installs it); on a
 * developer's machine without tmux these tests are skipped with a note.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = `${ROOT}dist/madang.js`;

export const hasTmux = spawnSync('tmux', ['-V']).status === 0;
if (!hasTmux && process.env.CI)
  throw new Error('tmux is missing: .ci/run installs it with apt-get');
if (!hasTmux)
  console.warn('tmux not found: the end-to-end tests are skipped (apt-get install tmux)');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a wait for the screen lasts before it fails. The program answers a key within
 * milliseconds; the margin is for a machine busy with other work (two cores, several test runs).
 */
export const WAIT_MS = 10_000;
const SETTLE_MS = 5000;
/** How long a screen showing what is awaited may go on changing before it is taken as it is. */
const LIVE_MS = 1000;

const matches = (screen: string, text: string | RegExp) =>
  typeof text === 'string' ? screen.includes(text) : text.test(screen);

export class Terminal {
  private readonly socket = `madang-test-${process.pid}-${Math.random().toString(36).slice(2)}`;
  /** A private data directory, so that tests never touch the user's recordings. */
  readonly dataDir = mkdtempSync(join(tmpdir(), 'madang-e2e-'));

  constructor(
    command: string,
    size: { columns: number; rows: number } = { columns: 100, rows: 30 },
    env: Record<string, string> = {},
  ) {
    // A colour terminal as a person has it: the test runner's FORCE_COLOR (and any CI or
    // NO_COLOR of the machine) must not decide what the program shows; tests pass their own.
    const exports = Object.entries({
      TERM: 'xterm-256color',
      MADANG_DATA_DIR: this.dataDir,
      ...env,
    })
      .map(([k, v]) => `export ${k}='${v}'; `)
      .join('');
    const unset = 'unset FORCE_COLOR NO_COLOR CI CONTINUOUS_INTEGRATION COLORTERM; ';
    // After the program ends the shell prints its exit code and lingers, so we can read the screen.
    const script = `${unset}${exports}cd '${ROOT}' && ${command}; echo "EXITED $?"; sleep 30`;
    this.tmux('new-session', '-d', '-x', String(size.columns), '-y', String(size.rows), script);
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], {
      encoding: 'utf8',
    });
  }

  screen(escapes = false): string {
    return this.tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []));
  }

  /** The terminal's history (the lines scrolled off its top) and its screen, as text. */
  history(): string {
    return this.tmux('capture-pane', '-p', '-S', '-');
  }

  /** The screen with lines the terminal wrapped joined again (a long path stays whole). */
  joined(): string {
    return this.tmux('capture-pane', '-p', '-J');
  }

  /**
   * The screen once it has stopped changing (a frame is written in pieces): the same over 120 ms.
   * A screen still changing after `ms` fails the test, showing the last screen.
   */
  async settled(escapes = false, ms = SETTLE_MS): Promise<string> {
    const end = Date.now() + ms;
    let before = this.screen(escapes);
    for (;;) {
      await sleep(120);
      const now = this.screen(escapes);
      if (now === before) return now;
      if (Date.now() > end)
        throw new Error(
          `the screen was still changing after ${ms} ms; the last screen was:\n${now}`,
        );
      before = now;
    }
  }

  /** Resize the window, as a person dragging its corner. */
  resize(columns: number, rows: number): void {
    this.tmux('resize-window', '-x', String(columns), '-y', String(rows));
  }

  /** Characters sent as they are, in one write (a burst, a paste). */
  sendRaw(text: string): void {
    this.tmux('send-keys', '-l', text);
  }

  async keys(...keys: string[]): Promise<void> {
    for (const key of keys) {
      this.tmux('send-keys', key);
      await sleep(40);
    }
  }

  /**
   * Wait for the screen to contain `text` (or match it) and return the screen, once whole: the
   * same over 100 ms (Ink writes a frame in pieces, and a busy machine may pause between them).
   * If it does not within `ms`, throw, saying what was awaited and showing the screen: a wait
   * that runs out must fail the test, never hand an old screen to the assertions.
   */
  waitFor(text: string | RegExp, ms = WAIT_MS): Promise<string> {
    return this.until(text, (screen) => matches(screen, text), ms, '');
  }

  /**
   * Wait for a screen that contains `text` (or matches it) and is not `before`: after a key, the
   * screen it leads to, never the one it was pressed on (which may show the same words).
   */
  waitForNew(text: string | RegExp, before: string, ms = WAIT_MS): Promise<string> {
    return this.until(
      text,
      (screen) => screen !== before && matches(screen, text),
      ms,
      'a new screen with ',
    );
  }

  private async until(
    text: string | RegExp,
    found: (screen: string) => boolean,
    ms: number,
    what: string,
  ): Promise<string> {
    const end = Date.now() + ms;
    let screen = this.screen();
    let since: number | undefined;
    for (;;) {
      if (found(screen)) {
        since ??= Date.now();
        await sleep(100);
        const again = this.screen();
        // Whole: the same over 100 ms. A screen that goes on changing (computers playing on) is
        // taken as it is when what it showed has gone (it was passing), or still shows it a
        // second later.
        if (again === screen) return again;
        if (!found(again)) return screen;
        if (Date.now() - since > LIVE_MS) return again;
        screen = again;
        continue;
      }
      since = undefined;
      if (Date.now() > end)
        throw new Error(
          `waited ${ms} ms for ${what}${typeof text === 'string' ? JSON.stringify(text) : String(text)}; the screen was:\n${screen}`,
        );
      await sleep(50);
      screen = this.screen();
    }
  }

  /** Everything the program writes to the terminal from now on, as raw bytes, appended to `file`. */
  tap(file: string): void {
    this.tmux('pipe-pane', '-o', `cat >> '${file}'`);
  }

  /** Whether the terminal shows its alternate screen (a full-screen program's), not the main one. */
  alternate(): boolean {
    return this.tmux('display-message', '-p', '#{alternate_on}').trim() === '1';
  }

  /** Whether the cursor is shown. */
  cursorShown(): boolean {
    return this.tmux('display-message', '-p', '#{cursor_flag}').trim() === '1';
  }

  /** The process id of the program the shell started (the shell's child). */
  programPid(): number {
    const shell = this.tmux('display-message', '-p', '#{pane_pid}').trim();
    const child = execFileSync('ps', ['-o', 'pid=', '--ppid', shell], { encoding: 'utf8' });
    return Number(child.trim().split(/\s+/)[0]);
  }

  close(): void {
    try {
      this.tmux('kill-server');
    } catch {
      // Already gone.
    }
  }
}
