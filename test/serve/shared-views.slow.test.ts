/**
 * What many connections see alike is drawn once (serve/shared-views.ts), with the built program
 * and ssh2 clients. The spectators of a table: two at 80×24 share one drawing and see the same
 * screen; one at 100×30 has another; a move reaches them all; a spectator's first game key opens
 * what it asked for (none lost) on a screen of its own, which shows what the shared one shows
 * once the page is closed; spectators who leave let go of their drawings. The lobby: those who
 * moved nothing in it share one, each drawing its title (its name); a table made is in all at
 * once; one who opens the code field has a lobby of its own until it is closed; those whose
 * cursors are on the same table share one drawing, one for each place of a cursor. And a window
 * resized (these clients' screens wrap at their right edge as a terminal does): after a shrink
 * the screen is the one of the new size, whole and in place, and stays so. Found by hand: from
 * 100×30 to 80×24 at once, the first frame after the resize came from the tree (or the shared
 * drawing) of the old size, rows 100 wide that the terminal wrapped, and every change after it
 * landed where the server thought the rows were, a row off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connectPlayer, newKey, type Player } from '../../bench/ssh-client.js';
import { makeYutTable, register } from '../support/served.js';
import { metricsWhen, sample, start, type Started } from '../support/served-web.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: Started | undefined;
const players: Player[] = [];
afterEach(async () => {
  for (const player of players.splice(0)) player.end();
  await server?.stop();
  server = undefined;
});

/** `name`, new, straight to the table `code` at a window of `columns`×`rows`: watching. */
async function spectator(port: number, name: string, code: string, columns: number, rows: number) {
  const player = await connectPlayer({ port, key: newKey(), user: code, columns, rows });
  players.push(player);
  await player.waitFor('Welcome to madang');
  player.write(`${name}\r`);
  await player.waitFor(`table ${code} · watching`);
  return player;
}

/**
 * Waits until the screens of `a` and `b` are the same and that screen holds `text` (or passes
 * it); fails showing both.
 */
async function alike(
  a: Player,
  b: Player,
  text: string | ((screen: string) => boolean),
): Promise<string> {
  const holds = typeof text === 'string' ? (screen: string) => screen.includes(text) : text;
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    if (a.screen() === b.screen() && holds(a.screen())) return a.screen();
    await pause(50);
  }
  throw new Error(`not alike with ${String(text)}:\n${a.screen()}\n----\n${b.screen()}`);
}

const shared = (port: number, count: number) =>
  metricsWhen(port, (page) => sample(page, 'madang_shared_views') === count);

/** A server, and Ann and Bo at a Yut table of hers: Ann to throw. */
async function annAndBo() {
  server = await start(['--seed', '382', '--bot-delay', '0']);
  const { ssh, web } = server;
  const ann = await register(ssh, 'Ann');
  players.push(ann.player);
  await ann.player.waitFor('you are Ann');
  const code = await makeYutTable(ann.player);
  const bo = await register(ssh, 'Bo', code);
  players.push(bo.player);
  await bo.player.waitFor('▶ R Ann to throw');
  return { ssh, web, ann, bo, code };
}

describe("a table's spectators", () => {
  it('are drawn once per window size, and a key of their own gives them their own screen', async () => {
    const { ssh, web, ann, code } = await annAndBo();
    expect(sample(await metricsWhen(web, () => true), 'madang_shared_views')).toBe(0);

    const cy = await spectator(ssh, 'Cy', code, 80, 24);
    const di = await spectator(ssh, 'Di', code, 80, 24);
    await shared(web, 1);
    const first = await alike(cy, di, 'Ann to throw');
    expect(first).toContain('You are watching');
    const ed = await spectator(ssh, 'Ed', code, 100, 30);
    await shared(web, 2);
    await ed.waitFor('Ann to throw');

    // A move reaches every spectator; those of one size still see one screen.
    ann.player.write(' ');
    const thrown = await alike(cy, di, 'Ann threw');
    expect(thrown).not.toEqual(first);
    await ed.waitFor('Ann threw');

    // Di's first game key is not lost: the help opens on a screen of Di's own, Cy's stays.
    di.write('?');
    await di.waitFor('Yut Nori · help');
    await pause(300);
    expect(cy.screen()).not.toContain('Yut Nori · help');
    expect(cy.screen()).toEqual(thrown);
    // Closed again, Di's own screen shows what the shared one does, and follows the game.
    di.write('\x1b');
    await alike(cy, di, 'Ann threw');
    const turn = /▶ \S (\S+) to (throw|move)/.exec(ann.player.screen());
    expect(turn?.[1]).toBe('Ann');
    const before = cy.screen();
    ann.player.write(turn?.[2] === 'throw' ? ' ' : '\r');
    await alike(cy, di, (screen) => screen !== before);
    expect(sample(await metricsWhen(web, () => true), 'madang_shared_views')).toBe(2);

    // The spectators gone, so are their drawings.
    cy.end();
    ed.end();
    await shared(web, 0);
  }, 120_000);

  it('the lobby is drawn once for those whose cursors are on one table, each with its own title', async () => {
    server = await start(['--seed', '382', '--bot-delay', '0']);
    const { ssh, web } = server;
    const [ann, bo] = [await register(ssh, 'Ann'), await register(ssh, 'Bo')];
    players.push(ann.player, bo.player);
    await ann.player.waitFor('you are Ann');
    await bo.player.waitFor('you are Bo');
    await shared(web, 1);
    // The screens differ in the title alone: each names its own person.
    const titleAside = (player: Player) =>
      player
        .screen()
        .split('\n')
        .filter((_, y) => y !== 1)
        .join('\n');
    const lobbyOf = async (text: string) => {
      const end = Date.now() + 10_000;
      while (Date.now() < end) {
        const [a, b] = [titleAside(ann.player), titleAside(bo.player)];
        if (a === b && a.includes(text)) return a;
        await pause(50);
      }
      throw new Error(
        `lobbies not alike with ${text}:\n${ann.player.screen()}\n----\n${bo.player.screen()}`,
      );
    };
    await lobbyOf('No tables yet');
    expect(ann.player.screen().split('\n')[1]).toContain('you are Ann');
    expect(bo.player.screen().split('\n')[1]).toContain('you are Bo');

    // A table made by another is in both lobbies at once.
    const cy = await register(ssh, 'Cy');
    players.push(cy.player);
    await cy.player.waitFor('you are Cy');
    const code = await makeYutTable(cy.player);
    await lobbyOf(code);

    // Ann opens the code field: a lobby of her own, Bo's unchanged; closed, she shares again.
    ann.player.write('c');
    await ann.player.waitFor('Table code:');
    await pause(300);
    expect(bo.player.screen()).not.toContain('Table code:');
    ann.player.write('\x1b');
    await lobbyOf(code);
    expect(ann.player.screen()).not.toContain('Table code:');
    await shared(web, 1);

    // Those whose cursors are on the same table share its drawing: Ann moves to Di's table, a
    // drawing of its own place; Bo follows her there, and the one at the first place goes.
    const di = await register(ssh, 'Di');
    players.push(di.player);
    await di.player.waitFor('you are Di');
    const second = await makeYutTable(di.player);
    await lobbyOf(second);
    ann.player.write('\x1b[B');
    await shared(web, 2);
    await ann.player.waitFor(`▸ ${second}`);
    expect(bo.player.screen()).toContain(`▸ ${code}`);
    bo.player.write('\x1b[B');
    await shared(web, 1);
    const both = await lobbyOf(`▸ ${second}`);
    expect(both).not.toContain(`▸ ${code}`);
    // A table made while their cursors are moved is in both at once, the cursor where it was.
    const ed = await register(ssh, 'Ed');
    players.push(ed.player);
    await ed.player.waitFor('you are Ed');
    const third = await makeYutTable(ed.player);
    expect(await lobbyOf(third)).toContain(`▸ ${second}`);
    // A key in the shared lobby acts on the hall as it is now: Enter sits Bo at Di's table, w
    // has Ann watch it.
    bo.player.write('\r');
    await bo.player.waitFor('▶ R Di to throw');
    ann.player.write('w');
    await ann.player.waitFor(`table ${second} · watching`);
    await ann.player.waitFor('Di to throw');
  }, 120_000);
});

/** Waits until `same()` holds; fails with `shown()`. */
async function until(same: () => boolean, shown: () => string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!same()) {
    if (Date.now() > end) throw new Error(shown());
    await pause(50);
  }
}

describe('a window resized over SSH', () => {
  it('a spectator with a screen of its own whose window shrinks sees what one of that size sees', async () => {
    const { ssh, ann, code } = await annAndBo();
    // Cy at 80×24 and Ed at 100×30 watch; each opens the help and closes it, which gives each a
    // screen of its own (no shared drawing), showing what every spectator of its size sees.
    const [cy, ed] = [
      await spectator(ssh, 'Cy', code, 80, 24),
      await spectator(ssh, 'Ed', code, 100, 30),
    ];
    for (const one of [cy, ed]) {
      await one.waitFor('Ann to throw');
      one.write('?');
      await one.waitFor('Keys');
      one.mark();
      one.write('\x1b');
      await one.waitFor('Ann to throw');
    }
    ed.resize(80, 24);
    const alike = () => cy.screen() === ed.screen() && cy.screen().includes('Ann threw');
    const both = () =>
      `Cy, 80×24 from the start:\n${cy.screen()}\n----\nEd, resized:\n${ed.screen()}`;
    ann.player.write(' ');
    await until(alike, both);
    // And so it stays as the game goes on.
    ann.player.write('\r');
    await cy.waitFor('Bo to throw');
    await until(alike, both);
    expect(ed.screen().split('\n').at(-1)).toMatch(/^table \w{4} · /);
  }, 60_000);
  it('a lobby viewer whose window shrinks is shown the lobby of its new size, whole and in place', async () => {
    server = await start(['--seed', '382', '--bot-delay', '0']);
    const { ssh, web } = server;
    // Ann makes eleven tables, each played on by the computer while her seat is kept: at 100×30
    // the list fills the window.
    const ann = await register(ssh, 'Ann');
    players.push(ann.player);
    await ann.player.waitFor('you are Ann');
    const step = async (keys: string, text: string | RegExp) => {
      ann.player.mark();
      ann.player.write(keys);
      await ann.player.waitFor(text);
    };
    for (let n = 0; n < 11; n++) {
      ann.player.mark();
      await makeYutTable(ann.player);
      await step('s', 'you are Ann, seat 1');
      await step('q', 'y: quit');
      // Back in the lobby, which lists the table with those before it.
      await step('y', new RegExp(`( running [\\s\\S]*){${n + 1}}`));
    }
    // Bo, at 100×30, has no seat and has moved nothing: he shares the lobby of that size.
    const bo = await register(ssh, 'Bo');
    players.push(bo.player);
    await bo.player.waitFor('you are Bo');
    await shared(web, 1);
    await bo.player.waitFor('q leave');
    // Cy is at 80×24 from the start.
    const cy = await connectPlayer({ port: ssh, key: newKey(), columns: 80, rows: 24 });
    players.push(cy);
    await cy.waitFor('Welcome to madang');
    cy.write('Cy\r');
    await cy.waitFor('you are Cy');
    bo.player.resize(80, 24);
    // Bo's screen is Cy's but for the name; and it stays so as the clocks move (each redrawn
    // row lands where the last one did).
    const rest = (player: Player) =>
      player
        .screen()
        .split('\n')
        .map((line, y) => (y === 1 ? line.replace(/you are \w+/, 'you are …') : line))
        .join('\n');
    for (const wait of [10_000, 6_000]) {
      const end = Date.now() + wait;
      while (rest(bo.player) !== rest(cy) || !cy.screen().includes('more below')) {
        if (Date.now() > end)
          throw new Error(`Bo's lobby is not Cy's:\n${bo.player.screen()}\n----\n${cy.screen()}`);
        await pause(50);
      }
      expect(bo.player.screen().split('\n')[0]).toMatch(/^ {2}╭─+╮$/);
      await pause(5_500);
    }
  }, 180_000);
});
