import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { setup } from '../../../../source/games/yut/rules.js';
import { YutBoard, BOARD_BOX_HEIGHT } from '../../../../source/games/yut/ui/YutBoard.js';
import { newPlay, preview, reducePlay } from '../../../../source/games/yut/ui/play.js';
import { YutPanel } from '../../../../source/games/yut/ui/YutPanel.js';
import { SAVE_KEYS } from '../../../../source/games/yut/ui/help.js';
import { yutModule, yutSetupSpec } from '../../../../source/games/yut/index.js';
import { newSetupForm } from '../../../../source/ui/setup-form.js';
import { displayWidth, logPage } from '../../../../source/ui/text.js';
import { renderScreen } from '../../../../source/render/screen.js';
import { SeatsHeldContext } from '../../../../source/ui/play-session.js';
import { ThemeContext } from '../../../../source/ui/theme.js';
import { yutCore } from '../../../../source/games/yut/core.js';
import type { YutEvent } from '../../../../source/games/yut/rules.js';
import type { PlayAction, YutPlay } from '../../../../source/games/yut/ui/play.js';
import { atTable } from '../../../support/at-table.js';
import { moved, thrown } from '../../../support/yut.js';

const { run, ask } = atTable(yutCore, reducePlay, (p: YutPlay) => p.seats);
/** A throw or move as the table told it, or the model's own action. */
const step = (play: YutPlay, action: PlayAction | YutEvent) => run(play, action);

const seats = [
  { name: 'Alice', kind: 'human' as const },
  { name: 'Bob', kind: 'human' as const },
];
let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function frameOf(node: React.ReactElement, colour = true): string {
  const r = render(<ThemeContext.Provider value={{ colour }}>{node}</ThemeContext.Provider>);
  cleanup = r.unmount;
  return r.lastFrame() ?? '';
}

const plain = (frame: string) => frame.replace(/\x1b\[[0-9;]*m/g, '');

describe('<YutBoard>', () => {
  const state = setup({
    players: 2,
    pieces: 4,
    start: {
      positions: [
        [5, 5, 0, 0],
        [22, 0, 0, 0],
      ],
      turn: 0,
    },
  });
  const moving = [thrown('geol')].reduce((play, e) => step(play, e), newPlay(state, seats));

  it('draws every station, the stacks with their sizes, and the start label', () => {
    const frame = plain(frameOf(<YutBoard state={state} />));
    const lines = frame.split('\n');
    // The arrows out of each corner show the way pieces travel: up, left, down, right.
    expect(lines[1]).toContain('[  ]────(  )────(  )────(  )────(  )──◂─[R2]');
    expect(lines[3]).toMatch(/^│ {2}▾ {2}\( {2}\)/);
    expect(lines[11]).toContain('[B1]');
    expect(lines[19]).toMatch(/\( {2}\) {2}▴ {2}│$/);
    expect(lines[21]).toContain('[  ]──▸─(  )────(  )────(  )────(  )────[  ]');
    expect(frame).toContain('start/finish ▲');
    expect(frame.match(/\( {2}\)|\[ {2}\]|\[R2\]|\[B1\]/g)).toHaveLength(29);
  });

  it('with n, every empty station shows its number; the pieces stay', () => {
    const frame = plain(frameOf(<YutBoard state={state} numbers />));
    const lines = frame.split('\n');
    expect(lines[1]).toContain('[10]────( 9)────( 8)────( 7)────( 6)──◂─[R2]');
    expect(lines[11]).toContain('[B1]');
    expect(lines[21]).toContain('[15]──▸─(16)────(17)────(18)────(19)────[29]');
    for (let station = 1; station <= 29; station++)
      if (station !== 5 && station !== 22)
        expect(frame).toMatch(new RegExp(`[[(]${String(station).padStart(2)}[\\])]`));
  });

  it('highlights the selected stack and previews where it lands, with the catch', () => {
    const p = preview(moving.state, { from: 5, result: 'geol' });
    const frame = plain(frameOf(<YutBoard state={moving.state} preview={p} />));
    // The piece that moves is shown where it lands (inverse, for the catch), not its victim.
    expect(p?.catches).toMatchObject({ seat: 1, size: 1 });
    expect(frame.split('\n')[11]).toContain(`»R${p?.size}«`);
    expect(frame).not.toContain('B1');
    // The stations passed on the way are marked.
    expect(frame.split('\n')[3]).toContain('(··)');
    expect(frame.split('\n')[7]).toContain('(··)');
  });

  it('uses the seat colours, and none with colour off', () => {
    const coloured = frameOf(<YutBoard state={state} />, true);
    expect(coloured).toContain('\x1b[31m');
    expect(coloured).toContain('\x1b[94m');
    const mono = frameOf(<YutBoard state={state} />, false);
    expect(mono).not.toMatch(/\x1b\[(3[1-7]|9[0-7])m/);
    expect(plain(mono)).toContain('[R2]');
  });
});

/** A game Alice has just won: her last piece home with do. */
function wonByAlice() {
  const play = newPlay(
    setup({ players: 2, pieces: 1, start: { positions: [[29], [0]], turn: 0 } }),
    seats,
  );
  return step(step(play, thrown('do')), moved(29, 'do'));
}

describe('<YutPanel>', () => {
  it('shows whose turn, the sticks, the results, every player, and the moves to choose from', () => {
    let play = newPlay(setup({ players: 2, pieces: 4 }), seats);
    for (const e of [thrown('yut'), thrown('gae'), moved(0, 'gae')]) play = step(play, e);
    const p = preview(play.state, play.selection);
    const frame = plain(frameOf(<YutPanel play={play} preview={p} width={52} height={24} />));
    expect(frame).toContain('▶ R Alice to move');
    expect(frame).toContain('Sticks R [□] □ ■ ■  gae');
    expect(frame).toContain('Results [yut]');
    expect(frame).toContain('Piece a new piece from hand');
    expect(frame).toContain('→ to 4');
    expect(frame).toMatch(/hand home/);
    expect(frame).toMatch(/▶R Alice +3 +0/);
    expect(frame).toMatch(/ B Bob +4 +0/);
    // A person to move picks from the list: every legal move, numbered, the chosen one marked.
    expect(frame).toContain('▸1 yut hand→4');
    expect(frame).toContain(' 2 yut 2→6');
    // Below the list, where there is room, the newest of the log.
    const lines = frame.split('\n');
    const listed = lines.findIndex((l) => l.includes(' 2 yut 2→6'));
    expect(lines[listed + 1]).toMatch(/│ ┄+ │/);
    expect(lines.findIndex((l) => l.includes('Alice moved a new piece to 2'))).toBeGreaterThan(
      listed + 1,
    );
    // With two rows to spare there is room for the list alone.
    const short = plain(frameOf(<YutPanel play={play} preview={p} width={52} height={18} />));
    expect(short).toContain(' 2 yut 2→6');
    expect(short).not.toContain('Alice moved');
    // Out of the move phase the log is there instead.
    const after = step(play, moved(0, 'yut'));
    const logged = plain(
      frameOf(<YutPanel play={after} preview={undefined} width={52} height={24} />),
    );
    expect(logged).toContain('Alice threw yut: throws again.');
    expect(logged).toContain('Alice moved a new piece to 2 with gae.');
    expect(logged).not.toContain('hand→4');
    // The sticks line says whose throw it shows: Alice's still, until Bob throws.
    expect(logged).toContain('Sticks R [');
    const bobs = plain(
      frameOf(
        <YutPanel play={step(after, thrown('do'))} preview={undefined} width={52} height={24} />,
      ),
    );
    expect(bobs).toMatch(/Sticks B \[[□■]\] [□■] [□■] [□■] {2}do/);
  });

  it('the move list says where each move lands and what it does, and scrolls to the chosen', () => {
    // Alice at 2 and 4, Bob at 5, and a do to use: from hand, from 2, or from 4 onto Bob.
    let play = newPlay(
      setup({
        players: 2,
        pieces: 4,
        start: {
          positions: [
            [2, 4, 0, 0],
            [5, 0, 0, 0],
          ],
          turn: 0,
        },
      }),
      seats,
    );
    play = step(play, thrown('do'));
    const frame = plain(
      frameOf(<YutPanel play={play} preview={undefined} width={52} height={24} />),
    );
    expect(frame).toContain(' 2 do 2→3');
    expect(frame).toContain(' 3 do 4→5 catch');
    const chosen = step(play, { type: 'play/moveNumbered', number: 3 });
    expect(chosen.selection).toEqual({ from: 4, result: 'do' });
    expect(step(chosen, { type: 'play/moveChosen', delta: 1 }).selection).toEqual({
      from: 0,
      result: 'do',
    });
    expect(step(play, { type: 'play/moveNumbered', number: 9 }).notice).toBe(
      'There are 3 moves: choose 1 to 3.',
    );
  });

  it('at 80 columns (a panel 32 wide) every seat keeps hand, home, level and animal, uncut', () => {
    const four = [
      { name: '김민준 Kim Minjun', kind: 'human' as const },
      { name: 'Bob', kind: 'computer' as const, level: 'strong' as const },
      { name: 'Carla', kind: 'computer' as const, level: 'greedy' as const },
      { name: 'Dee', kind: 'human' as const },
    ];
    let play = newPlay(setup({ players: 4, pieces: 4 }), four);
    for (const e of [thrown('gae'), moved(0, 'gae')]) play = step(play, e);
    for (const width of [32, 56]) {
      const frame = plain(
        frameOf(<YutPanel play={play} preview={undefined} width={width} height={24} />),
      );
      const lines = frame.split('\n');
      expect(lines.every((l) => displayWidth(l) <= width)).toBe(true);
      // Names are cut with an ellipsis, by display width (a Korean character takes two).
      expect(frame).toMatch(/R 김민준 (Kim )?… +3 +0/);
      expect(frame).toMatch(/B Bob +4 +0 strong/);
      expect(frame).toMatch(/G Carla +4 +0 greedy/);
      expect(frame).toMatch(/Y Dee +4 +0/);
      // The keys are all there, none cut.
      expect(frame).not.toMatch(/…\s*│/);
      expect(frame).toContain('Enter');
      expect(frame).toContain('u undo');
    }
  });

  it('at 80 columns a long result list takes the rows it needs: the whose-turn line and the moves stay whole', () => {
    let play = newPlay(setup({ players: 2, pieces: 4 }), seats);
    for (const r of ['yut', 'mo', 'yut', 'mo', 'geol'] as const) play = step(play, thrown(r));
    // More results than a throw streak gives alone (a catch's throws added): 7, six of them kinds.
    const results = ['back-do', 'do', 'gae', 'geol', 'yut', 'yut', 'mo'] as const;
    play = { ...play, state: { ...play.state, results: [...results] } };
    const lines = plain(
      frameOf(<YutPanel play={play} preview={undefined} width={32} height={24} />),
    ).split('\n');
    expect(lines).toHaveLength(24);
    expect(lines[1]).toMatch(/▶ R Alice to move/);
    expect(lines[3]).toMatch(/^│ Results back-do do gae geol +│$/);
    expect(lines[4]).toMatch(/^│ {3}yut×2 mo +│$/);
    // The move list, every row its own: none drawn over another or left blank.
    const list = lines.slice(lines.findIndex((l) => l.includes('hand home')) + 4);
    // (No back-do from hand: a piece in hand cannot move back.)
    expect(list.slice(0, 5).map((l) => l.slice(2, 16).trimEnd())).toEqual([
      ' 1 do hand→1',
      ' 2 gae hand→2',
      '▸3 geol hand→3',
      ' 4 yut hand→4',
      ' 5 mo hand→5',
    ]);
  });

  it('speaks of players by name in the engine’s reasons', () => {
    let play = newPlay(setup({ players: 2, pieces: 4 }), seats);
    play = step(play, { type: 'play/moveRequested' });
    const frame = plain(
      frameOf(<YutPanel play={play} preview={undefined} width={52} height={24} />),
    );
    expect(frame).toContain('Alice must throw the sticks first.');
    // The default names count from 1 and the rules from 0: each is named once, never twice over.
    const defaults = newPlay(setup({ players: 2, pieces: 4 }), [
      { name: 'Player 1', kind: 'human' },
      { name: 'Player 2', kind: 'human' },
    ]);
    const refused = ask(step(defaults, thrown('do')), moved(7, 'do'));
    const named = plain(
      frameOf(<YutPanel play={refused} preview={undefined} width={52} height={24} />),
    );
    expect(named).toContain('Player 1 has no piece at 7.');
  });

  it('announces the winner', () => {
    const play = wonByAlice();
    const frame = plain(
      frameOf(<YutPanel play={play} preview={undefined} width={52} height={24} />),
    );
    expect(frame).toContain('★ R Alice wins! ★');
    // Every game's keys of a finished game, worded the same (OVER_KEYS).
    expect(frame).toContain('Enter play again · m menu · q quit');
    expect(frame).toContain('w seats swapped · a analyse');
    // At 80 columns the panel is 32 wide: the first line goes on two, nothing is cut.
    const narrow = plain(
      frameOf(<YutPanel play={play} preview={undefined} width={32} height={24} />),
    );
    expect(narrow).toMatch(/│ Enter play again +│/);
    expect(narrow).toMatch(/│ m menu · q quit +│/);
    expect(narrow).toMatch(/│ w seats swapped · a analyse +│/);
  });

  it('at 80 columns the advanced game’s keys before a throw are whole, save and exit too', () => {
    const play = newPlay(setup({ players: 2, pieces: 4 }), seats);
    const frame = plain(
      frameOf(
        <YutPanel play={play} preview={undefined} width={32} height={24} keyLines={SAVE_KEYS} />,
      ),
    );
    // 'Space throw · s save and exit' was cut: 's save and ex…'.
    expect(frame).not.toContain('…');
    expect(frame).toContain('s save and exit');
    for (const keys of ['Space throw', 'h hint', '?', 'q quit'])
      expect(SAVE_KEYS.join(' · ')).toContain(keys);
  });

  it('at 80 columns the end names the recording by its file, the folder cut from the start', () => {
    const play = wonByAlice();
    const file = '/home/someone/.local/share/madang/recordings/yut-2026-11-26-213247.jsonl';
    const lines = plain(
      frameOf(
        <YutPanel
          play={play}
          preview={undefined}
          width={32}
          height={24}
          recording={`Recording: ${file}`}
        />,
      ),
    ).split('\n');
    // It was cut at the panel's second row: '…/recordings/yut-'.
    const at = lines.findIndex((line) => line.includes('Recording:'));
    expect(lines[at]).toMatch(/│ Recording: +│/);
    expect(lines[at + 1]).toMatch(/│ …\/?yut-2026-11-26-213247\.jsonl *│/);
  });
});

describe('the replay’s panel', () => {
  it('at 80 columns, shows a move and a long reason after it whole, with no rows kept for a choice', () => {
    const play = {
      ...newPlay(setup({ players: 2, pieces: 4 }), seats),
      log: [
        'Alice v Bob · 2026-11-23',
        'Turn 10 of 10 · event 36/36',
        '■ the end',
        'Bob moved the stack of 3 at 22 to 29 by the shortcut with geol.',
        '  (strong: takes the shortcut from 22; 29 is out of reach of every opponent)',
      ],
    };
    const frame = plain(
      frameOf(
        <YutPanel
          play={play}
          preview={undefined}
          width={32}
          height={BOARD_BOX_HEIGHT}
          keyLines={['←→ step · Space play', '+− speed · g go to turn', 'l moves · q quit']}
          timeline
        />,
      ),
    );
    expect(frame).toContain('opponent)');
    expect(frame).not.toContain('Piece');
  });
});

describe('<YutSetup>', () => {
  it('name fields start empty, each showing the name it will take: a person’s or the computer’s', () => {
    const { View } = yutModule.entries[0]!;
    const YutSetup = ({ form }: { form: unknown }) => <View form={form} width={80} height={24} />;
    const form = newSetupForm(
      yutSetupSpec,
      undefined,
      { players: 3, pieces: 4 },
      ['human', 'human', 'strong'],
      ['Ann'],
    );
    const frame = plain(frameOf(<YutSetup form={form} />));
    expect(frame).toMatch(/Seat 1 name +R Ann\b/);
    expect(frame).toMatch(/Seat 2 name +B Player 2\b/);
    expect(frame).toMatch(/Seat 3 name +G CPU 3\b/);
    // The focused empty field: the cursor on the placeholder, which is not its text.
    const focused = plain(frameOf(<YutSetup form={{ ...form, focus: 4, cursor: 0 }} />));
    expect(focused).toMatch(/Seat 2 name +B Player 2 0\/12/);
  });
});

describe('<YutPanel> notices', () => {
  it('a hint with its reason is shown whole at 80 columns, taking rows from the log', () => {
    let play = newPlay(setup({ players: 2, pieces: 4 }), seats);
    play = step(play, thrown('do'));
    const notice =
      'Hint: do with a new piece: enters a new piece at 1; leaves 1 where Bob can reach it with a do.';
    const frame = plain(
      frameOf(<YutPanel play={{ ...play, notice }} preview={undefined} width={32} height={24} />),
    );
    const text = frame.replace(/[│\s]+/g, ' ');
    expect(text).toContain(notice);
    expect(frame.split('\n')).toHaveLength(24);
  });

  it('a hint of five rows at 80 columns is shown whole and in order, by Ink and by madang’s renderer', async () => {
    let play = newPlay(setup({ players: 2, pieces: 4 }), seats);
    play = step(play, thrown('gae'));
    const notice =
      'Hint: gae with a new piece: enters a new piece at 2; leaves 2 where Bob can reach it with a mo, or with a yut.';
    // Five rows at the panel's 28 columns inside its border: it was four at most, and the fifth
    // row's box squeezed them all, each drawn over the one before.
    const rows = logPage([notice], 28);
    expect(rows).toHaveLength(5);
    const panel = (
      <YutPanel play={{ ...play, notice }} preview={undefined} width={32} height={24} />
    );
    const shownIn = (frame: string) => {
      const lines = plain(frame).split('\n');
      const at = rows.map((row) => lines.findIndex((line) => line.includes(row.trim())));
      expect(at.every((y) => y >= 0)).toBe(true);
      // One below the other, nothing between them.
      expect(at).toEqual(at.map((_, i) => (at[0] as number) + i));
    };
    shownIn(frameOf(panel));
    let own: readonly string[] = [];
    const screen = renderScreen(
      <ThemeContext.Provider value={{ colour: true }}>{panel}</ThemeContext.Provider>,
      { columns: 32, rows: 24, frame: (drawn) => (own = drawn) },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    screen.unmount();
    shownIn(own.join('\n'));
  });
});

describe('<YutPanel> at a served table', () => {
  it("a move's stacking is the mover's piece, not 'your', on a screen not the mover's (a spectator's)", () => {
    const state = setup({
      players: 2,
      pieces: 4,
      start: {
        positions: [
          [2, 0, 0, 0],
          [0, 0, 0, 0],
        ],
        turn: 0,
      },
    });
    const play = step(newPlay(state, seats), thrown('gae'));
    const p = preview(play.state, { from: 0, result: 'gae' });
    const panel = <YutPanel play={play} preview={p} width={52} height={24} />;
    expect(plain(frameOf(panel))).toContain('stacks with your piece');
    const watched = plain(
      frameOf(<SeatsHeldContext.Provider value={[]}>{panel}</SeatsHeldContext.Provider>),
    );
    expect(watched).toContain("stacks with Alice's piece");
    expect(watched).not.toContain('your');
  });
});
