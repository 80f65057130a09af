/**
 * Who sits in a seat: a person, or the computer at a level. One encoding for the setup screens,
 * the command line (--bots, --level) and the recordings' player list.
 */
import { type Level, LEVELS } from './bots.js';
import type { PlayerInfo } from './recording.js';

/** What the setup screens cycle through for a seat, and what --bots/--level give. */
export type SeatKind = 'human' | Level;
/** The levels every game offers; a game may offer more (Yut's expert). */
export const BASE_LEVELS: readonly Level[] = ['random', 'greedy', 'strong'];
export const SEAT_KINDS: readonly SeatKind[] = seatKinds(BASE_LEVELS);

/** A person, then the computer from the strongest level down: what a setup's seat cycles through. */
export function seatKinds(levels: readonly Level[]): SeatKind[] {
  return ['human', ...LEVELS.filter((l) => levels.includes(l)).reverse()];
}

export interface Seat {
  readonly name: string;
  readonly kind: 'human' | 'computer';
  /** A computer seat's level. */
  readonly level?: Level | undefined;
  /** A served person's identity (their key's fingerprint), written into the recording. */
  readonly id?: string | undefined;
}

export const isLevel = (text: unknown): text is Level =>
  (LEVELS as readonly unknown[]).includes(text);

export function seatOf(name: string, kind: SeatKind): Seat {
  return kind === 'human' ? { name, kind: 'human' } : { name, kind: 'computer', level: kind };
}

/**
 * The name a seat takes when none is given, the same in every game (issue 28): `Player N` for a
 * person, `CPU N` for the computer, N the seat counted from 1 as the screens count, so two
 * computers are never both called the same; the level is shown beside the name where there is
 * room, not in it ("Computer N" would not fit the narrow panels' name columns).
 */
export const defaultSeatName = (kind: SeatKind, seat: number): string =>
  `${kind === 'human' ? 'Player' : 'CPU'} ${seat + 1}`;

export const kindOf = (seat: Seat): SeatKind =>
  seat.kind === 'human' ? 'human' : (seat.level ?? 'strong');

/** A seat as the recording's header lists it. */
export function playerInfo(seat: Seat): PlayerInfo {
  return seat.kind === 'computer'
    ? { name: seat.name, kind: 'bot', level: seat.level ?? 'strong' }
    : { name: seat.name, kind: 'human', ...(seat.id !== undefined ? { id: seat.id } : {}) };
}

/** A recorded player back as a seat (an unknown level plays at the strongest). */
export function seatFromPlayer(player: PlayerInfo): Seat {
  return player.kind === 'bot'
    ? {
        name: player.name,
        kind: 'computer',
        level: isLevel(player.level) ? player.level : 'strong',
      }
    : { name: player.name, kind: 'human', ...(player.id !== undefined ? { id: player.id } : {}) };
}

export type ParsedBots = { ok: true; kinds: SeatKind[] } | { ok: false; problem: string };

/**
 * `--bots 2,4` (seat numbers from 1, as the screens count them) or `all`, at `level`, for a game
 * of up to `seats` seats: what sits in each seat. A seat may name its own level, `2:greedy,3:strong`
 * (as the setup screens mix levels), so that one level can be played against another.
 */
export function parseBots(
  bots: string | undefined,
  level: string,
  seats: number,
  levels: readonly Level[] = BASE_LEVELS,
): ParsedBots {
  const offered = (text: string): text is Level => isLevel(text) && levels.includes(text);
  if (!offered(level)) return { ok: false, problem: `--level takes ${levels.join(', ')}` };
  if (bots === undefined) return { ok: true, kinds: [] };
  const all = Array.from({ length: seats }, (_, seat) => seat);
  if (bots === 'all') return { ok: true, kinds: all.map(() => level) };
  const items = bots.split(',').map((item) => {
    const at = item.indexOf(':');
    const number = (at < 0 ? item : item.slice(0, at)).trim();
    const own = at < 0 ? undefined : item.slice(at + 1).trim();
    const seat = /^\d{1,4}$/.test(number) ? Number(number) - 1 : Number.NaN;
    return { item: item.trim(), seat, own };
  });
  if (items.some(({ seat }) => !(seat >= 0 && seat < seats))) {
    return {
      ok: false,
      problem: `--bots takes seat numbers 1 to ${seats}, such as ${seats > 2 ? '2,4' : '2'}, or all`,
    };
  }
  const kinds: SeatKind[] = all.map(() => 'human');
  for (const { item, seat, own = level } of items) {
    if (!offered(own))
      return {
        ok: false,
        problem: `--bots ${item}: "${own}" is not a level here; a seat takes ${levels.join(', ')}`,
      };
    const before = kinds[seat] as SeatKind;
    if (before !== 'human' && before !== own)
      return {
        ok: false,
        problem: `--bots gives seat ${seat + 1} two levels (${before} and ${own})`,
      };
    kinds[seat] = own;
  }
  return { ok: true, kinds };
}
