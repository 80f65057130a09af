import { Box, Text } from 'ink';
import { Styled } from '../../../ui/theme.js';
import { SEAT_LETTERS } from './board-layout.js';
import { type SetupForm, startRow } from './setup-model.js';

export function Setup({ form }: { form: SetupForm }) {
  const row = (index: number, label: string, value: React.ReactNode) => (
    <Text key={index}>
      <Styled colour={form.focus === index ? 'cyan' : undefined} bold={form.focus === index}>
        {form.focus === index ? '▸ ' : '  '}
        {label.padEnd(18)}
      </Styled>
      {value}
    </Text>
  );
  const chooser = (value: number, focused: boolean) => (
    <Text>
      {focused ? '◀ ' : '  '}
      <Text bold>{value}</Text>
      {focused ? ' ▶' : ''}
    </Text>
  );
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1} width={60}>
      <Text bold>Yut Nori · new game</Text>
      <Text> </Text>
      {row(0, 'Players', chooser(form.players, form.focus === 0))}
      {row(1, 'Pieces each', chooser(form.pieces, form.focus === 1))}
      <Text> </Text>
      {form.names.slice(0, form.players).map((name, i) =>
        row(
          2 + i,
          `Seat ${i}`,
          <Text>
            <Styled seat={i} bold>
              {SEAT_LETTERS[i]}
            </Styled>{' '}
            <Text underline={form.focus === 2 + i}>{name}</Text>
            {form.focus === 2 + i ? <Text inverse> </Text> : null}
            <Text dimColor={form.focus !== 2 + i}>
              {'  '}
              {form.focus === 2 + i ? '◀ ' : ''}
              {form.kinds[i] === 'human' || form.kinds[i] === undefined
                ? 'human'
                : `computer (${form.kinds[i]})`}
              {form.focus === 2 + i ? ' ▶' : ''}
            </Text>
          </Text>,
        ),
      )}
      <Text> </Text>
      {row(startRow(form), 'Start the game', <Text> </Text>)}
      <Text> </Text>
      <Styled colour="yellow">{form.problem ?? ' '}</Styled>
      <Text dimColor>
        ↑↓ choose · ←→ change (a seat: human or computer) · type a name · Enter next/start · Esc
        back
      </Text>
    </Box>
  );
}
