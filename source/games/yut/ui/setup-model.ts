/** The Yut setup form as a pure model: players, pieces, and a name for each seat. */
import { SEAT_KINDS, type Seat, type SeatKind } from '../../../engine/seats.js';
import type { Key } from '../../../ui/keys.js';
import { printable } from '../../../ui/text.js';

export interface SetupForm {
  readonly players: number;
  readonly pieces: number;
  readonly names: readonly string[];
  readonly kinds: readonly SeatKind[];
  /** 0 players, 1 pieces, 2.. the names, last: Start. */
  readonly focus: number;
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
const DEFAULT_NAMES = ['Player 0', 'Player 1', 'Player 2', 'Player 3'];

export function newSetup(
  players = 2,
  pieces = 4,
  names: readonly string[] = DEFAULT_NAMES,
  kinds: readonly SeatKind[] = [],
): SetupForm {
  const all = DEFAULT_NAMES.map((d, i) => names[i] ?? d);
  const allKinds = DEFAULT_NAMES.map((_, i) => kinds[i] ?? 'human');
  return { players, pieces, names: all, kinds: allKinds, focus: 0, problem: null };
}

export const startRow = (form: SetupForm) => 2 + form.players;

/** What a key does to the form. Pure. */
export function setupKey(form: SetupForm, key: Key): SetupOutcome {
  const rows = startRow(form) + 1;
  const stay = (next: Partial<SetupForm>): SetupOutcome => ({
    type: 'form',
    form: { ...form, problem: null, ...next },
  });
  const nameIndex = form.focus - 2;
  const onName = nameIndex >= 0 && nameIndex < form.players;
  switch (key) {
    case 'escape':
      return { type: 'back' };
    case 'up':
      return stay({ focus: (form.focus - 1 + rows) % rows });
    case 'down':
    case 'tab':
      return stay({ focus: (form.focus + 1) % rows });
    case 'left':
    case 'right': {
      const delta = key === 'left' ? -1 : 1;
      if (form.focus === 0) return stay({ players: clamp(form.players + delta, 2, 4) });
      if (form.focus === 1) return stay({ pieces: clamp(form.pieces + delta, 1, 4) });
      if (onName) {
        // ←/→ on a seat: a person, or the computer at each level in turn.
        const kind = form.kinds[nameIndex] ?? 'human';
        const next = SEAT_KINDS[
          (SEAT_KINDS.indexOf(kind) + delta + SEAT_KINDS.length) % SEAT_KINDS.length
        ] as SeatKind;
        return stay({ kinds: replace(form.kinds, nameIndex, next) });
      }
      return stay({});
    }
    case 'enter':
      if (form.focus === startRow(form)) return start(form);
      return stay({ focus: form.focus + 1 });
    case 'backspace':
      if (!onName) return stay({});
      return stay({
        names: replace(form.names, nameIndex, (form.names[nameIndex] ?? '').slice(0, -1)),
      });
    default:
      if (form.focus <= 1 && /^[1-4]$/.test(key)) {
        const n = Number(key);
        if (form.focus === 0 && n >= 2) return stay({ players: n });
        if (form.focus === 1) return stay({ pieces: n });
      }
      if (onName && printable(key) !== '') {
        // Fast typing and pastes arrive as one run of characters.
        const name = `${form.names[nameIndex] ?? ''}${printable(key)}`.slice(0, NAME_LENGTH);
        return stay({ names: replace(form.names, nameIndex, name) });
      }
      return stay({});
  }
}

function start(form: SetupForm): SetupOutcome {
  const names = form.names.slice(0, form.players).map((n) => n.trim());
  const empty = names.findIndex((n) => n === '');
  if (empty >= 0)
    return {
      type: 'form',
      form: { ...form, focus: 2 + empty, problem: `Seat ${empty} needs a name.` },
    };
  const twice = names.findIndex((n, i) => names.indexOf(n) !== i);
  if (twice >= 0) {
    return {
      type: 'form',
      form: { ...form, focus: 2 + twice, problem: `Two seats are called ${names[twice]}.` },
    };
  }
  return {
    type: 'start',
    players: form.players,
    pieces: form.pieces,
    seats: names.map((name, i) => {
      const kind = form.kinds[i] ?? 'human';
      return kind === 'human'
        ? { name, kind: 'human' as const }
        : { name, kind: 'computer' as const, level: kind };
    }),
  };
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function replace<T>(items: readonly T[], index: number, value: T): T[] {
  return items.map((item, i) => (i === index ? value : item));
}
