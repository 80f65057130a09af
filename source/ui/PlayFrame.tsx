/**
 * The frame every game's play screen stands in: the help page (the game's keys, then its rules)
 * when it is open, else the game's own board and panel side by side (its two slots), with the
 * quit question over them. A game's replay draws the same board beside its own panel.
 */
import { Box, Text } from '../render/components.js';
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
  board,
  panel,
  rowHeight,
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
  /** The game's board, in its box: the play screen's own (the replay draws it too). */
  board: ReactNode;
  /** The panel beside the board: whose turn, the sides, the log, the keys. */
  panel: ReactNode;
  /** The height of the board and panel's row, where the game fixes it (Yut's board box). */
  rowHeight?: number | undefined;
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
        <Box height={rowHeight}>
          {board}
          {panel}
        </Box>
        {overlay === 'quit' ? <QuitBar saving={saving} /> : null}
      </Box>
    </Box>
  );
}

/** The quit question's width inside its border. */
const QUIT_INNER = 60;

function QuitBar({ saving }: { saving: 'now' | 'later' | undefined }) {
  // Every cell inside the border is written (lines padded with spaces), so nothing of the board
  // under the question shows through.
  const line = (text: string) => `  ${text}`.padEnd(QUIT_INNER);
  const answer =
    saving === 'now'
      ? ['s: save it and quit · y: quit without saving']
      : saving === 'later'
        ? [
            'y: quit, and this game is lost (it can be saved at the start',
            'of a turn, before the throw)',
          ]
        : ['y: quit'];
  return (
    <Box
      position="absolute"
      marginTop={9}
      marginLeft={4}
      borderStyle="double"
      flexDirection="column"
    >
      <Text>{line('')}</Text>
      <Text bold>{line('Quit this game?')}</Text>
      {answer.map((text) => (
        <Text key={text}>{line(text)}</Text>
      ))}
      <Text dimColor>{line('any other key: keep playing')}</Text>
      <Text>{line('')}</Text>
    </Box>
  );
}

/**
 * A game's board box, as its play screen and its replay draw it: framed, as wide as the board,
 * at the top of its row beside the panel.
 */
export function BoardBox({ width, children }: { width: number; children: ReactNode }) {
  return (
    <Box
      borderStyle="round"
      paddingX={1}
      flexDirection="column"
      width={width}
      flexShrink={0}
      alignSelf="flex-start"
    >
      {children}
    </Box>
  );
}
