/**
 * Options declared once (engine/options.ts, issue 42.1): from one declaration, the check of
 * options from outside with the defaults written out, the flags with their help and refusals,
 * the setup rows' steps and words, and optionWords. Then every game: its core declares its
 * options, and its command reads its flags through the declaration.
 */
import { describe, expect, it } from 'vitest';
import {
  flagsOf,
  type OptionsDeclaration,
  parseDeclared,
  settingsOf,
  stepped,
  wordsOf,
} from '../../source/engine/options.js';
import { GAMES } from '../../source/games/index.js';

interface Options {
  readonly quietTurns: number;
  readonly size: number | null;
  readonly players: number;
}

const DECLARED: OptionsDeclaration<Options> = {
  quietTurns: {
    kind: 'integer',
    min: 10,
    max: 1000,
    step: 10,
    default: 50,
    flag: 'quiet-turns',
    help: 'a draw after N quiet turns',
    words: (n) => `a draw after ${n} quiet turns`,
    refusal: 'The endless-game rule needs a number of turns',
  },
  size: {
    kind: 'choice',
    choices: [null, 5, 7],
    default: null,
    flag: 'size',
    help: 'the board size',
    defaultHelp: 'asked',
    words: (size) => (size === null ? 'the board asked' : `${size} × ${size} board`),
    refusal: 'The board size is',
  },
  players: {
    kind: 'integer',
    min: 2,
    max: 4,
    default: 2,
    required: true,
    words: (n) => `${n} players`,
    refusal: 'The number of players is a whole number',
  },
};

describe('an options declaration', () => {
  it('gives flags whose help ends in the range and the default; no flag where none is declared', () => {
    expect(flagsOf(DECLARED)).toEqual([
      {
        flag: 'quiet-turns',
        key: 'quietTurns',
        type: 'number',
        describe: 'a draw after N quiet turns (10–1000, default 50)',
      },
      {
        flag: 'size',
        key: 'size',
        type: 'number',
        describe: 'the board size (5 or 7, default asked)',
      },
    ]);
  });

  it('reads the flags given, and refuses a value out of range or no choice, naming the flag and the value', () => {
    expect(settingsOf(DECLARED, { quietTurns: 20, size: 7 })).toEqual({
      ok: true,
      settings: { quietTurns: 20, size: 7 },
    });
    expect(settingsOf(DECLARED, {})).toEqual({ ok: true, settings: {} });
    expect(settingsOf(DECLARED, { quietTurns: 5 })).toEqual({
      ok: false,
      problem: '--quiet-turns takes a whole number from 10 to 1000, not 5',
    });
    expect(settingsOf(DECLARED, { quietTurns: 10.5 })).toEqual({
      ok: false,
      problem: '--quiet-turns takes a whole number from 10 to 1000, not 10.5',
    });
    // yargs gives a word to a number flag as NaN: nothing to quote back.
    expect(settingsOf(DECLARED, { quietTurns: Number.NaN })).toEqual({
      ok: false,
      problem: '--quiet-turns takes a whole number from 10 to 1000',
    });
    expect(settingsOf(DECLARED, { size: 6 })).toEqual({
      ok: false,
      problem: '--size takes 5 or 7, not 6',
    });
  });

  it('checks options from outside in the rules’ words and writes the defaults out', () => {
    expect(parseDeclared(DECLARED, { players: 3 })).toEqual({
      ok: true,
      options: { quietTurns: 50, size: null, players: 3 },
    });
    // What is not declared is kept for the game's own check.
    expect(parseDeclared(DECLARED, { players: 2, start: 'x' })).toMatchObject({
      ok: true,
      options: { start: 'x' },
    });
    // A null given is kept, though the default is another.
    const asker = {
      asker: { kind: 'choice', choices: [0, 1, null], default: 0, words: () => '', refusal: 'x' },
    } as const;
    expect(parseDeclared(asker, { asker: null })).toEqual({ ok: true, options: { asker: null } });
    // Closed: a game whose every option is declared keeps nothing else.
    expect(parseDeclared(DECLARED, { players: 2, start: 'x' }, true)).toEqual({
      ok: true,
      options: { quietTurns: 50, size: null, players: 2 },
    });
    expect(parseDeclared(DECLARED, { players: 2, quietTurns: 1001 })).toEqual({
      ok: false,
      problem: 'The endless-game rule needs a number of turns from 10 to 1000.',
    });
    expect(parseDeclared(DECLARED, { players: 2, size: 9 })).toEqual({
      ok: false,
      problem: 'The board size is 5 or 7.',
    });
    expect(parseDeclared(DECLARED, {})).toEqual({
      ok: false,
      problem: 'The number of players is a whole number from 2 to 4.',
    });
    expect(parseDeclared(DECLARED, 'players')).toEqual({
      ok: false,
      problem: 'The game options are missing.',
    });
  });

  it('steps a setup row: a number held in its range by its step, choices in turn', () => {
    const quiet = DECLARED.quietTurns!;
    expect(stepped(quiet, 50, 1)).toBe(60);
    expect(stepped(quiet, 1000, 1)).toBe(1000);
    expect(stepped(quiet, 10, -1)).toBe(10);
    const round = { ...quiet, step: 1, min: 2, max: 7, wrap: true };
    expect(stepped(round, 7, 1)).toBe(2);
    expect(stepped(round, 2, -1)).toBe(7);
    const size = DECLARED.size!;
    expect(stepped(size, null, 1)).toBe(5);
    expect(stepped(size, 7, 1)).toBe(null);
    expect(stepped(size, null, -1)).toBe(7);
    const stopping = { ...size, stop: true };
    expect(stepped(stopping, 7, 1)).toBe(7);
    expect(stepped(stopping, null, -1)).toBe(null);
    expect(stepped(stopping, 5, -1)).toBe(null);
  });

  it('says the options in their words, in the order asked', () => {
    const options = { quietTurns: 30, size: 5, players: 3 };
    expect(wordsOf(DECLARED, options)).toBe('a draw after 30 quiet turns, 5 × 5 board, 3 players');
    expect(wordsOf(DECLARED, options, ['players', 'size'])).toBe('3 players, 5 × 5 board');
  });
});

describe('every game’s options, declared on its core', () => {
  for (const game of GAMES) {
    const declared = game.options ?? {};
    it(`${game.id}: its flags read through the declaration; its typical options are its defaults`, () => {
      expect(Object.keys(declared).length).toBeGreaterThan(0);
      for (const { flag, key } of flagsOf(declared)) {
        const refused = game.command.settings({ [key]: -7 }, () => ({
          ok: false,
          problem: 'no file',
        }));
        expect(refused).toMatchObject({ ok: false });
        expect(refused.ok ? '' : refused.problem).toMatch(
          new RegExp(`^--${flag} takes .*, not -7$`),
        );
      }
      const parsed = game.parseOptions(game.typicalOptions);
      expect(parsed.ok).toBe(true);
    });
  }
});
