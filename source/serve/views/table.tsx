/** A table's own screens: the table waiting for players, and the line under a game. */
import { Box, Text } from '../../render/components.js';
import { safeText } from '../../engine/safe-text.js';
import type { Field } from '../../ui/text-field.js';
import { TextField } from '../../ui/TextField.js';
import { displayWidth } from '../../ui/text.js';
import { Styled } from '../../ui/theme.js';
import { CHAT_LENGTH, type Person, type ServedTable } from '../served-table.js';
import { ratable } from '../../ratings/ranking.js';
import { Page } from './page.js';
import { optionWords } from './words.js';

export function Waiting({
  table,
  person,
  caller,
  web,
  columns,
  rows,
}: {
  table: ServedTable;
  /** Where friends connect (the address the connection came to). */
  caller: { readonly host: string; readonly port: number };
  /** The web view's address (madang serve --web), for a link to watch the table from. */
  web?: string | undefined;
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
        {optionWords(table)} · {ratedWords(table)}
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
      {web ? (
        <Text wrap="truncate">
          Watch in a browser: {safeText(web)}/t/{table.code}
        </Text>
      ) : null}
      <Text dimColor>
        {creator ? 's start now, the open seats to the computer · ' : ''}c chat · q back to the
        lobby
      </Text>
    </Page>
  );
}

export function Strip({
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
    // A spectator is one of the watchers: told of the others, not counted twice.
    seat === undefined
      ? ` · watching${watchingWith(table.watchers.size - 1)}`
      : table.watchers.size > 0
        ? ` · ${table.watchers.size} watching`
        : '',
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
    seat === undefined ? '' : rematchWords(table, seat),
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

/** A finished game's rematch as the strip says it to a player: offered, asked, or waited for. */
function rematchWords(table: ServedTable, seat: number): string {
  if (!table.rematchOpen) return '';
  const { wanted, waiting } = table.rematchAsked;
  if (wanted.length === 0) return ' · w rematch';
  if (!wanted.includes(seat)) return ' · rematch asked: w agree';
  const names = table.seatNames();
  return ` · rematch: waiting for ${waiting.map((s) => safeText(names[s] ?? '')).join(', ')}`;
}

/** The other spectators beside this one, as its line says them. */
const watchingWith = (others: number) =>
  others <= 0 ? '' : ` with ${others} other${others === 1 ? '' : 's'}`;

/**
 * Rated or casual, and why casual when the seats decided it: a computer level in two seats would
 * play itself, so such a table is made casual however it was asked for (Layers' forest of
 * computers is always so).
 */
const ratedWords = (table: ServedTable) =>
  table.start.rated
    ? 'rated'
    : ratable(table.start.seats)
      ? 'casual'
      : 'casual (two computers of one level)';
