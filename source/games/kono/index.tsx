/**
 * Kono as a game module: the tournament's rules, the dice for the first player (seeded, or a
 * dice file with --dice), the rule-based and search computers, the seed's console and save file,
 * and its full screen (ui/).
 */
import { join } from 'node:path';
import { Box, Text } from 'ink';
import type { Argv } from 'yargs';
import type { ParsedScript } from '../../engine/chance.js';
import { botRandom, seededRandom } from '../../engine/random.js';
import { SEAT_KINDS, type SeatKind, seatOf } from '../../engine/seats.js';
import { readText, writeWhole } from '../../storage/files.js';
import type { Key } from '../../ui/keys.js';
import { editField, type Field, fieldOf } from '../../ui/text-field.js';
import { TextField } from '../../ui/TextField.js';
import { Styled } from '../../ui/theme.js';
import { gameModule, type MenuEntry, type SetupContext, type SetupOutcome } from '../module.js';
import { konoBot } from './bot.js';
import { runClassicKono } from './classic.js';
import { describeKonoEvent } from './describe.js';
import { RULES_TEXT } from './rules-text.js';
import {
  checkOptions,
  DEFAULT_QUIET_MOVES,
  type DiceThrown,
  type KonoEvent,
  konoGame,
  type KonoOptions,
  type KonoState,
  QUIET_MOVES_MAX,
  QUIET_MOVES_MIN,
  type SavedTournament,
  SIZES,
  withDefaults,
} from './rules.js';
import { formatSave, parseSave, savedOf } from './save.js';
import { KONO_KNOWLEDGE, KonoGame } from './ui/KonoGame.js';
import { KonoReplay } from './ui/KonoReplay.js';

/** The one save slot of the full screen, in the data directory (the classic console asks). */
export const SAVE_FILE = 'kono-save.txt';

const die = (random: { below(n: number): number }) => 1 + random.below(6);

/** A dice file: one throw of two dice per line (`4 3`), the first for seat 0, alternating. */
export function parseDiceFile(text: string, file: string): ParsedScript<DiceThrown> {
  const throws: { pair: [number, number]; line: number }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const content = (lines[i] ?? '').replace(/#.*/, '').trim();
    if (content === '') continue;
    const m = /^([1-6])\s+([1-6])$/.exec(content);
    if (!m)
      return {
        ok: false,
        problem: `${file}:${i + 1}: "${content.slice(0, 30)}" is not a throw of two dice (such as 4 3)`,
      };
    throws.push({ pair: [Number(m[1]), Number(m[2])], line: i + 1 });
  }
  if (throws.length % 2 === 1)
    return {
      ok: false,
      problem: `${file}:${throws.at(-1)?.line}: the throws come in pairs (the human's, then the computer's); this one has no partner`,
    };
  const items = [];
  for (let k = 0; k < throws.length; k += 2) {
    const a = throws[k] as (typeof throws)[number];
    const b = throws[k + 1] as (typeof throws)[number];
    items.push({
      event: { type: 'kono/diceThrown', dice: [a.pair, b.pair] } as DiceThrown,
      line: a.line,
    });
  }
  return { ok: true, script: { file, items } };
}

const nameFor = (seat: number, kind: SeatKind) =>
  kind === 'human' ? (seat === 0 ? 'Human' : 'Human 2') : `Computer (${kind})`;

interface Form {
  readonly kinds: readonly [SeatKind, SeatKind];
  /** 0: asked at each round; else 5, 7 or 9. */
  readonly size: number;
  readonly quietMoves: number;
  readonly focus: number;
  /** Resuming: the save file's name being typed, and what it holds once read. */
  readonly file: Field | null;
  readonly loaded: { readonly name: string; readonly saved: SavedTournament } | null;
  readonly problem: string | null;
  /** Where the full screen saves (the data directory's one slot). */
  readonly saveFile: string;
}

const ROWS_NEW = ['kind0', 'kind1', 'size', 'quiet', 'start'] as const;
const ROWS_LOAD = ['file', 'kind0', 'kind1', 'start'] as const;
const rowsOf = (form: Form) => (form.file ? ROWS_LOAD : ROWS_NEW);

function options(form: Form): KonoOptions {
  const human = form.kinds.indexOf('human');
  return withDefaults({
    asker: human < 0 ? null : human,
    size: form.size === 0 ? null : form.size,
    quietMoves: form.quietMoves,
    start: form.loaded?.saved,
  });
}

function formKey(form: Form, key: Key): SetupOutcome {
  const rows = rowsOf(form);
  const row = rows[form.focus];
  const stay = (next: Partial<Form>): SetupOutcome => ({
    type: 'form',
    form: { ...form, problem: null, ...next },
  });
  if (row === 'file' && form.file) {
    const edited = editField(form.file, key, 200);
    if (edited) return stay({ file: edited, loaded: null });
  }
  switch (key) {
    case 'escape':
      return { type: 'back' };
    case 'up':
      return stay({ focus: (form.focus + rows.length - 1) % rows.length });
    case 'down':
    case 'tab':
      return stay({ focus: (form.focus + 1) % rows.length });
    case 'left':
    case 'right': {
      const delta = key === 'left' ? -1 : 1;
      if (row === 'kind0' || row === 'kind1') {
        const seat = row === 'kind0' ? 0 : 1;
        const at = SEAT_KINDS.indexOf(form.kinds[seat]);
        const kinds = [...form.kinds] as [SeatKind, SeatKind];
        kinds[seat] = SEAT_KINDS[(at + delta + SEAT_KINDS.length) % SEAT_KINDS.length] as SeatKind;
        return stay({ kinds });
      }
      if (row === 'size') {
        const choices = [0, ...SIZES];
        const at = choices.indexOf(form.size);
        return stay({ size: choices[(at + delta + choices.length) % choices.length] as number });
      }
      if (row === 'quiet')
        return stay({
          quietMoves: Math.max(
            QUIET_MOVES_MIN,
            Math.min(QUIET_MOVES_MAX, form.quietMoves + 10 * delta),
          ),
        });
      return stay({});
    }
    case 'enter': {
      if (row === 'file') {
        if (!form.file || form.file.value.trim() === '')
          return stay({ problem: 'Type the name of a Kono save file.' });
        return { type: 'request', form, request: { file: form.file.value.trim() } };
      }
      if (row !== 'start') return stay({ focus: form.focus + 1 });
      if (form.file && !form.loaded)
        return stay({ problem: 'Read a save file first (Enter on its name).', focus: 0 });
      const seats = form.kinds.map((kind, seat) => seatOf(nameFor(seat, kind), kind));
      return {
        type: 'start',
        start: {
          options: options(form),
          seats,
          save: (state: unknown) => writeSave(form.saveFile, state as KonoState),
        },
      };
    }
    default:
      return stay({});
  }
}

/** Write a save (atomically, under the file's lock); the problem in words, or undefined. */
export function writeSave(file: string, state: KonoState): string | undefined {
  if (state.phase !== 'play' && state.phase !== 'dice')
    return 'A game is saved before a player’s turn: finish this step first.';
  try {
    writeWhole(file, formatSave(savedOf(state)));
    return undefined;
  } catch (error) {
    return `${file}: ${(error as Error).message}`;
  }
}

function readSave(
  file: string,
): { ok: true; saved: SavedTournament } | { ok: false; problem: string } {
  const text = readText(file);
  if (!text.ok) return { ok: false, problem: text.problem };
  const parsed = parseSave(text.text);
  return parsed.ok
    ? { ok: true, saved: parsed.saved }
    : { ok: false, problem: `${file}:${parsed.line}: ${parsed.problem}` };
}

function newForm(context: SetupContext, resume: boolean): Form {
  const { settings, kinds } = context;
  const loaded = settings.loaded as Form['loaded'] | undefined;
  return {
    kinds: [kinds[0] ?? 'human', kinds[1] ?? (kinds.length === 0 ? 'strong' : 'human')],
    size: typeof settings.size === 'number' ? settings.size : 0,
    quietMoves: typeof settings.quietMoves === 'number' ? settings.quietMoves : DEFAULT_QUIET_MOVES,
    focus: loaded ? ROWS_LOAD.indexOf('start') : 0,
    file: resume || loaded ? fieldOf(loaded?.name ?? join(context.dataDir, SAVE_FILE)) : null,
    loaded: loaded ?? null,
    problem: null,
    saveFile: join(context.dataDir, SAVE_FILE),
  };
}

function KonoSetup({ form }: { form: Form }) {
  const rows = rowsOf(form);
  const label = (row: string, text: string) => {
    const on = rows[form.focus] === row;
    return (
      <Styled colour={on ? 'cyan' : undefined} bold={on}>
        {on ? '▸ ' : '  '}
        {text.padEnd(14)}
      </Styled>
    );
  };
  const choice = (row: string, text: string) => (
    <Text>
      {rows[form.focus] === row ? '◀ ' : '  '}
      <Text bold>{text}</Text>
      {rows[form.focus] === row ? ' ▶' : ''}
    </Text>
  );
  const who = (kind: SeatKind) => (kind === 'human' ? 'a person' : `the computer (${kind})`);
  const saved = form.loaded?.saved;
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1} width={70}>
      <Text bold>
        Kono · {form.file ? 'resume a tournament from a save file' : 'new tournament'}
      </Text>
      <Text dimColor wrap="truncate-end">
        Seats Human and Computer: each a person or the computer.
      </Text>
      <Text> </Text>
      {form.file ? (
        <Text wrap="truncate-end">
          {label('file', 'Save file')}
          <TextField field={form.file} focus={rows[form.focus] === 'file'} max={200} />
        </Text>
      ) : null}
      {saved ? (
        <Text dimColor wrap="truncate-end">
          {'                '}round {saved.round}, {saved.board.length} × {saved.board.length},
          Human {saved.totals[0]} · Computer {saved.totals[1]}
        </Text>
      ) : null}
      <Text wrap="truncate-end">
        {label('kind0', 'Human seat')}
        {choice('kind0', who(form.kinds[0]))}
      </Text>
      <Text wrap="truncate-end">
        {label('kind1', 'Computer seat')}
        {choice('kind1', who(form.kinds[1]))}
      </Text>
      {form.file ? null : (
        <>
          <Text wrap="truncate-end">
            {label('size', 'Board')}
            {choice(
              'size',
              form.size === 0 ? 'asked at every round' : `${form.size} × ${form.size}`,
            )}
          </Text>
          <Text wrap="truncate-end">
            {label('quiet', 'Endless round')}
            {choice('quiet', `ends after ${form.quietMoves} quiet moves`)}
          </Text>
        </>
      )}
      <Text> </Text>
      <Styled
        colour={rows[form.focus] === 'start' ? 'cyan' : undefined}
        bold={rows[form.focus] === 'start'}
      >
        {rows[form.focus] === 'start' ? '▸ ' : '  '}
        {form.file ? 'Resume the tournament' : 'Start the tournament'}
      </Styled>
      <Text> </Text>
      <Styled colour="yellow">{form.problem ?? ' '}</Styled>
      <Text dimColor>↑↓ choose · ←→ change · Enter · Esc back</Text>
    </Box>
  );
}

/** After a save from the full screen: the resume form, on the slot just written. */
const afterSave = (context: SetupContext): Form => ({
  ...newForm(context, true),
  problem: `The game was saved in ${join(context.dataDir, SAVE_FILE)}.`,
});

/** Reads the save file named in the resume form. */
function answer(form: unknown, request: unknown): SetupOutcome {
  const { file } = request as { file: string };
  const read = readSave(file);
  const f = form as Form;
  if (!read.ok) return { type: 'form', form: { ...f, loaded: null, problem: read.problem } };
  return {
    type: 'form',
    form: {
      ...f,
      loaded: { name: file, saved: read.saved },
      focus: ROWS_LOAD.indexOf('start'),
      problem: null,
    },
  };
}

const newEntry: MenuEntry = {
  id: 'kono',
  label: 'Kono',
  hint: 'a tournament of rounds',
  newForm: (context) => newForm(context, false),
  // A game saved from here comes back to the resume form, which reads the slot.
  afterSave,
  key: (form, key) => formKey(form as Form, key),
  answer,
  View: ({ form }) => <KonoSetup form={form as Form} />,
};

const resumeEntry: MenuEntry = {
  id: 'kono-resume',
  label: 'Resume a Kono game',
  hint: 'from a save file',
  newForm: (context) => newForm(context, true),
  afterSave,
  key: (form, key) => formKey(form as Form, key),
  answer,
  View: ({ form }) => <KonoSetup form={form as Form} />,
};

export const konoModule = gameModule<KonoState, KonoEvent, KonoOptions>({
  id: 'kono',
  title: 'Kono',
  description: 'a tournament on 5, 7 or 9 points (--load FILE)',
  seats: { min: 2, max: 2 },
  rules: konoGame,
  parseOptions(unchecked) {
    const problem = checkOptions(unchecked);
    return problem === undefined
      ? { ok: true, options: withDefaults(unchecked as Partial<KonoOptions>) }
      : { ok: false, problem };
  },
  seatCount: () => 2,
  typicalOptions: { asker: null, size: 5, quietMoves: DEFAULT_QUIET_MOVES },
  chance: {
    noun: 'throw',
    probe: KONO_KNOWLEDGE.chance.probe,
    seeded(seed) {
      const random = seededRandom(seed);
      return {
        next: () => ({
          ok: true,
          event: {
            type: 'kono/diceThrown',
            dice: [
              [die(random), die(random)],
              [die(random), die(random)],
            ],
          },
        }),
      };
    },
    parseScript: parseDiceFile,
  },
  bot: konoBot,
  dataFiles: [SAVE_FILE],
  explain: KONO_KNOWLEDGE.explain,
  describe: (before, event, after, names) => describeKonoEvent(before, event, after, names),
  entries: [newEntry, resumeEntry],
  Play: KonoGame,
  Replay: KonoReplay,
  rulesText: RULES_TEXT,
  entryOf: (options) => (options.start ? 'kono-resume' : 'kono'),
  command: {
    describe: 'Kono: a tournament against the computer (straight to its setup screen)',
    flags: (y: Argv) =>
      y
        .option('size', {
          type: 'number',
          describe: 'the board size of every round: 5, 7 or 9 (default: asked)',
        })
        .option('load', { type: 'string', describe: 'resume a tournament from a Kono save file' })
        .option('quiet-moves', {
          type: 'number',
          describe: `the endless-round rule: a round ends after N moves with no capture and no new home point (${QUIET_MOVES_MIN}–${QUIET_MOVES_MAX}, default ${DEFAULT_QUIET_MOVES})`,
        })
        .alias('dice', 'throws'),
    settings(argv, readFile) {
      const settings: Record<string, unknown> = {};
      if (argv.size !== undefined) {
        if (!SIZES.includes(argv.size as never))
          return { ok: false, problem: '--size takes 5, 7 or 9' };
        settings.size = argv.size;
      }
      if (argv.quietMoves !== undefined) {
        const problem = checkOptions({ quietMoves: argv.quietMoves });
        if (problem !== undefined) return { ok: false, problem: `--quiet-moves: ${problem}` };
        settings.quietMoves = argv.quietMoves;
      }
      if (typeof argv.load === 'string') {
        const text = readFile(argv.load);
        if (!text.ok) return { ok: false, problem: text.problem };
        const parsed = parseSave(text.text);
        if (!parsed.ok)
          return { ok: false, problem: `${argv.load}:${parsed.line}: ${parsed.problem}` };
        settings.loaded = { name: argv.load, saved: parsed.saved };
      }
      return { ok: true, settings };
    },
    entry: (settings) => (settings.loaded ? 'kono-resume' : 'kono'),
  },
  classic(io, run) {
    const loaded = run.settings.loaded as { saved: SavedTournament } | undefined;
    const human = [0, 1].findIndex((seat) => (run.kinds[seat] ?? 'human') === 'human');
    const options = withDefaults({
      asker: human < 0 ? null : human,
      size: typeof run.settings.size === 'number' ? run.settings.size : null,
      quietMoves:
        typeof run.settings.quietMoves === 'number' ? run.settings.quietMoves : DEFAULT_QUIET_MOVES,
    });
    const { source, seed } = run.chanceFor(0, options);
    const seats = [0, 1].map((seat) => {
      const kind = run.kinds[seat] ?? 'human';
      return seatOf(nameFor(seat, kind), kind);
    });
    return runClassicKono(io, {
      options,
      kinds: run.kinds,
      dice: source,
      botRandom: botRandom(seed ?? run.botSeed),
      think: run.think,
      loaded: loaded?.saved,
      readFile: run.readFile,
      writeSave,
      recorderFor: (o) => run.recorderFor(o, seed, seats),
      error: run.error,
    });
  },
});
