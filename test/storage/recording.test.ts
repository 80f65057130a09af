import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldEvents } from '../../source/engine/game.js';
import { setup, type YutOptions, yutGame } from '../../source/games/yut/rules.js';
import { loadRecording } from '../../source/storage/load.js';
import { readRecording } from '../../source/storage/recording-file.js';
import { lookup } from '../support/games.js';
import { verify } from '../../source/cli/verify.js';
import { goldenHeader, playGolden } from '../support/golden.js';
import { ROOT } from '../support/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'madang-recording-'));
let files = 0;
function file(text: string): string {
  const path = join(dir, `r${files++}.jsonl`);
  writeFileSync(path, text);
  return path;
}
const SHORT = readFileSync(join(ROOT, 'fixtures/recordings/short.jsonl'), 'utf8');
const header = (changes: object) =>
  `${JSON.stringify({ ...goldenHeader({ name: 'x', options: { players: 2, pieces: 1 }, names: ['A', 'B'], seed: 1 }), ...changes })}\n`;

async function problemOf(text: string) {
  const read = await readRecording(file(text), lookup);
  return read.ok
    ? undefined
    : { problem: read.problem.replace(/^.*?\.jsonl/, 'FILE'), kind: read.kind };
}

describe('reading recordings: bad input', () => {
  it('an empty file', async () => {
    expect(await problemOf('')).toEqual({
      problem: 'FILE: empty, not a madang recording',
      kind: 'unreadable',
    });
  });

  it('a file that is not a recording', async () => {
    expect(await problemOf('hello\nworld\n')).toEqual({
      problem: 'FILE:1: not a madang recording (its first line is not a header)',
      kind: 'unreadable',
    });
    expect((await problemOf('{"format":"something-else"}\n'))?.problem).toMatch(
      /not a madang recording/,
    );
  });

  it('a newer format version', async () => {
    expect((await problemOf(header({ version: 3 })))?.problem).toBe(
      'FILE:1: recording format version 3 is newer than this madang reads (2); update madang',
    );
  });

  it('a game this version lacks', async () => {
    expect((await problemOf(header({ game: 'senet' })))?.problem).toBe(
      'FILE:1: a recording of "senet", a game this version of madang does not have',
    );
  });

  it('options the rules refuse', async () => {
    expect((await problemOf(header({ options: { players: 9, pieces: 1 } })))?.problem).toBe(
      "FILE:1: the header's options: The number of players must be 2, 3 or 4.",
    );
  });

  it('an event the rules reject: which line and why', async () => {
    const lines = SHORT.split('\n');
    // Line 5 is Player 1's first move: the same result, from a station where it has no piece.
    const { result } = JSON.parse(lines[4] as string) as { result: string };
    lines[4] = JSON.stringify({ type: 'yut/pieceMoved', from: 7, result });
    expect(await problemOf(lines.join('\n'))).toEqual({
      problem: 'FILE:5: Liam has no piece at 7.',
      kind: 'rejected',
    });
  });

  it('a closing line the replay does not reach', async () => {
    const winner = Number(/"outcome":\{"status":"won","winner":(\d)\}/.exec(SHORT)?.[1]);
    const names = ['Noah', 'Liam'];
    const flipped = SHORT.replace(`"winner":${winner}`, `"winner":${1 - winner}`);
    expect((await problemOf(flipped))?.problem).toMatch(
      new RegExp(
        `^FILE:\\d+: the closing line says ${names[1 - winner]} won, but the replay ends with ${names[winner]} won$`,
      ),
    );
  });

  it('a header whose players do not match its options', async () => {
    expect((await problemOf(`${header({ options: { players: 3, pieces: 1 } })}\n`))?.problem).toBe(
      'FILE:1: the header lists 2 players, but its options are for a game of 3',
    );
  });

  it('a take-back with nothing to take back', async () => {
    expect((await problemOf(`${header({})}{"type":"session/moveTakenBack"}\n`))?.problem).toBe(
      "FILE:2: a take-back with no move to take back since a person's last throw or roll",
    );
  });

  it('the computer’s reasons: kept by the move they follow, gone with it when taken back', async () => {
    const lines = SHORT.trimEnd().split('\n');
    const explained = (reason: unknown) => JSON.stringify({ type: 'session/explained', reason });
    // After line 3 (the first move) a reason, then a move, its reason, and the move taken back.
    const text = [
      ...lines.slice(0, 3),
      explained('strong: enters a new piece\u001b[2J'),
      ...lines.slice(3),
    ].join('\n');
    const path = file(`${text}\n`);
    const loaded = await loadRecording(path, lookup);
    if (!loaded.ok) throw new Error(loaded.problem);
    // The control character never reaches the screen.
    expect([...(loaded.recording.reasons ?? [])]).toEqual([[1, 'strong: enters a new piece[2J']]);
    expect(loaded.finished).toBe(true);
    const said: string[] = [];
    expect(
      await verify(
        [path],
        lookup,
        (l) => said.push(l),
        (l) => said.push(l),
      ),
    ).toBe(0);
    expect(said).toEqual([`${path}: yut, 2 players (Noah, Liam), 47 events, Liam won`]);
    const undone = [
      ...lines.slice(0, 3),
      explained('strong: enters'),
      '{"type":"session/moveTakenBack"}',
    ].join('\n');
    const back = await loadRecording(file(`${undone}\n`), lookup);
    if (!back.ok) throw new Error(back.problem);
    expect(back.recording.events).toHaveLength(1);
    expect([...(back.recording.reasons ?? [])]).toEqual([]);
    // A reason must follow a move, and be text.
    expect((await problemOf(`${header({})}${explained('why')}\n`))?.problem).toBe(
      'FILE:2: an explanation with no move before it',
    );
    expect((await problemOf([...lines.slice(0, 3), explained(7), ''].join('\n')))?.problem).toBe(
      'FILE:4: an explanation without its reason',
    );
  });

  it('a take-back reaches back over turns to the last throw, and no further', async () => {
    // Kono: the dice, the colour, then two moves; both moves taken back (a move and the reply).
    const kono = (lines: readonly object[]) =>
      [
        JSON.stringify({
          ...goldenHeader({
            name: 'x',
            options: { players: 2, pieces: 1 },
            names: ['A', 'B'],
            seed: 1,
          }),
          game: 'kono',
          options: { asker: 0, size: 5 },
        }),
        ...lines.map((l) => JSON.stringify(l)),
        '',
      ].join('\n');
    const dice = {
      type: 'kono/diceThrown',
      dice: [
        [6, 6],
        [1, 1],
      ],
    };
    const colour = { type: 'kono/colourChosen', colour: 'white' };
    const back = { type: 'session/moveTakenBack' };
    const moves = [
      { type: 'kono/moved', row: 1, column: 3, direction: 'southeast' },
      { type: 'kono/moved', row: 5, column: 3, direction: 'northwest' },
    ];
    const read = await readRecording(file(kono([dice, colour, ...moves, back, back])), lookup);
    if (!read.ok) throw new Error(read.problem);
    expect(read.result.replayer.events).toBe(2);
    expect((read.result.replayer.state as { turn: number; phase: string }).phase).toBe('play');
    // The colour's choice came after the throw and goes too; the throw itself never does.
    expect((await problemOf(kono([dice, colour, ...moves, back, back, back, back])))?.problem).toBe(
      "FILE:9: a take-back with no move to take back since a person's last throw or roll",
    );
  });

  it("a take-back reaches over a computer's throws to the person's move they answered, never over a person's throw", async () => {
    // Yut, one piece each: A (a person) and B (the computer).
    const yut = (lines: readonly object[], kinds = ['human', 'bot']) =>
      [
        header({
          players: kinds.map((kind, i) => ({ name: 'AB'[i], kind, level: 'strong' })),
        }).trimEnd(),
        ...lines.map((l) => JSON.stringify(l)),
        '',
      ].join('\n');
    const gae = { type: 'yut/sticksThrown', sticks: [0, 0, 1, 1] };
    const doThrow = { type: 'yut/sticksThrown', sticks: [0, 0, 0, 1] };
    const moved = (result: string) => ({ type: 'yut/pieceMoved', from: 0, result });
    const back = { type: 'session/moveTakenBack' };
    // A throws gae and moves; B throws do and moves; A takes back both moves and B's throw.
    const played = [gae, moved('gae'), doThrow, moved('do')];
    const read = await readRecording(file(yut([...played, back, back, back])), lookup);
    if (!read.ok) throw new Error(read.problem);
    expect(read.result.replayer.events).toBe(1);
    expect(read.result.replayer.chanceEvents).toBe(1);
    expect(read.result.replayer.state).toMatchObject({ turn: 0, phase: 'move', results: ['gae'] });
    // A plays on; B's throw is drawn again.
    const again = [...played, back, back, back, moved('gae'), gae, moved('gae')];
    const replayed = await readRecording(file(yut(again)), lookup);
    if (!replayed.ok) throw new Error(replayed.problem);
    expect(replayed.result.replayer.events).toBe(4);
    // A's own throw is never taken back,
    expect((await problemOf(yut([...played, back, back, back, back])))?.problem).toBe(
      "FILE:9: a take-back with no move to take back since a person's last throw or roll",
    );
    // and when B is a person too, B's throw is not either.
    expect((await problemOf(yut([...played, back, back], ['human', 'human'])))?.problem).toBe(
      "FILE:7: a take-back with no move to take back since a person's last throw or roll",
    );
  });

  it('a torn last line is dropped with a warning, and everything before it replays', async () => {
    const lines = SHORT.split('\n');
    const torn = `${lines.slice(0, 6).join('\n')}\n${(lines[6] as string).slice(0, 20)}`;
    const read = await readRecording(file(torn), lookup);
    if (!read.ok) throw new Error(read.problem);
    expect(read.result.warnings).toEqual([
      expect.stringMatching(
        /:7: the last line is torn \(cut off while being written\); it is dropped$/,
      ),
    ]);
    expect(read.result.replayer.events).toBe(5);
    expect(read.result.goodBytes).toBe(Buffer.byteLength(`${lines.slice(0, 6).join('\n')}\n`));
  });

  it('CRLF line endings read the same', async () => {
    const read = await readRecording(file(SHORT.replaceAll('\n', '\r\n')), lookup);
    const plain = await readRecording(file(SHORT), lookup);
    expect(read.ok && read.result.replayer.state).toEqual(plain.ok && plain.result.replayer.state);
  });

  it('names lose their control characters, so a file cannot drive the terminal', async () => {
    const read = await readRecording(
      file(
        header({
          players: [
            { name: 'Eve\x1b[2J\x07', kind: 'human' },
            { name: 'Bob', kind: 'human' },
          ],
        }),
      ),
      lookup,
    );
    expect(read.ok && read.result.replayer.header.players[0]?.name).toBe('Eve[2J');
  });
});

describe('verify', () => {
  it('prints one line per file and exits 0, 1 or 2', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const good = join(ROOT, 'fixtures/recordings/short.jsonl');
    const unfinished = join(ROOT, 'fixtures/recordings/unfinished.jsonl');
    expect(
      await verify(
        [good, unfinished],
        lookup,
        (l) => out.push(l),
        (l) => err.push(l),
      ),
    ).toBe(0);
    const shortGame = playGolden({
      name: 's',
      options: { players: 2, pieces: 1 },
      names: [],
      seed: 4,
    });
    expect(out).toEqual([
      `${good}: yut, 2 players (Noah, Liam), ${shortGame.events.length} events, ${['Noah', 'Liam'][shortGame.state.winner ?? -1]} won`,
      expect.stringMatching(
        /unfinished\.jsonl: yut, 3 players \(Ethan, Olivia, Liam\), \d+ events, unfinished, \w+ to play$/,
      ),
    ]);
    const bad = file(SHORT.replace('"from":0', '"from":9'));
    expect(
      await verify(
        [good, bad],
        lookup,
        () => {},
        (l) => err.push(l),
      ),
    ).toBe(1);
    expect(
      await verify(
        [bad, file('')],
        lookup,
        () => {},
        (l) => err.push(l),
      ),
    ).toBe(2);
    expect(
      await verify(
        [join(dir, 'missing.jsonl')],
        lookup,
        () => {},
        (l) => err.push(l),
      ),
    ).toBe(2);
    expect(err.at(-1)).toMatch(/missing\.jsonl: no such file$/);
  });
});

describe('record, then replay (random games)', () => {
  it('replaying a recording gives the identical final state, and every prefix resumes to its state', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        async (seed, players, pieces) => {
          const game = {
            name: 'p',
            options: { players, pieces },
            names: ['A', 'B', 'C', 'D'].slice(0, players),
            seed,
            takeBackAt: [5, 9, 20],
          };
          // A fresh file for every run: a recording is never written over.
          const path = join(dir, `prop-${seed}-${players}-${pieces}-${runs++}.jsonl`);
          const played = playGolden(game, path);
          const read = await readRecording(path, lookup);
          if (!read.ok) throw new Error(read.problem);
          expect(read.result.replayer.state).toEqual(played.state);

          // Any prefix of whole lines is a valid unfinished recording of the game so far.
          const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
          const cut = 1 + (seed % (lines.length - 1));
          const prefix = await readRecording(file(`${lines.slice(0, cut).join('\n')}\n`), lookup);
          if (!prefix.ok) throw new Error(prefix.problem);
          expect(prefix.result.replayer.state).toEqual(
            stateAfter(game.options, lines.slice(1, cut)),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});

/** The state after these lines, folded independently of the Replayer: a take-back pops a move. */
function stateAfter(options: YutOptions, lines: readonly string[]) {
  const events: unknown[] = [];
  for (const line of lines) {
    const event = JSON.parse(line);
    if (event.type === 'session/moveTakenBack') events.pop();
    else if (event.type.startsWith('yut/')) events.push(event);
  }
  return foldEvents(yutGame, setup(options), events).state;
}
