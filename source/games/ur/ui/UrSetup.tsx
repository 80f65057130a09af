import { Box, Text } from 'ink';
import { Styled } from '../../../ui/theme.js';
import type { UrSetupForm } from './setup-model.js';

export function UrSetup({ form, boardName }: { form: UrSetupForm; boardName: string }) {
  const row = (i: number, label: string) => (
    <Text key={i}>
      <Styled colour={form.focus === i ? 'cyan' : undefined} bold={form.focus === i}>
        {form.focus === i ? '▸ ' : '  '}
        {label.padEnd(8)}
      </Styled>
      <Styled seat={i === 0 ? 3 : 1} bold>
        {form.names[i]}
      </Styled>
      {form.focus === i ? <Text inverse> </Text> : null}
      <Text dimColor={form.focus !== i}>
        {'  '}
        {form.focus === i ? '◀ ' : ''}
        {form.kinds[i] === 'human' ? 'human' : `computer (${form.kinds[i]})`}
        {form.focus === i ? ' ▶' : ''}
      </Text>
    </Text>
  );
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1} width={64}>
      <Text bold>Royal Game of Ur · new game</Text>
      <Text dimColor>board: {boardName}</Text>
      <Text> </Text>
      {row(0, 'White')}
      {row(1, 'Black')}
      <Text> </Text>
      <Styled colour={form.focus === 2 ? 'cyan' : undefined} bold={form.focus === 2}>
        {form.focus === 2 ? '▸ ' : '  '}Start the game
      </Styled>
      <Text> </Text>
      <Styled colour="yellow">{form.problem ?? ' '}</Styled>
      <Text dimColor>↑↓ choose · ←→ human or computer · type a name · Enter · Esc back</Text>
    </Box>
  );
}
