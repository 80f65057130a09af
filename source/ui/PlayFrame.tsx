/**
 * The frame every game's play screen stands in: the help page (the game's keys, then its rules)
 * when it is open, else the game's own board and panel with the quit question over them.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { Overlay } from './play-session.js';
import { TextPage } from './TextPage.js';

export function PlayFrame({
  title,
  help,
  overlay,
  helpScroll,
  width,
  height,
  children,
}: {
  title: string;
  help: readonly string[];
  overlay: Overlay;
  helpScroll: number;
  width: number;
  height: number;
  children: ReactNode;
}) {
  if (overlay === 'help') {
    return (
      <TextPage
        title={`${title} · help`}
        lines={help}
        scroll={helpScroll}
        width={width}
        height={height}
        leave="any other key returns to the game"
      />
    );
  }
  return (
    <Box width={width} height={height} alignItems="center" justifyContent="center">
      <Box flexDirection="column">
        {children}
        {overlay === 'quit' ? <QuitBar /> : null}
      </Box>
    </Box>
  );
}

function QuitBar() {
  return (
    <Box position="absolute" marginTop={10} marginLeft={8} borderStyle="double" paddingX={2}>
      <Text bold>Quit this game? </Text>
      <Text>y / Enter: quit · any other key: keep playing</Text>
    </Box>
  );
}
