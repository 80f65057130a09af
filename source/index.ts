/**
 * madang as a library, for other programs and graders: the engine, each game's pure core (every
 * game of the registry the same way, listed in CORES), the computers, and recordings read and written.
 * Nothing here loads Ink, React or yargs (test/library-headless.test.ts holds it to that).
 *
 *   import { CORES, yutCore, readGameRecording } from 'madang';
 *   yut.movePlayer(5, 'gae');  // 21
 */
import { readTablesFromEnvironment } from './games/ur/solved-table.js';
import { coreOf } from './games/cores.js';
import { readGame } from './storage/load.js';

export * from './engine/game.js';
export * from './engine/random.js';
export * from './engine/core.js';
export {
  type Bot,
  type Choice,
  expectimaxBot,
  greedyBot,
  type Level,
  LEVELS,
  randomBot,
} from './engine/bots.js';
export type { ChanceSource, Drawn } from './engine/chance.js';
export { playMatch } from './table/computers.js';
export {
  type Header,
  newHeader,
  NO_RECORDING,
  type PlayerInfo,
  type Recorder,
} from './engine/recording.js';
export { playerInfo, type Seat, seatOf } from './engine/seats.js';
export { RecordingWriter } from './storage/recording-file.js';
export { CHECKPOINT, stateOn, type Timeline, timelineOf } from './engine/timeline.js';
export {
  type Answer,
  type Fact,
  type Intent,
  type Leaving,
  type Scheduler,
  Table,
  type TableGame,
  type TableSetup,
  type TableView,
  TIMERS,
} from './table/table.js';
export type { ReadGame } from './storage/load.js';

// The cores, one way: `<id>Core` for each game of the registry, CORES all of them in menu order.
export * from './games/cores.js';
// Ur's core reads no file nor environment: the library hands it the solved tables of
// MADANG_DATA_DIR, as the program finds them, or of the data directory named here.
export { readTablesFrom as readUrTablesFrom } from './games/ur/solved-table.js';
readTablesFromEnvironment();

// Each game's rules module, and its game value with what the seeds grade (as before).
export * as yutRules from './games/yut/library.js';
export { yut } from './games/yut/library.js';
export * as urRules from './games/ur/rules.js';
export { urGame as ur } from './games/ur/rules.js';
export {
  historicalSpec as urHistoricalBoard,
  parseBoard as parseUrBoard,
} from './games/ur/board.js';
export * as yoteRules from './games/yote/rules.js';
export { yoteGame as yote } from './games/yote/rules.js';
export * as konoRules from './games/kono/rules.js';
export { kono } from './games/kono/library.js';
export * as layersRules from './games/layers/rules.js';
export { layers } from './games/layers/library.js';

/**
 * Read a recording of any of the five games: its header, checked options, events in force, the
 * computer's reasons and the outcome (checked against the closing line); or `file:line: problem`.
 */
export const readGameRecording = (file: string) => readGame(file, coreOf);
