/**
 * The seats of a setup form as a pure model, one for every game whose setup has seats (issue 42):
 * each seat's name (left empty, it takes its default, shown as a placeholder), who plays it (a
 * person, or the computer at one of the game's levels) and the cursor in the name being typed. A
 * game's form extends it with its own rows; a seat has two rows, its name and who plays it.
 */
import { defaultSeatName, type Seat, type SeatKind, seatOf } from '../engine/seats.js';
import type { Key } from './keys.js';
import { editField, type Field } from './text-field.js';

export interface SeatsForm {
  /** Every seat's name as typed, empty where it takes its default. */
  readonly names: readonly string[];
  readonly kinds: readonly SeatKind[];
  /** The cursor in the focused name's text field. */
  readonly cursor: number;
}

/** A seat's row: its name, or who plays it. */
export interface SeatRow {
  readonly seat: number;
  readonly part: 'name' | 'kind';
}

export const NAME_LENGTH = 12;

/** `count` seats, as --bots and the names given seat them: a person where nothing is given. */
export function newSeats(
  count: number,
  kinds: readonly SeatKind[] = [],
  names: readonly string[] = [],
): SeatsForm {
  const seats = Array.from({ length: count }, (_, seat) => seat);
  return {
    names: seats.map((seat) => names[seat] ?? ''),
    kinds: seats.map((seat) => kinds[seat] ?? 'human'),
    cursor: 0,
  };
}

/** The name a seat takes when its field is left empty: it follows who plays, until one is typed. */
export const seatDefaultName = (form: Pick<SeatsForm, 'kinds'>, seat: number) =>
  defaultSeatName(form.kinds[seat] ?? 'human', seat);

/** A seat's name field, the cursor in it where it is focused. */
export const seatNameField = (form: SeatsForm, seat: number, focused = true): Field => ({
  value: form.names[seat] ?? '',
  cursor: focused ? form.cursor : 0,
});

/** Where the cursor goes as a row is focused: the end of its name, if it is a name's row. */
export const cursorFor = (form: SeatsForm, row: SeatRow | undefined) =>
  row?.part === 'name' ? [...(form.names[row.seat] ?? '')].length : 0;

/** Who plays a seat, in the words of the setup's rows. */
export const kindWords = (kind: SeatKind | undefined) =>
  kind === 'human' || kind === undefined ? 'a person' : `the computer (${kind})`;

/** The kind before or after `kind` among those `offered`, going round (←→ on a seat). */
export function steppedKind(offered: readonly SeatKind[], kind: SeatKind, delta: number): SeatKind {
  const n = offered.length;
  return offered[(((offered.indexOf(kind) + delta) % n) + n) % n] as SeatKind;
}

/**
 * What a key does on a seat's row, among the kinds `offered`: a name's row edits the name (its
 * ←→ move the cursor), a kind's row turns ←→ into who plays. Undefined: the key is not the row's.
 */
export function seatKey<F extends SeatsForm>(
  form: F,
  row: SeatRow,
  key: Key,
  offered: readonly SeatKind[],
): F | undefined {
  const replace = <T>(items: readonly T[], value: T) =>
    items.map((item, i) => (i === row.seat ? value : item));
  if (row.part === 'name') {
    const edited = editField(seatNameField(form, row.seat), key, NAME_LENGTH);
    return edited && { ...form, names: replace(form.names, edited.value), cursor: edited.cursor };
  }
  if (key !== 'left' && key !== 'right') return undefined;
  const kind = steppedKind(offered, form.kinds[row.seat] ?? 'human', key === 'left' ? -1 : 1);
  // An empty name's default follows who plays; a name typed in is kept.
  return { ...form, kinds: replace(form.kinds, kind) };
}

/** The first `count` seats' names as Start seats them: a field left empty takes its default. */
export const namesAtStart = (form: SeatsForm, count = form.names.length): string[] =>
  form.names.slice(0, count).map((name, seat) => name.trim() || seatDefaultName(form, seat));

/** The first seat whose name an earlier seat has too, if any (two seats may not share one). */
export function namedTwice(names: readonly string[]): number | undefined {
  const twice = names.findIndex((name, seat) => names.indexOf(name) !== seat);
  return twice < 0 ? undefined : twice;
}

/** The seats named `names`, each played as the form says. */
export const seatsAtStart = (form: SeatsForm, names: readonly string[]): Seat[] =>
  names.map((name, seat) => seatOf(name, form.kinds[seat] ?? 'human'));

/** The row ↑, ↓ or Tab moves a form's focus to, round its rows; undefined for any other key. */
export function focusMoved(focus: number, rows: number, key: Key): number | undefined {
  if (key === 'up') return (focus + rows - 1) % rows;
  if (key === 'down' || key === 'tab') return (focus + 1) % rows;
  return undefined;
}
