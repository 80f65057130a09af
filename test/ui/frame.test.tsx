/** The play frame's own keys and pages: help, the whole log, the quit question. */
import { render } from 'ink-testing-library';
import { Box, Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { frameKey, logLines } from '../../source/ui/play-session.js';
import { PlayFrame } from '../../source/ui/PlayFrame.js';
import { logPage } from '../../source/ui/text.js';

describe('the log page', () => {
  it('l opens it in a game and after one; any key but a page key closes it', () => {
    expect(frameKey(null, true, 'l')).toEqual({ type: 'play/overlayOpened', overlay: 'log' });
    expect(frameKey(null, false, 'l')).toEqual({ type: 'play/overlayOpened', overlay: 'log' });
    expect(frameKey('log', true, 'x')).toEqual({ type: 'play/overlayClosed' });
    expect(frameKey('log', true, 'q')).toEqual({ type: 'play/overlayClosed' });
  });

  it('keeps every entry, wrapped under itself, none cut', () => {
    const log = [
      'Ann threw gae.',
      `  (strong: ${'a long reason '.repeat(12)}the end)`,
      'Bob to throw.',
    ];
    const lines = logPage(log, 40);
    expect(lines[0]).toBe('Ann threw gae.');
    expect(lines.at(-1)).toBe('Bob to throw.');
    expect(lines.every((l) => l.length <= 40)).toBe(true);
    expect(lines.slice(1, -1).join(' ').replace(/\s+/g, ' ')).toContain('the end)');
    expect(lines.slice(2, -1).every((l) => l.startsWith('    '))).toBe(true);
  });

  it('draws the log where the board was, scrolled to where it is asked', () => {
    const log = Array.from({ length: 60 }, (_, i) => `entry ${i + 1}`);
    const frame = (scroll: number) =>
      render(
        <PlayFrame
          title="Yut Nori"
          help={[]}
          log={log}
          overlay="log"
          helpScroll={scroll}
          width={80}
          height={24}
          board={<Text>the board</Text>}
          panel={<Text>the panel</Text>}
        />,
      ).lastFrame() ?? '';
    const end = frame(logLines(log, 80).length - 20);
    expect(end).toContain('Yut Nori · log');
    expect(end).toContain('entry 60');
    expect(end).toContain('lines 41–60 of 60');
    expect(end).not.toContain('the board');
    expect(end).not.toContain('the panel');
    expect(frame(0)).toMatch(/│ entry 1 +│/);
  });
});

describe('the play frame', () => {
  it('draws the board slot and the panel slot beside it, centred in the window', () => {
    const frame =
      render(
        <PlayFrame
          title="t"
          help={[]}
          log={[]}
          helpScroll={0}
          overlay={null}
          width={80}
          height={24}
          board={<Text>[the board]</Text>}
          panel={<Text>[the panel]</Text>}
        />,
      ).lastFrame() ?? '';
    const line = frame.split('\n').find((l) => l.includes('[the board]')) ?? '';
    expect(line.trim()).toBe('[the board][the panel]');
    expect(line.indexOf('[')).toBeGreaterThan(20);
  });
});

describe('the quit question', () => {
  it('covers what is under it: every cell inside its border is written', () => {
    const under = Array.from({ length: 20 }, () => (
      <Text key={Math.random()}>{'x'.repeat(78)}</Text>
    ));
    const frame = render(
      <PlayFrame
        title="t"
        help={[]}
        log={[]}
        helpScroll={0}
        overlay="quit"
        width={80}
        height={24}
        board={<Box flexDirection="column">{under}</Box>}
        panel={null}
      />,
    ).lastFrame();
    const lines = (frame ?? '').split('\n');
    const top = lines.findIndex((l) => l.includes('╔'));
    const bottom = lines.findIndex((l) => l.includes('╚'));
    expect(bottom - top).toBeGreaterThan(3);
    for (const line of lines.slice(top + 1, bottom)) {
      const inside = line.slice(line.indexOf('║') + 1, line.lastIndexOf('║'));
      expect(inside).not.toContain('x');
    }
    expect(frame).toContain('Quit this game?');
  });
});
