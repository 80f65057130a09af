/**
 * Every game's play screen and the main menu, in colour at 80×24 and 120×40, drawn by Ink and by
 * madang's renderer: the same cells row for row (what a served player sees is what Ink drew).
 */
import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import type { Seat } from '../../source/engine/seats.js';
import { GAMES } from '../../source/games/index.js';
import { cellsOfAnsi, textOf } from '../../source/render/cells.js';
import { renderScreen } from '../../source/render/screen.js';
import { KeyRouter, RouterKeys } from '../../source/ui/keys-context.js';
import { MainMenu } from '../../source/ui/MainMenu.js';
import { ThemeContext } from '../../source/ui/theme.js';
import { renderSized } from '../support/ink.js';
import { playScreen } from '../support/screens.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

async function both(tree: ReactElement, columns: number, rows: number) {
  const ink = renderSized(tree, columns, rows);
  await settle();
  const inkRows = (ink.lastFrame() ?? '').split('\n').map((line) => textOf(cellsOfAnsi(line)));
  ink.unmount();
  let own: readonly string[] = [];
  const screen = renderScreen(tree, { columns, rows, frame: (drawn) => (own = drawn) });
  await settle();
  screen.unmount();
  // Ink's frame is as high as the screen drawn; the renderer's rows are the window's.
  const ownRows = [...own];
  while (ownRows.length > inkRows.length && ownRows.at(-1) === '') ownRows.pop();
  return { ink: inkRows, own: ownRows };
}

const coloured = (child: ReactElement) => (
  <ThemeContext.Provider value={{ colour: true }}>
    <RouterKeys router={new KeyRouter()}>{child}</RouterKeys>
  </ThemeContext.Provider>
);

describe("madang's renderer on madang's screens", () => {
  for (const game of GAMES)
    for (const [columns, rows] of [
      [80, 24],
      [120, 40],
    ] as const)
      it(`${game.id}'s play screen at ${columns}×${rows} is Ink's, cell for cell`, async () => {
        const seats: Seat[] = Array.from({ length: game.seats.min }, (_, i) => ({
          name: `Player ${i + 1}`,
          kind: 'human',
        }));
        const tree = coloured(
          playScreen(
            game.Play,
            game.rules.setup(game.typicalOptions as never),
            seats,
            columns,
            rows,
          ),
        );
        const { ink, own } = await both(tree, columns, rows);
        expect(own).toEqual(ink);
        expect(own.join('\n')).toContain('Player 1');
      });

  it('the main menu at 80×24 is Ink’s, cell for cell', async () => {
    const items = GAMES.map((game, i) => ({
      id: game.id,
      label: game.title,
      hint: game.description.slice(0, 20),
      key: String(i + 1),
    }));
    const tree = coloured(<MainMenu items={items as never} index={1} notice="한 notice" />);
    const { ink, own } = await both(tree, 80, 24);
    expect(own).toEqual(ink);
    expect(own.join('\n')).toContain('마당');
  });
});
