/**
 * What a connection's screen does with the server's arenas (ServeApp.tsx): an arena's change
 * pushed to the screens showing it and to its players' (an entrant in the lobby is shown the
 * podium at its end), a connection that ends leaving them, and the arena keys' effects done.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Person } from '../served-table.js';
import type { Effect, Screen } from '../lobby-model.js';
import type { Arenas } from './arenas.js';

export function useArenas(
  arenas: Arenas | undefined,
  currentScreen: () => Screen,
  currentPerson: () => Person | undefined,
  setScreen: (screen: Screen) => void,
  redraw: () => void,
): void {
  const podiumShown = useRef(new Set<string>());
  useEffect(
    () =>
      arenas?.subscribe((held) => {
        const now = currentScreen();
        const who = currentPerson();
        const entrant = who !== undefined && held.arena.entrants.some((e) => e.id === who.id);
        if (
          entrant &&
          held.over &&
          !podiumShown.current.has(held.id) &&
          (now.name === 'lobby' || now.name === 'arenas')
        ) {
          podiumShown.current.add(held.id);
          setScreen({ name: 'arena', id: held.id });
        } else if (entrant || now.name === 'arenas' || (now.name === 'arena' && now.id === held.id))
          redraw();
      }),
    [arenas, currentScreen, currentPerson, setScreen, redraw],
  );
  // A connection that ends leaves the arenas (as lichess withdraws one who goes): nobody is
  // paired with someone gone.
  useLayoutEffect(
    () => () => {
      const who = currentPerson();
      if (who) arenas?.gone(who);
    },
    [arenas, currentPerson],
  );
}

/** An arena key's effect done: the screen it leads to (undefined: not an arena's effect). */
export function arenaEffect(
  arenas: Arenas | undefined,
  effect: Effect,
  who: Person,
): Screen | undefined {
  switch (effect.type) {
    case 'openArena': {
      const held = arenas?.open(effect.game, effect.minutes, who);
      if (!held) return { name: 'arenas', index: 0 };
      if (typeof held === 'string') return { name: 'arenas', index: 0, notice: held };
      return { name: 'arena', id: held.id, notice: arenas?.join(held.id, who) };
    }
    case 'joinArena':
      return { name: 'arena', id: effect.id, notice: arenas?.join(effect.id, who) };
    case 'leaveArena':
      arenas?.leave(effect.id, who);
      return {
        name: 'arena',
        id: effect.id,
        notice: 'You left: not paired again; your games still count.',
      };
    default:
      return undefined;
  }
}
