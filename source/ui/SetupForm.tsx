/**
 * A game's setup screen drawn from its pure model (ui/setup-form.ts), and the menu entry that
 * opens it: the rows of its options and seats, the focused row's arrows, Start, a problem. A
 * game gives its look where it is its own: the marks of its seats, a line under the title.
 */
import { Fragment, type ReactNode, useContext } from 'react';
import { rowWords } from '../engine/options.js';
import type { SeatKind } from '../engine/seats.js';
import { Box, Text } from '../render/components.js';
import type { Start } from '../table/session.js';
import type { Key } from './keys.js';
import { ServedContext } from './play-session.js';
import { kindWords, NAME_LENGTH, seatDefaultName, seatNameField } from './seats-form.js';
import {
  newSetupForm,
  type SetupForm,
  setupFormKey,
  type SetupRow,
  setupRows,
  type SetupSpec,
} from './setup-form.js';
import { TextField } from './TextField.js';
import { Styled } from './theme.js';

export interface SetupLook<X = undefined> {
  readonly title: string;
  /** The box's width, and the labels' (the values line up after them). */
  readonly width: number;
  readonly labelWidth: number;
  /** Dim lines under the title (Yoté's board, Ur's board file). */
  lines?(form: SetupForm<X>): ReactNode;
  /** A seat's name row's label ("Seat 1 name", "White"). */
  seatLabel(seat: number): string;
  /** What stands before a seat's name: its colour, its letter. */
  mark(form: SetupForm<X>, seat: number): ReactNode;
  /** Said after who plays a seat (Ur's perfect "unavailable"). */
  kindNote?(form: SetupForm<X>, seat: number): ReactNode;
  /** Shown where the form has no problem of its own (why Ur's perfect cannot play). */
  warning?(form: SetupForm<X>): string | undefined;
  /** Start is a row like the others (Yut's), else apart, a line below them. */
  readonly startInRow?: boolean;
}

export function SetupScreen<X>({
  spec,
  look,
  form,
}: {
  spec: SetupSpec<X>;
  look: SetupLook<X>;
  form: SetupForm<X>;
}) {
  const rows = setupRows(spec, form);
  const served = useContext(ServedContext);
  // A name to type: a seat of the computer's, or any seat but at a server.
  const named = !served || form.kinds.some((kind) => kind !== 'human');
  const label = (on: boolean, text: string) => (
    <Styled colour={on ? 'cyan' : undefined} bold={on}>
      {on ? '▸ ' : '  '}
      {text.padEnd(look.labelWidth)}
    </Styled>
  );
  const chooser = (on: boolean, value: string) => (
    <>
      {on ? '◀ ' : '  '}
      <Text bold>{value}</Text>
      {on ? ' ▶' : ''}
    </>
  );
  const line = (row: SetupRow, at: number) => {
    const on = form.focus === at;
    if (row.type === 'start') return null;
    if (row.type === 'option') {
      const option = spec.options[row.key];
      if (!option) return null;
      const value = form.options[row.key] ?? option.default;
      return (
        <Fragment key={at}>
          <Text wrap="truncate-end">
            {label(on, option.label ?? row.key)}
            {chooser(on, rowWords(option, value))}
          </Text>
          {option.note === undefined ? null : (
            <Text dimColor wrap="truncate-end">
              {' '.repeat(look.labelWidth + 2)}
              {option.note}
            </Text>
          )}
        </Fragment>
      );
    }
    const { seat } = row;
    if (row.part === 'kind')
      return (
        <Text key={at} wrap="truncate-end">
          {label(on, '  played by')}
          {chooser(on, kindWords(form.kinds[seat] as SeatKind))}
          {look.kindNote?.(form, seat)}
        </Text>
      );
    // At a server a person's seat is open for whoever sits in it, under their own name: the
    // first is the maker's. No name is typed for it.
    if (served && form.kinds[seat] === 'human')
      return (
        <Text key={at} wrap="truncate-end">
          {label(on, look.seatLabel(seat))}
          {look.mark(form, seat)}
          <Text dimColor>
            {seat === form.kinds.indexOf('human') ? 'you' : 'open: whoever sits here'}
          </Text>
        </Text>
      );
    return (
      <Text key={at} wrap="truncate-end">
        {label(on, look.seatLabel(seat))}
        {look.mark(form, seat)}
        <TextField
          field={seatNameField(form, seat, on)}
          focus={on}
          max={NAME_LENGTH}
          placeholder={seatDefaultName(form, seat)}
        />
      </Text>
    );
  };
  const onStart = rows[form.focus]?.type === 'start';
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1} width={look.width}>
      <Text bold>{look.title}</Text>
      {look.lines?.(form)}
      <Text> </Text>
      {rows.map(line)}
      {look.startInRow ? (
        <Text wrap="truncate-end">
          {label(onStart, 'Start the game')}
          <Text> </Text>
        </Text>
      ) : (
        <>
          <Text> </Text>
          <Styled colour={onStart ? 'cyan' : undefined} bold={onStart}>
            {onStart ? '▸ ' : '  '}Start the game
          </Styled>
        </>
      )}
      <Text> </Text>
      <Styled colour="yellow">{form.problem ?? look.warning?.(form) ?? ' '}</Styled>
      <Text dimColor>↑↓ choose · ←→ change{named ? ' · type a name' : ''} · Enter · Esc back</Text>
    </Box>
  );
}

/** What a setup screen gets from the command line (games/module.ts's SetupContext). */
export interface SetupFormContext {
  readonly settings: Readonly<Record<string, unknown>>;
  readonly kinds: readonly SeatKind[];
  readonly dataDir: string;
}

/**
 * A game's menu entry whose setup is this form: `own` what the game keeps in it besides, `start`
 * the game it starts (by default the form's options and seats).
 */
export function setupEntry<X = undefined>(entry: {
  readonly id: string;
  readonly label: string;
  readonly hint: string;
  readonly spec: SetupSpec<X>;
  readonly look: SetupLook<X>;
  own?(context: SetupFormContext): X;
  start?(form: SetupForm<X>, seats: Start['seats']): Start;
}) {
  const { id, label, hint, spec, look } = entry;
  return {
    id,
    label,
    hint,
    newForm: (context: SetupFormContext): SetupForm<X> =>
      newSetupForm(spec, entry.own?.(context) as X, context.settings, context.kinds),
    key(form: unknown, key: Key) {
      const outcome = setupFormKey(spec, form as SetupForm<X>, key);
      if (outcome.type !== 'start') return outcome;
      const start = entry.start?.(outcome.form, outcome.seats) ?? {
        options: outcome.form.options,
        seats: outcome.seats,
      };
      return { type: 'start' as const, start };
    },
    View: ({ form }: { form: unknown }) => (
      <SetupScreen spec={spec} look={look} form={form as SetupForm<X>} />
    ),
  };
}
