/**
 * One connection's screen (madang serve): the name asked once, the lobby of tables, a new
 * table's setup (the game's own form), a table waiting for players, and the game itself: the
 * game's own play screen on a view of the served table holding only this person's seat (none
 * for a spectator). Keys of the game go to the game's screen; the table's own (chat, a
 * take-back's answer, an away seat's fate) are taken here first.
 */
import { Box, Text } from 'ink';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { useStore } from '../ui/store.js';
import { safeText } from '../engine/safe-text.js';
import type { AnyGameModule, MenuEntry } from '../games/module.js';
import type { GameEvent } from '../engine/game.js';
import type { Table } from '../table/table.js';
import type { Key } from '../ui/keys.js';
import { useKeyRouter, useKeys } from '../ui/keys-context.js';
import {
  type AppRequest,
  OverKeysContext,
  SeatsHeldContext,
  ServedContext,
  SERVED_OVER_KEYS,
  type SharedSeat,
} from '../ui/play-session.js';
import { editField, type Field, fieldOf } from '../ui/text-field.js';
import { TextField } from '../ui/TextField.js';
import { displayWidth } from '../ui/text.js';
import { Styled } from '../ui/theme.js';
import { useTerminalSize } from '../ui/useTerminalSize.js';
import { CHAT_LENGTH, type Hall, type Person, type ServedTable } from './hall.js';
import { NAME_LENGTH, type PlayerBook } from './identity.js';
import type { RatingsStore } from './ratings/store.js';
import type { Ratings } from '../ratings/rating.js';
import { Leaderboard, seatRating } from './ratings/Leaderboard.js';
import { ratable } from '../ratings/ranking.js';

/** How long the lobby gathers the hall's changes before it draws them. */
export const LOBBY_MOMENT_MS = 150;

export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

/** Who is connecting, as the SSH authentication left it. */
export interface Caller {
  /** The key's fingerprint; undefined for a connection without a key. */
  readonly keyId: string | undefined;
  /** The key as authorized_keys writes it. */
  readonly keyText: string;
  /** A connection without a key may play under a name for this connection only (--guests). */
  readonly guests: boolean;
  /** A connection number, for a guest's identity. */
  readonly serial: number;
  /** The SSH user name: a table's code to go straight to it. */
  readonly user: string;
  /** The address, for the banner's example command. */
  readonly host: string;
  readonly port: number;
}

export interface ServeWorld {
  readonly hall: Hall;
  readonly book: PlayerBook;
  readonly games: readonly AnyGameModule[];
  readonly dataDir: string;
  now(): Date;
  /** The server's ratings (ratings/store.ts): the lobby and the leaderboard show them. */
  readonly ratings?: RatingsStore | undefined;
}

type Screen =
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
  /** The leaderboard (r), of the index-th game. */
  | { readonly name: 'leaders'; readonly index: number }
  | { readonly name: 'table'; readonly code: string };

/** A store's reducer that keeps the value given (stable: a memo may depend on its setter). */
const replaced = (_: boolean, next: boolean) => next;
const uncovered = () => false;

/** The games that can be set up here: an entry whose form needs no files (Yut's accounts do). */
const playable = (games: readonly AnyGameModule[]) =>
  games.flatMap((game) => {
    const entry = game.entries.find((e) => !e.answer);
    return entry ? [{ game, entry }] : [];
  });

export function ServeApp({
  world,
  caller,
  onEnd,
}: {
  world: ServeWorld;
  caller: Caller;
  onEnd: () => void;
}) {
  const { hall, book } = world;
  const { columns, rows } = useTerminalSize();
  const [person, setPerson, currentPerson] = useStore(
    (_: Person | undefined, next: Person | undefined) => next,
    (): Person | undefined => {
      const name = caller.keyId ? book.nameOf(caller.keyId) : undefined;
      return caller.keyId && name ? { id: caller.keyId, name } : undefined;
    },
  );
  const personRef = {
    get current() {
      return currentPerson();
    },
  };
  // Stores, not plain state: the keys of one burst ("Ann⏎") each see the screen the key before left.
  const [screen, setScreen, currentScreen] = useStore(
    (_: Screen, next: Screen) => next,
    (): Screen =>
      caller.keyId === undefined && !caller.guests
        ? { name: 'banner' }
        : person
          ? { name: 'lobby', index: 0 }
          : { name: 'name', field: fieldOf('') },
  );
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  // A change at a table is drawn by the lobby's screens and that table's own, not by every
  // screen of the server (two hundred connections would each draw every seat taken anywhere).
  // The lobby draws the changes of a moment together: while two hundred players arrive, leave or
  // take seats, each lobby would otherwise draw its whole list again for every one of them.
  useEffect(() => {
    let later: ReturnType<typeof setTimeout> | undefined;
    const stop = hall.subscribe((changed) => {
      const now = currentScreen();
      if (now.name === 'table' && changed?.code === now.code) redraw();
      else if ((now.name === 'lobby' || !changed) && later === undefined)
        later = setTimeout(() => {
          later = undefined;
          redraw();
        }, LOBBY_MOMENT_MS);
    });
    return () => {
      stop();
      clearTimeout(later);
    };
  }, [hall, currentScreen]);
  // The lobby's clocks move with time (its screen only).
  const inLobby = screen.name === 'lobby';
  useEffect(() => {
    if (!inLobby) return;
    const timer = setInterval(redraw, 5000);
    return () => clearInterval(timer);
  }, [inLobby]);
  const [chat, setChat, currentChat] = useStore(
    (_: Field | undefined, next: Field | undefined) => next,
    (): Field | undefined => undefined,
  );

  const table = screen.name === 'table' ? hall.find(screen.code) : undefined;
  // The seat the game's screen is given, the same at every draw while the table, its game and the
  // person's seat stay: a new one each draw would make that screen subscribe again (and tell
  // again what was said).
  const game = table?.table;
  const seat = table && person ? table.seatOf(person) : undefined;
  // Whether the game's page or question covers its screen: its keys are then all the game's.
  const [, onCovered, covered] = useStore(replaced, uncovered);
  const shared = useMemo(
    () => (table && game ? sharedSeat(table, game, seat, person, onCovered) : undefined),
    [table, game, seat, person, onCovered],
  );

  /** Into a table: sit if a seat is open (or is this person's), else watch. */
  const enter = useCallback(
    (who: Person, found: ServedTable, watch = false) => {
      if (!watch && found.status === 'waiting') found.sit(who);
      else if (found.seatOf(who) === undefined) found.watch(caller.serial, who);
      found.arrived(who);
      setScreen({ name: 'table', code: found.code });
    },
    [caller.serial, setScreen],
  );

  /** Whether the person has been let in (once: a second time would count them twice at a seat). */
  const welcomed = useRef(false);

  /** Where a person goes once known: back to their seat, the code given as user name, or the lobby. */
  const welcome = useCallback(
    (who: Person) => {
      welcomed.current = true;
      setPerson(who);
      const back = hall.seatedAt(who);
      const named = hall.find(caller.user);
      if (back) return enter(who, back);
      if (named) return enter(who, named);
      // A table made a moment ago on another server may not have reached this one: asked for.
      void hall
        .look(caller.user)
        .then((found) => (found ? enter(who, found) : setScreen({ name: 'lobby', index: 0 })));
    },
    [hall, caller.user, enter, setPerson, setScreen],
  );

  // A known key goes straight on.
  useEffect(() => {
    if (person && !welcomed.current) {
      welcome(person);
    }
  }, [person, welcome]);

  /** Away from the table: a seat at a running table is held, a watcher goes. */
  const away = useCallback(() => {
    const now = currentScreen();
    const who = currentPerson();
    const at = now.name === 'table' ? hall.find(now.code) : undefined;
    if (!at || !who) return;
    at.unwatch(caller.serial);
    at.departed(who);
    if (at.status === 'waiting') at.stand(who);
  }, [currentScreen, currentPerson, hall, caller.serial]);

  const router = useKeyRouter();
  /** Leave the table screen for the lobby (a game's keys still waiting for it are dropped). */
  const leaveTable = useCallback(
    (notice?: string) => {
      away();
      router.changed(false);
      setChat(undefined);
      setScreen({ name: 'lobby', index: 0, notice });
    },
    [away, setChat, setScreen, router],
  );

  // A connection that ends leaves its seat held and its watching place.
  useLayoutEffect(() => away, [away]);

  const onRequest = useCallback(
    (request: AppRequest) =>
      leaveTable(
        request === 'quit' &&
          table?.status === 'running' &&
          table.seatOf(person as Person) !== undefined
          ? 'Your seat is kept: Enter on the table takes you back.'
          : undefined,
      ),
    [leaveTable, table, person],
  );

  const tables = [...hall.tables.values()];
  const games = playable(world.games);

  function key(k: Key): unknown {
    if (k === 'ctrl+c') return onEnd();
    const screen = currentScreen();
    switch (screen.name) {
      case 'banner':
        return onEnd();
      case 'name': {
        if (k === 'escape') return onEnd();
        if (k === 'enter') {
          const name = screen.field.value.trim();
          const problem = book.problem(name, caller.keyId);
          if (problem) return setScreen({ ...screen, problem });
          const failed = caller.keyId
            ? book.add(caller.keyId, caller.keyText, name, world.now())
            : undefined;
          if (failed) return setScreen({ ...screen, problem: failed });
          return welcome({ id: caller.keyId ?? `guest:${caller.serial}`, name });
        }
        const field = editField(screen.field, k, NAME_LENGTH);
        if (field) setScreen({ name: 'name', field });
        return;
      }
      case 'lobby': {
        const who = currentPerson() as Person;
        if (screen.code) {
          if (k === 'escape') return setScreen({ ...screen, code: undefined });
          if (k === 'enter') {
            const found = hall.find(screen.code.value);
            if (!found)
              return setScreen({
                name: 'lobby',
                index: screen.index,
                notice: `No table has the code ${safeText(screen.code.value)}.`,
              });
            return enter(who, found);
          }
          const code = editField(screen.code, k, 8);
          if (code) setScreen({ ...screen, code });
          return;
        }
        const chosen = tables[screen.index];
        if (k === 'q' || k === 'escape') return onEnd();
        if (k === 'up' || k === 'down') {
          const n = tables.length;
          if (n > 0)
            setScreen({ name: 'lobby', index: (screen.index + (k === 'up' ? n - 1 : 1)) % n });
          return;
        }
        // A table is rated unless made casual; a guest's are casual (a guest has no rating).
        if (k === 'n') return setScreen({ name: 'pick', index: 0, rated: !isGuest(who) });
        if (k === 'r') return setScreen({ name: 'leaders', index: 0 });
        if (k === 'c') return setScreen({ ...screen, code: fieldOf(''), notice: undefined });
        if (k === 'enter' && chosen) return enter(who, chosen);
        if (k === 'w' && chosen) return enter(who, chosen, true);
        return;
      }
      case 'pick': {
        if (k === 'escape' || k === 'q') return setScreen({ name: 'lobby', index: 0 });
        const n = games.length;
        if (k === 'up' || k === 'down')
          return setScreen({ ...screen, index: (screen.index + (k === 'up' ? n - 1 : 1)) % n });
        if (k === 'r' && !isGuest(currentPerson() as Person))
          return setScreen({ ...screen, rated: !screen.rated });
        const numbered = /^[1-9]$/.test(k) ? Number(k) - 1 : k === 'enter' ? screen.index : -1;
        const picked = games[numbered];
        if (!picked) return;
        return setScreen({
          name: 'setup',
          rated: screen.rated,
          ...picked,
          form: picked.entry.newForm({
            settings: {},
            kinds: [],
            dataDir: world.dataDir,
            warn: () => undefined,
          }),
        });
      }
      case 'setup': {
        const outcome = screen.entry.key(screen.form, k);
        switch (outcome.type) {
          case 'form':
          case 'request':
            return setScreen({ ...screen, form: outcome.form });
          case 'back':
          case 'exit':
            return setScreen({ name: 'lobby', index: 0 });
          case 'start': {
            const who = currentPerson() as Person;
            // A level in two seats would play itself: such a table is casual (ratings/ranking.ts).
            const rated = screen.rated && ratable(outcome.start.seats);
            const made = hall.create(screen.game, { ...outcome.start, rated }, who);
            made.arrived(who);
            return setScreen({ name: 'table', code: made.code });
          }
        }
        return;
      }
      case 'leaders': {
        const n = world.games.length;
        if (k === 'escape' || k === 'q') return setScreen({ name: 'lobby', index: 0 });
        if (k === 'left' || k === 'right')
          setScreen({ name: 'leaders', index: (screen.index + (k === 'left' ? n - 1 : 1)) % n });
        return;
      }
      case 'table':
        return tableKey(k);
    }
  }

  function tableKey(k: Key): unknown {
    const who = personRef.current as Person;
    const now = currentScreen();
    const table = now.name === 'table' ? hall.find(now.code) : undefined;
    const chat = currentChat();
    if (!table) return leaveTable('That table is gone.');
    if (chat) {
      if (k === 'escape') return setChat(undefined);
      if (k === 'enter') {
        const problem = table.chat(who, chat.value);
        setChat(undefined);
        if (problem) table.tellAll(`(${who.name}) ${problem}`);
        return;
      }
      const field = editField(chat, k, CHAT_LENGTH);
      if (field) setChat(field);
      return;
    }
    if (table.status === 'waiting') {
      if (k === 's') {
        const problem = table.startEarly(who);
        if (problem) table.tellAll(problem);
        return;
      }
      if (k === 'q' || k === 'escape') return leaveTable();
      if (k === 'c') return setChat(fieldOf(''));
      return;
    }
    // A page or the quit question open: c, y, n are its (c sent the next keys to the chat).
    if (covered()) return false;
    if (table.askedOf(who) && (k === 'y' || k === 'n')) return table.answer(who, k === 'y');
    if (k === 'c') return setChat(fieldOf(''));
    if (table.status === 'running' && table.expired().length > 0 && (k === 'G' || k === 'E')) {
      const problem = k === 'G' ? table.giveAway(who) : table.end(who);
      if (problem) table.tellAll(problem);
      return;
    }
    // The game's own key: its screen (useKeys) takes it, or it waits for the screen to be there.
    return false;
  }

  // The connection's keys come here first (ui/keys-context.tsx); a game's go on to its screen.
  useKeys((k) => (key(k) === false ? false : true), { priority: 1 });

  const small = columns < MIN_COLUMNS || rows < MIN_ROWS;
  if (small && screen.name !== 'table') return <TooSmall columns={columns} rows={rows} />;
  // The line under the game: the table's code, who is away, the chat field.
  const strip = rows > MIN_ROWS ? 1 : 0;
  const height = rows - strip;
  switch (screen.name) {
    case 'banner':
      return <KeylessPage columns={columns} rows={rows} host={caller.host} port={caller.port} />;
    case 'name':
      return (
        <Page columns={columns} rows={rows}>
          <Text bold>Welcome to madang</Text>
          <Text> </Text>
          <Text>
            {caller.keyId
              ? 'Your key is new here. The name the others will see (asked once):'
              : 'You play as a guest, for this connection only. Your name:'}
          </Text>
          <Text> </Text>
          <Text>
            Name: <TextField field={screen.field} focus max={NAME_LENGTH} />
          </Text>
          <Styled colour="yellow">{screen.problem ? safeText(screen.problem) : ' '}</Styled>
          <Text dimColor>Enter keep this name · Esc leave</Text>
        </Page>
      );
    case 'lobby':
      return (
        <Lobby
          tables={tables}
          index={screen.index}
          notice={screen.notice}
          code={screen.code}
          person={person as Person}
          columns={columns}
          rows={rows}
          ratings={world.ratings?.ratings()}
        />
      );
    case 'pick':
      return (
        <Page columns={columns} rows={rows}>
          <Text bold>A new {screen.rated ? 'rated' : 'casual'} table: which game?</Text>
          <Text> </Text>
          {games.map(({ game }, i) => (
            <Text key={game.id} wrap="truncate">
              <Styled colour={i === screen.index ? 'cyan' : undefined} bold={i === screen.index}>
                {i === screen.index ? '▸ ' : '  '}
                {i + 1}. {game.title.padEnd(22)} {servedWords(game.description)}
              </Styled>
            </Text>
          ))}
          <Text> </Text>

          <Text dimColor>
            ↑↓ choose · Enter or 1-{games.length} set it up
            {isGuest(person as Person) ? '' : ` · r ${screen.rated ? 'casual' : 'rated'}`} · Esc
            back
          </Text>
        </Page>
      );
    case 'leaders':
      return (
        <Leaderboard
          ratings={world.ratings?.ratings()}
          games={world.games}
          index={screen.index}
          you={(person as Person).id}
          columns={columns}
          rows={rows}
        />
      );
    case 'setup': {
      const { View } = screen.entry;
      return (
        // The game's own setup form draws its own frame.
        <Box
          width={columns}
          height={rows}
          flexDirection="column"
          alignItems="center"
          justifyContent="center"
        >
          <ServedContext.Provider value>
            <View form={screen.form} width={columns} height={rows - 2} />
          </ServedContext.Provider>
          {/* In a box: centred half a row down, a bare text is drawn a row up, over the border. */}
          <Box>
            <Text dimColor>
              Seats set to a person are open for players to sit in; you sit in the first.
            </Text>
          </Box>
        </Box>
      );
    }
    case 'table': {
      if (!table)
        return (
          <Page columns={columns} rows={rows}>
            <Text>That table is gone.</Text>
          </Page>
        );
      const line = <Strip table={table} person={person as Person} chat={chat} columns={columns} />;
      if (table.status === 'waiting' || !table.session || !table.table || !shared)
        return (
          <Box flexDirection="column">
            <Waiting
              table={table}
              person={person as Person}
              caller={caller}
              columns={columns}
              rows={height}
            />
            {strip || chat ? line : null}
          </Box>
        );
      const { Play } = table.game;
      return (
        <Box flexDirection="column">
          <Box display={small ? 'none' : 'flex'} flexDirection="column">
            <OverKeysContext.Provider value={SERVED_OVER_KEYS}>
              <SeatsHeldContext.Provider value={shared.view.seats}>
                <Play
                  key={`${table.code}:${table.seatOf(person as Person) ?? 'watch'}`}
                  session={table.session}
                  width={Math.max(columns, MIN_COLUMNS)}
                  height={Math.max(strip ? height : height - 1, MIN_ROWS - 1)}
                  onRequest={onRequest}
                  shared={shared}
                />
              </SeatsHeldContext.Provider>
            </OverKeysContext.Provider>
            {line}
          </Box>
          {small ? <TooSmall columns={columns} rows={rows} /> : null}
        </Box>
      );
    }
  }
}

/** The seat a game's screen is given at a table: its view, and what the table says. */
function sharedSeat(
  served: ServedTable,
  game: Table<unknown, GameEvent>,
  // The seat the view is for: a new seat makes a new view.
  _seat: number | undefined,
  person: Person | undefined,
  covered: (covered: boolean) => void,
): SharedSeat<unknown> {
  return {
    table: game,
    view: served.viewFor(person),
    covered,
    asking: () => served.takeBackAsked !== undefined,
    // What was told before this screen opened (a player back, a spectator), in its order.
    past: () => served.told(),
    lines: (listener: (line: string) => void) => served.lines(listener),
  };
}

function Page({
  columns,
  rows,
  children,
}: {
  columns: number;
  rows: number;
  children: React.ReactNode;
}) {
  return (
    <Box width={columns} height={rows} alignItems="center" justifyContent="center">
      <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * A game's one-line description as the list of games here gives it: without the command line's
 * flags (a table is set up on its form) or the keyboard the players share at home.
 */
function servedWords(description: string): string {
  return description
    .replace(/\s*\([^)]*--[^)]*\)/g, '')
    .replace(' at one keyboard', '')
    .trim();
}

function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m >= 60
    ? `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}`
    : `${m}:${String(s).padStart(2, '0')}`;
}

/** A table's options in a few of its game's own words. */
function optionWords(table: ServedTable): string {
  const parsed = table.game.parseOptions(table.start.options);
  return parsed.ok ? table.game.optionWords(parsed.options) : '';
}

function seatWords(table: ServedTable, ratings: Ratings | undefined): string {
  const names = table.seatNames();
  return table.holders
    .map((h, seat) =>
      h.kind === 'open'
        ? '(open)'
        : h.kind === 'computer' || table.covered.has(seat)
          ? `${names[seat]}${seatRating(ratings, table.game.id, h)}${h.kind === 'person' ? ' (computer)' : ''}`
          : `${safeText(names[seat] ?? '')}${seatRating(ratings, table.game.id, h)}${table.awaySince.has(seat) ? ' (away)' : ''}`,
    )
    .join(', ');
}

const isGuest = (person: Person) => person.id.startsWith('guest:');

function Lobby({
  tables,
  index,
  notice,
  code,
  person,
  columns,
  rows,
  ratings,
}: {
  tables: readonly ServedTable[];
  index: number;
  notice: string | undefined;
  code: Field | undefined;
  person: Person;
  columns: number;
  rows: number;
  ratings: Ratings | undefined;
}) {
  const width = Math.min(columns, 110) - 4;
  // Two lines a table, and eight for the rest (borders, title, notice, the keys): as many
  // tables as fit, the chosen one the last of them once the list is scrolled.
  const fit = Math.max(1, Math.floor((rows - 8) / 2));
  const first = Math.max(0, index - fit + 1);
  const shown = tables.slice(first, first + fit);
  return (
    <Box width={columns} height={rows} flexDirection="column" alignItems="center">
      <Box flexDirection="column" borderStyle="round" paddingX={1} width={width}>
        <Text>
          <Text bold>madang · the lobby</Text>
          <Text dimColor> · you are {safeText(person.name)}</Text>
        </Text>
        <Text> </Text>
        {tables.length === 0 ? (
          <Text dimColor>No tables yet: n makes one.</Text>
        ) : (
          shown.map((t) => {
            const i = tables.indexOf(t);
            const mine = t.seatOf(person) !== undefined;
            return (
              <Box key={t.code} flexDirection="column">
                <Styled colour={i === index ? 'cyan' : undefined} bold={i === index}>
                  {i === index ? '▸ ' : '  '}
                  {t.code} {t.game.title.padEnd(16)} {t.status.padEnd(8)}{' '}
                  {clock(t.age()).padStart(6)}
                  {t.watchers.size > 0 ? ` · ${t.watchers.size} watching` : ''}
                  {t.start.rated ? ' · rated' : ''}
                  {mine ? ' · your seat' : ''}
                </Styled>
                <Text dimColor wrap="truncate">
                  {'     '}
                  {seatWords(t, ratings)} · {optionWords(t)}
                </Text>
              </Box>
            );
          })
        )}
        <Text> </Text>
        {code ? (
          <Text>
            Table code: <TextField field={code} focus max={8} />
            <Text dimColor> Enter go · Esc back</Text>
          </Text>
        ) : (
          <Styled colour="yellow">{notice ? safeText(notice) : ' '}</Styled>
        )}
        <Text dimColor wrap="truncate">
          ↑↓ choose · Enter sit (or go back to your seat) · w watch
        </Text>
        <Text dimColor wrap="truncate">
          n new table · c a table&apos;s code · r ratings · q leave
        </Text>
      </Box>
    </Box>
  );
}

function Waiting({
  table,
  person,
  caller,
  columns,
  rows,
}: {
  table: ServedTable;
  caller: Caller;
  person: Person;
  columns: number;
  rows: number;
}) {
  const names = table.seatNames();
  const creator = table.creator.id === person.id;
  return (
    <Page columns={columns} rows={rows}>
      <Text bold>
        {table.game.title} · table {table.code} · waiting for players
      </Text>
      <Text dimColor>
        {optionWords(table)} · {table.start.rated ? 'rated' : 'casual'}
      </Text>
      <Text> </Text>
      {table.holders.map((h, seat) => (
        <Styled key={seat} seat={seat}>
          Seat {seat + 1}:{' '}
          {h.kind === 'open'
            ? 'open'
            : h.kind === 'computer'
              ? `${names[seat]} (computer, ${h.level})`
              : `${safeText(names[seat] ?? '')}${h.person.id === person.id ? ' (you)' : ''}`}
        </Styled>
      ))}
      <Text> </Text>
      <Text>
        Friends join with: ssh -p {caller.port} {table.code}@{caller.host}
      </Text>
      <Text>or type the code {table.code} in the lobby (c).</Text>
      <Text dimColor>
        {creator ? 's start now, the open seats to the computer · ' : ''}c chat · q back to the
        lobby
      </Text>
    </Page>
  );
}

function Strip({
  table,
  person,
  chat,
  columns,
}: {
  table: ServedTable;
  person: Person;
  chat: Field | undefined;
  columns: number;
}) {
  if (chat) {
    // At 80×24 the line is drawn over the game's last line: spaces to the end hide what is left of
    // it ('Say: ', the text, one cell for the cursor or the space before the count, the count).
    const used =
      5 + displayWidth(chat.value) + 1 + `${[...chat.value].length}/${CHAT_LENGTH}`.length;
    return (
      <Text wrap="truncate">
        Say: <TextField field={chat} focus max={CHAT_LENGTH} />
        {' '.repeat(Math.max(0, columns - used))}
      </Text>
    );
  }
  const names = table.seatNames();
  const away = [...table.awaySince.keys()].map((s) => names[s]);
  const over = table.status === 'over';
  const expired = !over && table.expired().length > 0 && table.seatOf(person) !== undefined;
  const seat = table.seatOf(person);
  const text = [
    `table ${table.code}`,
    seat === undefined ? ' · watching' : '',
    table.watchers.size > 0 ? ` · ${table.watchers.size} watching` : '',
    away.length > 0 ? ` · away: ${away.map((n) => safeText(n ?? '')).join(', ')}` : '',
    expired ? ' · G give the away seat to the computer · E end the game' : '',
    table.askedOf(person) ? ' · take-back asked: y agree · n refuse' : '',
    // Ended before its game was (E, a leave): its board still shows the game going on.
    over && table.table?.outcome.status === 'running' ? ' · game ended' : '',
    // Every game's end says where it went (the server's file is not the players' to see).
    over && table.session?.recorder.file
      ? table.session.recorder.problem
        ? ' · the recording stopped'
        : ' · recorded on the server'
      : '',
    ' · c chat',
    // Which seat is this screen's (nothing on a game's board says so); cut first where it is long.
    seat === undefined ? '' : ` · you are ${safeText(person.name)}, seat ${seat + 1}`,
  ].join('');
  // At 80×24 this line is drawn over the game's last line (its border): spaces to the end hide
  // the rest of it, so the table's code, its keys and a take-back's question show at any size.
  return (
    <Box width={columns}>
      <Text dimColor wrap="truncate">
        {text}
        {' '.repeat(Math.max(0, columns - displayWidth(text)))}
      </Text>
    </Box>
  );
}

/**
 * The page for a connection without a key (nor --guests). The server writes it as text drawn
 * once for each window size (server.ts), with no screen of its own.
 */
export function KeylessPage({
  columns,
  rows,
  host,
  port,
}: {
  columns: number;
  rows: number;
  host: string;
  port: number;
}) {
  if (columns < MIN_COLUMNS || rows < MIN_ROWS) return <TooSmall columns={columns} rows={rows} />;
  return (
    <Page columns={columns} rows={rows}>
      <Text bold>madang needs your SSH key to know you</Text>
      <Text> </Text>
      <Text>This server seats players by their SSH public key. Make one if you have none:</Text>
      <Text> </Text>
      <Text> ssh-keygen -t ed25519</Text>
      <Text> </Text>
      <Text>then connect again with it:</Text>
      <Text> </Text>
      <Text>
        {'    '}ssh -p {port} -i ~/.ssh/id_ed25519 {host}
      </Text>
      <Text> </Text>
      <Text dimColor>Any key closes this connection.</Text>
    </Page>
  );
}

function TooSmall({ columns, rows }: { columns: number; rows: number }) {
  return (
    <Box flexDirection="column" width={Math.max(1, columns)} height={Math.max(1, rows)}>
      <Text bold>
        Make the window at least {MIN_COLUMNS}×{MIN_ROWS}
      </Text>
      <Text>
        It is {columns}×{rows} now. Ctrl+C leaves.
      </Text>
    </Box>
  );
}
