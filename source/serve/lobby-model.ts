/**
 * One connection's screens (madang serve) as a pure model, as the local app's (app/app-model.ts):
 * a key on a screen, with the lobby as it is, gives the next screen and what must be done outside
 * it (sit, make a table, register a name, say a chat line, leave). ServeApp carries the effects
 * out and draws the screens.
 */
import { safeText } from '../engine/safe-text.js';
import type { AnyGameModule, MenuEntry, Start } from '../games/module.js';
import { ratable } from '../ratings/ranking.js';
import type { Key } from '../ui/keys.js';
import { editField, type Field, fieldOf } from '../ui/text-field.js';
import { ARENA_MINUTES } from './arena/arena.js';
import { arenaChoices, type HeldArena } from './arena/arenas.js';
import { type Lobby } from './hall.js';
import { CHAT_LENGTH, type Person, type ServedTable } from './served-table.js';
import { NAME_LENGTH, type PlayerBook } from './identity.js';

export type Screen =
  | { readonly name: 'banner' }
  | { readonly name: 'name'; readonly field: Field; readonly problem?: string | undefined }
  | {
      readonly name: 'lobby';
      readonly index: number;
      readonly notice?: string | undefined;
      /** The code being typed (c). */
      readonly code?: Field | undefined;
    }
  /** `rated`: the table to be made is rated (ratings/), else casual. */
  | { readonly name: 'pick'; readonly index: number; readonly rated: boolean }
  | {
      readonly name: 'setup';
      readonly game: AnyGameModule;
      readonly entry: MenuEntry;
      readonly form: unknown;
      readonly rated: boolean;
    }
  /** The arenas (a): the index-th chosen. */
  | { readonly name: 'arenas'; readonly index: number; readonly notice?: string | undefined }
  /**
   * A new arena: the index-th of the two-player games, its length in minutes; or a battle of
   * Layers, the minutes until its start.
   */
  | { readonly name: 'arenaNew'; readonly index: number; readonly minutes: number }
  /** One arena's standings (its podium once over). */
  | { readonly name: 'arena'; readonly id: string; readonly notice?: string | undefined }
  /** The leaderboard (r), of the index-th game. */
  | { readonly name: 'leaders'; readonly index: number }
  | {
      readonly name: 'table';
      readonly code: string;
      /** The chat line being typed (c). */
      readonly chat?: Field | undefined;
    };

/** What a key asks of the world outside the screens. */
export type Effect =
  /** The connection ends. */
  | { readonly type: 'end' }
  /** A name chosen: kept in the players' book for this key, then the person goes in. */
  | { readonly type: 'register'; readonly name: string }
  /** Into a table: sit if a seat is open (or is the person's), else watch. */
  | { readonly type: 'enter'; readonly table: ServedTable; readonly watch: boolean }
  | { readonly type: 'create'; readonly game: AnyGameModule; readonly start: Start }
  /** Back to the lobby from a table (a seat at a running table is held). */
  | { readonly type: 'leave'; readonly notice?: string | undefined }
  | { readonly type: 'chat'; readonly text: string }
  | { readonly type: 'startEarly' }
  | { readonly type: 'answer'; readonly agree: boolean }
  /** After an away seat's hold: G gives it to the computer, E ends the game. */
  | { readonly type: 'giveAway' }
  | { readonly type: 'endGame' }
  /** At a finished game: the same players again at a new table, the seats turned. */
  | { readonly type: 'rematch' }
  | { readonly type: 'openArena'; readonly game: AnyGameModule; readonly minutes: number }
  | { readonly type: 'joinArena'; readonly id: string }
  | { readonly type: 'leaveArena'; readonly id: string }
  /** The game's own key: its screen takes it. */
  | { readonly type: 'game' };

export interface Step {
  readonly screen: Screen;
  readonly effect?: Effect | undefined;
}

/** What the screens read of the world: the lobby, the players' book, this connection. */
export interface LobbyWorld {
  readonly hall: Lobby;
  /** The tables as the lobby last drew them: a key means what the person saw. */
  readonly tables: readonly ServedTable[];
  readonly book: Pick<PlayerBook, 'problem'>;
  readonly games: readonly AnyGameModule[];
  readonly dataDir: string;
  /** The key's fingerprint; undefined for a guest. */
  readonly keyId: string | undefined;
  readonly person: Person | undefined;
  /** The game's page or question covers its screen: its keys are then all the game's. */
  readonly covered: boolean;
  /** The server's arenas; undefined where it holds none (--redis). */
  readonly arenas?: readonly HeldArena[] | undefined;
}

/** A new arena's length to begin with, and its step. */
export const ARENA_LENGTH = { first: 30, step: 5 } as const;

/** The games that can be set up here: an entry whose form needs no files (Yut's accounts do). */
export const playable = (games: readonly AnyGameModule[]) =>
  games.flatMap((game) => {
    const entry = game.entries.find((e) => !e.answer);
    return entry ? [{ game, entry }] : [];
  });

/** The screen a connection opens on: the page for a keyless one, the lobby, or the name asked. */
export function firstScreen(keyless: boolean, person: Person | undefined): Screen {
  return keyless ? { name: 'banner' } : person ? { name: 'lobby', index: 0 } : named('');
}

/** A guest plays for one connection and has no rating. */
export const isGuest = (person: Person | undefined) => person?.id.startsWith('guest:') ?? true;

const named = (value: string): Screen => ({ name: 'name', field: fieldOf(value) });
const stay = (screen: Screen, effect?: Effect): Step => ({ screen, effect });
/** An index moved up or down a list of `n`, round its ends. */
const cycle = (index: number, key: 'up' | 'down', n: number) =>
  (index + (key === 'up' ? n - 1 : 1)) % n;

export function serveKey(screen: Screen, k: Key, world: LobbyWorld): Step {
  if (k === 'ctrl+c') return stay(screen, { type: 'end' });
  switch (screen.name) {
    case 'banner':
      return stay(screen, { type: 'end' });
    case 'name': {
      if (k === 'escape') return stay(screen, { type: 'end' });
      if (k === 'enter') {
        const name = screen.field.value.trim();
        const problem = world.book.problem(name, world.keyId);
        if (problem) return stay({ ...screen, problem });
        return stay(screen, { type: 'register', name });
      }
      const field = editField(screen.field, k, NAME_LENGTH);
      return stay(field ? { name: 'name', field } : screen);
    }
    case 'lobby':
      return lobbyKey(screen, k, world);
    case 'pick': {
      if (k === 'escape' || k === 'q') return stay({ name: 'lobby', index: 0 });
      const games = playable(world.games);
      if (k === 'up' || k === 'down')
        return stay({ ...screen, index: cycle(screen.index, k, games.length) });
      if (k === 'r' && !isGuest(world.person)) return stay({ ...screen, rated: !screen.rated });
      const numbered = /^[1-9]$/.test(k) ? Number(k) - 1 : k === 'enter' ? screen.index : -1;
      const picked = games[numbered];
      if (!picked) return stay(screen);
      const form = picked.entry.newForm({
        settings: {},
        kinds: [],
        dataDir: world.dataDir,
        warn: () => undefined,
      });
      return stay({ name: 'setup', ...picked, form, rated: screen.rated });
    }
    case 'setup': {
      const outcome = screen.entry.key(screen.form, k);
      switch (outcome.type) {
        case 'form':
        case 'request':
          return stay({ ...screen, form: outcome.form });
        case 'back':
        case 'exit':
          return stay({ name: 'lobby', index: 0 });
        case 'start': {
          // A level in two seats would play itself: such a table is casual (ratings/ranking.ts).
          const rated = screen.rated && ratable(outcome.start.seats);
          const start = { ...outcome.start, rated };
          return stay(screen, { type: 'create', game: screen.game, start });
        }
      }
      return stay(screen);
    }
    case 'arenas': {
      const arenas = world.arenas ?? [];
      if (k === 'escape' || k === 'q') return stay({ name: 'lobby', index: 0 });
      if ((k === 'up' || k === 'down') && arenas.length > 0)
        return stay({ name: 'arenas', index: cycle(screen.index, k, arenas.length) });
      const chosen = arenas[screen.index];
      if (k === 'enter' && chosen) return stay({ name: 'arena', id: chosen.id });
      if (k === 'n')
        return stay(
          isGuest(world.person)
            ? { ...screen, notice: 'A guest has no rating: arenas are for players with a key.' }
            : { name: 'arenaNew', index: 0, minutes: ARENA_LENGTH.first },
        );
      return stay(screen);
    }
    case 'arenaNew': {
      const games = arenaChoices(world.games);
      if (k === 'escape' || k === 'q') return stay({ name: 'arenas', index: 0 });
      if (k === 'up' || k === 'down')
        return stay({ ...screen, index: cycle(screen.index, k, games.length) });
      if (k === 'left' || k === 'right') {
        const step = k === 'left' ? -ARENA_LENGTH.step : ARENA_LENGTH.step;
        const minutes = Math.min(
          ARENA_MINUTES.most,
          Math.max(ARENA_MINUTES.least, screen.minutes + step),
        );
        return stay({ ...screen, minutes });
      }
      const game = games[screen.index];
      if (k === 'enter' && game)
        return stay(screen, { type: 'openArena', game, minutes: screen.minutes });
      return stay(screen);
    }
    case 'arena': {
      if (k === 'escape' || k === 'q') {
        const index = (world.arenas ?? []).findIndex((a) => a.id === screen.id);
        return stay({ name: 'arenas', index: Math.max(0, index) });
      }
      if (k === 'j') return stay(screen, { type: 'joinArena', id: screen.id });
      if (k === 'l') return stay(screen, { type: 'leaveArena', id: screen.id });
      return stay(screen);
    }
    case 'leaders': {
      if (k === 'escape' || k === 'q') return stay({ name: 'lobby', index: 0 });
      if (k === 'left' || k === 'right')
        return stay({
          name: 'leaders',
          index: cycle(screen.index, k === 'left' ? 'up' : 'down', world.games.length),
        });
      return stay(screen);
    }
    case 'table':
      return tableKey(screen, k, world);
  }
}

function lobbyKey(screen: Screen & { name: 'lobby' }, k: Key, world: LobbyWorld): Step {
  const { hall } = world;
  if (screen.code) {
    if (k === 'escape') return stay({ ...screen, code: undefined });
    if (k === 'enter') {
      const found = hall.find(screen.code.value);
      if (!found)
        return stay({
          name: 'lobby',
          index: screen.index,
          notice: `No table has the code ${safeText(screen.code.value)}.`,
        });
      return stay(screen, { type: 'enter', table: found, watch: false });
    }
    const code = editField(screen.code, k, 8);
    return stay(code ? { ...screen, code } : screen);
  }
  const { tables } = world;
  const chosen = tables[screen.index];
  if (k === 'q' || k === 'escape') return stay(screen, { type: 'end' });
  if (k === 'up' || k === 'down')
    return stay(
      tables.length > 0 ? { name: 'lobby', index: cycle(screen.index, k, tables.length) } : screen,
    );
  // A table is rated unless made casual; a guest's are casual (a guest has no rating).
  if (k === 'n') return stay({ name: 'pick', index: 0, rated: !isGuest(world.person) });
  if (k === 'r') return stay({ name: 'leaders', index: 0 });
  if (k === 'a')
    return stay(
      world.arenas
        ? { name: 'arenas', index: 0 }
        : { ...screen, notice: 'No arenas on a server of several processes (--redis) yet.' },
    );
  if (k === 'c') return stay({ ...screen, code: fieldOf(''), notice: undefined });
  if ((k === 'enter' || k === 'w') && chosen)
    return stay(screen, { type: 'enter', table: chosen, watch: k === 'w' });
  return stay(screen);
}

function tableKey(screen: Screen & { name: 'table' }, k: Key, world: LobbyWorld): Step {
  const table = world.hall.find(screen.code);
  const who = world.person as Person;
  if (!table) return stay(screen, { type: 'leave', notice: 'That table is gone.' });
  const { chat } = screen;
  if (chat) {
    if (k === 'escape') return stay({ ...screen, chat: undefined });
    if (k === 'enter')
      return stay({ ...screen, chat: undefined }, { type: 'chat', text: chat.value });
    const field = editField(chat, k, CHAT_LENGTH);
    return stay(field ? { ...screen, chat: field } : screen);
  }
  const chatting = { ...screen, chat: fieldOf('') };
  if (table.status === 'waiting') {
    if (k === 's') return stay(screen, { type: 'startEarly' });
    if (k === 'q' || k === 'escape') return stay(screen, { type: 'leave' });
    return stay(k === 'c' ? chatting : screen);
  }
  // A page or the quit question open: c, y, n are its (c sent the next keys to the chat).
  if (world.covered) return stay(screen, { type: 'game' });
  // w at one keyboard plays again with the seats turned; here it asks the others for that.
  if (k === 'w' && table.status === 'over' && table.seatOf(who) !== undefined)
    return stay(screen, { type: 'rematch' });
  if (table.askedOf(who) && (k === 'y' || k === 'n'))
    return stay(screen, { type: 'answer', agree: k === 'y' });
  if (k === 'c') return stay(chatting);
  if (table.status === 'running' && table.expired().length > 0 && (k === 'G' || k === 'E'))
    return stay(screen, { type: k === 'G' ? 'giveAway' : 'endGame' });
  // The game's own key: its screen (useKeys) takes it, or it waits for the screen to be there.
  return stay(screen, { type: 'game' });
}
