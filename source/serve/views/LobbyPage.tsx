/** The lobby: every table of the server in two lines, the chosen one marked, and its keys. */
import { Box, Text } from '../../render/components.js';
import { safeText } from '../../engine/safe-text.js';
import type { Ratings } from '../../ratings/rating.js';
import type { Field } from '../../ui/text-field.js';
import { TextField } from '../../ui/TextField.js';
import { Styled } from '../../ui/theme.js';
import type { Person, ServedTable } from '../hall.js';
import { clock, optionWords, seatWords } from './words.js';

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
  person: Person;
  columns: number;
  rows: number;
  /** The server's ratings: each seat's is shown beside its name. */
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
          n new table · c a table&apos;s code · a arenas · r ratings · q leave
        </Text>
      </Box>
    </Box>
  );
}
