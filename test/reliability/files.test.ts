/**
 * Other people's files: lines madang does not own are kept as bytes, a read-only file is
 * reported and left alone, a byte order mark does not hide the first account, and a stale lock
 * whose folder still holds its owner file is taken over.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { login } from '../../source/games/yut/accounts.js';
import { YutFiles } from '../../source/games/yut/files.js';
import { historicalSpec, parseBoard } from '../../source/games/ur/board.js';
import { lockFile, readText, updateBytes } from '../../source/storage/files.js';
import { recordingInUse } from '../../source/storage/recording-file.js';

const folder = () => mkdtempSync(join(tmpdir(), 'madang-files-'));

const SAVE = {
  ids: ['Ethan', 'Noah'],
  animals: ['pig', 'dog'] as const,
  positions: [
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ],
  turn: 0,
};

describe("other people's lines", () => {
  // "café" in Latin-1, "한국" in EUC-KR, and a stray continuation byte: none of them UTF-8.
  const latin1 = Buffer.from('caf\xe9 | not a save\n', 'latin1');
  const eucKr = Buffer.from([0xc7, 0xd1, 0xb1, 0xb9, 0x20, 0x7c, 0x0a]);
  const broken = Buffer.from([0x41, 0x80, 0x42, 0x0d, 0x0a]);
  const others = Buffer.concat([latin1, eucKr, broken]);

  it('a save appended and then removed leaves every other byte as it was', () => {
    const files = new YutFiles(folder());
    writeFileSync(files.savesFile, others);
    files.appendSave({ ...SAVE, animals: [...SAVE.animals] });
    const saved = readFileSync(files.savesFile);
    expect(saved.subarray(0, others.length).equals(others)).toBe(true);
    expect(saved.subarray(others.length).toString('utf8')).toBe(
      'Ethan Noah | Ethan 0 0 0 0 0 | Noah 1 0 0 0 0 | 0\n',
    );
    expect(files.saves().games.map((g) => g.ids)).toEqual([['Ethan', 'Noah']]);
    files.removeSave(['Noah', 'Ethan']);
    expect(readFileSync(files.savesFile).equals(others)).toBe(true);
  });

  it('a save of IDs in Korean is written as UTF-8 beside them', () => {
    const files = new YutFiles(folder());
    writeFileSync(files.savesFile, others);
    files.appendSave({ ...SAVE, ids: ['지우', 'Noah'], animals: [...SAVE.animals] });
    const added = readFileSync(files.savesFile).subarray(others.length).toString('utf8');
    expect(added.startsWith('지우 Noah | 지우 0')).toBe(true);
    expect(files.saves().games[0]?.ids).toEqual(['지우', 'Noah']);
  });
});

describe('a read-only file', () => {
  it('is reported and not replaced', () => {
    const files = new YutFiles(folder());
    writeFileSync(files.savesFile, 'Noah Liam | Noah 1 0 100 100 100 | Liam 0 1 5 5 5 | 1\n');
    chmodSync(files.savesFile, 0o444);
    const before = readFileSync(files.savesFile);
    expect(() => files.appendSave({ ...SAVE, animals: [...SAVE.animals] })).toThrow(
      `${files.savesFile} is read-only; nothing was written to it`,
    );
    expect(() => files.removeSave(['Noah', 'Liam'])).toThrow('is read-only');
    expect(readFileSync(files.savesFile).equals(before)).toBe(true);
  });
});

describe('a byte order mark', () => {
  it('at the start of user_info.txt does not keep the first account out', () => {
    const files = new YutFiles(folder());
    writeFileSync(files.accountsFile, '\uFEFFNoah 22d34h\nEthan 11a22b\n');
    const read = files.accounts();
    if (!read.ok) throw new Error(read.problem);
    expect(login(read.accounts, 'Noah', '22d34h').ok).toBe(true);
    expect(read.accounts.warnings).toEqual([]);
  });

  it('at the start of game_info.txt does not hide the first save, and stays there', () => {
    const files = new YutFiles(folder());
    const line = 'Noah Liam | Noah 1 0 100 100 100 | Liam 0 1 5 5 5 | 1\n';
    writeFileSync(files.savesFile, `\uFEFF${line}`);
    expect(files.saves().games.map((g) => g.ids)).toEqual([['Noah', 'Liam']]);
    files.appendSave({ ...SAVE, animals: [...SAVE.animals] });
    expect(readFileSync(files.savesFile, 'utf8').startsWith(`\uFEFF${line}Ethan`)).toBe(true);
  });
});

describe('a stale lock', () => {
  it("is taken over though its folder still holds its owner's name", () => {
    const dir = folder();
    const file = join(dir, 'game_info.txt');
    writeFileSync(file, 'a line\n');
    // Left by a madang on another machine (so not known to be gone), and not refreshed for a minute.
    mkdirSync(`${file}.lock`);
    writeFileSync(join(`${file}.lock`, 'owner'), 'elsewhere 1234');
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, aMinuteAgo, aMinuteAgo);
    updateBytes(file, (bytes) => `${bytes}another\n`);
    expect(readFileSync(file, 'utf8')).toBe('a line\nanother\n');
  });
});

describe("a recording's lock left by a killed madang", () => {
  it('is not in use at once, where a live owner’s is (proper-lockfile alone says so for 10 s)', () => {
    const file = join(folder(), 'game.jsonl');
    writeFileSync(file, '');
    // A process of this machine that has ended: its pid names no one now.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    mkdirSync(`${file}.lock`);
    writeFileSync(join(`${file}.lock`, 'owner'), `${hostname()} ${gone}`);
    expect(recordingInUse(file)).toBe(false);
    writeFileSync(join(`${file}.lock`, 'owner'), `${hostname()} ${process.pid}`);
    expect(recordingInUse(file)).toBe(true);
  });
});

describe('a lock held for long', () => {
  // proper-lockfile refreshes its folder's time every 5 s and gives the lock up when that time is
  // not the one it set: writing the owner file inside the folder changed it (issue 28, item 9).
  it('is still ours after its refreshes, and its release leaves no folder', async () => {
    const file = join(folder(), 'game.jsonl');
    writeFileSync(file, '');
    const release = lockFile(file);
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(recordingInUse(file)).toBe(true);
    release();
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(recordingInUse(file)).toBe(false);
  }, 20_000);
});

describe('a byte order mark on an Ur board', () => {
  it('is not taken for the start of its JSON', () => {
    const dir = folder();
    const file = join(dir, 'board.ur');
    writeFileSync(file, `\uFEFF${JSON.stringify(historicalSpec())}`);
    const text = readText(file);
    if (!text.ok) throw new Error(text.problem);
    expect(parseBoard(text.text, file).ok).toBe(true);
  });
});
