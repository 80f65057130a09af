/**
 * Layers as a game module: N players (10 or more) in a forest, K turns on top to win; the round's
 * order and every fight's number drawn from the seeded chance source; the seed's console; a full
 * screen with the forest drawn as trees (ui/).
 */
import { Box, Text } from 'ink';
import type { Argv } from 'yargs';
import { botRandom } from '../../engine/random.js';
import { defaultSeatName, SEAT_KINDS, type SeatKind, seatOf } from '../../engine/seats.js';
import type { Key } from '../../ui/keys.js';
import type { ReplayScreenProps } from '../../ui/replay-model.js';
import { ReplayTail } from '../../ui/PanelParts.js';
import { Styled } from '../../ui/theme.js';
import { gameModule, type MenuEntry, type SetupContext, type SetupOutcome } from '../module.js';
import { runClassicLayers } from './classic.js';
import { DEFAULT_TURNS, layersCore } from './core.js';
import { RULES_TEXT } from './rules-text.js';
import {
  type LayersEvent,
  type LayersOptions,
  type LayersState,
  MAX_PLAYERS,
  MIN_PLAYERS,
  TURNS_MAX,
  TURNS_MIN,
  top,
} from './rules.js';
import { fightLines, Forest, LayersGame, layersWidths } from './ui/LayersGame.js';
import { shownOf } from './ui/play.js';

interface Form {
  readonly players: number;
  readonly turns: number;
  /** How many seats, from the first, a person plays; the rest are the computer. */
  readonly humans: number;
  readonly level: SeatKind;
  readonly focus: number;
  /**
   * Each seat as the command line gave it (--bots), or as changed one by one on the seats row;
   * null while the two rows above decide them all.
   */
  readonly kinds: readonly SeatKind[] | null;
  /** The seat under the seats row's cursor. */
  readonly seat: number;
}

const ROWS = ['players', 'turns', 'humans', 'level', 'seats', 'start'] as const;
const KIND_LETTER: Readonly<Record<SeatKind, string>> = {
  human: 'you',
  expert: 'E',
  strong: 'S',
  greedy: 'G',
  random: 'R',
};

function kindsOf(form: Form): SeatKind[] {
  return Array.from(
    { length: form.players },
    (_, p) => form.kinds?.[p] ?? (p < form.humans ? 'human' : form.level),
  );
}

function formKey(form: Form, key: Key): SetupOutcome {
  const row = ROWS[form.focus];
  const stay = (next: Partial<Form>): SetupOutcome => ({
    type: 'form',
    form: { ...form, ...next },
  });
  switch (key) {
    case 'escape':
      return { type: 'back' };
    case 'up':
      return stay({ focus: (form.focus + ROWS.length - 1) % ROWS.length });
    case 'down':
    case 'tab':
      return stay({ focus: (form.focus + 1) % ROWS.length });
    case 'left':
    case 'right':
    case 'pageup':
    case 'pagedown': {
      // PgUp and PgDn: ten at a time (a hundred players are ninety presses of →).
      const d = { left: -1, right: 1, pageup: 10, pagedown: -10 }[key];
      const within = (x: number, min: number, max: number) => Math.max(min, Math.min(max, x));
      if (row === 'players')
        return stay({
          players: within(form.players + d, MIN_PLAYERS, 100),
          kinds: null,
          seat: Math.min(form.seat, within(form.players + d, MIN_PLAYERS, 100) - 1),
        });
      if (row === 'seats') return stay({ seat: within(form.seat + d, 0, form.players - 1) });
      if (row === 'turns') return stay({ turns: within(form.turns + d, TURNS_MIN, TURNS_MAX) });
      if (row === 'humans')
        return stay({ humans: within(form.humans + d, 0, form.players), kinds: null });
      if (row === 'level') {
        const levels: readonly SeatKind[] = SEAT_KINDS.filter((k) => k !== 'human');
        const at = levels.indexOf(form.level);
        return stay({
          level: levels[(at + d + levels.length) % levels.length] as SeatKind,
          kinds: null,
        });
      }
      return stay({});
    }
    case 'space':
      if (row === 'seats') {
        // One seat's kind in turn: a person, then the computer at each level.
        const kinds = kindsOf(form);
        const at = SEAT_KINDS.indexOf(kinds[form.seat] ?? 'human');
        kinds[form.seat] = SEAT_KINDS[(at + 1) % SEAT_KINDS.length] as SeatKind;
        return stay({ kinds });
      }
      return stay({});
    case 'enter':
      if (row !== 'start') return stay({ focus: form.focus + 1 });
      return {
        type: 'start',
        start: {
          options: { players: form.players, turns: form.turns },
          // Named as in every game (Player 1, CPU 2); the classic console keeps the seed's Player 0.
          seats: kindsOf(form).map((kind, p) => seatOf(defaultSeatName(kind, p), kind)),
        },
      };
    default:
      return stay({});
  }
}

/** Five seats around the cursor's (`+3 3:S [4:you] 5:G 6:S 7:R +2`), the cursor's in brackets. */
function seatsLine(kinds: readonly SeatKind[], seat: number): string {
  const from = Math.max(0, Math.min(seat - 2, kinds.length - 5));
  const shown = kinds.slice(from, from + 5).map((k, i) => {
    const text = `${from + i + 1}:${KIND_LETTER[k]}`;
    return from + i === seat ? `[${text}]` : text;
  });
  // How many are out of view on each side ("…" would read as a line cut short).
  const before = from > 0 ? `+${from} ` : '';
  const after = kinds.length - from - 5 > 0 ? ` +${kinds.length - from - 5}` : '';
  return `${before}${shown.join(' ')}${after}`;
}

function LayersSetup({ form }: { form: Form }) {
  const line = (row: (typeof ROWS)[number], label: string, value: string) => {
    const on = ROWS[form.focus] === row;
    return (
      <Text wrap="truncate-end">
        <Styled colour={on ? 'cyan' : undefined} bold={on}>
          {on ? '▸ ' : '  '}
          {label.padEnd(22)}
        </Styled>
        {on ? '◀ ' : '  '}
        <Text bold>{value}</Text>
        {on ? ' ▶' : ''}
      </Text>
    );
  };
  const kinds = kindsOf(form);
  const people = kinds.filter((k) => k === 'human').length;
  const on = ROWS[form.focus] === 'start';
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1} width={70}>
      <Text bold>Layers · new game</Text>
      <Text dimColor wrap="truncate-end">
        Everyone fights to be the root of all, and to stay there.
      </Text>
      <Text> </Text>
      {line('players', 'Players', String(form.players))}
      {line('turns', 'Turns on top to win', String(form.turns))}
      {line(
        'humans',
        'People at the keyboard',
        people === 0 ? 'none' : form.kinds ? String(people) : `${people} (from player 1)`,
      )}
      {line('level', 'The others', `the computer (${form.level})`)}
      {line('seats', 'Each seat (Space)', seatsLine(kinds, form.seat))}
      <Text> </Text>
      <Styled colour={on ? 'cyan' : undefined} bold={on}>
        {on ? '▸ ' : '  '}Start the game
      </Styled>
      <Text> </Text>
      <Text dimColor wrap="truncate-end">
        ↑↓ choose · ←→ change (PgUp PgDn by ten) · Enter · Esc back
      </Text>
      <Text dimColor wrap="truncate-end">
        seats: you a person, S G R the computer (strong, greedy, random)
      </Text>
    </Box>
  );
}

const entry: MenuEntry = {
  id: 'layers',
  label: 'Layers',
  hint: 'ten or more, in a forest',
  newForm: ({ settings, kinds }: SetupContext): Form => {
    const players = typeof settings.players === 'number' ? settings.players : MIN_PLAYERS;
    return {
      players,
      turns: typeof settings.turns === 'number' ? settings.turns : DEFAULT_TURNS,
      humans: kinds.length > 0 ? kinds.slice(0, players).filter((k) => k === 'human').length : 1,
      level: kinds.find((k) => k !== 'human') ?? 'strong',
      focus: ROWS.indexOf('start'),
      kinds: kinds.length > 0 ? kinds.slice(0, players) : null,
      seat: 0,
    };
  },
  key: (form, key) => formKey(form as Form, key),
  View: ({ form }) => <LayersSetup form={form as Form} />,
};

function LayersReplay(props: ReplayScreenProps) {
  const state = props.state as LayersState;
  const { forest, panel } = layersWidths(props.width);
  const fight = fightLines(state.last, panel - 4);
  return (
    <Box width={props.width} height={props.height} alignItems="center" justifyContent="center">
      <Box borderStyle="round" paddingX={1} flexDirection="column" width={forest} flexShrink={0}>
        <Forest
          state={state}
          rows={props.height - 2}
          width={forest - 4}
          shown={shownOf(state, { open: [], ways: [], room: props.height - 5 })}
        />
      </Box>
      <Box borderStyle="round" paddingX={1} flexDirection="column" width={panel} flexShrink={0}>
        <Text dimColor>
          Round {state.round}
          {top(state) !== null ? ` · player ${(top(state) ?? 0) + 1} on top` : ''}
        </Text>
        {fight}
        <ReplayTail
          timeline={props.timeline}
          width={panel - 4}
          rows={props.height - 10 - fight.length}
          notice={props.notice}
          keys={props.keys}
        />
      </Box>
    </Box>
  );
}

const settingNumber = (
  argv: Readonly<Record<string, unknown>>,
  name: string,
  flag: string,
  min: number,
  max: number,
) => {
  const value = argv[name];
  if (value === undefined) return { ok: true as const, value: undefined };
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? { ok: true as const, value: value as number }
    : { ok: false as const, problem: `${flag} takes a whole number from ${min} to ${max}` };
};

export const layersModule = gameModule<LayersState, LayersEvent, LayersOptions>({
  ...layersCore,
  entries: [entry],
  Play: LayersGame,
  Replay: LayersReplay,
  rulesText: RULES_TEXT,
  command: {
    describe: 'Layers: ten or more players in a forest (straight to its setup screen)',
    flags: (y: Argv) =>
      y
        .option('players', {
          type: 'number',
          describe: `how many players (${MIN_PLAYERS}–${MAX_PLAYERS})`,
        })
        .option('turns', {
          type: 'number',
          describe: `turns on top to win (${TURNS_MIN}–${TURNS_MAX}, default ${DEFAULT_TURNS})`,
        }),
    settings(argv) {
      const players = settingNumber(argv, 'players', '--players', MIN_PLAYERS, MAX_PLAYERS);
      if (!players.ok) return players;
      const turns = settingNumber(argv, 'turns', '--turns', TURNS_MIN, TURNS_MAX);
      if (!turns.ok) return turns;
      const settings: Record<string, unknown> = {};
      if (players.value !== undefined) settings.players = players.value;
      if (turns.value !== undefined) settings.turns = turns.value;
      return { ok: true, settings };
    },
    entry: () => 'layers',
  },
  classic(io, run) {
    let seed: number | null = null;
    return runClassicLayers(io, {
      players: run.settings.players as number | undefined,
      turns: run.settings.turns as number | undefined,
      kinds: run.kinds,
      chanceFor: (options) => {
        const chosen = run.chanceFor(0, options);
        seed = chosen.seed;
        return chosen.source;
      },
      botRandom: botRandom(run.botSeed),
      think: run.think,
      error: run.error,
      recorderFor: (options) =>
        run.recorderFor(
          options,
          seed,
          Array.from({ length: options.players }, (_, p) => {
            const kind = run.kinds[p] ?? (run.kinds.length === 0 && p > 0 ? 'strong' : 'human');
            return seatOf(`Player ${p}`, kind);
          }),
        ),
    });
  },
});
