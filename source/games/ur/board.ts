/**
 * Royal Game of Ur boards (rules/ur.md): the assignment's `.ur` JSON (rows of squares with
 * next_white / next_black links, entrance, exit, rosette, forbidden flags), checked when loaded
 * and turned into each colour's path. An unchecked file is kept apart from a validated board.
 */
import { isRecord } from '../../engine/game.js';

export const COLOURS = ['White', 'Black'] as const;
export type Colour = (typeof COLOURS)[number];

/** A square as the file has it. */
export interface SquareSpec {
  readonly position: readonly [number, number];
  readonly next_white: readonly [number, number] | null;
  readonly next_black: readonly [number, number] | null;
  readonly exit: '' | Colour;
  readonly entrance: '' | Colour;
  readonly rosette: boolean;
  readonly forbidden: boolean;
}

export type BoardSpec = readonly (readonly SquareSpec[])[];

/** A validated board: its shape, and each colour's path from entrance to exit square. */
export interface Board {
  readonly rows: number;
  readonly columns: number;
  readonly spec: BoardSpec;
  /** paths[0] White, paths[1] Black: the squares in order, as "row,col" keys. */
  readonly paths: readonly [readonly string[], readonly string[]];
  readonly rosettes: ReadonlySet<string>;
  readonly forbidden: ReadonlySet<string>;
}

export const key = (row: number, col: number) => `${row},${col}`;

export type LoadedBoard = { ok: true; board: Board } | { ok: false; problem: string };

function isPair(value: unknown): value is [number, number] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => typeof n === 'number' && Number.isInteger(n))
  );
}

/** Check a parsed .ur value: every rule of rules/ur.md, naming the square at fault. */
export function checkBoard(value: unknown, file: string): LoadedBoard {
  const fail = (where: string, why: string): LoadedBoard => ({
    ok: false,
    problem: `${file}: ${where}: ${why}`,
  });
  if (!Array.isArray(value) || value.length === 0)
    return fail('the board', 'it must be a list of rows of squares');
  const columns = Array.isArray(value[0]) ? value[0].length : 0;
  if (columns === 0) return fail('row 0', 'a row must be a list of squares');
  const spec: SquareSpec[][] = [];
  for (const [r, row] of value.entries()) {
    if (!Array.isArray(row) || row.length !== columns) {
      return fail(`row ${r}`, `every row must have ${columns} squares (the board is rectangular)`);
    }
    const squares: SquareSpec[] = [];
    for (const [c, square] of row.entries()) {
      const at = `square [${r}, ${c}]`;
      if (!isRecord(square)) return fail(at, 'a square must be an object');
      const { position, next_white, next_black, exit, entrance, rosette, forbidden } = square;
      if (!isPair(position) || position[0] !== r || position[1] !== c) {
        return fail(at, `its "position" must be [${r}, ${c}]`);
      }
      for (const [name, link] of [
        ['next_white', next_white],
        ['next_black', next_black],
      ] as const) {
        if (link !== null && !isPair(link)) return fail(at, `"${name}" must be [row, col] or null`);
      }
      for (const [name, flag] of [
        ['exit', exit],
        ['entrance', entrance],
      ] as const) {
        if (flag !== '' && flag !== 'White' && flag !== 'Black')
          return fail(at, `"${name}" must be "", "White" or "Black"`);
      }
      if (typeof rosette !== 'boolean' || typeof forbidden !== 'boolean') {
        return fail(at, '"rosette" and "forbidden" must be true or false');
      }
      squares.push(square as unknown as SquareSpec);
    }
    spec.push(squares);
  }
  const rows = spec.length;
  const forbiddenSet = new Set<string>();
  const rosettes = new Set<string>();
  for (const row of spec) {
    for (const s of row) {
      if (s.forbidden) forbiddenSet.add(key(...s.position));
      if (s.rosette) rosettes.add(key(...s.position));
    }
  }
  const paths: string[][] = [];
  for (const colour of COLOURS) {
    const entrances = spec.flat().filter((s) => s.entrance === colour);
    if (entrances.length !== 1) {
      return fail(
        'the board',
        `it must have exactly one entrance for ${colour} (it has ${entrances.length})`,
      );
    }
    const entrance = entrances[0] as SquareSpec;
    if (entrance.forbidden)
      return fail(`square [${entrance.position.join(', ')}]`, `${colour}'s entrance is forbidden`);
    const path: string[] = [];
    const seen = new Set<string>();
    let square: SquareSpec = entrance;
    for (;;) {
      const here = key(...square.position);
      if (seen.has(here))
        return fail(`square [${square.position.join(', ')}]`, `${colour}'s path loops back here`);
      seen.add(here);
      path.push(here);
      const link = colour === 'White' ? square.next_white : square.next_black;
      if (link === null) break;
      const [nr, nc] = link;
      if (nr < 0 || nr >= rows || nc < 0 || nc >= columns) {
        return fail(
          `square [${square.position.join(', ')}]`,
          `${colour}'s next square [${nr}, ${nc}] is off the board`,
        );
      }
      const next = spec[nr]?.[nc] as SquareSpec;
      if (next.forbidden) {
        return fail(
          `square [${square.position.join(', ')}]`,
          `${colour}'s next square [${nr}, ${nc}] is forbidden`,
        );
      }
      square = next;
    }
    if (path.length < 2)
      return fail('the board', `${colour}'s path must be at least two squares long`);
    paths.push(path);
  }
  return {
    ok: true,
    board: {
      rows,
      columns,
      spec,
      paths: [paths[0] as string[], paths[1] as string[]],
      rosettes,
      forbidden: forbiddenSet,
    },
  };
}

export function parseBoard(text: string, file: string): LoadedBoard {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `${file}: not JSON (${(error as Error).message})` };
  }
  return checkBoard(value, file);
}

/** The historical board (Finkel's reconstruction, as the assignment draws it: 8 rows × 3). */
export function historicalSpec(): BoardSpec {
  const rosette = new Set(['0,0', '0,2', '3,1', '7,0', '7,2']);
  const forbidden = new Set(['4,0', '4,2', '5,0', '5,2']);
  // Each colour: up its own lane from row 3 to row 0, down the middle to row 7, back up to row 6.
  const lane = (col: number): [number, number][] => [
    [3, col],
    [2, col],
    [1, col],
    [0, col],
    ...Array.from({ length: 8 }, (_, r) => [r, 1] as [number, number]),
    [7, col],
    [6, col],
  ];
  const next = (path: [number, number][], r: number, c: number): [number, number] | null => {
    const i = path.findIndex(([pr, pc]) => pr === r && pc === c);
    return i >= 0 && i < path.length - 1 ? (path[i + 1] as [number, number]) : null;
  };
  const white = lane(0);
  const black = lane(2);
  return Array.from({ length: 8 }, (_, r) =>
    Array.from({ length: 3 }, (_, c) => ({
      position: [r, c] as const,
      next_white: next(white, r, c),
      next_black: next(black, r, c),
      exit:
        r === 6 && c === 0
          ? ('White' as const)
          : r === 6 && c === 2
            ? ('Black' as const)
            : ('' as const),
      entrance:
        r === 3 && c === 0
          ? ('White' as const)
          : r === 3 && c === 2
            ? ('Black' as const)
            : ('' as const),
      rosette: rosette.has(key(r, c)),
      forbidden: forbidden.has(key(r, c)),
    })),
  );
}
