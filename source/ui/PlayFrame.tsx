/**
 * The frame every game's play screen stands in: the help page (the game's keys, then its rules)
 * when it is open, else the game's own board and panel with the quit question over them.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { logLines, type Overlay } from './play-session.js';
import { TextPage } from './TextPage.js';

export function PlayFrame({
  title,
  help,
  overlay,
  helpScroll,
  width,
  height,
  saving,
  log,
  children,
}: {
  /** The game's log, for the log page (`l`). */
  log: readonly string[];
  /** The quit question's word on saving: `now` offers it, `later` says what quitting loses. */
  saving?: 'now' | 'later' | undefined;
  title: string;
  help: readonly string[];
  overlay: Overlay;
  helpScroll: number;
  width: number;
  height: number;
  children: ReactNode;
}) {
  if (overlay === 'help' || overlay === 'log') {
    return (
      <TextPage
        title={`${title} · ${overlay === 'help' ? 'help' : 'log'}`}
        lines={overlay === 'help' ? help : logLines(log, width)}
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
        {overlay === 'quit' ? <QuitBar saving={saving} /> : null}
      </Box>
    </Box>
  );
}

function QuitBar({ saving }: { saving: 'now' | 'later' | undefined }) {
  return (
    <Box
      position="absolute"
      marginTop={9}
      marginLeft={4}
      borderStyle="double"
      paddingX={2}
      flexDirection="column"
      width={62}
    >
      <Text bold>Quit this game?</Text>
      {saving === 'now' ? (
        <Text>s: save it and quit · y: quit without saving</Text>
      ) : saving === 'later' ? (
        <Text wrap="wrap">
          y: quit, and this game is lost (it can be saved at the start of a turn, before the throw)
        </Text>
      ) : (
        <Text>y: quit</Text>
      )}
      <Text dimColor>any other key: keep playing</Text>
    </Box>
  );
}
