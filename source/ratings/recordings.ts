/**
 * The rated games of recordings on disk: what `madang ratings` and the server's start-up check
 * read. A recording whose header is not a rated table's is passed over after its first line.
 */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ComputerMoves } from '../engine/computer-moves.js';
import { type GameLookup, parseHeader } from '../engine/recording.js';
import { readRecording } from '../storage/recording-file.js';
import type { RatedGame } from './rating.js';
import { ratedGame } from './ranking.js';

export interface Gathered {
  readonly games: RatedGame[];
  /** Files that could not be read, each with its reason (`FILE:LINE: why`). */
  readonly problems: string[];
  /** Recordings read in all (rated or not). */
  readonly read: number;
}

/** Every `.jsonl` under these files and folders (a folder's own, not its subfolders'), sorted. */
export function recordingFiles(paths: readonly string[]): { files: string[]; problems: string[] } {
  const files: string[] = [];
  const problems: string[] = [];
  for (const path of paths) {
    try {
      if (statSync(path).isDirectory())
        files.push(
          ...readdirSync(path)
            .filter((name) => name.endsWith('.jsonl'))
            .sort()
            .map((name) => join(path, name)),
        );
      else files.push(path);
    } catch (error) {
      problems.push(`${path}: ${why(error)}`);
    }
  }
  return { files, problems };
}

/** A file system's refusal in words. */
function why(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES' || code === 'EPERM') return 'not allowed to read it';
  if (code === 'EISDIR') return 'a folder, not a recording';
  return code ?? message;
}

/** A file's header, read from its first line alone; undefined if it has none this madang reads. */
function firstLine(file: string): string | undefined {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const got = readSync(fd, buffer, 0, buffer.length, 0);
    const end = buffer.subarray(0, got).indexOf(0x0a);
    return end < 0 ? undefined : buffer.subarray(0, end).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** The rated game one recording makes, or undefined (with the reason when it is not readable). */
export async function ratedOf(
  file: string,
  games: GameLookup,
): Promise<{ game?: RatedGame; problem?: string }> {
  let line: string | undefined;
  try {
    line = firstLine(file);
  } catch (error) {
    return { problem: `${file}: ${why(error)}` };
  }
  if (line === undefined) return {};
  const header = parseHeader(line, games);
  // Only a rated table's recording is replayed: a local game, or a casual table's, is not.
  if (!header.ok || header.header.rated !== true) return {};
  // The moves the computer made for a person (a seat given to it): such a game is not rated.
  const computer = new ComputerMoves();
  const { rules } = header.game;
  const read = await readRecording(
    file,
    games,
    computer.followRecording(header.header.players, (state) => rules.toAct(state)),
  );
  if (!read.ok) return { problem: read.problem };
  const { replayer } = read.result;
  const game = ratedGame(
    replayer.header,
    replayer.state,
    replayer.ended,
    header.game.standing?.bind(header.game),
    computer.seats(),
  );
  return typeof game === 'string' ? {} : { game };
}

/** The rated games of these recordings (files, or folders of them). */
export async function gather(paths: readonly string[], games: GameLookup): Promise<Gathered> {
  const { files, problems } = recordingFiles(paths);
  const found: RatedGame[] = [];
  for (const file of files) {
    const { game, problem } = await ratedOf(file, games);
    if (game) found.push(game);
    if (problem) problems.push(problem);
  }
  return { games: found, problems, read: files.length };
}
