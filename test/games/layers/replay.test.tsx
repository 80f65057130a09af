/**
 * The Layers replay draws the play screen's own forest and names nobody else "on top": with
 * player 5 (seat 4) the one root, the replay said "player 4 on top" (counted from 0) while its
 * forest showed 5.
 */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { layersModule } from '../../../source/games/layers/index.js';
import { setup } from '../../../source/games/layers/rules.js';

describe('the Layers replay', () => {
  it('names the player on top as the forest numbers them', () => {
    const state = {
      ...setup({ players: 10, turns: 3 }),
      parent: [4, 4, 4, 4, null, 4, 4, 4, 4, 4],
      layer: [0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
    };
    const { Replay } = layersModule;
    const { lastFrame } = render(
      <Replay
        state={state}
        events={[]}
        index={0}
        stateAt={() => state}
        names={state.parent.map((_, p) => `Player ${p + 1}`)}
        seats={state.parent.map((_, p) => ({ name: `Player ${p + 1}`, kind: 'human' }))}
        timeline={['a replay', 'Turn 1 of 1', 'paused']}
        keys={['q quit']}
        notice={null}
        width={100}
        height={30}
      />,
    );
    const frame = lastFrame() ?? '';
    expect(frame).toContain('player 5 on top');
    expect(frame).not.toMatch(/player 4 on top/i);
  });
});
