/**
 * `madang verify FILE...`: replay each recording headless and report one line per file.
 * Exit code 0 when every file holds; 1 when a readable recording is wrong (an event the rules
 * reject, an outcome the replay does not reach); 2 when a file cannot be read as a recording.
 */
import { outcomeWords } from '../engine/game.js';
import type { GameLookup, Replayer } from '../engine/recording.js';
import { readRecording } from '../storage/recording-file.js';

export function summary(replayer: Replayer): string {
  const { header } = replayer;
  const names = header.players.map((p) => p.name);
  const outcome = replayer.outcome;
  const result =
    outcome.status === 'running'
      ? `unfinished, ${names[replayer.game.rules.toAct(replayer.state)] ?? 'someone'} to play`
      : outcomeWords(outcome, names);
  return `${header.game}, ${names.length} players (${someNames(names)}), ${replayer.events} events, ${result}`;
}

/** Names listed on a file's line: up to six; past that five and a count (Layers has hundreds). */
const NAMES_LISTED = 6;
const someNames = (names: readonly string[]) =>
  names.length <= NAMES_LISTED
    ? names.join(', ')
    : `${names.slice(0, NAMES_LISTED - 1).join(', ')} and ${names.length - NAMES_LISTED + 1} more`;

export async function verify(
  files: readonly string[],
  games: GameLookup,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  let code = 0;
  for (const file of files) {
    const read = await readRecording(file, games);
    if (!read.ok) {
      err(read.problem);
      code = Math.max(code, read.kind === 'rejected' ? 1 : 2);
      continue;
    }
    for (const warning of read.result.warnings) err(`warning: ${warning}`);
    out(`${file}: ${summary(read.result.replayer)}`);
  }
  return code;
}
