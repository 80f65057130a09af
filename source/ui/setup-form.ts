/**
 * A game's setup form as a pure model, derived from the game's declared options and its seats
 * (issue 42): a row for each option its setup shows, a name row and a "played by" row for each
 * seat (ui/seats-form.ts), and Start. ↑↓ (Tab) choose a row, going round; ←→ change its value; on
 * a name's row the keys are its text field's; Enter goes to the next row, and on Start starts;
 * Esc goes back. A game gives only what is its own: a choice of its setup that is no option
 * (Yoté's colour), and why a form cannot start (its words for two seats of one name).
 */
import type { Level } from '../engine/bots.js';
import { accepts, type AnyOption, settingOf, stepped } from '../engine/options.js';
import { BASE_LEVELS, type Seat, type SeatKind, seatKinds } from '../engine/seats.js';
import type { Key } from './keys.js';
import {
  cursorFor,
  focusMoved,
  namesAtStart,
  newSeats,
  type SeatRow,
  seatKey,
  type SeatsForm,
  seatsAtStart,
} from './seats-form.js';

type Value = AnyOption['default'];

export type SetupRow =
  | { readonly type: 'option'; readonly key: string }
  | ({ readonly type: 'seat' } & SeatRow)
  | { readonly type: 'start' };

/** `X`: what the game keeps in its form besides (Ur's board). */
export interface SetupForm<X = undefined> extends SeatsForm {
  /** The value of each option with a row, by its key. */
  readonly options: Readonly<Record<string, Value>>;
  readonly focus: number;
  readonly problem: string | null;
  readonly own: X;
}

export interface SetupSpec<X = undefined> {
  /** The options with a row, by key, in the order of their rows. */
  readonly options: Readonly<Record<string, AnyOption>>;
  /** The options' rows come before the seats' (Yut's counts decide the seats), else after. */
  readonly optionsFirst: boolean;
  /** The most seats, and how many a game of these options seats. */
  readonly seats: number;
  seatCount(options: Readonly<Record<string, Value>>): number;
  /** Who may play a seat: a person, or the computer at each level, strongest first. */
  readonly kinds: readonly SeatKind[];
  /**
   * The order ← and → go through `kinds` in on this form, where it is not theirs: a level that
   * cannot play now comes last (Ur's perfect, with no solved table), so that → from a person is
   * the strongest that can.
   */
  readonly offered?: (form: SetupForm<X>) => readonly SeatKind[];
  /** A digit typed on an option's row sets it, where the option takes it (Yut's counts). */
  readonly digits: boolean;
  /**
   * Why the form cannot start with these names, and where it goes to say so (`rowOf`: the row of
   * a seat's name or of who plays it).
   */
  refuse(
    form: SetupForm<X>,
    names: readonly string[],
    rowOf: (row: SeatRow) => number,
  ): Partial<SetupForm<X>> | undefined;
}

/** What a game declares of itself, from which its setup is derived. */
export interface SetupGame {
  readonly seats: { readonly max: number };
  readonly options?: object | undefined;
  readonly levels?: readonly Level[] | undefined;
  seatCount(options: never): number;
}

/**
 * A game's setup from its declaration: a row for each declared option with a label, after the
 * `choices` of its own; its seats; the kinds of its levels. `spec` gives what differs.
 */
export function setupSpecOf<X = undefined>(
  game: SetupGame,
  spec: Pick<SetupSpec<X>, 'refuse'> &
    Partial<Omit<SetupSpec<X>, 'refuse'>> & {
      readonly choices?: Readonly<Record<string, AnyOption>>;
    },
): SetupSpec<X> {
  const declared = Object.entries((game.options ?? {}) as Record<string, AnyOption | undefined>)
    // An option with no label has no row (Ur's rosette rule).
    .filter((entry): entry is [string, AnyOption] => entry[1]?.label !== undefined);
  return {
    options: { ...spec.choices, ...Object.fromEntries(declared) },
    optionsFirst: false,
    seats: game.seats.max,
    seatCount: game.seatCount as SetupSpec<X>['seatCount'],
    kinds: seatKinds(game.levels ?? BASE_LEVELS),
    digits: false,
    ...spec,
  };
}

/** A new form: the options as the command line set them, else their defaults; the seats. */
export function newSetupForm<X>(
  spec: SetupSpec<X>,
  own: X,
  settings: Readonly<Record<string, unknown>> = {},
  kinds: readonly SeatKind[] = [],
  names: readonly string[] = [],
): SetupForm<X> {
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([key, option]) => [key, settingOf(option, settings, key)]),
  );
  return { ...newSeats(spec.seats, kinds, names), options, focus: 0, problem: null, own };
}

/** The form's rows, top to bottom. */
export function setupRows<X>(spec: SetupSpec<X>, form: SetupForm<X>): SetupRow[] {
  const options = Object.keys(spec.options).map((key): SetupRow => ({ type: 'option', key }));
  const seats = Array.from({ length: spec.seatCount(form.options) }, (_, seat) =>
    (['name', 'kind'] as const).map((part): SetupRow => ({ type: 'seat', seat, part })),
  ).flat();
  const start: SetupRow = { type: 'start' };
  return spec.optionsFirst ? [...options, ...seats, start] : [...seats, ...options, start];
}

/** The row of a seat's name or of who plays it. */
export const seatRowAt = <X>(spec: SetupSpec<X>, form: SetupForm<X>, row: SeatRow) =>
  setupRows(spec, form).findIndex(
    (r) => r.type === 'seat' && r.seat === row.seat && r.part === row.part,
  );

/** The focused row, if it is a seat's. */
export function focusedSeat<X>(spec: SetupSpec<X>, form: SetupForm<X>): SeatRow | undefined {
  const row = setupRows(spec, form)[form.focus];
  return row?.type === 'seat' ? row : undefined;
}

export type SetupFormOutcome<X> =
  | { readonly type: 'form'; readonly form: SetupForm<X> }
  | { readonly type: 'start'; readonly form: SetupForm<X>; readonly seats: Seat[] }
  | { readonly type: 'back' };

/** What a key does to the form. */
export function setupFormKey<X>(
  spec: SetupSpec<X>,
  form: SetupForm<X>,
  key: Key,
): SetupFormOutcome<X> {
  const rows = setupRows(spec, form);
  const row = rows[form.focus];
  const stay = (next: Partial<SetupForm<X>>): SetupFormOutcome<X> => ({
    type: 'form',
    form: { ...form, problem: null, ...next },
  });
  if (row?.type === 'seat') {
    const edited = seatKey(form, row, key, spec.offered?.(form) ?? spec.kinds);
    if (edited) return { type: 'form', form: { ...edited, problem: null } };
  }
  const option = row?.type === 'option' ? spec.options[row.key] : undefined;
  const setOption = (value: Value) =>
    row?.type === 'option' ? stay({ options: { ...form.options, [row.key]: value } }) : stay({});
  // Moving to a row puts the cursor at the end of its name.
  const focusOn = (focus: number) => {
    const to = rows[focus];
    return stay({ focus, cursor: cursorFor(form, to?.type === 'seat' ? to : undefined) });
  };
  const moved = focusMoved(form.focus, rows.length, key);
  if (moved !== undefined) return focusOn(moved);
  switch (key) {
    case 'escape':
      return { type: 'back' };
    case 'left':
    case 'right':
      if (row?.type !== 'option' || !option) return stay({});
      return setOption(
        stepped(option, form.options[row.key] ?? option.default, key === 'left' ? -1 : 1),
      );
    case 'enter': {
      if (row?.type !== 'start') return focusOn(form.focus + 1);
      const names = namesAtStart(form, spec.seatCount(form.options));
      const refused = spec.refuse(form, names, (at) => seatRowAt(spec, form, at));
      if (refused) return { type: 'form', form: { ...form, ...refused } };
      return { type: 'start', form, seats: seatsAtStart(form, names) };
    }
    default:
      if (spec.digits && option && /^\d$/.test(key) && accepts(option, Number(key)))
        return setOption(Number(key));
      return stay({});
  }
}
