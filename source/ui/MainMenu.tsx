import { Box, Text } from '../render/components.js';
import { safeText } from '../engine/safe-text.js';
import { Styled } from './theme.js';
import type { MenuItem } from './menu-model.js';

const TITLE = ['┏┳┓┏━┓╺┳┓┏━┓┏┓╻┏━╸', '┃┃┃┣━┫ ┃┃┣━┫┃┗┫┃╺┓', '╹ ╹╹ ╹╺┻┛╹ ╹╹ ╹┗━┛'];

export function MainMenu<T extends string>({
  items,
  index,
  notice,
}: {
  items: readonly MenuItem<T>[];
  index: number;
  notice?: string | undefined;
}) {
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={3} paddingY={1} width={60}>
      {TITLE.map((line) => (
        <Styled key={line} colour="yellow">
          {line}
        </Styled>
      ))}
      <Text dimColor>마당 · traditional board games in the terminal</Text>
      <Text> </Text>
      {items.map((item, i) => (
        <Text key={item.id}>
          <Styled colour={i === index ? 'cyan' : undefined} bold={i === index}>
            {i === index ? '▸ ' : '  '}
            {/* A number is a key for the first nine; past them, an item's own letter or the arrows. */}
            {i < 9 ? `${i + 1}.` : item.key ? `${item.key}.` : '  '} {item.label.padEnd(22)}
          </Styled>
          <Text dimColor>{item.hint}</Text>
        </Text>
      ))}
      <Styled colour="yellow">{notice ? safeText(notice) : ' '}</Styled>
      <Text dimColor>↑↓ choose · Enter or 1-{Math.min(9, items.length)} select · q quit</Text>
    </Box>
  );
}
