/**
 * Keys flow one way (ui/keys-context.tsx): one reader, subscribers with isActive, the shell
 * first; a key nobody takes waits for the next screen, and a screen that was left hears nothing
 * meant for the next one.
 */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { KeyRouter, KeysProvider, useKeys } from '../../source/ui/keys-context.js';

describe('the key router', () => {
  it('the shell first; what it leaves goes to the screen; nobody’s keys wait for the next screen', () => {
    const router = new KeyRouter();
    const shell: string[] = [];
    const first: string[] = [];
    const second: string[] = [];
    let playing = false;
    router.add((key) => {
      if (playing) return false;
      shell.push(key);
      if (key === 'enter') {
        // The shell starts a game: keys from here on are the play screen's.
        playing = true;
        router.changed(true);
      }
    }, 1);
    // A burst: Enter starts the game, Space and 3 arrive before its screen subscribes.
    for (const key of ['down', 'enter', 'space', '3']) router.press(key);
    expect(shell).toEqual(['down', 'enter']);
    const leave = router.add((key) => void first.push(key));
    expect(first).toEqual(['space', '3']);
    router.press('x');
    expect(first).toEqual(['space', '3', 'x']);
    // Another game: the first screen is still subscribed a moment, but hears nothing more.
    router.changed(true);
    router.press('y');
    expect(first).toEqual(['space', '3', 'x']);
    leave();
    router.add((key) => void second.push(key));
    expect(second).toEqual(['y']);
    // Back to the shell's screens: waiting keys are dropped, the shell hears the rest.
    playing = false;
    router.changed(false);
    router.press('q');
    expect(shell).toEqual(['down', 'enter', 'q']);
  });

  it('useKeys subscribes while isActive, with the latest handler', async () => {
    const heard: string[] = [];
    function Screen() {
      const [count, setCount] = useState(0);
      useKeys((key) => {
        heard.push(`${key}${count}`);
        setCount((c) => c + 1);
      });
      useKeys(() => void heard.push('inactive'), { isActive: false });
      return <Text>{count}</Text>;
    }
    const { stdin, lastFrame } = render(
      <KeysProvider>
        <Screen />
      </KeysProvider>,
    );
    stdin.write('a');
    await new Promise((resolve) => setTimeout(resolve, 20));
    stdin.write('b');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['a0', 'b1']);
    expect(lastFrame()).toBe('2');
  });
});
