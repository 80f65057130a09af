/**
 * `madang export FILE --cast`: a recording as a terminal video, an asciicast v2 (what
 * asciinema's player and `asciinema play` read). Each frame is the replay viewer's own, drawn
 * off-screen at the asked size as it plays the game: the start, then one frame an event, the
 * last one the game's end as the viewer shows it. Every frame passes the screen's gate
 * (engine/safe-text.ts) as a terminal's does.
 */
import { renderToString } from 'ink';
import writeFileAtomic from 'write-file-atomic';
import type { LoadedRecording } from '../engine/recording.js';
import { FRAME_CLEAR, safeText, screenText } from '../engine/safe-text.js';
import type { AnyGameModule } from '../games/module.js';
import { KeyRouter, RouterKeys } from '../ui/keys-context.js';
import { ReplayViewer } from '../ui/ReplayViewer.js';
import { ThemeContext } from '../ui/theme.js';
import { loadRecording } from '../storage/load.js';

/** Milliseconds between two events where the recording has no times: the viewer's own pace
 *  (it plays 2 events a second until + or − is pressed). */
export const PACE_MS = 500;
/** No pause in a cast is longer than this, whatever the recording or --speed says. */
export const LONGEST_PAUSE_MS = 2000;
/** The largest window a cast is drawn at (the server's largest too). */
const MAX = { columns: 400, rows: 200 };
const MIN = { columns: 80, rows: 24 };

export interface Size {
  readonly columns: number;
  readonly rows: number;
}

/** The window the replay of a game of these options needs: 80×24, or more for a big board. */
export function neededSize(face: AnyGameModule, options: unknown): Size {
  const parsed = face.needs ? face.parseOptions(options) : undefined;
  const game = parsed?.ok ? face.needs?.(parsed.options) : undefined;
  return {
    columns: Math.max(MIN.columns, game?.columns ?? 0),
    rows: Math.max(MIN.rows, game?.rows ?? 0),
  };
}

/** `--size COLUMNSxROWS` read and checked against what the replay needs; or why not. */
export function sizeFrom(text: string | undefined, need: Size): Size | string {
  if (text === undefined) return need;
  const match = /^(\d{1,4})[x×](\d{1,4})$/.exec(text.trim());
  if (!match) return `--size takes COLUMNSxROWS, such as 80x24 (not ${text})`;
  const size = { columns: Number(match[1]), rows: Number(match[2]) };
  const named = `${need.columns}x${need.rows}`;
  if (size.columns < need.columns || size.rows < need.rows)
    return `--size ${text} is smaller than the replay needs, ${named} (--size ${named} or more)`;
  if (size.columns > MAX.columns || size.rows > MAX.rows)
    return `--size ${text} is larger than madang draws, ${MAX.columns}x${MAX.rows}`;
  return size;
}

/**
 * Seconds from the start at which each frame is shown: `frames` frames, the gaps at the
 * recording's own pace where it has times (`times[i]`: ms when frame i's event was made), else
 * PACE_MS; divided by `speed`, and no gap over LONGEST_PAUSE_MS.
 */
export function paceOf(frames: number, speed: number, times?: readonly number[]): number[] {
  const at: number[] = [];
  let ms = 0;
  for (let i = 0; i < frames; i++) {
    if (i > 0) {
      const recorded =
        times?.[i] !== undefined && times[i - 1] !== undefined
          ? Math.max(0, (times[i] as number) - (times[i - 1] as number))
          : PACE_MS;
      ms += Math.min(LONGEST_PAUSE_MS, recorded / speed);
    }
    at.push(Math.round(ms * 1000) / 1e6);
  }
  return at;
}

/** The replay viewer's frame at event `index` (0: the start), as a terminal is sent it. */
function frameAt(
  recording: LoadedRecording,
  face: AnyGameModule,
  index: number,
  size: Size,
  colour: boolean,
): string {
  const drawn = renderToString(
    <ThemeContext.Provider value={{ colour }}>
      <RouterKeys router={new KeyRouter()}>
        <ReplayViewer
          recording={recording}
          face={face}
          width={size.columns}
          height={size.rows}
          onQuit={() => {}}
          still={index}
        />
      </RouterKeys>
    </ThemeContext.Provider>,
    { columns: size.columns },
  );
  // The frame cut to the window, as a terminal of that size would show it.
  const rows = drawn.split('\n').slice(0, size.rows);
  return `${FRAME_CLEAR}${screenText(rows.join('\n')).replace(/\r?\n/g, '\r\n')}`;
}

/** The cast's title: the game and its players (a game of many players says how many). */
function titleOf(recording: LoadedRecording, face: AnyGameModule): string {
  const names = recording.header.players.map((p) => p.name);
  const who = names.length > 4 ? `${names.length} players` : names.join(' v ');
  return safeText(`${face.title}: ${who}`);
}

/** The whole asciicast v2: its header line, then `[seconds, "o", text]` a frame. */
export function castOf(
  recording: LoadedRecording,
  face: AnyGameModule,
  options: { size: Size; speed: number; colour: boolean; times?: readonly number[] },
): string {
  const { size } = options;
  const count = recording.events.length + 1;
  const at = paceOf(count, options.speed, options.times);
  const started = Date.parse(recording.header.startedAt);
  const header = {
    version: 2,
    width: size.columns,
    height: size.rows,
    ...(Number.isFinite(started) ? { timestamp: Math.floor(started / 1000) } : {}),
    title: titleOf(recording, face),
    env: { TERM: 'xterm-256color' },
  };
  const lines = [JSON.stringify(header)];
  for (let i = 0; i < count; i++) {
    // The cursor hidden first, as the viewer hides it.
    const text = (i === 0 ? '\x1b[?25l' : '') + frameAt(recording, face, i, size, options.colour);
    lines.push(JSON.stringify([at[i], 'o', text]));
  }
  return `${lines.join('\n')}\n`;
}

/** `madang export FILE --cast [--out F] [--size CxR] [--speed N]`: the problem, or undefined. */
export async function exportCast(
  games: readonly AnyGameModule[],
  file: string,
  flags: {
    out?: string | undefined;
    size?: string | undefined;
    speed?: number | undefined;
    colour: boolean;
  },
  write: (text: string) => void,
  warn: (line: string) => void,
): Promise<string | undefined> {
  const speed = flags.speed ?? 1;
  if (!(speed > 0) || !Number.isFinite(speed))
    return '--speed takes a number above 0 (2: twice as fast)';
  const loaded = await loadRecording(file, (name) => games.find((g) => g.id === name));
  if (!loaded.ok) return loaded.problem;
  for (const warning of loaded.warnings) warn(warning);
  const { recording } = loaded;
  const face = games.find((g) => g.id === recording.header.game);
  if (!face) return `${file}: madang has no game ${recording.header.game}`;
  const size = sizeFrom(
    flags.size,
    neededSize(face, recording.options ?? recording.header.options),
  );
  if (typeof size === 'string') return size;
  const text = castOf(recording, face, { size, speed, colour: flags.colour });
  if (flags.out === undefined) {
    write(text);
    return undefined;
  }
  try {
    writeFileAtomic.sync(flags.out, text);
  } catch (error) {
    return `cannot write ${flags.out}: ${(error as Error).message}`;
  }
  return undefined;
}
