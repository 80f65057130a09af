/**
 * The Ur setup form as a pure model: White's and Black's names, each a person or the computer
 * (at a level of UR_KINDS), and the stones each side plays.
 */
import type { Key } from '../../../ui/keys.js';
import {
  defaultSeatName,
  type Seat,
  type SeatKind,
  seatKinds,
  seatOf,
} from '../../../engine/seats.js';
import { stepped } from '../../../engine/options.js';
import { UR_OPTIONS } from '../rules.js';
import { editField, type Field } from '../../../ui/text-field.js';

export interface UrSetupForm {
  readonly names: readonly [string, string];
  readonly kinds: readonly [SeatKind, SeatKind];
  /** Stones per side, as UR_OPTIONS declares them. */
  readonly stones: number;
  /** Why the perfect level cannot play with these stones (no table), if it cannot. */
  readonly perfectProblem?: ((stones: number) => string | undefined) | undefined;
  /** The focused row (see urSetupKey's rows). */
  readonly focus: number;
  /** The cursor in the focused name's text field. */
  readonly cursor: number;
  readonly problem: string | null;
}

export type UrSetupOutcome =
  | { readonly type: 'form'; readonly form: UrSetupForm }
  | { readonly type: 'start'; readonly seats: Seat[]; readonly stones: number }
  | { readonly type: 'back' };

/** The name a side takes when its field is left empty (shown there as a placeholder). */
export const urDefaultName = (form: Pick<UrSetupForm, 'kinds'>, side: number) =>
  defaultSeatName(form.kinds[side] ?? 'human', side);

/** A new form: the name fields empty, their defaults shown as placeholders. */
export function newUrSetup(
  kinds: readonly SeatKind[] = [],
  stones: number = UR_OPTIONS.stones.default,
  perfectProblem?: (stones: number) => string | undefined,
): UrSetupForm {
  return {
    names: ['', ''],
    kinds: [kinds[0] ?? 'human', kinds[1] ?? 'human'],
    stones,
    perfectProblem,
    focus: 0,
    cursor: 0,
    problem: null,
  };
}

/** What a side may be: a person, or the computer from perfect (a solved table) down. */
export const UR_KINDS: readonly SeatKind[] = seatKinds(['random', 'greedy', 'strong', 'perfect']);

/** Why a side's choice cannot play now: perfect without a table for these stones. */
export const kindProblem = (form: UrSetupForm, side: number) =>
  form.kinds[side] === 'perfect' ? form.perfectProblem?.(form.stones) : undefined;

/** Rows: 0 White's name, 1 who plays White, 2 Black's name, 3 who plays Black, 4 stones, 5 Start. */
const ROWS = 6;
export const STONES_ROW = 4;
export const START_ROW = 5;
export const NAME_LENGTH = 12;
/** The side whose name field is on the focused row, if it is one. */
export const nameRowSide = (form: UrSetupForm) =>
  form.focus < STONES_ROW && form.focus % 2 === 0 ? form.focus / 2 : undefined;
/** The side whose player kind is on the focused row, if it is one. */
export const kindRowSide = (form: UrSetupForm) =>
  form.focus < STONES_ROW && form.focus % 2 === 1 ? (form.focus - 1) / 2 : undefined;

/** The focused name's text field. */
export function urNameField(form: UrSetupForm, side: number): Field {
  return { value: form.names[side] ?? '', cursor: form.cursor };
}

export function urSetupKey(form: UrSetupForm, key: Key): UrSetupOutcome {
  const stay = (next: Partial<UrSetupForm>): UrSetupOutcome => ({
    type: 'form',
    form: { ...form, problem: null, ...next },
  });
  const side = kindRowSide(form);
  const named = nameRowSide(form);
  if (named !== undefined) {
    const edited = editField(urNameField(form, named), key, NAME_LENGTH);
    if (edited) {
      const names = [...form.names] as [string, string];
      names[named] = edited.value;
      return stay({ names, cursor: edited.cursor });
    }
  }
  // Moving to a row puts the cursor at the end of its name.
  const focusOn = (focus: number) =>
    stay({ focus, cursor: focus % 2 === 0 ? [...(form.names[focus / 2] ?? '')].length : 0 });
  switch (key) {
    case 'escape':
      return { type: 'back' };
    case 'up':
      return focusOn((form.focus + ROWS - 1) % ROWS);
    case 'down':
    case 'tab':
      return focusOn((form.focus + 1) % ROWS);
    case 'left':
    case 'right': {
      const step = key === 'left' ? -1 : 1;
      if (form.focus === STONES_ROW)
        return stay({ stones: stepped(UR_OPTIONS.stones, form.stones, step) });
      if (side === undefined) return stay({});
      const at = UR_KINDS.indexOf(form.kinds[side] as SeatKind);
      const next = UR_KINDS[(at + step + UR_KINDS.length) % UR_KINDS.length] as SeatKind;
      const kinds = [...form.kinds] as [SeatKind, SeatKind];
      kinds[side] = next;
      return stay({ kinds });
    }
    case 'enter': {
      if (form.focus < START_ROW) return focusOn(form.focus + 1);
      // A field left empty takes its default.
      const names = form.names.map((n, i) => n.trim() || urDefaultName(form, i));
      if (names[0] === names[1])
        return stay({ focus: 2, problem: `Both sides are called ${names[0]}.` });
      for (const i of [0, 1]) {
        const problem = kindProblem(form, i);
        if (problem !== undefined) return stay({ focus: 2 * i + 1, problem });
      }
      return {
        type: 'start',
        stones: form.stones,
        seats: names.map((name, i) => {
          return seatOf(name, form.kinds[i] ?? 'human');
        }),
      };
    }
    default:
      return stay({});
  }
}
