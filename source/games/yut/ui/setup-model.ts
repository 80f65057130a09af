/** The Yut setup form as a pure model: players, pieces, and a name for each seat. */
import {
  defaultSeatName,
  type Seat,
  type SeatKind,
  seatKinds,
  seatOf,
} from '../../../engine/seats.js';
import { stepped } from '../../../engine/options.js';
import { YUT_LEVELS } from '../bot.js';
import { YUT_OPTIONS } from '../rules.js';

/** A person, or the computer at each of Yut's levels, expert first. */
const YUT_SEAT_KINDS = seatKinds(YUT_LEVELS);
import type { Key } from '../../../ui/keys.js';
import { editField, type Field } from '../../../ui/text-field.js';

export interface SetupForm {
  readonly players: number;
  readonly pieces: number;
  readonly names: readonly string[];
  readonly kinds: readonly SeatKind[];
  /** 0 players, 1 pieces, then a name row and a kind row for each seat, last: Start. */
  readonly focus: number;
  /** The cursor in the focused name's text field. */
  readonly cursor: number;
  readonly problem: string | null;
}

export type SetupOutcome =
  | { readonly type: 'form'; readonly form: SetupForm }
  | {
      readonly type: 'start';
      readonly players: number;
      readonly pieces: number;
      readonly seats: Seat[];
    }
  | { readonly type: 'back' };

export const NAME_LENGTH = 12;
const SEATS = [0, 1, 2, 3];

/**
 * The name a seat gets when its field is left empty (shown in the field as a placeholder): every
 * game's default (the classic console keeps the seed's "Player 0").
 */
export const defaultName = (form: Pick<SetupForm, 'kinds'>, seat: number) =>
  defaultSeatName(form.kinds[seat] ?? 'human', seat);

/** A new form: name fields empty (their defaults as placeholders) unless names are given. */
export function newSetup(
  players = YUT_OPTIONS.players.default,
  pieces = YUT_OPTIONS.pieces.default,
  names: readonly string[] = [],
  kinds: readonly SeatKind[] = [],
): SetupForm {
  const all = SEATS.map((i) => names[i] ?? '');
  const allKinds = SEATS.map((i) => kinds[i] ?? 'human');
  return { players, pieces, names: all, kinds: allKinds, focus: 0, cursor: 0, problem: null };
}

/** Rows: 0 players, 1 pieces, then each seat's name and who plays it, then Start. */
export const startRow = (form: SetupForm) => 2 + 2 * form.players;
/** The seat whose name field is on row `focus`, if it is one. */
export const nameRowSeat = (form: SetupForm, focus = form.focus) =>
  focus >= 2 && focus < startRow(form) && focus % 2 === 0 ? (focus - 2) / 2 : undefined;
/** The seat whose player kind is on row `focus`, if it is one. */
export const kindRowSeat = (form: SetupForm, focus = form.focus) =>
  focus >= 2 && focus < startRow(form) && focus % 2 === 1 ? (focus - 3) / 2 : undefined;

/** The focused name's text field. */
export function nameField(form: SetupForm, seat: number): Field {
  return { value: form.names[seat] ?? '', cursor: form.cursor };
}

/** What a key does to the form. Pure. On a name row the keys of editing are its field's. */
export function setupKey(form: SetupForm, key: Key): SetupOutcome {
  const rows = startRow(form) + 1;
  const stay = (next: Partial<SetupForm>): SetupOutcome => ({
    type: 'form',
    form: { ...form, problem: null, ...next },
  });
  // Moving to a row puts the cursor at the end of its name.
  const focusOn = (focus: number) =>
    stay({ focus, cursor: [...(form.names[nameRowSeat(form, focus) ?? -1] ?? '')].length });
  const kindSeat = kindRowSeat(form);
  const nameSeat = nameRowSeat(form);
  if (nameSeat !== undefined) {
    const edited = editField(nameField(form, nameSeat), key, NAME_LENGTH);
    if (edited) {
      return stay({ names: replace(form.names, nameSeat, edited.value), cursor: edited.cursor });
    }
  }
  switch (key) {
    case 'escape':
      return { type: 'back' };
    case 'up':
      return focusOn((form.focus - 1 + rows) % rows);
    case 'down':
    case 'tab':
      return focusOn((form.focus + 1) % rows);
    case 'left':
    case 'right': {
      const delta = key === 'left' ? -1 : 1;
      if (form.focus === 0)
        return stay({ players: stepped(YUT_OPTIONS.players, form.players, delta), focus: 0 });
      if (form.focus === 1)
        return stay({ pieces: stepped(YUT_OPTIONS.pieces, form.pieces, delta) });
      if (kindSeat !== undefined) {
        // A person, or the computer at each level in turn.
        const kind = form.kinds[kindSeat] ?? 'human';
        const next = YUT_SEAT_KINDS[
          (YUT_SEAT_KINDS.indexOf(kind) + delta + YUT_SEAT_KINDS.length) % YUT_SEAT_KINDS.length
        ] as SeatKind;
        return stay({ kinds: replace(form.kinds, kindSeat, next) });
      }
      return stay({});
    }
    case 'enter':
      if (form.focus === startRow(form)) return start(form);
      return focusOn(form.focus + 1);
    default:
      if (form.focus <= 1 && /^[1-4]$/.test(key)) {
        const n = Number(key);
        if (form.focus === 0 && n >= 2) return stay({ players: n });
        if (form.focus === 1) return stay({ pieces: n });
      }
      return stay({});
  }
}

function start(form: SetupForm): SetupOutcome {
  // A field left empty takes its default.
  const names = form.names
    .slice(0, form.players)
    .map((n, seat) => n.trim() || defaultName(form, seat));
  const twice = names.findIndex((n, i) => names.indexOf(n) !== i);
  if (twice >= 0) {
    return {
      type: 'form',
      form: {
        ...form,
        focus: 2 + 2 * twice,
        cursor: [...(names[twice] ?? '')].length,
        problem: `Two seats are called ${names[twice]}.`,
      },
    };
  }
  return {
    type: 'start',
    players: form.players,
    pieces: form.pieces,
    seats: names.map((name, i) => {
      return seatOf(name, form.kinds[i] ?? 'human');
    }),
  };
}

function replace<T>(items: readonly T[], index: number, value: T): T[] {
  return items.map((item, i) => (i === index ? value : item));
}
