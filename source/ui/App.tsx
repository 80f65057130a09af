/** The app shell: which screen is showing, the terminal-size guard, and the app-wide keys. */
import { Box, Text, useApp, useInput } from 'ink';
import { useCallback, useRef } from 'react';
import { freshSeed } from '../engine/random.js';
import { setup as setupYut } from '../games/yut/rules.js';
import {
  scriptedThrows,
  seededThrows,
  type ThrowScript,
  type ThrowSource,
} from '../games/yut/throws.js';
import { YUT_HELP } from '../games/yut/ui/help.js';
import type { Seat } from '../games/yut/ui/play.js';
import { Setup } from '../games/yut/ui/Setup.js';
import { newSetup, type SetupForm, setupKey } from '../games/yut/ui/setup.js';
import { type AppRequest, YutGame } from '../games/yut/ui/YutGame.js';
import { type Key, keyName } from './keys.js';
import { Menu } from './Menu.js';
import { type MenuItem, menuKey } from './menu.js';
import { useStore } from './store.js';
import { useTerminalSize } from './useTerminalSize.js';

export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

type MenuId = 'yut' | 'help' | 'quit';
const MENU: readonly MenuItem<MenuId>[] = [
  { id: 'yut', label: 'Yut Nori', hint: '2–4 players, hot-seat' },
  { id: 'help', label: 'Help', hint: 'keys and rules' },
  { id: 'quit', label: 'Quit', hint: '' },
];

export interface AppOptions {
  readonly start: 'menu' | 'yut';
  readonly seed?: number | undefined;
  readonly throwScript?: ThrowScript | undefined;
  readonly players?: number | undefined;
  readonly pieces?: number | undefined;
}

interface Game {
  readonly id: number;
  readonly players: number;
  readonly pieces: number;
  readonly seats: readonly Seat[];
  readonly seed: number | undefined;
  readonly throws: ThrowSource;
}

type Screen =
  | { readonly name: 'menu'; readonly index: number }
  | { readonly name: 'help' }
  | { readonly name: 'setup'; readonly form: SetupForm }
  | { readonly name: 'play'; readonly game: Game };

export function App({ options }: { options: AppOptions }) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const firstForm = newSetup(options.players ?? 2, options.pieces ?? 4);
  // Keys may arrive faster than renders: every key must see the screen the last key left.
  const [screen, setScreen, currentScreen] = useStore(
    (_: Screen, next: Screen) => next,
    (): Screen =>
      options.start === 'yut' ? { name: 'setup', form: firstForm } : { name: 'menu', index: 0 },
  );
  const gamesStarted = useRef(0);
  const screenKeys = useRef<((key: Key) => void) | null>(null);
  const registerKeys = useCallback((handler: (key: Key) => void) => {
    screenKeys.current = handler;
  }, []);

  const startGame = useCallback(
    (players: number, pieces: number, seats: readonly Seat[]) => {
      // The first game uses --seed; a game played again gets fresh throws.
      const id = gamesStarted.current++;
      const seed = options.throwScript
        ? undefined
        : id === 0 && options.seed !== undefined
          ? options.seed
          : freshSeed();
      const throws = options.throwScript
        ? scriptedThrows(options.throwScript)
        : seededThrows(seed as number);
      setScreen({ name: 'play', game: { id, players, pieces, seats, seed, throws } });
    },
    [options.seed, options.throwScript, setScreen],
  );

  const onRequest = useCallback(
    (request: AppRequest) => {
      if (request === 'quit') return exit();
      if (request === 'menu') return void setScreen({ name: 'menu', index: 0 });
      const now = currentScreen();
      if (now.name === 'play') startGame(now.game.players, now.game.pieces, now.game.seats);
    },
    [exit, currentScreen, setScreen, startGame],
  );

  const small = columns < MIN_COLUMNS || rows < MIN_ROWS;
  useInput((input, key) => {
    const k = keyName(input, key);
    if (k === 'ctrl+c') return exit();
    if (small) {
      if (k === 'q') exit();
      return;
    }
    const screen = currentScreen();
    if (screen.name === 'menu') {
      if (k === 'q' || k === 'escape') return exit();
      const outcome = menuKey(MENU, screen.index, k);
      if (outcome.type === 'cursor') setScreen({ name: 'menu', index: outcome.index });
      if (outcome.type === 'chosen') {
        if (outcome.id === 'quit') exit();
        if (outcome.id === 'help') setScreen({ name: 'help' });
        if (outcome.id === 'yut') setScreen({ name: 'setup', form: firstForm });
      }
    } else if (screen.name === 'help') {
      setScreen({ name: 'menu', index: 0 });
    } else if (screen.name === 'play') {
      screenKeys.current?.(k);
    } else if (screen.name === 'setup') {
      const outcome = setupKey(screen.form, k);
      if (outcome.type === 'form') setScreen({ name: 'setup', form: outcome.form });
      if (outcome.type === 'back') setScreen({ name: 'menu', index: 0 });
      if (outcome.type === 'start') startGame(outcome.players, outcome.pieces, outcome.seats);
    }
  });

  if (small) return <TooSmall columns={columns} rows={rows} />;
  const height = rows;
  switch (screen.name) {
    case 'menu':
      return (
        <Centre columns={columns} rows={height}>
          <Menu items={MENU} index={screen.index} />
        </Centre>
      );
    case 'help':
      return (
        <Box flexDirection="column" borderStyle="round" paddingX={2} width={Math.min(columns, 86)}>
          <Text bold>madang · help</Text>
          {YUT_HELP.map((line, i) => (
            <Text key={i}>{line || ' '}</Text>
          ))}
          <Text dimColor>Press any key to return to the menu.</Text>
        </Box>
      );
    case 'setup':
      return (
        <Centre columns={columns} rows={height}>
          <Setup form={screen.form} />
        </Centre>
      );
    case 'play':
      return (
        <YutGame
          key={screen.game.id}
          initial={setupYut({ players: screen.game.players, pieces: screen.game.pieces })}
          seats={screen.game.seats}
          throws={screen.game.throws}
          width={columns}
          height={height}
          onRequest={onRequest}
          registerKeys={registerKeys}
        />
      );
  }
}

function Centre({
  columns,
  rows,
  children,
}: {
  columns: number;
  rows: number;
  children: React.ReactNode;
}) {
  return (
    <Box width={columns} height={rows} alignItems="center" justifyContent="center">
      {children}
    </Box>
  );
}

function TooSmall({ columns, rows }: { columns: number; rows: number }) {
  return (
    <Box
      flexDirection="column"
      width={columns}
      height={rows}
      alignItems="center"
      justifyContent="center"
    >
      <Text bold>
        Make the window at least {MIN_COLUMNS}×{MIN_ROWS}
      </Text>
      <Text>
        It is {columns}×{rows} now. The board returns as soon as it fits.
      </Text>
      <Text dimColor>q quits</Text>
    </Box>
  );
}
