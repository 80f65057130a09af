/** The registered games, as the program finds them by a recording's header. */
import { GAMES } from '../../source/games/index.js';

export const lookup = (name: string) => GAMES.find((g) => g.id === name);
