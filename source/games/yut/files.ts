/**
 * The advanced game's files in the data directory (the current directory unless --data-dir):
 * user_info.txt (accounts) and game_info.txt (saved games). Read afresh whenever needed, so a
 * file created or edited while madang runs is seen; written atomically, keeping other lines.
 */
import { join } from 'node:path';
import { type Accounts, parseAccounts } from './accounts.js';
import {
  findSave,
  formatSave,
  parseSaves,
  type SavedGame,
  type Saves,
  withLine,
  withoutLine,
} from './saves.js';
import { bytesOf, readText, updateBytes, utf8Of } from '../../storage/files.js';

export const ACCOUNTS_FILE = 'user_info.txt';
export const SAVES_FILE = 'game_info.txt';

export type LoadedAccounts = { ok: true; accounts: Accounts } | { ok: false; problem: string };

export class YutFiles {
  constructor(readonly directory: string) {}

  get accountsFile(): string {
    return join(this.directory, ACCOUNTS_FILE);
  }

  get savesFile(): string {
    return join(this.directory, SAVES_FILE);
  }

  accounts(): LoadedAccounts {
    const read = readText(this.accountsFile);
    if (read.ok) return { ok: true, accounts: parseAccounts(read.text, this.accountsFile) };
    if (read.missing) {
      return {
        ok: false,
        problem: `${this.accountsFile} does not exist: it holds one account per line, "ID password" (such as: Noah 22d34h)`,
      };
    }
    return { ok: false, problem: read.problem };
  }

  saves(): Saves {
    const read = readText(this.savesFile);
    if (read.ok) return parseSaves(read.text, this.savesFile);
    return { games: [], warnings: read.missing ? [] : [read.problem] };
  }

  /** Remove the saved game of these IDs (read afresh, so only that line goes). */
  removeSave(ids: readonly string[]): void {
    updateBytes(this.savesFile, (bytes) => {
      const game = findSave(parseSaves(utf8Of(bytes), this.savesFile), ids);
      return game ? withoutLine(bytes, game.line) : bytes;
    });
  }

  appendSave(game: Omit<SavedGame, 'line'>): void {
    updateBytes(this.savesFile, (bytes) => withLine(bytes, bytesOf(formatSave(game))));
  }
}
