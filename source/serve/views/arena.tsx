/**
 * The arenas' pages: the list (a in the lobby), a new arena's game and length, and one arena's
 * standings, its podium once over. Each draws the arena as the server last worked it out
 * (arena/arenas.ts): nothing is computed here per viewer.
 */
import { Text } from '../../render/components.js';
import { safeText } from '../../engine/safe-text.js';
import type { AnyGameModule } from '../../games/module.js';
import { Styled } from '../../ui/theme.js';
import type { Standing } from '../arena/arena.js';
import { arenaChoices, type Arenas, battleGame, type HeldArena } from '../arena/arenas.js';
import type { Screen } from '../lobby-model.js';
import type { Person } from '../served-table.js';
import { Page } from './page.js';

/** `12 min left`, or `over`; a battle's `starts in 4 min`, `playing`, `called off`. */
function left(arena: HeldArena, now: number): string {
  if (arena.calledOff) return 'called off';
  if (arena.over) return 'over';
  if (arena.table) return 'playing';
  const minutes = Math.max(0, Math.ceil((arena.arena.endsAt - now) / 60_000));
  return arena.battle ? `starts in ${minutes} min` : `${minutes} min left`;
}

/** `Ur`, or `Layers battle`. */
const titled = (arena: HeldArena) => `${arena.game.title}${arena.battle ? ' battle' : ''}`;

const players = (arena: HeldArena) => {
  const n = arena.arena.entrants.filter((e) => !e.left).length;
  return `${n} player${n === 1 ? '' : 's'}`;
};

const HEADING = [
  '  #',
  '  ',
  'player'.padEnd(20),
  'score'.padStart(7),
  'games'.padStart(7),
  'wins'.padStart(6),
].join('');

/** One line of the standings, under its heading. */
const standingRow = (s: Standing) =>
  [
    String(s.place).padStart(3),
    '  ',
    safeText(s.name).slice(0, 20).padEnd(20),
    String(s.score).padStart(7),
    String(s.games).padStart(7),
    String(s.wins).padStart(6),
    s.onFire ? '  on a streak' : '',
  ].join('');

export function ArenasPage({
  columns,
  rows,
  arenas,
  index,
  notice,
  now,
}: {
  columns: number;
  rows: number;
  arenas: readonly HeldArena[];
  index: number;
  notice: string | undefined;
  now: number;
}) {
  // Eight lines for the rest (borders, title, notice, keys).
  const shown = arenas.slice(
    Math.max(0, index - (rows - 12)),
    Math.max(0, index - (rows - 12)) + rows - 11,
  );
  return (
    <Page columns={columns} rows={rows}>
      <Text bold>Arenas</Text>
      <Text dimColor>Paired at once with the nearest free player; win 2, draw 1, loss 0;</Text>
      <Text dimColor>after two wins in a row, wins count double until a game is not won.</Text>
      <Text> </Text>
      {arenas.length === 0 ? <Text dimColor>No arenas yet: n opens one.</Text> : null}
      {shown.map((arena) => {
        const chosen = arena === arenas[index];
        return (
          <Text key={arena.id} wrap="truncate">
            <Styled colour={chosen ? 'cyan' : undefined} bold={chosen}>
              {chosen ? '▸ ' : '  '}
              {titled(arena).padEnd(16)} {players(arena).padEnd(11)} {left(arena, now).padEnd(12)}
              by {safeText(arena.by.name)}
            </Styled>
          </Text>
        );
      })}
      <Text> </Text>
      <Styled colour="yellow">{notice ? safeText(notice) : ' '}</Styled>
      <Text dimColor>↑↓ choose · Enter its standings · n a new arena · Esc back</Text>
    </Page>
  );
}

export function ArenaNewPage({
  columns,
  rows,
  games,
  index,
  minutes,
}: {
  columns: number;
  rows: number;
  games: readonly AnyGameModule[];
  index: number;
  minutes: number;
}) {
  const chosen = games[index];
  const battle = chosen !== undefined && battleGame(chosen);
  return (
    <Page columns={columns} rows={rows}>
      <Text bold>A new arena: which game, how long?</Text>
      <Text> </Text>
      {games.map((game, i) => (
        <Text key={game.id}>
          <Styled colour={i === index ? 'cyan' : undefined} bold={i === index}>
            {i === index ? '▸ ' : '  '}
            {battleGame(game) ? `${game.title} battle: one table of all who joined` : game.title}
          </Styled>
        </Text>
      ))}
      <Text> </Text>
      <Text>
        {battle ? 'Starts in' : 'Length'}: <Text bold>{minutes} minutes</Text>
      </Text>
      <Text> </Text>
      <Text dimColor>↑↓ the game · ←→ the length · Enter open it · Esc back</Text>
    </Page>
  );
}

export function ArenaPage({
  columns,
  rows,
  arena,
  person,
  now,
  notice,
}: {
  columns: number;
  rows: number;
  arena: HeldArena | undefined;
  person: Person;
  now: number;
  notice: string | undefined;
}) {
  if (!arena)
    return (
      <Page columns={columns} rows={rows}>
        <Text>That arena is gone.</Text>
      </Page>
    );
  const me = arena.arena.entrants.find((e) => e.id === person.id);
  const rowsShown = Math.max(1, rows - 13);
  const mine = arena.standings.findIndex((s) => s.id === person.id);
  const top = arena.standings.slice(0, rowsShown);
  const standings = mine >= rowsShown ? [...top.slice(0, -1), arena.standings[mine]!] : top;
  return (
    <Page columns={columns} rows={rows}>
      <Text bold>
        Arena · {titled(arena)} · {left(arena, now)}
      </Text>
      {arena.calledOff ? (
        <Text>{safeText(arena.calledOff)}</Text>
      ) : arena.battle && !arena.over ? (
        <Text dimColor>
          {arena.table
            ? `Playing at table ${arena.table}; ranked at its end.`
            : me && !me.left
              ? 'You are in: everyone who joined is seated at one table at its start.'
              : 'j joins: everyone who joined is seated at one table at its start.'}
        </Text>
      ) : arena.over ? (
        <Text>
          Podium:{' '}
          {arena.podium.length === 0
            ? 'nobody played a game.'
            : arena.podium.map((s) => `${s.place}. ${safeText(s.name)} (${s.score})`).join('  ')}
        </Text>
      ) : (
        <Text dimColor>
          {me && !me.left
            ? me.playing
              ? 'You are playing a game here.'
              : 'You are in: you are seated as soon as another player is free.'
            : 'j joins: you are seated as soon as another player is free.'}
        </Text>
      )}
      <Text> </Text>
      <Text dimColor>{HEADING}</Text>
      {standings.length === 0 ? <Text dimColor>Nobody has joined yet.</Text> : null}
      {standings.map((s) => (
        <Text key={s.id} wrap="truncate">
          <Styled colour={s.id === person.id ? 'cyan' : undefined} bold={s.id === person.id}>
            {standingRow(s)}
          </Styled>
        </Text>
      ))}
      <Text> </Text>
      <Styled colour="yellow">{notice ? safeText(notice) : ' '}</Styled>
      <Text dimColor>{arena.over ? 'Esc back' : 'j join · l leave · Esc back'}</Text>
    </Page>
  );
}

/** The arenas' screens, as the connection's screen is one of them. */
export function ArenaScreen({
  screen,
  arenas,
  games,
  person,
  now,
  columns,
  rows,
}: {
  screen: Screen & { name: 'arenas' | 'arenaNew' | 'arena' };
  arenas: Arenas | undefined;
  games: readonly AnyGameModule[];
  person: Person;
  now: number;
  columns: number;
  rows: number;
}) {
  switch (screen.name) {
    case 'arenas':
      return (
        <ArenasPage
          columns={columns}
          rows={rows}
          arenas={arenas?.list() ?? []}
          index={screen.index}
          notice={screen.notice}
          now={now}
        />
      );
    case 'arenaNew':
      return (
        <ArenaNewPage
          columns={columns}
          rows={rows}
          games={arenaChoices(games)}
          index={screen.index}
          minutes={screen.minutes}
        />
      );
    case 'arena':
      return (
        <ArenaPage
          columns={columns}
          rows={rows}
          arena={arenas?.get(screen.id)}
          person={person}
          now={now}
          notice={screen.notice}
        />
      );
  }
}
