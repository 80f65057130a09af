/**
 * A table's game screen as a connection is given it (its seat's view of the table), and as the
 * spectators share it: drawn once per table and size (shared-views.ts), each spectator's screen
 * holding a blank place for it.
 */
import { type ReactNode, useContext, useLayoutEffect } from 'react';
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
import type { Person, ServedTable } from '../hall.js';
import { ViewShareContext } from '../shared-views.js';

export /** The seat a game's screen is given at a table: its view, and what the table says. */
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

/**
 * The place of a shared spectators' drawing in a connection's screen: blank here, its rows put in
 * by the server (shared-views.ts), for as long as it stands.
 */
export function SharedPlay({
  table,
  width,
  height,
  onLost,
}: {
  table: ServedTable;
  width: number;
  height: number;
  /** Told the table's code when the drawing fails: the connection draws its own. */
  onLost: (code: string) => void;
}) {
  const share = useContext(ViewShareContext);
  const game = table.table;
  useLayoutEffect(
    () => share?.watch(table, width, height, () => onLost(table.code)),
    [share, table, game, width, height, onLost],
  );
  return <Box width={width} height={height} />;
}

const noRequest = () => undefined;
const notCovered = () => undefined;

/** A spectator's game screen of `table` (no keys reach it), as a shared drawing shows it. */
export function spectatorPlay(
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
