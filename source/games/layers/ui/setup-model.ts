/**
 * Layers' setup screen as a pure model: how many players, turns on top to win, how many people
 * at the keyboard, the computers' level, and each seat one by one.
 */
import { defaultSeatName, SEAT_KINDS, type SeatKind, seatOf } from '../../../engine/seats.js';
import type { Key } from '../../../ui/keys.js';
import { focusMoved, steppedKind } from '../../../ui/seats-form.js';
import type { SetupContext, SetupOutcome } from '../../module.js';
import { settingOf, stepped } from '../../../engine/options.js';
import { LAYERS_OPTIONS } from '../rules.js';

/** The setup's players row stops at a hundred (a thousand are for the command line). */
const SETUP_PLAYERS = { ...LAYERS_OPTIONS.players, max: 100 };

export interface LayersSetupForm {
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

export const ROWS = ['players', 'turns', 'humans', 'level', 'seats', 'start'] as const;
const KIND_LETTER: Readonly<Record<SeatKind, string>> = {
  human: 'you',
  perfect: 'P',
  expert: 'E',
  strong: 'S',
  greedy: 'G',
  random: 'R',
};

export function kindsOf(form: LayersSetupForm): SeatKind[] {
  return Array.from(
    { length: form.players },
    (_, p) => form.kinds?.[p] ?? (p < form.humans ? 'human' : form.level),
  );
}

export function layersSetupKey(form: LayersSetupForm, key: Key): SetupOutcome {
  const row = ROWS[form.focus];
  const stay = (next: Partial<LayersSetupForm>): SetupOutcome => ({
    type: 'form',
    form: { ...form, ...next },
  });
  const moved = focusMoved(form.focus, ROWS.length, key);
  if (moved !== undefined) return stay({ focus: moved });
  switch (key) {
    case 'escape':
      return { type: 'back' };
    case 'left':
    case 'right':
    case 'pageup':
    case 'pagedown': {
      // PgUp and PgDn: ten at a time (a hundred players are ninety presses of →).
      const d = { left: -1, right: 1, pageup: 10, pagedown: -10 }[key];
      const within = (x: number, min: number, max: number) => Math.max(min, Math.min(max, x));
      if (row === 'players') {
        const players = stepped(SETUP_PLAYERS, form.players, d);
        return stay({ players, kinds: null, seat: Math.min(form.seat, players - 1) });
      }
      if (row === 'seats') return stay({ seat: within(form.seat + d, 0, form.players - 1) });
      if (row === 'turns') return stay({ turns: stepped(LAYERS_OPTIONS.turns, form.turns, d) });
      if (row === 'humans')
        return stay({ humans: within(form.humans + d, 0, form.players), kinds: null });
      if (row === 'level') {
        const levels: readonly SeatKind[] = SEAT_KINDS.filter((k) => k !== 'human');
        return stay({ level: steppedKind(levels, form.level, d), kinds: null });
      }
      return stay({});
    }
    case 'space':
      if (row === 'seats') {
        // One seat's kind in turn: a person, then the computer at each level.
        const kinds = kindsOf(form);
        kinds[form.seat] = steppedKind(SEAT_KINDS, kinds[form.seat] ?? 'human', 1);
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

/**
 * Five seats around the cursor's (`+3 3:S [4:you] 5:G 6:S 7:R +2`), the cursor's in brackets.
 * `served`: the maker sits in the first person's seat, the other people's are open for others.
 */
export function seatsLine(kinds: readonly SeatKind[], seat: number, served = false): string {
  const from = Math.max(0, Math.min(seat - 2, kinds.length - 5));
  const first = kinds.indexOf('human');
  const word = (k: SeatKind, p: number) =>
    served && k === 'human' && p !== first ? 'open' : KIND_LETTER[k];
  const shown = kinds.slice(from, from + 5).map((k, i) => {
    const text = `${from + i + 1}:${word(k, from + i)}`;
    return from + i === seat ? `[${text}]` : text;
  });
  // How many are out of view on each side ("…" would read as a line cut short).
  const before = from > 0 ? `+${from} ` : '';
  const after = kinds.length - from - 5 > 0 ? ` +${kinds.length - from - 5}` : '';
  return `${before}${shown.join(' ')}${after}`;
}

/** The form as the command line (or the menu, with no settings) opens it. */
export function newLayersSetup({ settings, kinds }: SetupContext): LayersSetupForm {
  const players = settingOf(LAYERS_OPTIONS.players, settings, 'players');
  return {
    players,
    turns: settingOf(LAYERS_OPTIONS.turns, settings, 'turns'),
    humans: kinds.length > 0 ? kinds.slice(0, players).filter((k) => k === 'human').length : 1,
    level: kinds.find((k) => k !== 'human') ?? 'strong',
    focus: ROWS.indexOf('start'),
    kinds: kinds.length > 0 ? kinds.slice(0, players) : null,
    seat: 0,
  };
}
