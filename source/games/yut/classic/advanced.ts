/**
 * The classic protocol of the advanced game (rules/yut-classic.md): logged-in IDs, login
 * against user_info.txt, start with 2 to 4 players, the saved-game question, animals, and
 * saving between turns to game_info.txt.
 */
import { EndOfInput, Stop, ask, choice, endOfRun } from '../../../classic/prompts.js';
import { botRandom } from '../../../engine/random.js';
import { login } from '../accounts.js';
import { ANIMALS, type Animal } from '../rules.js';
import { findSave } from '../saves.js';
import type { YutFiles } from '../files.js';
import type { ClassicIO } from '../../../classic/lines.js';
import { type Bots, type ClassicYutOptions, playGame } from './console.js';
import { MENU_TITLE, STARS } from './text.js';

export interface AdvancedOptions extends ClassicYutOptions {
  readonly files: YutFiles;
  /** Warnings about the files (malformed lines) go here, once each. */
  readonly warn: (message: string) => void;
}

export async function runClassicAdvanced(io: ClassicIO, options: AdvancedOptions): Promise<number> {
  let loggedIn: string[] = [];
  let games = 0;
  const warned = new Set<string>();
  const warn = (messages: readonly string[]) => {
    for (const m of messages) {
      if (!warned.has(m)) options.warn(m);
      warned.add(m);
    }
  };
  const bots: Bots = [];
  const random = botRandom(options.botSeed ?? 0);
  const read = async (prompt: string) => {
    io.write(prompt);
    const answer = await io.read();
    if (answer === null) throw new EndOfInput();
    return answer;
  };
  try {
    for (;;) {
      const list =
        loggedIn.length > 0 ? loggedIn.map((id) => `${id} `).join('') : 'No player is logged in';
      io.write(
        [
          STARS,
          MENU_TITLE,
          STARS,
          `Logged-in ID List : ${list}`,
          '1. game start',
          '2. login',
          '3. end program',
        ]
          .map((l) => `${l}\n`)
          .join(''),
      );
      const selected = await ask(
        io,
        'Select the function you want : ',
        choice([1, 2, 3], '1, 2 or 3'),
      );
      if (selected === 3) return 0;
      if (selected === 2) {
        // IDs and passwords are taken exactly as typed: no trimming.
        const id = await read('ID : ');
        const password = await read('PASSWORD : ');
        const accounts = options.files.accounts();
        if (!accounts.ok) {
          io.write(`${accounts.problem}\n`);
          continue;
        }
        warn(accounts.accounts.warnings);
        const result = login(accounts.accounts, id, password);
        if (!result.ok) io.write('Login Failed!\n');
        else if (loggedIn.includes(id)) io.write(`${id} is already logged in.\n`);
        else if (loggedIn.length >= 4)
          io.write('Four players are logged in already: that is the most.\n');
        else {
          loggedIn = [...loggedIn, id];
          io.write('Login Succeed!\n');
        }
        continue;
      }
      if (loggedIn.length < 2) {
        io.write('More than 1 player is needed to start the game\n');
        continue;
      }
      const saves = options.files.saves();
      warn(saves.warnings);
      const saved = findSave(saves, loggedIn);
      let ids = loggedIn;
      let start: { positions: readonly (readonly number[])[]; turn: number } | undefined;
      let animals: Animal[] = [];
      if (saved) {
        const resume = await ask(
          io,
          'There is a saved game. Start a new game (0) / Resume (1) : ',
          choice([0, 1], '0 or 1'),
        );
        // Either way the saved line goes; saving again appends a new one.
        try {
          options.files.removeSave(saved.ids);
        } catch (error) {
          // A read-only or unwritable game_info.txt: say so and stop, rather than play a game
          // whose save line would stay behind to be resumed twice.
          throw new Stop((error as Error).message, { cause: error });
        }
        if (resume === 1) {
          ids = [...saved.ids]; // the saved seat order, not the login order
          animals = [...saved.animals];
          start = { positions: saved.positions, turn: saved.turn };
        }
      }
      if (!start) {
        for (const id of ids) {
          io.write(`Select animal type of ${id}\n`);
          const code = await ask(
            io,
            '(0: pig, 1: dog, 2: sheep, 3:cow) : ',
            choice([0, 1, 2, 3], '0, 1, 2 or 3'),
          );
          animals.push(ANIMALS[code] as Animal);
        }
      }
      const outcome = await playGame(
        io,
        options,
        { players: ids.length, pieces: 4, animals, start },
        games++,
        bots,
        random,
        {
          ids,
          save: (state) => {
            try {
              options.files.appendSave({
                ids,
                animals,
                positions: state.positions,
                turn: state.turn,
              });
              return undefined;
            } catch (error) {
              return (error as Error).message;
            }
          },
        },
      );
      // After a save the program returns to its first screen with nobody logged in.
      if (outcome === 'saved') loggedIn = [];
    }
  } catch (error) {
    return endOfRun(error, options.error);
  }
}
