/**
 * Saved games of the advanced game: `game_info.txt` (rules/yut.md §7), one game per line:
 *   ID0 ID1 … | ID0 A p p p p | ID1 A p p p p | … | T
 * Pure text in, text out: reading never changes the text, and the two edits (remove the line of
 * a resumed game, append a newly saved one) keep every other line byte for byte, even lines
 * this program cannot read.
 */
import { ANIMALS, type Animal, checkOptions } from './rules.js';

export interface SavedGame {
  /** The IDs in seat order. */
  readonly ids: readonly string[];
  readonly animals: readonly Animal[];
  readonly positions: readonly (readonly number[])[];
  /** The seat that moves next. */
  readonly turn: number;
  /** 1-based line number in the file. */
  readonly line: number;
}

export interface Saves {
  readonly games: readonly SavedGame[];
  readonly warnings: readonly string[];
}

/** The file's lines as they are, without their line ends (a CR stays with its line). */
function rawLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function parseLine(line: string): Omit<SavedGame, 'line'> | string {
  const parts = line.split(' | ');
  if (parts.length < 4) return 'a saved game is "IDs | ID A p p p p | … | T"';
  const ids = (parts[0] as string).split(' ');
  const players = parts.slice(1, -1);
  if (ids.length < 2 || ids.length > 4) return 'a saved game has 2 to 4 players';
  if (players.length !== ids.length) return 'there must be one "ID A p p p p" part per ID';
  if (new Set(ids).size !== ids.length) return 'an ID appears twice';
  const animals: Animal[] = [];
  const positions: number[][] = [];
  for (const [seat, part] of players.entries()) {
    const fields = part.split(' ');
    if (fields.length !== 6) return `player ${seat}'s part is "ID A p p p p"`;
    const [id, animal, ...pieces] = fields as [string, string, ...string[]];
    if (id !== ids[seat]) return `player ${seat}'s part names ${id}, not ${ids[seat]}`;
    if (!/^[0-3]$/.test(animal))
      return `${id}'s animal must be 0 (pig), 1 (dog), 2 (sheep) or 3 (cow)`;
    animals.push(ANIMALS[Number(animal)] as Animal);
    if (!pieces.every((p) => /^\d{1,3}$/.test(p))) return `${id}'s piece positions must be numbers`;
    positions.push(pieces.map(Number));
  }
  const turnText = parts.at(-1) as string;
  if (!/^\d$/.test(turnText)) return 'the last field is the seat that moves next';
  const turn = Number(turnText);
  // The rules have the last word on positions, animals and the seat to move.
  const problem = checkOptions({
    players: ids.length,
    pieces: 4,
    animals,
    start: { positions, turn },
  });
  if (problem !== undefined) return problem.replace(/\.$/, '');
  return { ids, animals, positions, turn };
}

export function parseSaves(text: string, file: string): Saves {
  const games: SavedGame[] = [];
  const warnings: string[] = [];
  rawLines(text).forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    const parsed = parseLine(line);
    if (typeof parsed === 'string')
      warnings.push(`${file}:${index + 1}: ${parsed}; the line is skipped`);
    else games.push({ ...parsed, line: index + 1 });
  });
  return { games, warnings };
}

/** The saved game of exactly this set of IDs (in any order), if there is one. */
export function findSave(saves: Saves, ids: readonly string[]): SavedGame | undefined {
  const wanted = [...ids].sort().join(' ');
  return saves.games.find((g) => [...g.ids].sort().join(' ') === wanted);
}

export function formatSave(game: Omit<SavedGame, 'line'>): string {
  const players = game.ids.map(
    (id, seat) =>
      `${id} ${ANIMALS.indexOf(game.animals[seat] as Animal)} ${(game.positions[seat] ?? []).join(' ')}`,
  );
  return [game.ids.join(' '), ...players, String(game.turn)].join(' | ');
}

/** The text's lines, each with its own line end (the last may have none). */
const linesWithEnds = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/** The text without line `number` (1-based); every other byte as it was. */
export function withoutLine(text: string, number: number): string {
  const lines = linesWithEnds(text);
  lines.splice(number - 1, 1);
  return lines.join('');
}

/** The text with `line` appended as a line of its own; what was there stays as it was. */
export function withLine(text: string, line: string): string {
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  return `${text}${separator}${line}\n`;
}
