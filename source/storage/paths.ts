/**
 * Where madang keeps its files: accounts, saves and recordings all in one data directory.
 * `--data-dir DIR` chooses it, else `MADANG_DATA_DIR`; else the current directory when it holds
 * the files the original programs kept beside themselves (so old setups are still found); else
 * the platform's data folder (env-paths), e.g. ~/.local/share/madang.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';

export interface DataChoice {
  /** `--data-dir`, if given. */
  readonly flag?: string | undefined;
  /** The files games keep in the data directory (GameModule.dataFiles), looked for here. */
  readonly oldFiles?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

export function dataDirectory(choice: DataChoice = {}): string {
  const { flag, oldFiles = [], env = process.env, cwd = process.cwd() } = choice;
  if (flag !== undefined && flag !== '') return flag;
  if (env.MADANG_DATA_DIR) return env.MADANG_DATA_DIR;
  if (oldFiles.some((name) => existsSync(join(cwd, name)))) return cwd;
  // env-paths reads XDG_DATA_HOME itself.
  return envPaths('madang', { suffix: '' }).data;
}

/** Why the data directory is where it is, for --help. */
export function dataDirectoryWhy(choice: DataChoice = {}): string {
  const { flag, oldFiles = [], env = process.env, cwd = process.cwd() } = choice;
  if (flag !== undefined && flag !== '') return 'given by --data-dir';
  if (env.MADANG_DATA_DIR) return 'from MADANG_DATA_DIR';
  if (oldFiles.some((name) => existsSync(join(cwd, name))))
    return 'the current directory: it holds saved files';
  return "the platform's data folder";
}

export const recordingsDirectory = (data: string = dataDirectory()) => join(data, 'recordings');

/** A readable, sortable name: yut-2026-11-21-143015.jsonl */
export function recordingName(game: string, startedAt: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const d = startedAt;
  const stamp = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  return `${game}-${stamp}.jsonl`;
}
