import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listRecordings } from '../../source/storage/catalogue.js';
import { loadRecording } from '../../source/storage/load.js';
import { lookup } from '../support/games.js';
import { ROOT } from '../support/tmux.js';

const fixture = (name: string) => readFileSync(join(ROOT, 'fixtures/recordings', name), 'utf8');
/** A fixture whose game started on another day of January 2026. */
const startedOn = (name: string, day: number) =>
  fixture(name).replace('2026-01-01T', `2026-01-${String(day).padStart(2, '0')}T`);

/** A folder of recordings, each written with its own last-modified time (seconds). */
function folder(files: Record<string, [text: string, modified: number]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'madang-catalogue-'));
  for (const [name, [text, modified]] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    utimesSync(join(dir, name), modified, modified);
  }
  return dir;
}

describe('the recordings folder as a list', () => {
  it('lists each recording newest first, with its players, its end and its exact length', async () => {
    // Latest started first, as the browser shows each one's start: not by the file's time (a
    // game resumed or a file copied is written later than it started).
    const dir = folder({
      'short.jsonl': [startedOn('short.jsonl', 3), 1000],
      'unfinished.jsonl': [startedOn('unfinished.jsonl', 1), 3000],
      'animals.jsonl': [startedOn('animals.jsonl', 2), 2000],
      'notes.txt': ['not a recording', 4000],
    });
    mkdirSync(join(dir, 'folder.jsonl'));
    const { directory, recordings } = listRecordings(dir, lookup);
    expect(directory).toBe(dir);
    expect(recordings.map((r) => r.name)).toEqual([
      'short.jsonl',
      'animals.jsonl',
      'unfinished.jsonl',
    ]);
    const [short, animals, unfinished] = recordings;
    expect(short?.header?.players.map((p) => p.name)).toEqual(['Noah', 'Liam']);
    expect(short?.outcome).toEqual({ status: 'won', winner: 1 });
    expect(unfinished?.outcome).toBeUndefined();
    expect(animals?.outcome).toEqual({ status: 'won', winner: 1 });
    // Small files are read whole: the steps are the replay's own count.
    for (const listed of recordings) {
      const loaded = await loadRecording(listed.file, lookup);
      if (!loaded.ok) throw new Error(loaded.problem);
      expect(listed.approximate).toBe(false);
      expect(listed.steps).toBe(loaded.recording.events.length);
    }
  });

  it('a long recording is estimated from its first kilobytes, and its end read from its last', () => {
    const lines = fixture('short.jsonl').trimEnd().split('\n');
    const header = lines[0] ?? '';
    const throwLine = '{"type":"yut/sticksThrown","sticks":[1,0,1,0]}';
    const body = Array.from({ length: 5000 }, (_, i) =>
      i % 2 ? throwLine : '{"type":"yut/pieceMoved","from":0,"result":"gae"}',
    );
    const ended = '{"type":"session/ended","outcome":{"status":"won","winner":0}}';
    const dir = folder({ 'long.jsonl': [[header, ...body, ended, ''].join('\n'), 1000] });
    const [long] = listRecordings(dir, lookup).recordings;
    expect(long?.approximate).toBe(true);
    expect(Math.abs((long?.steps ?? 0) - 5000)).toBeLessThan(100);
    expect(long?.outcome).toEqual({ status: 'won', winner: 0 });
  });

  it('take-backs, reasons and resumed lines are not steps; a byte order mark does not hide the header', () => {
    const [header, ...rest] = fixture('unfinished.jsonl').trimEnd().split('\n');
    const text = [
      `\uFEFF${header}`,
      rest[0],
      rest[1],
      '{"type":"session/explained","reason":"strong: enters"}',
      '{"type":"session/moveTakenBack"}',
      '{"type":"session/resumed","at":"2026-01-02T00:00:00.000Z","seed":3}',
      '',
    ].join('\n');
    const [listed] = listRecordings(folder({ 'x.jsonl': [text, 1] }), lookup).recordings;
    expect(listed?.header?.game).toBe('yut');
    expect(listed?.steps).toBe(1);
  });

  it('files it cannot play are listed with the reason; a closing line that does not hold is unfinished', () => {
    const short = fixture('short.jsonl');
    const dir = folder({
      'empty.jsonl': ['', 1],
      'text.jsonl': ['hello\n', 2],
      'chess.jsonl': [short.replace('"game":"yut"', '"game":"chess"'), 3],
      'badend.jsonl': [short.replace('"winner":1', '"winner":7'), 4],
    });
    const byName = Object.fromEntries(
      listRecordings(dir, lookup).recordings.map((r) => [r.name, r]),
    );
    expect(byName['empty.jsonl']?.problem).toBe(
      'not a madang recording (its first line is not a header)',
    );
    expect(byName['text.jsonl']?.problem).toBe(
      'not a madang recording (its first line is not a header)',
    );
    expect(byName['chess.jsonl']?.problem).toBe(
      'a recording of "chess", a game this version of madang does not have',
    );
    expect(byName['badend.jsonl']?.header).toBeDefined();
    expect(byName['badend.jsonl']?.outcome).toBeUndefined();
  });

  it('a folder that does not exist is an empty list', () => {
    expect(listRecordings('/nonexistent/recordings', lookup)).toEqual({
      directory: '/nonexistent/recordings',
      recordings: [],
    });
  });
});
