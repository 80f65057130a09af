/**
 * The lobby: every table of the server in two lines, the chosen one marked, and its keys; and the
 * lobby as a shared drawing shows it to all who have moved nothing in it (shared-views.ts), each
 * connection drawing only its title, which names its person.
 */
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { Box, Text } from '../../render/components.js';
import { safeText } from '../../engine/safe-text.js';
import type { Ratings } from '../../ratings/rating.js';
import type { Field } from '../../ui/text-field.js';
import { TextField } from '../../ui/TextField.js';
import { Styled, ThemeContext } from '../../ui/theme.js';
import { useTerminalSize } from '../../ui/useTerminalSize.js';
import type { Lobby } from '../hall.js';
import type { Person, ServedTable } from '../served-table.js';
import type { RatingsStore } from '../ratings/store.js';
import type { SharedPlace } from '../shared-views.js';
import type { Screen } from '../lobby-model.js';
import { clock, optionWords, seatWords } from './words.js';

/** How long the lobby gathers the hall's changes before it draws them. */
export const LOBBY_MOMENT_MS = 150;
/** The lobby's clocks (each table's age) move this often. */
export const LOBBY_CLOCK_MS = 5000;

/** The row of the lobby's title, which names the person: each connection's own. */
const TITLE_ROW = 1;

/** The frame of the lobby, and what is inside it. */
function Lobby({
  columns,
  rows,
  children,
}: {
  columns: number;
  rows: number;
  children: ReactNode;
}) {
  const width = Math.min(columns, 110) - 4;
  return (
    <Box width={columns} height={rows} flexDirection="column" alignItems="center">
      <Box flexDirection="column" borderStyle="round" paddingX={1} width={width}>
        {children}
      </Box>
    </Box>
  );
}

function Title({ person }: { person: Person | undefined }) {
  return (
    <Text>
      <Text bold>madang · the lobby</Text>
      <Text dimColor> · you are {safeText(person?.name ?? '')}</Text>
    </Text>
  );
}

/** A connection's own part of the shared lobby: its title, where the whole lobby has it. */
export function LobbyTitle({
  person,
  columns,
  rows,
}: {
  person: Person;
  columns: number;
  rows: number;
}) {
  return (
    <Lobby columns={columns} rows={rows}>
      <Title person={person} />
    </Lobby>
  );
}

/** The lobby as it stands, drawn for all: the hall's changes of a moment together, its clocks. */
function LiveLobby({
  hall,
  ratings,
  index,
  columns,
  rows,
}: {
  hall: Lobby;
  ratings: RatingsStore | undefined;
  /** The table the cursor is on (its place in the list). */
  index: number;
  columns: number;
  rows: number;
}) {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    let later: ReturnType<typeof setTimeout> | undefined;
    const stop = hall.subscribe(() => {
      later ??= setTimeout(() => {
        later = undefined;
        redraw();
      }, LOBBY_MOMENT_MS);
    });
    const clock = setInterval(redraw, LOBBY_CLOCK_MS);
    return () => {
      stop();
      clearTimeout(later);
      clearInterval(clock);
    };
  }, [hall]);
  return (
    <LobbyPage
      tables={[...hall.tables.values()]}
      index={index}
      notice={undefined}
      code={undefined}
      person={undefined}
      columns={columns}
      rows={rows}
      ratings={ratings?.ratings()}
    />
  );
}

/**
 * The lobby drawn once for all (shared-views.ts) who may share it: those with no notice or code
 * field open and no seat anywhere (which it marks), at one size and with the cursor on the same
 * table (one drawing for each place of a cursor).
 * `sharing`: whether this connection does now (the hall's changes are then the drawing's).
 */
export function useSharedLobby(
  may: boolean,
  hall: Lobby,
  ratings: RatingsStore | undefined,
  screen: Screen,
  person: Person | undefined,
): {
  place: SharedPlace | undefined;
  shared: boolean;
  sharing: RefObject<boolean>;
  lost: () => void;
} {
  const { columns, rows } = useTerminalSize();
  // The drawing failed once: this connection draws its own lobby from then on.
  const [failed, setFailed] = useState(false);
  const shared =
    may &&
    !failed &&
    screen.name === 'lobby' &&
    !screen.notice &&
    !screen.code &&
    person !== undefined &&
    [...hall.tables.values()].every((t) => t.seatOf(person) === undefined);
  const sharing = useRef(false);
  useLayoutEffect(() => {
    sharing.current = shared;
  });
  // Those whose cursors are on the same table see the same lobby: one drawing for each place of
  // the cursor, not one for each viewer.
  const index = screen.name === 'lobby' ? screen.index : 0;
  const place = useMemo(
    (): SharedPlace | undefined =>
      shared
        ? {
            key: `lobby:${index}`,
            width: columns,
            height: rows,
            own: [TITLE_ROW],
            draw: (colour) => (
              <ThemeContext.Provider value={{ colour }}>
                <LiveLobby
                  hall={hall}
                  ratings={ratings}
                  index={index}
                  columns={columns}
                  rows={rows}
                />
              </ThemeContext.Provider>
            ),
          }
        : undefined,
    [shared, hall, ratings, index, columns, rows],
  );
  const lost = useCallback(() => setFailed(true), []);
  return { place, shared, sharing, lost };
}

export function LobbyPage({
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
  /** Who looks (none: the lobby drawn for all, whose title each draws itself). */
  person: Person | undefined;
  columns: number;
  rows: number;
  /** The server's ratings: each seat's is shown beside its name. */
  ratings: Ratings | undefined;
}) {
  // Two lines a table, and eight for the rest (borders, title, notice, the keys): as many
  // tables as fit, the chosen one the last of them once the list is scrolled. A longer list gives
  // a line to the tables out of sight, above it and below it, so that a table made below the
  // window shows.
  const window = (spare: number) => {
    const fit = Math.max(1, Math.floor((rows - 8 - spare) / 2));
    const first = Math.max(0, index - fit + 1);
    return { fit, first, below: Math.max(0, tables.length - first - fit) };
  };
  const one = window(tables.length > Math.floor((rows - 8) / 2) ? 1 : 0);
  const { fit, first, below } = one.first > 0 && one.below > 0 ? window(2) : one;
  const shown = tables.slice(first, first + fit);
  const outOfSight = (count: number, words: string) =>
    count > 0 ? (
      <Text dimColor wrap="truncate">
        {'  '}
        {words}
      </Text>
    ) : null;
  return (
    <Lobby columns={columns} rows={rows}>
      <Title person={person} />
      <Text> </Text>
      {tables.length === 0 ? <Text dimColor>No tables yet: n makes one.</Text> : null}
      {outOfSight(first, `↑ ${first} more above`)}
      {shown.map((t) => {
        const i = tables.indexOf(t);
        const mine = person !== undefined && t.seatOf(person) !== undefined;
        return (
          <Box key={t.code} flexDirection="column">
            <Styled colour={i === index ? 'cyan' : undefined} bold={i === index}>
              {i === index ? '▸ ' : '  '}
              {t.code} {t.game.title.padEnd(16)} {t.status.padEnd(8)} {clock(t.age()).padStart(6)}
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
      })}
      {outOfSight(below, `↓ ${below} more below`)}
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
        n new table · c a table&apos;s code · a arenas · r ratings · q leave
      </Text>
    </Lobby>
  );
}
