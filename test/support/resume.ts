/**
 * Resuming a recording on its bytes, as `--resume` does: loaded, then refused (left exactly as it
 * was) or appended a resumed line, after which it must load again with the same events in force.
 */
import { readFileSync } from 'node:fs';
import { loadRecording } from '../../source/storage/load.js';
import { RecordingWriter } from '../../source/storage/recording-file.js';
import { lookup } from './games.js';

export async function resumeOnBytes(
  file: string,
): Promise<{ outcome: 'resumed' | 'refused'; problem?: string }> {
  const bytes = readFileSync(file);
  const loaded = await loadRecording(file, lookup);
  if (!loaded.ok || loaded.finished) {
    const untouched = readFileSync(file).equals(bytes);
    return {
      outcome: 'refused',
      ...(untouched ? {} : { problem: 'a refused recording was changed' }),
    };
  }
  RecordingWriter.append(file, loaded.recording.goodBytes, '2026-01-02T00:00:00.000Z', 7).close();
  const again = await loadRecording(file, lookup);
  const problem = !again.ok
    ? `resumed, it no longer loads: ${again.problem}`
    : JSON.stringify(again.recording.events) !== JSON.stringify(loaded.recording.events)
      ? 'resumed, its events changed'
      : again.finished
        ? 'resumed, it reads as finished'
        : again.warnings.length > 0
          ? `resumed with warnings: ${again.warnings.join('; ')}`
          : undefined;
  return { outcome: 'resumed', ...(problem === undefined ? {} : { problem }) };
}
