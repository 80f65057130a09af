/** Where madang keeps files: the platform's data directory (env-paths), e.g. ~/.local/share/madang. */
import { join } from 'node:path';
import envPaths from 'env-paths';

export function dataDirectory(env: NodeJS.ProcessEnv = process.env): string {
  // env-paths reads XDG_DATA_HOME itself; MADANG_DATA_DIR lets tests and users point elsewhere.
  return env.MADANG_DATA_DIR ?? envPaths('madang', { suffix: '' }).data;
}

export const recordingsDirectory = (env: NodeJS.ProcessEnv = process.env) =>
  join(dataDirectory(env), 'recordings');

/** A readable, sortable name: yut-2026-11-21-143015.jsonl */
export function recordingName(game: string, startedAt: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const d = startedAt;
  const stamp = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  return `${game}-${stamp}.jsonl`;
}
