/**
 * The keys of Yut Nori's play screen and a map of the stations, for its help page (the rules
 * follow); the key lines of a turn that can be saved, and a hint's words.
 */
import { FRAME_HELP } from '../../../ui/play-session.js';
import { setup, type YutEvent, type YutState } from '../rules.js';
import { boardPlain, boardSegments } from './board-layout.js';

/** The board with every station's number: what the log, hints and previews call them. */
const MAP = boardPlain(boardSegments(setup({ players: 2, pieces: 1 }), { numbers: true }));

export const YUT_HELP: readonly string[] = [
  'Keys',
  '  Space      throw the sticks (yut and mo throw again by themselves)',
  '  ↑ ↓ 1-9    choose a move from the list: each says where it lands and what it does',
  '  ← →        choose a piece: a new piece from hand, or a stack on the board',
  '  Tab        the next result for the chosen piece',
  '  Enter      move; the board previews » where the piece lands « first',
  '  u          take back your last move, with the computer’s reply (never a throw)',
  '  n          show every station’s number on the board (again: hide them)',
  '  h          a hint: the strong computer’s move, and why',
  '  s          save and exit (advanced game, at the start of a turn, before the throw)',
  '  ?          this help          q  quit (asks first)       Ctrl+C  quit now',
  ...FRAME_HELP,
  '',
  'Sticks panel: [■] is the marked stick; ■ front up, □ back up.',
  '',
  'Stations: pieces enter at 1 and travel ▴ ◂ ▾ ▸ round to 29 and home; a piece that stops on',
  'a corner (5, 10) or the centre (22) takes the diagonal from there.',
  '',
  ...MAP.map((line) => `  ${line}`),
];

/** The keys at the start of an advanced game's turn, where it can be saved: each line fits the
 * 28 columns inside the panel at 80×24. */
export const SAVE_KEYS = ['Space throw · h hint · ?', 's save and exit · q quit'];

/** A hint's notice: the hinted move by its throw and its piece, and why. */
export function yutHintNotice(_state: YutState, event: YutEvent, reason: string): string {
  if (event.type !== 'yut/pieceMoved') return `Hint: ${reason}.`;
  const where = event.from === 0 ? 'a new piece' : `the piece at ${event.from}`;
  return `Hint: ${event.result} with ${where}: ${reason}.`;
}
