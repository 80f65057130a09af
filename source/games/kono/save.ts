/**
 * Kono's save file (rules/kono.md): written in the seed's text layout exactly; read in that
 * layout as real files have it (indented or not, blank lines, trailing spaces, no final newline),
 * and in the seed's LISP and Prolog list forms. A problem names the line and what was expected.
 */
import { safeText } from '../../engine/safe-text.js';
import {
  type Colour,
  type KonoState,
  type Point,
  type SavedTournament,
  SEAT_LABELS,
  SIZES,
  type Size,
  withPowers,
} from './rules.js';

export type ParsedSave =
  | { readonly ok: true; readonly saved: SavedTournament }
  | { readonly ok: false; readonly line: number; readonly problem: string };

const colourWord = (c: Colour | null) => (c === null ? '' : c === 'white' ? 'White' : 'Black');

/** What a save holds of a tournament mid-round (before a player's turn). */
export function savedOf(state: KonoState): SavedTournament {
  return {
    round: state.round,
    totals: state.totals,
    colours: state.colours,
    board: state.board,
    next: state.phase === 'play' ? state.turn : null,
  };
}

/** The seed's text layout, exactly: the computer's block first, as in the seed. */
export function formatSave(saved: SavedTournament): string {
  const block = (seat: number) => {
    const colour = colourWord(saved.colours[seat] ?? null);
    return [
      `${SEAT_LABELS[seat]}:`,
      `   Score: ${saved.totals[seat]}`,
      `   Color:${colour ? ` ${colour}` : ''}`,
    ];
  };
  const next = saved.next === null ? '' : ` ${SEAT_LABELS[saved.next]}`;
  return [
    `Round: ${saved.round}`,
    '',
    ...block(1),
    '',
    ...block(0),
    '',
    'Board:',
    ...saved.board.map((row) => `   ${row.join('  ')}`),
    '',
    `Next Player:${next}`,
    '',
  ].join('\n');
}

const POINTS = new Set(['O', 'W', 'WW', 'B', 'BB']);

/** The most of a token a problem quotes: a token of a million characters was echoed whole. */
const QUOTED = 40;
/** A token of the file quoted in a problem: unable to act on a terminal, and cut if long. */
function quoted(token: string): string {
  // Enough of the start for QUOTED characters and one more, whatever their size.
  const start = Array.from(token.slice(0, QUOTED * 2 + 2));
  if (start.length <= QUOTED) return `"${safeText(token)}"`;
  const count = Array.from(token).length.toLocaleString('en-US');
  return `"${safeText(start.slice(0, QUOTED).join(''))}…" (${count} characters)`;
}
const fail = (line: number, problem: string): ParsedSave => ({ ok: false, line, problem });

/** A save in any of the three forms. */
export function parseSave(text: string): ParsedSave {
  const body = text.replace(/^\uFEFF/, '');
  const first = body.trimStart()[0];
  if (first === '(' || first === '[') return parseList(body, first === '(' ? 'LISP' : 'Prolog');
  return parseText(body);
}

function colourOf(word: string): Colour | null | undefined {
  const w = word.trim().toLowerCase();
  return w === '' ? null : w === 'white' ? 'white' : w === 'black' ? 'black' : undefined;
}

function playerOf(word: string): number | null | undefined {
  const w = word.trim().toLowerCase();
  return w === '' ? null : w === 'human' ? 0 : w === 'computer' ? 1 : undefined;
}

function finish(
  round: number,
  totals: [number, number],
  colours: [Colour | null, Colour | null],
  board: Point[][],
  next: number | null,
  line: number,
): ParsedSave {
  if (!SIZES.includes(board.length as Size))
    return fail(line, `expected a board of 5, 7 or 9 rows (this one has ${board.length})`);
  const chosen = colours[0] !== null && colours[1] !== null;
  if ((colours[0] === null) !== (colours[1] === null))
    return fail(
      line,
      'expected both colours, or neither (a save made before the first player was chosen)',
    );
  if (chosen && colours[0] === colours[1])
    return fail(line, 'expected one White and one Black player');
  if (chosen !== (next !== null))
    return fail(line, 'expected a next player exactly when the colours are given');
  // A single letter on an opponent's home point has reached it: it can capture (written doubled).
  return { ok: true, saved: { round, totals, colours, board: withPowers(board), next } };
}

function parseText(text: string): ParsedSave {
  const lines = text.split(/\r?\n/);
  let i = 0;
  /** The next line that is not blank, with its number (1-based). */
  const next = (): { text: string; number: number } | undefined => {
    while (i < lines.length && (lines[i] ?? '').trim() === '') i++;
    if (i >= lines.length) return undefined;
    const number = i + 1;
    return { text: (lines[i++] ?? '').trim(), number };
  };
  const field = (label: string, pattern: RegExp) => {
    const line = next();
    if (!line) return { line: lines.length, problem: `"${label}" before the end of the file` };
    const match = pattern.exec(line.text);
    if (!match) return { line: line.number, problem: `"${label}"` };
    return { line: line.number, value: match[1] ?? '' };
  };
  const round = field('Round: <number>', /^Round:\s*(\d+)$/i);
  if ('problem' in round) return fail(round.line, `expected ${round.problem}`);
  const totals: [number, number] = [0, 0];
  const colours: [Colour | null, Colour | null] = [null, null];
  const seen = new Set<number>();
  for (let k = 0; k < 2; k++) {
    const who = field('Computer:" or "Human:', /^(Computer|Human):$/i);
    if ('problem' in who) return fail(who.line, `expected ${who.problem}`);
    const seat = who.value.toLowerCase() === 'human' ? 0 : 1;
    if (seen.has(seat))
      return fail(who.line, `expected the other player's block, not ${who.value} again`);
    seen.add(seat);
    const score = field('Score: <number>', /^Score:\s*(-?\d+)$/i);
    if ('problem' in score) return fail(score.line, `expected ${score.problem}`);
    totals[seat] = Number(score.value);
    const colour = field('Color: White, Black or nothing', /^Colou?r:\s*(\S*)$/i);
    if ('problem' in colour) return fail(colour.line, `expected ${colour.problem}`);
    const c = colourOf(colour.value);
    if (c === undefined) return fail(colour.line, 'expected the colour White, Black or nothing');
    colours[seat] = c;
  }
  const boardLabel = field('Board:', /^Board:$/i);
  if ('problem' in boardLabel) return fail(boardLabel.line, `expected ${boardLabel.problem}`);
  const board: Point[][] = [];
  let line = next();
  while (line && !/^Next Player:/i.test(line.text)) {
    const cells = line.text.split(/\s+/);
    const bad = cells.find((c) => !POINTS.has(c));
    if (bad !== undefined)
      return fail(line.number, `expected a board row of O, W, WW, B and BB, not ${quoted(bad)}`);
    if (board.length > 0 && cells.length !== board[0]?.length)
      return fail(line.number, `expected ${board[0]?.length} points in the row, as in the first`);
    board.push(cells as Point[]);
    line = next();
  }
  if (!line) return fail(lines.length, 'expected "Next Player: Human, Computer or nothing"');
  if (!SIZES.includes(board.length as Size))
    return fail(
      boardLabel.line,
      `expected a board of 5, 7 or 9 rows (this one has ${board.length})`,
    );
  if (board.length !== (board[0]?.length ?? 0))
    return fail(
      line.number,
      `expected a square board: ${board.length} rows of ${board[0]?.length ?? 0}`,
    );
  const who = playerOf(line.text.replace(/^Next Player:/i, ''));
  if (who === undefined)
    return fail(line.number, 'expected "Next Player: Human, Computer or nothing"');
  const after = next();
  if (after) return fail(after.number, 'expected nothing after the next player');
  return finish(Number(round.value), totals, colours, board, who, line.number);
}

interface Token {
  readonly text: string;
  readonly line: number;
}

/** The LISP `( 3 17 Black 14 White ( ( O W … ) … ) Human )` and Prolog `[3, 17, black, …]` forms. */
function parseList(text: string, form: 'LISP' | 'Prolog'): ParsedSave {
  const comment = form === 'LISP' ? ';' : '%';
  const tokens: Token[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.split(comment)[0] ?? '';
    for (const m of line.matchAll(/[()[\]]|[^\s()[\],]+/g))
      tokens.push({ text: m[0], line: index + 1 });
  });
  let k = 0;
  const last = tokens.at(-1)?.line ?? 1;
  const open = form === 'LISP' ? '(' : '[';
  const close = form === 'LISP' ? ')' : ']';
  const take = () => tokens[k++];
  const expect = (what: string, ok: (t: Token) => boolean): Token | ParsedSave => {
    const t = take();
    if (!t) return fail(last, `expected ${what} before the end of the file`);
    return ok(t) ? t : fail(t.line, `expected ${what}, not ${quoted(t.text)}`);
  };
  const isFail = (x: Token | ParsedSave): x is ParsedSave => 'ok' in x;
  const number = (what: string) => expect(what, (t) => /^-?\d+$/.test(t.text));
  const atom = (what: string) => expect(what, (t) => /^[A-Za-z]+$/.test(t.text));
  /**
   * A word that may be empty (the colours and the next player before the first player was chosen):
   * LISP's `()` or `nil`, Prolog's `[]`, taken in either form. An empty field reads as ''.
   */
  const field = (what: string): Token | ParsedSave => {
    const t = tokens[k];
    const after = tokens[k + 1];
    if (
      t &&
      after &&
      (t.text === '(' || t.text === '[') &&
      after.text === (t.text === '(' ? ')' : ']')
    ) {
      k += 2;
      return { text: '', line: t.line };
    }
    const word = atom(what);
    return !isFail(word) && word.text.toLowerCase() === 'nil' ? { ...word, text: '' } : word;
  };

  const start = expect(`"${open}"`, (t) => t.text === open);
  if (isFail(start)) return start;
  const round = number('the round number');
  if (isFail(round)) return round;
  const values: (Token | ParsedSave)[] = [];
  for (const what of [
    "the computer's score",
    "the computer's colour",
    "the human's score",
    "the human's colour",
  ])
    values.push(what.endsWith('score') ? number(what) : field(what));
  for (const v of values) if (isFail(v)) return v;
  const [cScore, cColour, hScore, hColour] = values as Token[];
  const colours: [Colour | null, Colour | null] = [
    colourOf(hColour?.text ?? '') ?? null,
    colourOf(cColour?.text ?? '') ?? null,
  ];
  for (const t of [cColour, hColour])
    if (t && colourOf(t.text) === undefined)
      return fail(t.line, `expected white or black, not ${quoted(t.text)}`);
  const boardOpen = expect(`"${open}" opening the board`, (t) => t.text === open);
  if (isFail(boardOpen)) return boardOpen;
  const board: Point[][] = [];
  for (;;) {
    const t = take();
    if (!t) return fail(last, 'expected the board before the end of the file');
    if (t.text === close) break;
    if (t.text !== open)
      return fail(t.line, `expected "${open}" opening a board row, not ${quoted(t.text)}`);
    const row: Point[] = [];
    for (;;) {
      const cell = take();
      if (!cell) return fail(last, 'expected the row to close before the end of the file');
      if (cell.text === close) break;
      const point = cell.text.toUpperCase();
      if (!POINTS.has(point))
        return fail(cell.line, `expected O, W, WW, B or BB, not ${quoted(cell.text)}`);
      row.push(point as Point);
    }
    if (board.length > 0 && row.length !== board[0]?.length)
      return fail(t.line, `expected ${board[0]?.length} points in the row, as in the first`);
    board.push(row);
  }
  if (!SIZES.includes(board.length as Size))
    return fail(
      boardOpen.line,
      `expected a board of 5, 7 or 9 rows (this one has ${board.length})`,
    );
  if (board.length !== (board[0]?.length ?? 0))
    return fail(
      boardOpen.line,
      `expected a square board: ${board.length} rows of ${board[0]?.length ?? 0}`,
    );
  const nextPlayer = field('the next player, human or computer');
  if (isFail(nextPlayer)) return nextPlayer;
  const who = playerOf(nextPlayer.text);
  if (who === undefined)
    return fail(nextPlayer.line, `expected human or computer, not ${quoted(nextPlayer.text)}`);
  const end = expect(`"${close}"`, (t) => t.text === close);
  if (isFail(end)) return end;
  const extra = take();
  if (extra) return fail(extra.line, `expected nothing after the closing "${close}"`);
  return finish(
    Number(round.text),
    [Number(hScore?.text), Number(cScore?.text)],
    colours,
    board,
    who,
    nextPlayer.line,
  );
}
