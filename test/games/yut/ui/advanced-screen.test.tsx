import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../../source/app/App.js';
import { appOptions } from '../../../support/app.js';
import { frameWhen, press } from '../../../support/ink.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('the advanced screens', () => {
  it('show what is wrong with user_info.txt where it matters, not only after the program', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'madang-warn-'));
    writeFileSync(join(dataDir, 'user_info.txt'), 'Noah 22d34h\nthis is not an account\n');
    const r = render(
      <App options={appOptions({ dataDir, opening: { kind: 'entry', entry: 'yut-advanced' } })} />,
    );
    cleanup = r.unmount;
    // A typed burst and single keys alike reach the fields: nothing is lost.
    await press(r.stdin, '2', 'Noah', '\r', '22d34h', '\r');
    const frame = await frameWhen(r.lastFrame, (f) => f.includes('is logged in'));
    expect(frame).toContain('Noah is logged in (1 player).');
    expect(frame).not.toContain('Login Succeed!');
    expect(frame.replace(/[│\s]+/g, ' ')).toMatch(/! \S*user_info\.txt:2:/);
  });
});
