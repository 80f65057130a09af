/** Layers' public face: the game value, and its formulas to check on their own. */
import { afterFight, afterFightBack, afterRest, intervals, layersGame } from './rules.js';

export const layers = {
  ...layersGame,
  /** Win, lose and draw intervals of a player challenging an opponent among `players`. */
  intervals,
  /** Both sides' experience after a fight that was not drawn (the challenger's, the challenged's). */
  afterFight,
  /** Experience after a rest: halfway to 200. */
  afterRest,
  /** The first challenger's experience after being fought back. */
  afterFightBack,
};
