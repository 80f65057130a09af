/**
 * The Yoté setup form as a pure model: two players' names, each a person or the computer, the
 * colour player 1 chooses (the seed's "Starting game": the players submit their colours; White
 * plays first), and the endless-game rule's number of quiet turns.
 */
import {
  defaultSeatName,
  SEAT_KINDS,
  type Seat,
  type SeatKind,
  seatOf,
} from '../../../engine/seats.js';
import type { Key } from '../../../ui/keys.js';
import { editField, type Field } from '../../../ui/text-field.js';
import { stepped } from '../../../engine/options.js';
import { YOTE_OPTIONS } from '../rules.js';

export interface YoteSetupForm {
  readonly names: readonly [string, string];
  readonly kinds: readonly [SeatKind, SeatKind];
  /** Player 1's colour: 0 White, 1 Black. */
  readonly firstColour: number;
  readonly quietTurns: number;
  readonly focus: number;
  readonly cursor: number;
  readonly problem: string | null;
}

export type YoteSetupOutcome =
  | { readonly type: 'form'; readonly form: YoteSetupForm }
  | { readonly type: 'start'; readonly seats: Seat[]; readonly quietTurns: number }
  | { readonly type: 'back' };

/** Rows: 0 player 1's name, 1 played by, 2 player 2's name, 3 played by, 4 colour, 5 rule, 6 Start. */
export const ROW = { colour: 4, quiet: 5, start: 6 } as const;
const ROWS = 7;
export const NAME_LENGTH = 12;

/** The name a player takes when the field is left empty (shown there as a placeholder). */
export const yoteDefaultName = (form: Pick<YoteSetupForm, 'kinds'>, player: number) =>
  defaultSeatName(form.kinds[player] ?? 'human', player);

/** A new form: the name fields empty, their defaults shown as placeholders. */
export function newYoteSetup(kinds: readonly SeatKind[], quietTurns: number): YoteSetupForm {
  const k: [SeatKind, SeatKind] = [kinds[0] ?? 'human', kinds[1] ?? 'human'];
  return {
    names: ['', ''],
    kinds: k,
    firstColour: 0,
    quietTurns,
    focus: 0,
    cursor: 0,
    problem: null,
  };
}

export const nameRowPlayer = (form: YoteSetupForm) =>
  form.focus < ROW.colour && form.focus % 2 === 0 ? form.focus / 2 : undefined;
export const kindRowPlayer = (form: YoteSetupForm) =>
  form.focus < ROW.colour && form.focus % 2 === 1 ? (form.focus - 1) / 2 : undefined;

export function yoteNameField(form: YoteSetupForm, player: number): Field {
  return { value: form.names[player] ?? '', cursor: form.cursor };
}

export function yoteSetupKey(form: YoteSetupForm, key: Key): YoteSetupOutcome {
  const stay = (next: Partial<YoteSetupForm>): YoteSetupOutcome => ({
    type: 'form',
    form: { ...form, problem: null, ...next },
  });
  const named = nameRowPlayer(form);
  if (named !== undefined) {
    const edited = editField(yoteNameField(form, named), key, NAME_LENGTH);
    if (edited) {
      const names = [...form.names] as [string, string];
      names[named] = edited.value;
      return stay({ names, cursor: edited.cursor });
    }
  }
  const focusOn = (focus: number) =>
    stay({
      focus,
      cursor: focus < ROW.colour && focus % 2 === 0 ? [...(form.names[focus / 2] ?? '')].length : 0,
    });
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
      const delta = key === 'left' ? -1 : 1;
      const player = kindRowPlayer(form);
      if (player !== undefined) {
        const at = SEAT_KINDS.indexOf(form.kinds[player] as SeatKind);
        const next = SEAT_KINDS[(at + delta + SEAT_KINDS.length) % SEAT_KINDS.length] as SeatKind;
        // An empty name's default follows who plays; a name typed in is kept.
        const kinds = [...form.kinds] as [SeatKind, SeatKind];
        kinds[player] = next;
        return stay({ kinds });
      }
      if (form.focus === ROW.colour) return stay({ firstColour: 1 - form.firstColour });
      if (form.focus === ROW.quiet)
        return stay({ quietTurns: stepped(YOTE_OPTIONS.quietTurns, form.quietTurns, delta) });
      return stay({});
    }
    case 'enter': {
      if (form.focus < ROW.start) return focusOn(form.focus + 1);
      const names = form.names.map((n, i) => n.trim() || yoteDefaultName(form, i));
      if (names[0] === names[1]) return stay({ problem: 'The players need different names.' });
      const players = names.map((name, i) => seatOf(name, form.kinds[i] ?? 'human'));
      // Seat 0 is White: player 1 sits there when they chose White.
      const seats = form.firstColour === 0 ? players : [players[1] as Seat, players[0] as Seat];
      return { type: 'start', seats, quietTurns: form.quietTurns };
    }
    default:
      return stay({});
  }
}
