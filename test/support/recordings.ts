/** A recordings folder for the browser's screens: its rows known, its times fixed. */
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './tmux.js';

/**
 * Fill `folder` (made if need be) with the three fixtures and twenty-five more games of Noah's,
 * with fixed times (the list is newest first).
 */
export function fillRecordings(folder: string): void {
  mkdirSync(folder, { recursive: true });
  const fixture = (name: string) =>
    readFileSync(join(ROOT, 'fixtures', 'recordings', name), 'utf8');
  const names = ['Ann', 'Bob', 'Cho', 'Dan', 'Eve'];
  const files: [string, string][] = [
    ['short.jsonl', fixture('short.jsonl')],
    ['unfinished.jsonl', fixture('unfinished.jsonl')],
    ['animals.jsonl', fixture('animals.jsonl')],
    ...Array.from({ length: 25 }, (_, i): [string, string] => [
      `yut-2026-02-${String(i + 1).padStart(2, '0')}.jsonl`,
      fixture('short.jsonl')
        .replace('"Liam"', JSON.stringify(names[i % 5]))
        .replace('2026-01-01T00:00', `2026-02-${String(i + 1).padStart(2, '0')}T1${i % 10}:30`),
    ]),
  ];
  files.forEach(([name, text], i) => {
    writeFileSync(join(folder, name), text);
    utimesSync(join(folder, name), 1_000_000 + i, 1_000_000 + i);
  });
}
