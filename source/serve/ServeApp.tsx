/**
 * One connection's screen (madang serve): the name asked once, the lobby of tables, a new
 * table's setup (the game's own form), a table waiting for players, and the game itself: the
 * game's own play screen on a view of the served table holding only this person's seat (none
 * for a spectator). Every key goes to the pure model first (lobby-model.ts), which gives the
 * next screen and an effect carried out here; the game's own keys go on to its screen. The
 * pages are drawn by views/.
 */
import { Box, Text } from '../render/components.js';
import {
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
} from 'react';
import { useStore } from '../ui/store.js';
import type { AnyGameModule } from '../games/module.js';
import type { Key } from '../ui/keys.js';
import { useKeyRouter, useKeys } from '../ui/keys-context.js';
import type { AppRequest } from '../ui/play-session.js';
import { MIN_COLUMNS, MIN_ROWS } from '../ui/min-size.js';
import { useTerminalSize } from '../ui/useTerminalSize.js';
import type { Lobby } from './hall.js';
import type { Person, ServedTable } from './served-table.js';
import type { PlayerBook } from './identity.js';
import {
  type Effect,
  firstScreen,
  isGuest,
  playable,
  type Screen,
  serveKey,
} from './lobby-model.js';
import {
  LOBBY_CLOCK_MS,
  LOBBY_MOMENT_MS,
  LobbyPage,
  LobbyTitle,
  useSharedLobby,
} from './views/LobbyPage.js';
import type { Arenas } from './arena/arenas.js';
import { arenaEffect, useArenas } from './arena/useArenas.js';
import { ArenaScreen } from './views/arena.js';
import { Leaderboard } from './ratings/Leaderboard.js';
import type { RatingsStore } from './ratings/store.js';
import { NamePage, PickPage, SetupPage } from './views/forms.js';
import { KeylessPage, Page, ServedTooSmall } from './views/page.js';
import { Strip, Waiting } from './views/table.js';
import { ViewShareContext } from './shared-views.js';
import { SharedPlace, sharedSeat, TablePlay, useSharedTable } from './views/shared-play.js';

export { KeylessPage, MIN_COLUMNS, MIN_ROWS };

export { LOBBY_MOMENT_MS };

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
  readonly hall: Lobby;
  readonly book: PlayerBook;
  readonly games: readonly AnyGameModule[];
  readonly dataDir: string;
  now(): Date;
  /** The server's ratings (ratings/store.ts): the lobby and the leaderboard show them. */
  readonly ratings?: RatingsStore | undefined;
  /** The server's arenas; none with --redis (a key says so). */
  readonly arenas?: Arenas | undefined;
  /** With --web: the address the web view is reached at (--web-url, else the port's own). */
  readonly web?: string | undefined;
}

/** A store's reducer that keeps the value given (stable: a memo may depend on its setter). */
const replaced = (_: boolean, next: boolean) => next;
const uncovered = () => false;

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
  // Stores, not plain state: the keys of one burst ("Ann⏎") each see the screen the key before left.
  const [screen, setScreen, currentScreen] = useStore(
    (_: Screen, next: Screen) => next,
    (): Screen => firstScreen(caller.keyId === undefined && !caller.guests, person),
  );
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  // The lobby drawn once for many connections (shared-views.ts), and a table's screen (below).
  const share = useContext(ViewShareContext);
  const small = columns < MIN_COLUMNS || rows < MIN_ROWS;
  const lobby = useSharedLobby(share !== undefined && !small, hall, world.ratings, screen, person);
  // A change at a table is drawn by the lobby's screens and that table's own, not by every
  // screen of the server (two hundred connections would each draw every seat taken anywhere).
  // The lobby draws the changes of a moment together: while two hundred players arrive, leave or
  // take seats, each lobby would otherwise draw its whole list again for every one of them.
  useEffect(() => {
    let later: ReturnType<typeof setTimeout> | undefined;
    const stop = hall.subscribe((changed) => {
      const now = currentScreen();
      const who = currentPerson();
      // The lobby drawn for all follows the hall itself; this screen, only a seat of its own.
      if (
        now.name === 'lobby' &&
        lobby.sharing.current &&
        !(who && changed?.seatOf(who) !== undefined)
      )
        return;
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
  }, [hall, currentScreen, currentPerson, lobby.sharing]);
  // An arena's change pushed here; a connection that ends leaves the arenas (arena/useArenas.ts).
  const { arenas } = world;
  useArenas(arenas, currentScreen, currentPerson, setScreen, redraw);
  // The lobby's and the arenas' clocks move with time (their screens only).
  const inLobby =
    (screen.name === 'lobby' && !lobby.shared) ||
    screen.name === 'arenas' ||
    screen.name === 'arena';
  useEffect(() => {
    if (!inLobby) return;
    const timer = setInterval(redraw, LOBBY_CLOCK_MS);
    return () => clearInterval(timer);
  }, [inLobby]);
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

  // The line under the game: the table's code, who is away, the chat field.
  const strip = rows > MIN_ROWS ? 1 : 0;
  const height = rows - strip;
  const width = Math.max(columns, MIN_COLUMNS);
  const playHeight = Math.max(strip ? height : height - 1, MIN_ROWS - 1);
  const watching = useSharedTable(
    share !== undefined && !small && person !== undefined && seat === undefined,
    screen,
    table,
    width,
    playHeight,
  );

  const router = useKeyRouter();
  /** Leave the table screen for the lobby (a game's keys still waiting for it are dropped). */
  const leaveTable = useCallback(
    (notice?: string) => {
      away();
      router.changed(false);
      watching.own(undefined);
      setScreen({ name: 'lobby', index: 0, notice });
    },
    [away, setScreen, router, watching],
  );

  // A rematch made: a player here goes to its table (its seat there is already theirs).
  const rematch = table?.rematchCode === undefined ? undefined : hall.find(table.rematchCode);
  useEffect(() => {
    if (!rematch || !person || rematch.seatOf(person) === undefined) return;
    away();
    router.changed(false);
    enter(person, rematch);
  }, [rematch, person, away, router, enter]);

  // Paired in an arena: to the new table, from the arena's pages, the lobby or a finished game.
  const paired = person ? arenas?.playing(person) : undefined;
  const free =
    screen.name === 'lobby' ||
    screen.name === 'arenas' ||
    screen.name === 'arena' ||
    (screen.name === 'table' && table?.status !== 'running');
  useEffect(() => {
    if (!paired || !person || !free) return;
    away();
    router.changed(false);
    enter(person, paired);
  }, [paired, person, free, away, router, enter]);

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

  /** What a key asks of the world, done; false: the key is the game's screen's. */
  function run(effect: Effect | undefined, now: Screen): unknown {
    if (!effect) return;
    const who = currentPerson() as Person;
    switch (effect.type) {
      case 'end':
        return onEnd();
      case 'register': {
        const failed = caller.keyId
          ? book.add(caller.keyId, caller.keyText, effect.name, world.now())
          : undefined;
        if (failed && now.name === 'name') return setScreen({ ...now, problem: failed });
        return welcome({ id: caller.keyId ?? `guest:${caller.serial}`, name: effect.name });
      }
      case 'enter':
        return enter(who, effect.table, effect.watch);
      case 'create': {
        const made = hall.create(effect.game, effect.start, who);
        made.arrived(who);
        return setScreen({ name: 'table', code: made.code });
      }
      case 'leave':
        return leaveTable(effect.notice);
      case 'game':
        return false;
      case 'openArena':
      case 'joinArena':
      case 'leaveArena':
        return setScreen(arenaEffect(arenas, effect, who) as Screen);
    }
    const table = now.name === 'table' ? hall.find(now.code) : undefined;
    if (!table) return;
    // A refusal is said at the table (every screen there shows it).
    const said = (problem: string | undefined) => (problem ? table.tellAll(problem) : undefined);
    switch (effect.type) {
      case 'chat': {
        const problem = table.chat(who, effect.text);
        return said(problem && `(${who.name}) ${problem}`);
      }
      case 'startEarly':
        return said(table.startEarly(who));
      case 'answer':
        return table.answer(who, effect.agree);
      case 'giveAway':
        return said(table.giveAway(who));
      case 'endGame':
        return said(table.end(who));
      case 'rematch':
        return said(table.rematch(who));
    }
  }

  // The connection's keys come here first (ui/keys-context.tsx); a game's go on to its screen.
  useKeys(
    (k: Key) => {
      const now = currentScreen();
      const step = serveKey(now, k, {
        hall,
        // The hall as it is now: a shared lobby's screen is not drawn again when it changes.
        tables: [...hall.tables.values()],
        book,
        games: world.games,
        dataDir: world.dataDir,
        keyId: caller.keyId,
        person: currentPerson(),
        covered: covered(),
        arenas: arenas?.list(),
      });
      if (step.screen !== now) setScreen(step.screen);
      if (step.effect?.type === 'game' && watching.sharing.current && now.name === 'table')
        watching.own(now.code);
      return run(step.effect, step.screen) !== false;
    },
    { priority: 1 },
  );

  if (small && screen.name !== 'table') return <ServedTooSmall columns={columns} rows={rows} />;
  switch (screen.name) {
    case 'banner':
      return <KeylessPage columns={columns} rows={rows} host={caller.host} port={caller.port} />;
    case 'name':
      return (
        <NamePage
          columns={columns}
          rows={rows}
          keyed={caller.keyId !== undefined}
          field={screen.field}
          problem={screen.problem}
        />
      );
    case 'lobby':
      if (lobby.place)
        return (
          <SharedPlace place={lobby.place} onLost={lobby.lost}>
            <LobbyTitle person={person as Person} columns={columns} rows={rows} />
          </SharedPlace>
        );
      return (
        <LobbyPage
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
    case 'arenas':
    case 'arenaNew':
    case 'arena':
      return (
        <ArenaScreen
          screen={screen}
          arenas={arenas}
          games={world.games}
          person={person as Person}
          now={hall.options.now()}
          columns={columns}
          rows={rows}
        />
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
    case 'pick':
      return (
        <PickPage
          columns={columns}
          rows={rows}
          games={playable(world.games)}
          index={screen.index}
          rated={screen.rated}
          guest={isGuest(person)}
        />
      );
    case 'setup':
      return <SetupPage columns={columns} rows={rows} entry={screen.entry} form={screen.form} />;
    case 'table': {
      if (!table)
        return (
          <Page columns={columns} rows={rows}>
            <Text>That table is gone.</Text>
          </Page>
        );
      const { chat } = screen;
      const line = <Strip table={table} person={person as Person} chat={chat} columns={columns} />;
      if (table.status === 'waiting' || !table.session || !table.table || !shared)
        return (
          <Box flexDirection="column">
            <Waiting
              table={table}
              person={person as Person}
              caller={caller}
              web={world.web}
              columns={columns}
              rows={height}
            />
            {strip || chat ? line : null}
          </Box>
        );
      return (
        <Box flexDirection="column">
          <Box display={small ? 'none' : 'flex'} flexDirection="column">
            {watching.place ? (
              <SharedPlace place={watching.place} onLost={watching.lost} />
            ) : (
              <TablePlay
                key={`${table.code}:${table.seatOf(person as Person) ?? 'watch'}`}
                table={table}
                shared={shared}
                width={width}
                height={playHeight}
                onRequest={onRequest}
              />
            )}
            {line}
          </Box>
          {small ? <ServedTooSmall columns={columns} rows={rows} /> : null}
        </Box>
      );
    }
  }
}
