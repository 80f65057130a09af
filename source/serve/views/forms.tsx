/** The pages before a table: the name asked once, the game picked, the game's own setup form. */
import { Box, Text } from '../../render/components.js';
import { safeText } from '../../engine/safe-text.js';
import type { MenuEntry } from '../../games/module.js';
import { ServedContext } from '../../ui/play-session.js';
import type { Field } from '../../ui/text-field.js';
import { TextField } from '../../ui/TextField.js';
import { Styled } from '../../ui/theme.js';
import { NAME_LENGTH } from '../identity.js';
import type { playable } from '../lobby-model.js';
import { Page } from './page.js';
import { servedWords } from './words.js';

export function NamePage({
  columns,
  rows,
  keyed,
  field,
  problem,
}: {
  columns: number;
  rows: number;
  /** The connection has a key (else it is a guest's). */
  keyed: boolean;
  field: Field;
  problem: string | undefined;
}) {
  return (
    <Page columns={columns} rows={rows}>
      <Text bold>Welcome to madang</Text>
      <Text> </Text>
      <Text>
        {keyed
          ? 'Your key is new here. The name the others will see (asked once):'
          : 'You play as a guest, for this connection only. Your name:'}
      </Text>
      <Text> </Text>
      <Text>
        Name: <TextField field={field} focus max={NAME_LENGTH} />
      </Text>
      <Styled colour="yellow">{problem ? safeText(problem) : ' '}</Styled>
      <Text dimColor>Enter keep this name · Esc leave</Text>
    </Page>
  );
}

export function PickPage({
  columns,
  rows,
  games,
  index,
  rated,
  guest,
}: {
  columns: number;
  rows: number;
  games: ReturnType<typeof playable>;
  index: number;
  /** The table to be made is rated, else casual. */
  rated: boolean;
  /** A guest's tables are casual: r does not offer a rated one. */
  guest: boolean;
}) {
  return (
    <Page columns={columns} rows={rows}>
      <Text bold>A new {rated ? 'rated' : 'casual'} table: which game?</Text>
      <Text> </Text>
      {games.map(({ game }, i) => (
        <Text key={game.id} wrap="truncate">
          <Styled colour={i === index ? 'cyan' : undefined} bold={i === index}>
            {i === index ? '▸ ' : '  '}
            {i + 1}. {game.title.padEnd(22)} {servedWords(game.description)}
          </Styled>
        </Text>
      ))}
      <Text> </Text>
      <Text dimColor>
        ↑↓ choose · Enter or 1-{games.length} set it up
        {guest ? '' : ` · r ${rated ? 'casual' : 'rated'}`} · Esc back
      </Text>
    </Page>
  );
}

export function SetupPage({
  columns,
  rows,
  entry,
  form,
}: {
  columns: number;
  rows: number;
  entry: MenuEntry;
  form: unknown;
}) {
  const { View } = entry;
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
        <View form={form} width={columns} height={rows - 2} />
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
