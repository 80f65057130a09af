/**
 * The Kono setup form as a pure model: each seat a person or the computer, the board size (or
 * asked at each round) and the endless-round rule; or, to resume, the save file to read.
 */
import { join } from 'node:path';
import {
  defaultSeatName,
  kindOf,
  type Seat,
  SEAT_KINDS,
  type SeatKind,
  seatOf,
} from '../../../engine/seats.js';
import type { Key } from '../../../ui/keys.js';
import { focusMoved, steppedKind } from '../../../ui/seats-form.js';
import { editField, type Field, fieldOf } from '../../../ui/text-field.js';
import type { SetupContext, SetupOutcome } from '../../module.js';
import { settingOf, stepped } from '../../../engine/options.js';
import {
  KONO_OPTIONS,
  type KonoOptions,
  type KonoState,
  type SavedTournament,
  withDefaults,
} from '../rules.js';
import { readSave, SAVE_FILE, writeSave } from '../save-file.js';

/** A seat's name on the full screen, as in every game: Player N or CPU N, counted from 1. */
export const nameFor = (seat: number, kind: SeatKind) => defaultSeatName(kind, seat);

export interface KonoSetupForm {
  readonly kinds: readonly [SeatKind, SeatKind];
  /** 0: asked at each round; else 5, 7 or 9. */
  readonly size: number;
  readonly quietMoves: number;
  readonly focus: number;
  /** Resuming: the save file's name being typed, and what it holds once read. */
  readonly file: Field | null;
  readonly loaded: { readonly name: string; readonly saved: SavedTournament } | null;
  readonly problem: string | null;
  /** Where the full screen saves (the data directory's one slot). */
  readonly saveFile: string;
}

const ROWS_NEW = ['kind0', 'kind1', 'size', 'quiet', 'start'] as const;
const ROWS_LOAD = ['file', 'kind0', 'kind1', 'start'] as const;
export const rowsOf = (form: KonoSetupForm) => (form.file ? ROWS_LOAD : ROWS_NEW);

function options(form: KonoSetupForm): KonoOptions {
  const human = form.kinds.indexOf('human');
  return withDefaults({
    asker: human < 0 ? null : human,
    size: form.size === 0 ? null : form.size,
    quietMoves: form.quietMoves,
    start: form.loaded?.saved,
  });
}

export function konoSetupKey(form: KonoSetupForm, key: Key): SetupOutcome {
  const rows = rowsOf(form);
  const row = rows[form.focus];
  const stay = (next: Partial<KonoSetupForm>): SetupOutcome => ({
    type: 'form',
    form: { ...form, problem: null, ...next },
  });
  if (row === 'file' && form.file) {
    const edited = editField(form.file, key, 200);
    if (edited) return stay({ file: edited, loaded: null });
  }
  const moved = focusMoved(form.focus, rows.length, key);
  if (moved !== undefined) return stay({ focus: moved });
  switch (key) {
    case 'escape':
      return { type: 'back' };
    case 'left':
    case 'right': {
      const delta = key === 'left' ? -1 : 1;
      if (row === 'kind0' || row === 'kind1') {
        const seat = row === 'kind0' ? 0 : 1;
        const kinds = [...form.kinds] as [SeatKind, SeatKind];
        kinds[seat] = steppedKind(SEAT_KINDS, form.kinds[seat], delta);
        return stay({ kinds });
      }
      if (row === 'size')
        return stay({ size: stepped(KONO_OPTIONS.size, form.size || null, delta) ?? 0 });
      if (row === 'quiet')
        return stay({ quietMoves: stepped(KONO_OPTIONS.quietMoves, form.quietMoves, delta) });
      return stay({});
    }
    case 'enter': {
      if (row === 'file') {
        if (!form.file || form.file.value.trim() === '')
          return stay({ problem: 'Type the name of a Kono save file.' });
        return { type: 'request', form, request: { file: form.file.value.trim() } };
      }
      if (row !== 'start') return stay({ focus: form.focus + 1 });
      if (form.file && !form.loaded)
        return stay({ problem: 'Read a save file first (Enter on its name).', focus: 0 });
      const seats = form.kinds.map((kind, seat) => seatOf(nameFor(seat, kind), kind));
      return {
        type: 'start',
        start: {
          options: options(form),
          seats,
          save: (state: unknown) => writeSave(form.saveFile, state as KonoState),
        },
      };
    }
    default:
      return stay({});
  }
}

export function newKonoSetup(context: SetupContext, resume: boolean): KonoSetupForm {
  const { settings, kinds } = context;
  const loaded = settings.loaded as KonoSetupForm['loaded'] | undefined;
  return {
    kinds: [kinds[0] ?? 'human', kinds[1] ?? (kinds.length === 0 ? 'strong' : 'human')],
    size: settingOf(KONO_OPTIONS.size, settings, 'size') ?? 0,
    quietMoves: settingOf(KONO_OPTIONS.quietMoves, settings, 'quietMoves'),
    focus: loaded ? ROWS_LOAD.indexOf('start') : 0,
    file: resume || loaded ? fieldOf(loaded?.name ?? join(context.dataDir, SAVE_FILE)) : null,
    loaded: loaded ?? null,
    problem: null,
    saveFile: join(context.dataDir, SAVE_FILE),
  };
}

/**
 * After a save from the full screen: the resume form, on the slot just written, with the seats
 * of the tournament saved (--bots had made the person's seat the computer's again).
 */
export const konoAfterSave = (context: SetupContext, seats: readonly Seat[]): KonoSetupForm => {
  const form = newKonoSetup(context, true);
  const [first, second] = seats;
  return {
    ...form,
    kinds: first && second ? [kindOf(first), kindOf(second)] : form.kinds,
    problem: `The game was saved in ${join(context.dataDir, SAVE_FILE)}.`,
  };
};

/** Reads the save file named in the resume form. */
export function answerKonoSetup(form: unknown, request: unknown): SetupOutcome {
  const { file } = request as { file: string };
  const read = readSave(file);
  const f = form as KonoSetupForm;
  if (!read.ok) return { type: 'form', form: { ...f, loaded: null, problem: read.problem } };
  return {
    type: 'form',
    form: {
      ...f,
      loaded: { name: file, saved: read.saved },
      focus: ROWS_LOAD.indexOf('start'),
      problem: null,
    },
  };
}
