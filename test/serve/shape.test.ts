/**
 * The server's shape (issue 40.4): halls and tables made by composition, the Redis code split by
 * role. Read from the source, as the layout test reads the imports.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVE = join(ROOT, 'source/serve');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

const read = (path: string) => readFileSync(path, 'utf8');

describe("the server's shape", () => {
  it('no file of the Redis code (source/serve/redis/) is over 500 lines', () => {
    const long = filesUnder(join(SERVE, 'redis')).flatMap((path) => {
      const lines = read(path).split('\n').length - 1;
      return lines > 500 ? [`${relative(ROOT, path)}: ${lines} lines`] : [];
    });
    expect(long).toEqual([]);
  });

  it('no hall or table extends another, and the command line never asks which hall it has', () => {
    const found = [...filesUnder(SERVE), join(ROOT, 'source/cli/serve.ts')].flatMap((path) =>
      read(path)
        .split('\n')
        .flatMap((line, at) =>
          /extends (Hall|ServedTable)\b|instanceof \w*(Hall|Table)\b|as (ReplicaTable|Replica)\b/.test(
            line,
          )
            ? [`${relative(ROOT, path)}:${at + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('one hall a process: the Redis store lists its tables in a Hall as the memory server does, and its runner hosts its own', () => {
    const making = filesUnder(SERVE).flatMap((path) =>
      /new Hall\(/.test(read(path)) ? [relative(ROOT, path)] : [],
    );
    expect(making).toEqual(['source/serve/redis/store.ts']);
    expect(read(join(ROOT, 'source/cli/serve.ts'))).toMatch(/new Hall\(/);
    expect(read(join(SERVE, 'redis/store.ts'))).toMatch(/implements TableStore\b/);
    expect(read(join(SERVE, 'redis/runner.ts'))).not.toMatch(/\bHall\b/);
    // A table run by another process is a ServedTable like any, reached through its bus.
    const replica = read(join(SERVE, 'redis/replica.ts'));
    expect(replica).toMatch(/implements TableBus\b/);
    expect(replica).toMatch(/new ServedTable\(/);
  });

  it("the seating's refusals are written once: a Redis table says them through the table's own", () => {
    const sentences = (text: string) => new Set(text.match(/'[A-Z][^'\n]*\.'/g) ?? []);
    const hall = read(join(SERVE, 'served-table.ts')) + read(join(SERVE, 'hall.ts'));
    const written: string[] = hall.match(/'[A-Z][^'\n]*\.'/g) ?? [];
    // Each sentence once in the table and hall (a check shared by the rules that use it).
    expect(written.filter((s, i) => written.indexOf(s) !== i)).toEqual([]);
    const repeated = filesUnder(join(SERVE, 'redis')).flatMap((path) =>
      [...sentences(read(path))]
        .filter((s) => written.includes(s))
        .map((s) => `${relative(ROOT, path)}: ${s}`),
    );
    expect(repeated).toEqual([]);
  });

  it("the hall's file is kept by the memory store, not by the command line", () => {
    const cli = read(join(ROOT, 'source/cli/serve.ts'));
    expect(cli).not.toMatch(/function keepTables|function reopen\b|tables\.json/);
  });

  it("a connection's screens: a pure model, its pages in their own files, the too-small page the app's", () => {
    const app = read(join(SERVE, 'ServeApp.tsx'));
    expect(app.split('\n').length).toBeLessThan(500);
    // Keys go to the model; no screen's key handling is left in the component.
    expect(app).toMatch(/serveKey\(/);
    expect(app).not.toMatch(/editField\(|function Lobby\(|function Waiting\(/);
    const everywhere = filesUnder(join(ROOT, 'source'));
    const defining = (pattern: RegExp) =>
      everywhere.filter((path) => pattern.test(read(path))).map((path) => relative(ROOT, path));
    expect(defining(/const MIN_COLUMNS = /)).toEqual(['source/ui/min-size.ts']);
    expect(defining(/function TooSmall\(/)).toEqual(['source/ui/TooSmall.tsx']);
  });
});
