/**
 * The server's ratings equal `madang ratings` over its recordings folder (issue 43.2): real
 * tables of the server's hall, recorded into a real folder by the session factory, played to
 * their end; the ledger file read back after a restart; and a ledger that differs from the
 * recordings said at start and rebuilt.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';
import type { Person } from '../../source/serve/served-table.js';
import { FileRatings } from '../../source/serve/ratings/store.js';
import { RATED_LINE } from '../../source/serve/ratings/served.js';
import { ratings as ratingsCommand, ratingsJson } from '../../source/cli/ratings.js';
import { gather } from '../../source/ratings/recordings.js';
import { leaderboard } from '../../source/ratings/rating.js';
import { ANN, BO, CY, lookup, server, settled } from '../support/rated-games.js';
import { ComputerMoves } from '../../source/engine/computer-moves.js';
import { loadRecording } from '../../source/storage/load.js';
import { newHeader, parseHeader, Replayer } from '../../source/engine/recording.js';
import { moved, rolled } from '../support/ur.js';

const game = (id: string) => GAMES.find((g) => g.id === id) as AnyGameModule;
const GUEST: Person = { id: 'guest:7', name: 'Gus' };

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function recomputed(dir: string) {
  const out: string[] = [];
  const code = await ratingsCommand(
    { paths: [join(dir, 'recordings')], json: true },
    lookup,
    (id) => id,
    (line) => out.push(line),
    (line) => out.push(`err ${line}`),
  );
  expect(code).toBe(0);
  return JSON.parse(out.join('\n')) as { rated: number; games: Record<string, unknown> };
}

describe("the server's ratings and madang ratings", () => {
  const dir = mkdtempSync(join(tmpdir(), 'madang-ratings-'));
  dirs.push(dir);
  const { store, table, playOut } = server(dir);
  const heard: string[] = [];

  it('rated games count; casual and unfinished games do not, and guests sit only at casual tables; each end says the changes', async () => {
    for (let i = 0; i < 4; i++) {
      const t = table('ur', i % 2 ? [ANN, BO] : [BO, CY], {}, ['human', 'human']);
      t.lines((line) => heard.push(line));
      playOut(t, [ANN, BO, CY]);
      expect(t.table?.outcome.status).not.toBe('running');
    }
    const three = table('yut', [ANN, BO, CY], { players: 3, pieces: 2 }, [
      'human',
      'human',
      'human',
    ]);
    playOut(three, [ANN, BO, CY]);
    const computer = table('ur', [CY], {}, ['human', 'random']);
    playOut(computer, [CY]);
    // Not counted: a casual table, a game left running, a guest's.
    playOut(table('ur', [ANN, BO], {}, ['human', 'human'], false), [ANN, BO]);
    playOut(table('ur', [ANN, CY], {}, ['human', 'human']), [ANN, CY], 30);
    // A guest has no rating: a rated table does not seat one.
    expect(table('ur', [CY], {}, ['human', 'human']).sit(GUEST)).toBe(
      'This table is rated, and a guest has no rating: you may watch.',
    );
    await settled();

    const ledger = JSON.parse(readFileSync(join(dir, 'ratings.json'), 'utf8')) as {
      games: unknown[];
    };
    expect(ledger.games).toHaveLength(6);
    expect(heard).toContain(RATED_LINE);
    expect(
      heard.filter((l) => /^(Ann|Bo|Cy) 1,\d{3}\?? → \d,\d{3}\?? \([+−]\d+\)$/.test(l)),
    ).toHaveLength(8);
    const ours = ratingsJson(store.ratings());
    expect(Object.keys(ours)).toEqual(['ur', 'yut']);
    expect((ours.ur as { id: string }[]).map((s) => s.id)).toContain('computer:random');
  });

  it('equal, bit for bit, to madang ratings over the recordings folder', async () => {
    const again = await recomputed(dir);
    expect(again.rated).toBe(6);
    expect(again.games).toEqual(ratingsJson(store.ratings()));
    // Two runs of the command: the same text.
    expect(JSON.stringify(await recomputed(dir))).toBe(JSON.stringify(again));
  });

  it('the text form: each game best first; a damaged recording named by its line, not counted', async () => {
    const folder = join(dir, 'recordings');
    const [first] = readdirSync(folder)
      .filter((f) => f.endsWith('.jsonl'))
      .sort();
    const copy = join(dir, 'damaged.jsonl');
    const lines = readFileSync(join(folder, first as string), 'utf8').split('\n');
    lines[3] = '{"type":"ur/moved","from":99}';
    writeFileSync(copy, lines.join('\n'));
    const out: string[] = [];
    const err: string[] = [];
    const code = await ratingsCommand(
      { paths: [folder, copy], game: 'ur' },
      lookup,
      (id) => game(id).title,
      (line) => out.push(line),
      (line) => err.push(line),
    );
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(new RegExp(`^warning: ${copy}:4: .+; not counted$`));
    expect(out[0]).toMatch(/^\d+ recordings read, 5 rated games$/);
    expect(out).toContain('Royal Game of Ur: 4 players');
    const rows = out.filter((l) => /^ {3}\d {2}/.test(l));
    expect(rows.map((l) => l.slice(6, 30).trim())).toEqual(
      leaderboard(store.ratings().get('ur')).map((s) => s.name),
    );
    expect(rows.join('\n')).toContain('computer (random)');
  });

  it('survive a restart: the ledger read back folds to the same ratings', () => {
    const restarted = new FileRatings(join(dir, 'ratings.json'), (problem) => {
      throw new Error(problem);
    });
    expect(ratingsJson(restarted.ratings())).toEqual(ratingsJson(store.ratings()));
  });

  it('a ledger that lacks a game of the recordings is said at start and rebuilt', async () => {
    const file = join(dir, 'ratings.json');
    const full = readFileSync(file, 'utf8');
    const lines = full.split('\n');
    // The second game's line dropped (and the comma of the line before it mended).
    writeFileSync(file, [...lines.slice(0, 2), ...lines.slice(3)].join('\n'));
    const warned: string[] = [];
    const restarted = new FileRatings(file, (p) => warned.push(p));
    expect(warned).toEqual([]);
    expect(ratingsJson(restarted.ratings())).not.toEqual(ratingsJson(store.ratings()));
    const found = await gather([join(dir, 'recordings')], lookup);
    const said = await restarted.check(found.games, join(dir, 'recordings'));
    expect(said).toBe(
      `${file}: the ratings did not match the recordings in ${join(dir, 'recordings')} (5 games kept, 6 in the recordings): rebuilt from the recordings`,
    );
    expect(ratingsJson(restarted.ratings())).toEqual(ratingsJson(store.ratings()));
    expect(readFileSync(file, 'utf8')).toBe(full);
    expect(await restarted.check(found.games, 'here')).toBeUndefined();
  });

  it('a damaged ledger is said with its file and line, moved aside, and rebuilt', async () => {
    const file = join(dir, 'ratings.json');
    const full = readFileSync(file, 'utf8');
    writeFileSync(file, full.replace('"ranks":[', '"ranks":["x",'));
    const warned: string[] = [];
    const restarted = new FileRatings(
      file,
      (p) => warned.push(p),
      () => new Date(0),
    );
    expect(warned).toEqual([
      `${file}: line 2: game 1 is not a rated game; moved aside to ${file}.bad-1970-01-01T00-00-00-000Z; rebuilt from the recordings`,
    ]);
    const found = await gather([join(dir, 'recordings')], lookup);
    await restarted.check(found.games, 'here');
    expect(readFileSync(file, 'utf8')).toBe(full);
  });
});

describe("a rated game where the computer played a person's seat (G)", () => {
  /** Ann and Bo's rated Ur: Bo leaves, his hold runs out, Ann gives his seat to the computer. */
  function handedOver(made: ReturnType<typeof server>) {
    const t = made.table('ur', [ANN, BO], {}, ['human', 'human']);
    const heard: string[] = [];
    t.lines((line) => heard.push(line));
    made.playOut(t, [ANN, BO], 10);
    t.departed(BO);
    made.advance(300_000);
    expect(t.giveAway(ANN)).toBeUndefined();
    return { t, heard };
  }

  it('is rated for nobody: the table says so, and madang ratings over the recordings agrees', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-ratings-'));
    dirs.push(dir);
    const made = server(dir);
    // A game Ann and Bo play themselves: counted.
    made.playOut(made.table('ur', [ANN, BO], {}, ['human', 'human']), [ANN, BO]);
    const { t, heard } = handedOver(made);
    made.playOut(t, [ANN, BO]);
    expect(t.table?.outcome.status).not.toBe('running');
    expect(t.computerPlayed()).toEqual([1]);
    await settled();
    expect(heard).toContain("Not rated: the computer played Bo's seat.");
    expect(heard).not.toContain(RATED_LINE);
    const ledger = JSON.parse(readFileSync(join(dir, 'ratings.json'), 'utf8')) as {
      games: unknown[];
    };
    expect(ledger.games).toHaveLength(1);
    // The recording shows the hand-over: moves at Bo's seat, each explained as the computer's.
    const lines = readFileSync(t.session?.recorder.file as string, 'utf8').split('\n');
    expect(lines.filter((l) => l.startsWith('{"type":"session/explained"'))).not.toHaveLength(0);
    const again = await recomputed(dir);
    expect(again.rated).toBe(1);
    expect(again.games).toEqual(ratingsJson(made.store.ratings()));
  });

  it('rated still when the seat was given back before the computer moved for it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-ratings-'));
    dirs.push(dir);
    const made = server(dir);
    const { t, heard } = handedOver(made);
    t.arrived(BO);
    made.playOut(t, [ANN, BO]);
    expect(t.table?.outcome.status).not.toBe('running');
    expect(t.computerPlayed()).toEqual([]);
    await settled();
    expect(heard).toContain(RATED_LINE);
    expect((await recomputed(dir)).games).toEqual(ratingsJson(made.store.ratings()));
    expect(ratingsJson(made.store.ratings()).ur).toHaveLength(2);
  });

  it('the same when the server stopped after the hand-over and reopened the table from its recording', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-ratings-'));
    dirs.push(dir);
    const first = server(dir);
    const { t } = handedOver(first);
    // The computer plays Bo's seat until it has moved for him; then Bo is back, and the server
    // stops (the table's recording closed unfinished, to be reopened).
    for (let i = 0; i < 200 && t.computerPlayed().length === 0; i++) first.playOut(t, [ANN, BO], 1);
    expect(t.computerPlayed()).toEqual([1]);
    t.arrived(BO);
    const [saved] = first.hall.saved();
    await first.hall.stop();
    t.table?.stop();
    // The next server reopens it from its recording: the seat the computer played is known.
    const next = server(dir);
    const loaded = await loadRecording(saved?.file as string, lookup);
    if (!loaded.ok) throw new Error(loaded.problem);
    expect(loaded.recording.computerPlayed).toEqual([1]);
    const session = next.sessions.resume(game('ur'), loaded.recording);
    if (typeof session === 'string') throw new Error(session);
    const reopened = next.hall.reopen(game('ur'), session, saved as NonNullable<typeof saved>);
    const heard: string[] = [];
    reopened.lines((line) => heard.push(line));
    next.playOut(reopened, [ANN, BO]);
    expect(reopened.table?.outcome.status).not.toBe('running');
    await settled();
    expect(heard).toContain("Not rated: the computer played Bo's seat.");
    expect(ratingsJson(next.store.ratings())).toEqual({});
    const again = await recomputed(dir);
    expect(again.rated).toBe(0);
    expect(again.games).toEqual({});
  });
});

describe('whose seats the computer played, read as the table tells it and as a recording does', () => {
  it('a move taken back is nobody’s; seats before a resume stay', () => {
    const moves = new ComputerMoves([2]);
    moves.made(3, 1);
    moves.made(5, 0);
    expect(moves.seats()).toEqual([0, 1, 2]);
    moves.kept(5);
    expect(moves.seats()).toEqual([1, 2]);
    moves.kept(0);
    expect(moves.seats()).toEqual([2]);
  });

  it("from a recording's lines: a move explained at a person's seat, unless taken back; a computer's own seat is no hand-over", () => {
    const header = newHeader({
      game: 'ur',
      options: {},
      players: [
        { name: 'Ann', kind: 'human', id: ANN.id },
        { name: 'Bo', kind: 'human', id: BO.id },
      ],
      seed: 1,
      startedAt: new Date(0),
      app: 'test',
      table: 't1',
      rated: true,
    });
    const read = (lines: unknown[], players = header.players) => {
      const parsed = parseHeader(JSON.stringify({ ...header, players }), lookup);
      if (!parsed.ok) throw new Error(parsed.problem);
      const replayer = new Replayer(parsed.header, parsed.game, parsed.options);
      const moves = new ComputerMoves();
      const follow = moves.followRecording(parsed.header.players, (state) =>
        parsed.game.rules.toAct(state),
      );
      lines.forEach((line, at) => follow(replayer.push(JSON.stringify(line), at + 2), replayer));
      expect(replayer.problem).toBeUndefined();
      return moves.seats();
    };
    const explained = { type: 'session/explained', reason: 'strong: the only stone' };
    // Ann rolls 2 and moves; Bo rolls 2 and the computer moves for him.
    const played = [rolled(2), moved(0), rolled(2), moved(0), explained];
    expect(read(played)).toEqual([1]);
    expect(read(played.slice(0, 4))).toEqual([]);
    // Taken back, and made again by Bo himself: his seat is his.
    expect(read([...played, { type: 'session/moveTakenBack' }, moved(0)])).toEqual([]);
    // A computer's own seat explains every move of its own.
    const computerSeat = [
      header.players[0]!,
      { name: 'CPU 2', kind: 'bot' as const, level: 'strong' },
    ];
    expect(read(played, computerSeat)).toEqual([]);
  });
});
