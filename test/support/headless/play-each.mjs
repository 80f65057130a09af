// Run under `node --import ./register.mjs`: loads the built library entry (argv[2]), plays a
// game of each core between computers with the core's own chance kit, records it with the
// library's writer into argv[3], reads each recording back with the library's reader, and
// prints what it found as one JSON line.
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const [entry, directory] = process.argv.slice(2);
const report = { refused: [], games: [] };
for (const face of ['ink', 'react', 'yargs']) {
  try {
    await import(face);
  } catch (error) {
    if (String(error.message).startsWith(`refused: ${face}`)) report.refused.push(face);
  }
}
const madang = await import(pathToFileURL(entry).href);
const { CORES, RecordingWriter, newHeader, playerInfo, seatOf, seededRandom, readGameRecording } =
  madang;
for (const core of CORES) {
  const options = core.typicalOptions;
  const seats = Array.from({ length: core.seatCount(options) }, (_, s) =>
    seatOf(`CPU ${s + 1}`, s % 2 === 0 ? 'greedy' : 'random'),
  );
  const bots = seats.map((seat) => core.bot(seat.level));
  const chance = core.chance?.seeded(7, options);
  const ties = seededRandom(11);
  const file = join(directory, `${core.id}.jsonl`);
  const header = newHeader({
    game: core.id,
    options,
    players: seats.map(playerInfo),
    seed: 7,
    startedAt: new Date(0),
    app: 'headless test',
  });
  const writer = RecordingWriter.create(header, file);
  const names = seats.map((s) => s.name);
  let state = core.rules.setup(options);
  const played = [];
  let reasons = 0;
  while (core.rules.outcome(state).status === 'running' && played.length < 3000) {
    let event;
    let reason;
    if (core.rules.chance(state) !== undefined) {
      const drawn = chance.next(state);
      if (!drawn.ok) throw new Error(drawn.problem);
      event = drawn.event;
    } else {
      event = bots[core.rules.toAct(state)].choose(state, ties).event;
      reason = core.explain(state, event, names);
    }
    const problem = core.rules.check(state, event);
    if (problem !== undefined) throw new Error(`${core.id}: ${problem}`);
    core.describe(state, event, core.rules.reduce(state, event), names);
    state = core.rules.reduce(state, event);
    played.push(event);
    writer.event(event);
    if (reason !== undefined) {
      writer.explained(reason);
      reasons++;
    }
  }
  const outcome = core.rules.outcome(state);
  if (outcome.status === 'running') writer.close();
  else writer.end(outcome);
  const read = await readGameRecording(file);
  if (!read.ok) {
    report.games.push({ id: core.id, problem: read.problem });
    continue;
  }
  report.games.push({
    id: core.id,
    played: played.length,
    outcome,
    read: {
      game: read.game.header.game,
      options: read.game.options,
      sameEvents: JSON.stringify(read.game.events) === JSON.stringify(played),
      reasons: read.game.reasons.size,
      outcome: read.game.outcome,
      ended: read.game.ended ?? null,
    },
    reasons,
  });
}
// A table with two computer seats, paced by a hand-cranked scheduler: they play Yut to the end.
{
  const { Table, yutCore, NO_RECORDING } = madang;
  const due = [];
  const table = new Table({
    game: yutCore,
    initial: yutCore.rules.setup(yutCore.typicalOptions),
    seats: [seatOf('CPU 1', 'greedy'), seatOf('CPU 2', 'random')],
    chance: yutCore.chance.seeded(3, yutCore.typicalOptions),
    recorder: NO_RECORDING,
    botSeed: 3,
    scheduler: { after: (ms, run) => (due.push(run), () => due.splice(due.indexOf(run), 1)) },
    botDelay: 700,
  });
  let heard = 0;
  table.view([]).subscribe(() => heard++);
  table.start();
  while (due.length > 0 && heard < 5000) due.shift()();
  report.table = { events: table.events.length, heard, outcome: table.outcome };
}
process.stdout.write(`${JSON.stringify(report)}\n`);
