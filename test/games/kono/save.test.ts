/**
 * Kono's save file: every real file of the same assignment in ../shared/external/kono parsed and
 * written back in the seed's layout; the layout exactly; the empty colour and next player of a
 * save made before the first player was chosen; the LISP and Prolog forms; broken files named
 * by line; round trips as a property.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Point, SavedTournament } from '../../../source/games/kono/rules.js';
import { formatSave, parseSave } from '../../../source/games/kono/save.js';

const EXTERNAL = new URL('../../../../shared/external/kono/', import.meta.url);

const SEED_EXAMPLE = `Round: 3

Computer:
   Score: 17
   Color: Black

Human:
   Score: 14
   Color: White

Board:
   O  W  O  O  W
   O  O  W  W  W
   W  W  B  B  O
   B  B  B  O  O
   O  B  O  O  B

Next Player: Human
`;

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
      for (const file of files) {
        const text = readFileSync(new URL(file, EXTERNAL), 'utf8');
        const result = parseSave(text);
        expect(result.ok, `${file}: ${JSON.stringify(result)}`).toBe(true);
        if (!result.ok) continue;
        const written = formatSave(result.saved);
        // The canonical layout reads back to the same tournament, and is a fixed point.
        expect(parsed(written)).toEqual(result.saved);
        expect(formatSave(parsed(written))).toBe(written);
        // Same points as the file, row by row, whatever its spacing.
        const rows = text
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter((l) => /^[OWB]{1,2}(\s+[OWB]{1,2})+$/.test(l));
        expect(result.saved.board.map((r) => r.join(' '))).toEqual(
          rows.map((r) => r.split(/\s+/).join(' ')),
        );
      }
      const capture = parsed(readFileSync(new URL('capture-ability-5x5.txt', EXTERNAL), 'utf8'));
      expect(capture.board[2]).toEqual(['B', 'BB', 'B', 'B', 'B']);
      expect(capture.next).toBe(1);
      const compact9 = parsed(readFileSync(new URL('compact-9x9.txt', EXTERNAL), 'utf8'));
      expect(compact9.board).toHaveLength(9);
    },
  );

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
        expect(parsed(formatSave(s))).toEqual(s);
      }),
      { numRuns: 200 },
    );
  });
});
