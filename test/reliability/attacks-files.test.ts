/**
 * The attack run on the server's files, kept (issue 45): the built `madang serve` started on a
 * tables.json or players.json damaged at random (cut, a byte changed, a wrong shape), a players'
 * file that cannot be written when people register, and kill -9 after a random number of moves.
 * Each case prints its tries and failures; every loop is bounded in count and time, and every
 * connection goes to 127.0.0.1.
 *
 * ATTACK_SEED repeats a run (the seed used is printed); ATTACK_CLI runs another build of the
 * program (the figures before a change).
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectPlayer } from '../../bench/ssh-client.js';
import { seededRandom } from '../../source/engine/random.js';
import {
  danAndEve,
  movesIn,
  playMoves,
  recordingOf,
  savedTable,
  type Served,
  tracked,
} from '../support/served.js';
import { ROOT } from '../support/tmux.js';

const SEED = Number(process.env.ATTACK_SEED ?? Date.now() % 100_000);
const seeded = seededRandom(SEED);
const random = () => seeded.next();
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const figures: string[] = [`attacks on the server's files: seed ${SEED} (ATTACK_SEED=${SEED})`];
afterAll(() => {
  for (const line of figures) console.log(line);
});

const { served, player, keep } = tracked();

/** Runs `tries` tries (fewer if `ms` runs out); each returns a failure or nothing. */
async function attack(
  name: string,
  tries: number,
  ms: number,
  one: (at: number) => Promise<string | undefined>,
) {
  const failures: string[] = [];
  const end = Date.now() + ms;
  let made = 0;
  for (; made < tries && Date.now() < end; made++) {
    const failed = await one(made).catch((error: Error) => error.message.slice(0, 500));
    if (failed !== undefined) failures.push(`try ${made + 1}: ${failed}`);
  }
  const line = `attack ${name}: ${made} tries, ${failures.length} failures`;
  figures.push(line);
  console.log(line);
  expect(failures).toEqual([]);
  expect(made).toBeGreaterThan(0);
}

/** `text` damaged one way, chosen at random. */
function damaged(text: string, shapes: readonly string[]): string {
  const how = pick(['cut', 'byte', 'shape', 'shape']);
  if (how === 'cut') return text.slice(0, Math.floor(random() * text.length));
  if (how === 'byte') {
    const at = Math.floor(random() * text.length);
    return `${text.slice(0, at)}${String.fromCharCode(32 + Math.floor(random() * 95))}${text.slice(at + 1)}`;
  }
  return pick(shapes);
}

/** A failure if the server's output shows a crash, or the bad file is neither kept nor aside. */
function judged(server: Served, data: string, name: string, text: string): string | undefined {
  const out = server.printed();
  if (/^\s+at |TypeError|SyntaxError|RangeError/m.test(out)) return `a stack trace: ${out}`;
  if (server.exited()) return `the server exited: ${out}`;
  const warned = out.split('\n').filter((l) => l.includes(`${name}:`) && l.includes('warning'));
  if (warned.length > 1) return `more than one line: ${warned.join(' / ')}`;
  if (warned.length === 1) {
    const folder = join(data, 'server');
    const aside = readdirSync(folder).filter((f) => f.startsWith(`${name}.bad-`));
    if (aside.length !== 1 || readFileSync(join(folder, aside[0] as string), 'utf8') !== text)
      return `said bad but not moved aside whole: ${warned[0]}`;
  }
  return undefined;
}

const fresh = () => mkdtempSync(join(tmpdir(), 'madang-attack-files-'));

describe('attacks on the served files', () => {
  it('corrupt tables.json: the server starts, says it in one line, moves it aside', async () => {
    await attack('corrupt tables.json', 12, 90_000, async () => {
      const data = fresh();
      mkdirSync(join(data, 'server'));
      const game = join(data, 'game.jsonl');
      writeFileSync(game, readFileSync(join(ROOT, 'fixtures', 'recordings', 'unfinished.jsonl')));
      const good = `${JSON.stringify({ tables: [savedTable('abcd', game)] }, null, 2)}\n`;
      const text = damaged(good, [
        '{"tables": 5}',
        '[null]',
        '{"tables": [null]}',
        '{"tables": [{"code": "zz", "game": "chess"}]}',
        'null',
        '"tables"',
        '{"tables": {"code": "abcd"}}',
        good.replace('"yut"', '"go"'),
        good.replace('"holders": [', '"holders": [7, '),
      ]);
      writeFileSync(join(data, 'server', 'tables.json'), text);
      const server = await served(data);
      const judgement = judged(server, data, 'tables.json', text);
      await server.kill('SIGKILL');
      return judgement;
    });
  }, 120_000);

  it('corrupt players.json: the server starts, says it in one line, moves it aside, and a new name is served', async () => {
    const good = `${JSON.stringify(
      {
        players: {
          'SHA256:ann': { name: 'Ann', key: 'ssh-ed25519 AAAA', since: '2026-01-01T00:00:00.000Z' },
          'SHA256:bo': { name: 'Bo', key: 'ssh-ed25519 BBBB', since: '2026-01-01T00:00:00.000Z' },
        },
      },
      null,
      2,
    )}\n`;
    await attack('corrupt players.json', 10, 90_000, async (at) => {
      const data = fresh();
      mkdirSync(join(data, 'server'));
      const text = damaged(good, [
        '{"players": [1, 2]}',
        '{"players": {"SHA256:x": null}}',
        '{"players": {"SHA256:x": {"name": 5, "key": "k", "since": "s"}}}',
        '{"players": {"SHA256:x": {"name": "", "key": "k", "since": "s"}}}',
        'null',
        '[]',
        good.replace('"Bo"', '["Bo"]'),
      ]);
      writeFileSync(join(data, 'server', 'players.json'), text);
      const server = await served(data);
      const judgement = judged(server, data, 'players.json', text);
      if (judgement) return judgement;
      const named = await player(server.port, `New${at}`);
      await named.player.waitFor(`you are New${at}`, 15_000);
      named.player.end();
      const exited = server.exited();
      await server.kill('SIGKILL');
      return exited ? `the server exited at a new name: ${server.printed()}` : undefined;
    });
  }, 120_000);

  it('a full disk when players register: each is told, the server and the others go on', async () => {
    await attack('players.json unwritable', 3, 90_000, async (at) => {
      const data = fresh();
      const server = await served(data);
      const ann = await player(server.port, 'Ann');
      await ann.player.waitFor('you are Ann');
      const folder = join(data, 'server');
      renameSync(folder, `${folder}.kept`);
      writeFileSync(folder, 'not a folder');
      const newcomers = await Promise.all([1, 2, 3].map((n) => player(server.port, `Ny${at}${n}`)));
      for (const { player: one } of newcomers)
        await one.waitFor('The server could not keep your name', 15_000);
      ann.player.write('n');
      await ann.player.waitFor('which game?');
      rmSync(folder);
      renameSync(`${folder}.kept`, folder);
      const book = readFileSync(join(folder, 'players.json'), 'utf8');
      // By the names kept, not the text: Ann's random key (its base64, its fingerprint) may hold
      // the letters of a newcomer's name.
      const names = Object.values(
        (JSON.parse(book) as { players: Record<string, { name: string }> }).players,
      ).map((p) => p.name);
      const exited = server.exited();
      for (const one of [ann, ...newcomers]) one.player.end();
      await server.kill('SIGKILL');
      if (names.some((name) => name.includes(`Ny${at}`)))
        return `a name was kept though its write failed: ${book}`;
      return exited ? `the server exited: ${server.printed()}` : undefined;
    });
  }, 120_000);

  it('kill -9 after a random number of moves: the table comes back with every move', async () => {
    await attack('kill -9 with moves', 3, 100_000, async () => {
      const data = fresh();
      const first = await served(data);
      const { dan, eve, code } = await danAndEve(player, first.port);
      const made = await playMoves(data, [dan, eve], 1 + Math.floor(random() * 12));
      await first.kill('SIGKILL');
      dan.player.end();
      eve.player.end();
      const second = await served(data);
      if (!second.printed().includes(`table ${code} (Yut Nori) reopened`))
        return `table ${code} not reopened after ${made} moves: ${second.printed()}`;
      const back = keep(await connectPlayer({ port: second.port, key: dan.key }));
      await back.waitFor('The game goes on where it was left', 15_000);
      const kept = movesIn(recordingOf(data));
      back.end();
      await second.kill('SIGKILL');
      return kept === made ? undefined : `${made} moves made, ${kept} kept`;
    });
  }, 120_000);
});
