/**
 * Ur's panel, drawn at 80×24: the preview of a move to a rosette says so once, and whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type UrState } from '../../../source/games/ur/rules.js';
import { urCore } from '../../../source/games/ur/core.js';
import { urModule } from '../../../source/games/ur/index.js';
import { renderPlay } from '../../support/screens.js';
import { placed, rolled } from '../../support/ur.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const seats = [
  { name: 'Player 1', kind: 'human' as const },
  { name: 'Player 2', kind: 'human' as const },
];

function frame(state: UrState, width: number, height: number): string {
  const r = renderPlay(urModule.Play, state, seats, width, height);
  cleanup = r.unmount;
  return (r.lastFrame() ?? '').replace(/\x1b\[[0-9;]*m/g, '');
}

describe('Ur’s panel', () => {
  it('at 80×24 a move to a rosette is previewed once and whole: safe, and another roll', () => {
    const state = urCore.rules.reduce(placed(setup(), [5], [], 0), rolled(2));
    const lines = frame(state, 80, 24).split('\n');
    // It said the rosette twice and was cut: "→ to square 8, the central rosette, roset…".
    const at = lines.findIndex((line) => line.includes('→ to square 8'));
    expect(lines[at]).toMatch(/│ {3}→ to square 8, the central rosette: safe, +│$/);
    expect(lines[at + 1]).toMatch(/││ {5}rolls again +│$/);
    expect(lines.join('\n')).not.toContain('…');
    // The row below is the panel's rule, and the frame still fits its 24 rows.
    expect(lines[at + 2]).toMatch(/││ ─+ │$/);
    expect(lines.length).toBeLessThanOrEqual(24);
    expect(lines.filter((line) => line.trim() !== '').at(-1)).toMatch(/╰─+╯$/);
  });
});
