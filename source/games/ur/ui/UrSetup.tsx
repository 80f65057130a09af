/**
 * Ur's setup: the shared form of its options and seats (ui/setup-form.ts), with what is Ur's own:
 * the board it is played on (from a `.ur` file), and the perfect level, which plays only where a
 * solved table is built for the stones.
 */
import type { SeatKind } from '../../../engine/seats.js';
import { Text } from '../../../render/components.js';
import { pathFit } from '../../../ui/text.js';
import { setupEntry, type SetupLook } from '../../../ui/SetupForm.js';
import {
  newSetupForm,
  type SetupForm,
  type SetupSpec,
  setupSpecOf,
} from '../../../ui/setup-form.js';
import { Styled } from '../../../ui/theme.js';
import { type BoardSpec, historicalSpec } from '../board.js';
import { urCore } from '../core.js';
import type { UrOptions } from '../rules.js';
import { seatColourOf } from './seat-colour.js';

export interface UrBoard {
  readonly spec: BoardSpec;
  readonly name: string;
}

/** Ur's own in its form: the board, and why perfect cannot play with these stones (no table). */
export interface UrOwn {
  readonly board: UrBoard | undefined;
  readonly perfectProblem?: ((stones: number) => string | undefined) | undefined;
}

type UrForm = SetupForm<UrOwn>;

/** Why a side's choice cannot play now: perfect without a table for these stones. */
export const kindProblem = (form: UrForm, side: number) =>
  form.kinds[side] === 'perfect'
    ? form.own.perfectProblem?.(Number(form.options.stones))
    : undefined;

export const urSetupSpec: SetupSpec<UrOwn> = setupSpecOf<UrOwn>(urCore, {
  // Perfect without its solved table comes after the other levels, not first of them.
  offered: (form) =>
    form.own.perfectProblem?.(Number(form.options.stones)) === undefined
      ? urSetupSpec.kinds
      : [...urSetupSpec.kinds.filter((k) => k !== 'perfect'), 'perfect'],
  refuse(form, names, rowOf) {
    if (names[0] === names[1])
      return {
        focus: rowOf({ seat: 1, part: 'name' }),
        problem: `Both sides are called ${names[0]}.`,
      };
    for (const side of [0, 1]) {
      const problem = kindProblem(form, side);
      if (problem !== undefined) return { focus: rowOf({ seat: side, part: 'kind' }), problem };
    }
    return undefined;
  },
});

const look: SetupLook<UrOwn> = {
  title: 'Royal Game of Ur · new game',
  width: 64,
  labelWidth: 12,
  lines: (form) => (
    <Text dimColor wrap="truncate-end">
      {/* The box's inside less `board: `: a long path keeps its end (its folder and file). */}
      board: {pathFit(form.own.board?.name ?? 'the historical board', 64 - 2 - 4 - 7)}
    </Text>
  ),
  seatLabel: (side) => (side === 0 ? 'White' : 'Black'),
  mark: (_form, side) => (
    <Styled seat={seatColourOf(side)} bold>
      {side === 0 ? '○ ' : '● '}
    </Styled>
  ),
  kindNote: (form, side) =>
    kindProblem(form, side) !== undefined ? <Styled colour="yellow"> unavailable</Styled> : '',
  warning: (form) => kindProblem(form, 0) ?? kindProblem(form, 1),
};

/** A new form (the tests' way in; the menu's is the entry's newForm). */
export const newUrForm = (
  own: UrOwn,
  kinds: readonly SeatKind[] = [],
  settings: Readonly<Record<string, unknown>> = {},
): UrForm => newSetupForm(urSetupSpec, own, settings, kinds);

/** The menu entry: `own` reads the board and the tables from the command line's settings. */
export const urSetupEntry = (
  own: (context: { settings: Readonly<Record<string, unknown>>; dataDir: string }) => UrOwn,
) =>
  setupEntry<UrOwn>({
    id: 'ur',
    label: 'Royal Game of Ur',
    hint: 'two players, seven stones',
    spec: urSetupSpec,
    look,
    own,
    start(form, seats) {
      const options: UrOptions = {
        board: form.own.board?.spec ?? historicalSpec(),
        extraRollOnRosette: true,
        stones: Number(form.options.stones),
      };
      return { options, seats };
    },
  });
