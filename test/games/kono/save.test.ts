/**
 * Kono's save file: every real file of the same assignment in ../shared/external/kono parsed and
 * written back in the seed's layout; the layout exactly; the empty colour and next player of a
 * save made before the first player was chosen; the LISP and Prolog forms; broken files named
 * by line; round trips as a property.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  check,
  type Point,
  type SavedTournament,
  setup,
  withDefaults,
  withPowers,
} from '../../../source/games/kono/rules.js';
import { formatSave, parseSave } from '../../../source/games/kono/save.js';
import { SEED_SAVE } from '../../support/kono.js';

const EXTERNAL = new URL('../../../../shared/external/kono/', import.meta.url);

const SEED_EXAMPLE = SEED_SAVE;

/** The board of a text save as written, letters untouched. */
const parsedBoard = (text: string): Point[][] =>
  text
    .split('\n')
    .slice(text.split('\n').indexOf('Board:') + 1)
    .map((l) => l.trim())
    .filter((l) => /^[OWB]/.test(l))
    .map((l) => l.split(/\s+/) as Point[]);

const parsed = (text: string) => {
  const result = parseSave(text);
  if (!result.ok) throw new Error(`line ${result.line}: ${result.problem}`);
  return result.saved;
};

describe('the Kono save file', () => {
  it('reads the seed’s example and writes it back exactly', () => {
    const saved = parsed(SEED_EXAMPLE);
    expect(saved.round).toBe(3);
    // Seat 0 is the Human, seat 1 the Computer.
    expect(saved.totals).toEqual([14, 17]);
    expect(saved.colours).toEqual(['white', 'black']);
    expect(saved.next).toBe(0);
    expect(saved.board[2]).toEqual(['W', 'W', 'B', 'B', 'O']);
    expect(formatSave(saved)).toBe(SEED_EXAMPLE);
  });

  it.runIf(existsSync(EXTERNAL))(
    'reads every real save file and writes it in the canonical layout',
    () => {
      const files = readdirSync(EXTERNAL).filter((f) => f !== 'dice.txt');
      expect(files.length).toBeGreaterThanOrEqual(7);
      let singles = 0;
      for (const file of files) {
        const text = readFileSync(new URL(file, EXTERNAL), 'utf8');
        const result = parseSave(text);
        expect(result.ok, `${file}: ${JSON.stringify(result)}`).toBe(true);
        if (!result.ok) continue;
        const written = formatSave(result.saved);
        // The canonical layout reads back to the same tournament, and is a fixed point.
        expect(parsed(written)).toEqual(result.saved);
        expect(formatSave(parsed(written))).toBe(written);
        // Same points as the file, row by row, whatever its spacing; a single letter on an
        // opponent's home point doubled (it has reached one: it can capture).
        const rows = text
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter((l) => /^[OWB]{1,2}(\s+[OWB]{1,2})+$/.test(l))
          .map((l) => l.split(/\s+/) as Point[]);
        const size = rows.length;
        rows.forEach((row, r) =>
          row.forEach((p, c) => {
            // White's home: row 1 and the ends of row 2; Black's: row n and the ends of row n−1.
            const end = c === 0 || c === size - 1;
            const onHome =
              (p === 'W' && (r === size - 1 || (r === size - 2 && end))) ||
              (p === 'B' && (r === 0 || (r === 1 && end)));
            if (onHome) singles++;
            expect(result.saved.board[r]?.[c], `${file} (${r + 1},${c + 1})`).toBe(
              onHome ? (`${p}${p}` as Point) : p,
            );
          }),
        );
      }
      // Real saves leave a piece on an opponent's home point single (11 of 25 in issue 28).
      expect(singles).toBeGreaterThan(0);
      const capture = parsed(readFileSync(new URL('capture-ability-5x5.txt', EXTERNAL), 'utf8'));
      expect(capture.board[2]).toEqual(['B', 'BB', 'B', 'B', 'B']);
      expect(capture.next).toBe(1);
      const compact9 = parsed(readFileSync(new URL('compact-9x9.txt', EXTERNAL), 'utf8'));
      expect(compact9.board).toHaveLength(9);
    },
  );

  it('a single letter on an opponent’s home point is read as able to capture, and written doubled', () => {
    // The way other programs write it: White's (5,1) and Black's (1,3) and (2,5) left single.
    const text = SEED_EXAMPLE.replace(
      'Board:\n   O  W  O  O  W\n   O  O  W  W  W\n   W  W  B  B  O\n   B  B  B  O  O\n   O  B  O  O  B',
      'Board:\n   O  W  B  W  W\n   O  O  W  W  B\n   O  W  O  B  O\n   B  O  B  O  O\n   W  B  O  O  O',
    );
    const saved = parsed(text);
    expect(saved.board).toEqual([
      ['O', 'W', 'BB', 'W', 'W'],
      ['O', 'O', 'W', 'W', 'BB'],
      ['O', 'W', 'O', 'B', 'O'],
      ['B', 'O', 'B', 'O', 'O'],
      ['WW', 'B', 'O', 'O', 'O'],
    ]);
    expect(formatSave(saved)).toContain('   O  W  BB  W  W\n   O  O  W  W  BB\n');
    expect(formatSave(saved)).toContain('   WW  B  O  O  O\n');
    // Resumed, Black's piece at (2,5) takes White's at (1,4).
    const state = setup(withDefaults({ asker: 0, size: null, start: { ...saved, next: 1 } }));
    expect(check(state, { type: 'kono/moved', row: 2, column: 5, direction: 'northwest' })).toBe(
      undefined,
    );
    // A tournament resumed from a recording's header written with the single letter: the same.
    const header = { ...saved, board: parsedBoard(text), next: 1 };
    const fromHeader = setup(withDefaults({ asker: 0, size: null, start: header }));
    expect(fromHeader.board[1]?.[4]).toBe('BB');
    expect(
      check(fromHeader, { type: 'kono/moved', row: 2, column: 5, direction: 'northwest' }),
    ).toBe(undefined);
  });

  it('a save made before the first player was chosen: empty Color and Next Player', () => {
    const text = SEED_EXAMPLE.replace('Color: Black', 'Color:')
      .replace('Color: White', 'Color: ')
      .replace('Next Player: Human', 'Next Player:');
    const saved = parsed(text);
    expect(saved.colours).toEqual([null, null]);
    expect(saved.next).toBeNull();
    expect(formatSave(saved)).toContain('   Color:\n');
    expect(formatSave(saved)).toMatch(/Next Player:\n$/);
  });

  it('reads the LISP and Prolog forms of the seed', () => {
    const lisp = `(
  ; Round:
  3

   ; Computer Score:
   17

   ; Computer Color:
   Black

   ; Human Score:
   14

   ; Human Color:
   White

   ; Board:
   ( ( O  W  O  O  W )
     ( O  O  W  W  W )
     ( W  W  B  B  O )
     ( B  B  B  O  O )
     ( O  B  O  O  B ) )

   ; Next Player:
   Human
)`;
    const prolog = `[
  % Round:
  3,

   % Computer Score:
   17,

   % Computer Color:
   black,

   % Human Score:
   14,

   % Human Color:
   white,

   % Board:
   [ [ o,  w,  o,  o,  w ],
     [ o,  o,  w,  w,  w ],
     [ w,  w,  b,  b,  o ],
     [ b,  b,  b,  o,  o ],
     [ o,  b,  o,  o,  b ] ],

   % Next Player:
   human
]`;
    const fromText = parsed(SEED_EXAMPLE);
    expect(parsed(lisp)).toEqual(fromText);
    expect(parsed(prolog)).toEqual(fromText);
  });

  it('the LISP and Prolog forms: (), [] and nil for the empty Color and Next Player fields', () => {
    const rows = (open: string, close: string, sep: string) =>
      `${open} ${Array(5)
        .fill(`${open} ${['o', 'w', 'o', 'o', 'w'].join(sep)} ${close}`)
        .join(sep)} ${close}`;
    const empty = (text: string) => {
      const saved = parsed(text);
      expect(saved.colours, text).toEqual([null, null]);
      expect(saved.next, text).toBeNull();
      expect(saved.round, text).toBe(1);
      expect(saved.totals, text).toEqual([4, 2]);
    };
    for (const none of ['()', '[]', 'nil', 'NIL', '( )']) {
      empty(`( 1 2 ${none} 4 ${none} ${rows('(', ')', ' ')} ${none} )`);
      empty(`[ 1, 2, ${none}, 4, ${none}, ${rows('[', ']', ', ')}, ${none} ]`);
    }
    // Mixed with given colours, the rules about them still hold.
    expect(parseSave(`( 1 2 Black 4 () ${rows('(', ')', ' ')} Human )`)).toEqual({
      ok: false,
      line: 1,
      problem: 'expected both colours, or neither (a save made before the first player was chosen)',
    });
  });

  it('a broken save names the line and what was expected', () => {
    const cases: [string, number, string][] = [
      ['', 1, 'expected "Round: <number>" before the end of the file'],
      [SEED_EXAMPLE.replace('Round: 3', 'Round three'), 1, 'expected "Round: <number>"'],
      [SEED_EXAMPLE.replace('   Score: 17', '   Score: lots'), 4, 'expected "Score: <number>"'],
      [
        SEED_EXAMPLE.replace('Color: Black', 'Color: Green'),
        5,
        'expected the colour White, Black or nothing',
      ],
      [
        SEED_EXAMPLE.replace('W  W  B  B  O', 'W  W  X  B  O'),
        14,
        'expected a board row of O, W, WW, B and BB, not "X"',
      ],
      [
        SEED_EXAMPLE.replace('O  O  W  W  W', 'O  O  W  W'),
        13,
        'expected 5 points in the row, as in the first',
      ],
      [
        SEED_EXAMPLE.replace('Next Player: Human', 'Next Player: Nobody'),
        18,
        'expected "Next Player: Human, Computer or nothing"',
      ],
      [
        SEED_EXAMPLE.replace('Color: Black', 'Color: White'),
        18,
        'expected one White and one Black player',
      ],
      [
        '(\n 3 17 Black 14 White\n ( ( O W ) ( O W ) )\n Human )',
        3,
        'expected a board of 5, 7 or 9 rows (this one has 2)',
      ],
      [
        `[ 3, 17, black, 14, white, [ ${Array(5).fill('[o, o, o, o, o]').join(', ')} ], nobody ]`,
        1,
        'expected human or computer, not "nobody"',
      ],
    ];
    for (const [text, line, problem] of cases) {
      expect(parseSave(text), problem).toEqual({ ok: false, line, problem });
    }
  });

  it('round trips: any saved tournament written and read back is the same', () => {
    const point = fc.constantFrom<Point>('O', 'W', 'WW', 'B', 'BB');
    const saved = fc
      .tuple(
        fc.constantFrom(5, 7, 9),
        fc.nat(50),
        fc.tuple(fc.integer({ min: -20, max: 300 }), fc.integer({ min: -20, max: 300 })),
        fc.option(
          fc.tuple(fc.constantFrom('white' as const, 'black' as const), fc.constantFrom(0, 1)),
        ),
      )
      .chain(([size, round, totals, chosen]) =>
        fc
          .array(fc.array(point, { minLength: size, maxLength: size }), {
            minLength: size,
            maxLength: size,
          })
          .map((board): SavedTournament => ({
            round,
            totals,
            board,
            colours: chosen
              ? chosen[0] === 'white'
                ? ['white', 'black']
                : ['black', 'white']
              : [null, null],
            next: chosen ? chosen[1] : null,
          })),
      );
    fc.assert(
      fc.property(saved, (s) => {
        expect(parsed(formatSave(s))).toEqual({ ...s, board: withPowers(s.board) });
      }),
      { numRuns: 200 },
    );
  });
});
