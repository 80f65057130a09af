/**
 * Yoté's pure core: the rules with the endless-game rule as their one option, the computers and
 * the words for what happened and why. No chance, no screen, no command line.
 */
import { gameCore } from '../../engine/core.js';
import { yoteWinChances } from './win-chances.js';
import { explainYoteMove, yoteBot } from './bot.js';
import { describeYoteEvent } from './describe.js';
import {
  parseYoteOptions,
  YOTE_OPTIONS,
  type YoteEvent,
  yoteGame,
  type YoteOptions,
  type YoteState,
} from './rules.js';

export const yoteCore = gameCore<YoteState, YoteEvent, YoteOptions>({
  id: 'yote',
  title: 'Yoté',
  description: 'White and Black, twelve pieces each (--quiet-turns N)',
  seats: { min: 2, max: 2 },
  rules: yoteGame,
  options: YOTE_OPTIONS,
  parseOptions: parseYoteOptions,
  bot: yoteBot,
  winChances: (level) => yoteWinChances(level),
  explain: (state, event, names) => explainYoteMove(state, event, names),
  describe: describeYoteEvent,
});
