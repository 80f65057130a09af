#!/usr/bin/env node
/** madang's command line: which front end, which game, which files. */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { freshSeed, seededRandom } from './engine/random.js';
import { legalEvents, reduce, setup } from './games/yut/rules.js';
import { renderText } from './games/yut/text.js';
import { seededThrows } from './games/yut/throws.js';

function demo(seed: number): void {
  const throws = seededThrows(seed);
  const random = seededRandom(seed + 1);
  let state = setup({ players: 2, pieces: 4 });
  for (let i = 0; i < 12 && state.phase !== 'over'; i++) {
    const legal = legalEvents(state);
    const drawn = throws.next();
    if (legal.length === 0 && drawn.ok)
      state = reduce(state, { type: 'yut/sticksThrown', sticks: drawn.sticks });
    else state = reduce(state, legal[random.below(legal.length)]);
  }
  console.log(renderText(state));
}

await yargs(hideBin(process.argv))
  .scriptName('madang')
  .command(
    '$0',
    'a short demo game of Yut Nori',
    (y) => y.option('seed', { type: 'number', describe: 'seed for the throws' }),
    (argv) => demo(argv.seed ?? freshSeed()),
  )
  .strict()
  .help()
  .parse();
