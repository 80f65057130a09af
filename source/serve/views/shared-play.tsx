/**
 * A table's game screen as a connection is given it (its seat's view of the table), and as the
 * spectators share it: drawn once per table and size (shared-views.ts), each spectator's screen
 * holding a blank place for it.
 */
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Screen } from '../lobby-model.js';
import { Box } from '../../render/components.js';
import type { GameEvent } from '../../engine/game.js';
import type { Table } from '../../table/table.js';
import { KeyRouter, RouterKeys } from '../../ui/keys-context.js';
import {
  type AppRequest,
  OverKeysContext,
  SeatsHeldContext,
  SERVED_OVER_KEYS,
  type SharedSeat,
} from '../../ui/play-session.js';
import { ThemeContext } from '../../ui/theme.js';
import type { Person, ServedTable } from '../served-table.js';
import { type SharedPlace as Place, ViewShareContext } from '../shared-views.js';

/** The seat a game's screen is given at a table: its view, and what the table says. */
export function sharedSeat(
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

/**
 * A place in a connection's screen (at its top) for a shared drawing: blank here, its rows put in
 * by the server (shared-views.ts), for as long as it stands. `children`: what the connection draws
 * of it itself (the rows `place.own` names), laid out as the drawing lays them out.
 */
export function SharedPlace({
  place,
  onLost,
  children,
}: {
  place: Place;
  /** The drawing failed: the connection draws its own. */
  onLost: () => void;
  children?: ReactNode;
}) {
  const share = useContext(ViewShareContext);
  useLayoutEffect(() => share?.watch(place, onLost), [share, place, onLost]);
  return children ?? <Box width={place.width} height={place.height} />;
}

// A served game's identity, for the key of its drawing: a rematch at the table is another game.
const games = new WeakMap<object, number>();
let serial = 0;
function gameId(game: object): number {
  let id = games.get(game);
  if (id === undefined) games.set(game, (id = ++serial));
  return id;
}

/**
 * A spectator who has pressed none of the game's keys sees what every such spectator of the table
 * at this size sees: drawn once for all (shared-views.ts). Its first game key gives it a screen
 * of its own at that table (`own`, told the table's code; the key waits for that screen).
 * `sharing`: whether this connection does now.
 */
export function useSharedTable(
  may: boolean,
  screen: Screen,
  table: ServedTable | undefined,
  width: number,
  height: number,
): {
  place: Place | undefined;
  sharing: RefObject<boolean>;
  own: (code: string | undefined) => void;
  lost: () => void;
} {
  const [own, setOwn] = useState<string | undefined>(undefined);
  const shared = may && screen.name === 'table' && !screen.chat && own !== screen.code;
  const sharing = useRef(false);
  useLayoutEffect(() => {
    sharing.current = shared;
  });
  const game = table?.table;
  // One place while the table's game and the size stay (a new one would watch again).
  const place = useMemo(
    () => (shared && table && game ? spectatorPlace(table, width, height) : undefined),
    [shared, table, game, width, height],
  );
  const code = table?.code;
  const lost = useCallback(() => setOwn(code), [code]);
  return useMemo(() => ({ place, sharing, own: setOwn, lost }), [place, lost]);
}

/** The place of `table`'s spectators' game screen at this size. */
export function spectatorPlace(table: ServedTable, width: number, height: number): Place {
  return {
    key: `table:${table.code}:${gameId(table.table as object)}`,
    width,
    height,
    draw: (colour) => spectatorPlay(table, width, height, colour),
  };
}

const noRequest = () => undefined;
const notCovered = () => undefined;

/** A spectator's game screen of `table` (no keys reach it), as a shared drawing shows it. */
function spectatorPlay(
  table: ServedTable,
  width: number,
  height: number,
  colour: boolean,
): ReactNode {
  const game = table.table as Table<unknown, GameEvent>;
  const shared = sharedSeat(table, game, undefined, undefined, notCovered);
  return (
    <ThemeContext.Provider value={{ colour }}>
      <RouterKeys router={new KeyRouter()}>
        <TablePlay
          table={table}
          shared={shared}
          width={width}
          height={height}
          onRequest={noRequest}
        />
      </RouterKeys>
    </ThemeContext.Provider>
  );
}

/** The table's game screen for a seat's view (a spectator's: none), as the served keys go. */
export function TablePlay({
  table,
  shared,
  width,
  height,
  onRequest,
}: {
  table: ServedTable;
  shared: SharedSeat<unknown>;
  width: number;
  height: number;
  onRequest: (request: AppRequest) => void;
}) {
  const { Play } = table.game;
  return (
    <OverKeysContext.Provider value={SERVED_OVER_KEYS}>
      <SeatsHeldContext.Provider value={shared.view.seats}>
        <Play
          session={table.session as NonNullable<ServedTable['session']>}
          width={width}
          height={height}
          onRequest={onRequest}
          shared={shared}
        />
      </SeatsHeldContext.Provider>
    </OverKeysContext.Provider>
  );
}
