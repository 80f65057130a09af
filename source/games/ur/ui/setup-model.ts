/** The Ur setup form as a pure model: White's and Black's names, each a person or the computer. */
import type { Key } from '../../../ui/keys.js';
import { SEAT_KINDS, type SeatKind } from '../../../engine/seats.js';
import { printable } from '../../../ui/text.js';
import type { Seat } from '../../../engine/seats.js';

export interface UrSetupForm {
  readonly names: readonly [string, string];
  readonly kinds: readonly [SeatKind, SeatKind];
  /** 0 White, 1 Black, 2 Start. */
  readonly focus: number;
  readonly problem: string | null;
}

export type UrSetupOutcome =
  | { readonly type: 'form'; readonly form: UrSetupForm }
  | { readonly type: 'start'; readonly seats: Seat[] }
  | { readonly type: 'back' };

export function newUrSetup(kinds: readonly SeatKind[] = []): UrSetupForm {
  return {
    names: ['Player 1', 'Player 2'],
    kinds: [kinds[0] ?? 'human', kinds[1] ?? 'human'],
    focus: 0,
    problem: null,
  };
}

export function urSetupKey(form: UrSetupForm, key: Key): UrSetupOutcome {
  const stay = (next: Partial<UrSetupForm>): UrSetupOutcome => ({
    type: 'form',
    form: { ...form, problem: null, ...next },
  });
  const seat = form.focus;
  switch (key) {
    case 'escape':
      return { type: 'back' };
    case 'up':
      return stay({ focus: (form.focus + 2) % 3 });
    case 'down':
    case 'tab':
      return stay({ focus: (form.focus + 1) % 3 });
    case 'left':
    case 'right': {
      if (seat > 1) return stay({});
      const at = SEAT_KINDS.indexOf(form.kinds[seat] as SeatKind);
      const next = SEAT_KINDS[
        (at + (key === 'left' ? -1 : 1) + SEAT_KINDS.length) % SEAT_KINDS.length
      ] as SeatKind;
      const kinds = [...form.kinds] as [SeatKind, SeatKind];
      kinds[seat] = next;
      return stay({ kinds });
    }
    case 'enter': {
      if (seat < 2) return stay({ focus: seat + 1 });
      const names = form.names.map((n) => n.trim());
      if (names.some((n) => n === '')) return stay({ problem: 'Each side needs a name.' });
      return {
        type: 'start',
        seats: names.map((name, i) => {
          const kind = form.kinds[i] ?? 'human';
          return kind === 'human'
            ? { name, kind: 'human' as const }
            : { name, kind: 'computer' as const, level: kind };
        }),
      };
    }
    case 'backspace': {
      if (seat > 1) return stay({});
      const names = [...form.names] as [string, string];
      names[seat] = (names[seat] ?? '').slice(0, -1);
      return stay({ names });
    }
    default: {
      if (seat > 1 || printable(key) === '') return stay({});
      const names = [...form.names] as [string, string];
      names[seat] = `${names[seat]}${printable(key)}`.slice(0, 12);
      return stay({ names });
    }
  }
}
