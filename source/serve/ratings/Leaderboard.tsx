/**
 * The server's leaderboard (`r` in the lobby): one game's standings, best first, the top 100 as
 * many as fit, and the viewer's own place under them. ←→ change the game.
 */
import { Box, Text } from '../../render/components.js';
import { safeText } from '../../engine/safe-text.js';
import { Styled } from '../../ui/theme.js';
import {
  computerId,
  leaderboard,
  type Ratings,
  ratingWords,
  type Standing,
} from '../../ratings/rating.js';

export const LEADERS_SHOWN = 100;

/** A seat's rating beside its name in the lobby: ` (1,532?)`, or nothing for an open seat. */
export function seatRating(
  ratings: Ratings | undefined,
  game: string,
  holder:
    | { kind: 'open' }
    | { kind: 'person'; person: { id: string } }
    | { kind: 'computer'; level: string },
): string {
  if (!ratings || holder.kind === 'open') return '';
  const id = holder.kind === 'person' ? holder.person.id : computerId(holder.level);
  if (id.startsWith('guest:')) return '';
  const standing = ratings.get(game)?.get(id);
  // In brackets: a newcomer's 1,500? before the comma that follows it read as a typo.
  return ` (${ratingWords(standing ?? { mu: 25, sigma: 25 / 3 })})`;
}

const row = (place: number, s: Standing, width: number) =>
  `${String(place).padStart(4)}  ${safeText(s.name).slice(0, 20).padEnd(20)} ${ratingWords(s).padStart(7)} ${String(s.games).padStart(6)}   ${s.wins}/${s.losses}/${s.draws}`.slice(
    0,
    width,
  );

export function Leaderboard({
  ratings,
  games,
  index,
  you,
  columns,
  rows,
}: {
  ratings: Ratings | undefined;
  games: readonly { readonly id: string; readonly title: string }[];
  index: number;
  you: string;
  columns: number;
  rows: number;
}) {
  const game = games[index % games.length];
  const full = leaderboard(ratings?.get(game?.id ?? ''));
  const board = full.slice(0, LEADERS_SHOWN);
  const width = Math.min(columns, 80) - 4;
  // Borders, title, header, your place, the keys: nine rows; the rest are the standings.
  const fit = Math.max(1, rows - 9);
  const mine = full.findIndex((s) => s.id === you);
  return (
    <Box width={columns} height={rows} flexDirection="column" alignItems="center">
      <Box flexDirection="column" borderStyle="round" paddingX={1} width={width}>
        <Text>
          <Text bold>madang · ratings · {game?.title ?? ''}</Text>
          <Text dimColor>
            {' '}
            · {full.length} player{full.length === 1 ? '' : 's'}
          </Text>
        </Text>
        <Text dimColor>{'   #  player                rating  games   won/lost/drawn'}</Text>
        {board.length === 0 ? (
          <Text dimColor>No rated games of {game?.title ?? 'this game'} yet.</Text>
        ) : (
          board.slice(0, fit).map((s, i) => (
            <Styled key={s.id} colour={s.id === you ? 'cyan' : undefined} bold={s.id === you}>
              {row(i + 1, s, width - 2)}
            </Styled>
          ))
        )}
        <Text> </Text>
        <Text wrap="truncate">
          {mine < 0
            ? 'You have no rated game of this game yet.'
            : `Your place: ${mine + 1} of ${full.length}, ${ratingWords(full[mine] as Standing)} after ${(full[mine] as Standing).games} ${(full[mine] as Standing).games === 1 ? 'game' : 'games'}`}
        </Text>
        <Text dimColor wrap="truncate">
          ←→ another game · a ? marks a provisional rating · Esc or q back
        </Text>
      </Box>
    </Box>
  );
}
