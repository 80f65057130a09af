/**
 * madang serve --redis with a real redis-server, three server processes in this one (each a
 * RedisStore with its own connections): every process lists every table, players on two
 * processes play one table while a third watches, a move is shown only once Redis holds it, and
 * the stream, the runner's recording and `madang export` agree and verify.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatOf } from '../../source/engine/seats.js';
import { readRecording } from '../../source/storage/recording-file.js';
import { exportTable } from '../../source/cli/serve.js';
import { drawAgain, recordingText } from '../../source/serve/redis/stream.js';
import { hasRedis, type RedisServer, startRedis } from '../support/redis.js';
import {
  eventsAt,
  folded,
  lookup,
  person,
  type Process,
  recordingsIn,
  replica,
  startProcess,
  streamOf,
  until,
  yut,
  yutTable,
} from '../support/redis-world.js';

const ANN = person('Ann');
const BO = person('Bo');
const CY = person('Cy');

describe.runIf(hasRedis)('madang serve --redis, three processes on one Redis', () => {
  let redis: RedisServer;
  let a: Process, b: Process, c: Process;

  beforeAll(async () => {
    redis = await startRedis();
    [a, b, c] = (await Promise.all(
      [1, 2, 3].map(() => startProcess(redis.url, { seed: 382 })),
    )) as [Process, Process, Process];
  });

  afterAll(async () => {
    await Promise.all([a, b, c].map((p) => p?.hall.stop()));
    await redis?.stop();
  });

  it('a rated table is rated on every process: listed so, and a guest is refused its seat there too', async () => {
    const made = a.hall.create(
      yut,
      {
        options: { players: 2, pieces: 4 },
        seats: [seatOf('Player 1', 'human'), seatOf('Player 2', 'human')],
        rated: true,
      },
      ANN,
    );
    made.arrived(ANN);
    await until(() => !!replica(b.hall, made.code), "the rated table in b's lobby");
    expect(replica(b.hall, made.code)?.start.rated).toBe(true);
    expect(replica(b.hall, made.code)?.sit({ id: 'guest:Gus', name: 'Gus' })).toBe(
      'This table is rated, and a guest has no rating: you may watch.',
    );
  });

  it('a table made on one process is listed by all; players on two play it; the third watches', async () => {
    const made = yutTable(a.hall, ANN);
    const { code } = made;
    made.arrived(ANN);
    await until(
      () => !!replica(b.hall, code) && !!replica(c.hall, code),
      'the table in every lobby',
    );
    expect(replica(b.hall, code)?.status).toBe('waiting');
    expect(replica(c.hall, code)?.seatNames()).toEqual(['Ann', 'Player 2']);

    // Bo, on another process, sits: the table starts, and every process follows its stream.
    const atB = replica(b.hall, code)!;
    atB.sit(BO);
    atB.arrived(BO);
    await until(
      () => [a, b, c].every((p) => replica(p.hall, code)?.table !== undefined),
      'the game on every process',
    );
    expect(replica(c.hall, code)?.seatNames()).toEqual(['Ann', 'Bo']);
    replica(c.hall, code)!.watch(7, CY);
    await until(() => replica(a.hall, code)?.watchers.size === 1, 'Cy watching, seen by all');

    const views = { 0: replica(a.hall, code)!.viewFor(ANN), 1: atB.viewFor(BO) };
    const watcher = replica(c.hall, code)!.viewFor(CY);
    expect(watcher.send({ type: 'chance', seat: 0 })).toEqual({
      ok: false,
      problem: 'You are watching: only the players move.',
    });
    // Bo may not throw in Ann's turn: refused at once, by his own process.
    expect(views[1].send({ type: 'chance', seat: 1 })).toEqual({
      ok: false,
      problem: "It is Ann's turn.",
    });

    for (let step = 0; step < 40; step++) {
      const mirror = replica(a.hall, code)!.table!;
      if (mirror.outcome.status !== 'running') break;
      const seat = mirror.toAct as 0 | 1;
      const due = yut.rules.chance(mirror.state) !== undefined;
      const before = mirror.events.length;
      const answer = views[seat].send(
        due
          ? { type: 'chance', seat }
          : { type: 'move', seat, event: yut.rules.legalEvents(mirror.state)[0]! },
      );
      // Sent to the runner: nothing is shown until Redis holds it.
      expect(answer).toEqual({ ok: true, pending: true });
      expect(mirror.events.length).toBe(before);
      await until(
        () => [a, b, c].every((p) => eventsAt(p.hall, code).length === before + 1),
        `event ${before + 1} on every process`,
      );
    }
    const events = eventsAt(a.hall, code);
    expect(events.length).toBeGreaterThan(20);
    expect(eventsAt(b.hall, code)).toEqual(events);
    expect(eventsAt(c.hall, code)).toEqual(events);

    // The stream is the record: it folds by the rules to the same events, and its throws are
    // the seed's, none repeated or skipped.
    const entries = await streamOf(redis.url, code);
    const fold = folded(entries);
    expect(fold.events.map((t) => t.event)).toEqual(events);
    expect(fold.header.seed).toBe(382);
    expect(drawAgain(yut.chance!.seeded(382, fold.options), fold.draws)).toEqual({ ok: true });

    // The runner (a) wrote the recording file: it verifies and holds the same events.
    const [file] = recordingsIn(a.recordings);
    const read = await readRecording(file!, lookup);
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.result.replayer.events).toBe(events.length);
    expect(recordingsIn(b.recordings)).toEqual([]);

    // madang export writes the stream as a recording, line for line.
    let exported = '';
    expect(await exportTable(redis.url, code, undefined, (text) => (exported += text))).toBe(
      undefined,
    );
    expect(exported).toBe(recordingText(entries));
    expect(exported.split('\n')[0]).toContain('"format":"madang-recording"');
  });

  it("on another process than the runner's, the seating refuses as the hall's does, and asks nothing", async () => {
    const ANN = person('Ann3');
    const BO = person('Bo3');
    const CY = person('Cy3');
    const made = yutTable(a.hall, ANN);
    const { code } = made;
    await until(() => !!replica(b.hall, code), 'the table on b');
    const atB = replica(b.hall, code)!;
    const streamed = (await streamOf(redis.url, code)).length;
    // Bo is not its maker, and Cy sits nowhere: refused at once, on b, with the hall's words.
    expect(atB.startEarly(BO)).toBe('Only the one who made this table may start it early.');
    expect(atB.giveAway(CY)).toBe('Only the players decide that.');
    expect(atB.end(CY)).toBe('Only the players decide that.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(replica(a.hall, code)!.status).toBe('waiting');
    expect((await streamOf(redis.url, code)).length).toBe(streamed);
  });

  it("another process's table tells a screen opened later its words where they were said, among the moves", async () => {
    // Two who sit at no other table here.
    const ANN = person('Ann2');
    const BO = person('Bo2');
    const made = yutTable(a.hall, ANN);
    const { code } = made;
    made.arrived(ANN);
    await until(() => !!replica(b.hall, code), 'the table on b');
    const atB = replica(b.hall, code)!;
    atB.sit(BO);
    atB.arrived(BO);
    await until(() => replica(a.hall, code)?.table !== undefined, 'the game on a');
    const atA = replica(a.hall, code)!;
    const ann = atA.viewFor(ANN);
    const mirror = atA.table!;
    // A view of nobody (the spectators' shared drawing) and a spectator's are refused a throw
    // on the process they are on: nothing goes to the runner.
    await until(() => atB.table !== undefined, 'the game on b');
    const written = (await streamOf(redis.url, code)).length;
    for (const watcher of [undefined, person('Cy2')])
      expect(atB.viewFor(watcher).send({ type: 'chance', seat: 0 }).ok).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await streamOf(redis.url, code)).length).toBe(written);
    const heardOnB = (line: string) => atB.heard().includes(line);
    // Each step waits until b has it, as a player there sees it.
    const step = async (send: () => void, done: () => boolean, what: string) => {
      send();
      await until(done, what);
    };
    const events = () =>
      eventsAt(a.hall, code).length === eventsAt(b.hall, code).length
        ? eventsAt(b.hall, code).length
        : -1;
    // Ann throws (again after a yut or mo) and moves.
    const move = async () => {
      while (yut.rules.chance(mirror.state) !== undefined) {
        const n = events();
        await step(
          () => ann.send({ type: 'chance', seat: 0 }),
          () => events() === n + 1,
          'a throw',
        );
      }
      const n = events();
      const [event] = yut.rules.legalEvents(mirror.state);
      await step(
        () => ann.send({ type: 'move', seat: 0, event }),
        () => events() === n + 1,
        'a move',
      );
    };
    await move();
    const asks = 'Ann2 asks to take a move back: y agrees, n refuses.';
    await step(
      () => ann.send({ type: 'takeBack', seat: 0 }),
      () => heardOnB(asks),
      'asked',
    );
    await until(() => atA.askedOf(BO) && atB.askedOf(BO), 'the question seen');
    const agrees = "Bo2 agrees: Ann2's move is taken back.";
    await step(
      () => atB.answer(BO, true),
      () => heardOnB(agrees) && events() === eventsAt(a.hall, code).length && !atB.askedOf(BO),
      'the take-back',
    );
    await move();
    await step(
      () => atB.chat(BO, 'hello'),
      () => heardOnB('Bo2: hello'),
      'the chat',
    );
    const story = atB
      .told()
      .map((told) =>
        told.kind === 'line' ? told.line : told.kind === 'event' ? told.event.type : 'takenBack',
      )
      .filter((said) => !/ is (away|back)/.test(said));
    // The take-back's fact comes by the stream, its words by publish: either may reach b first.
    const at = story.indexOf('takenBack');
    expect(at).toBeGreaterThan(story.indexOf(asks));
    expect(at).toBeLessThan(story.lastIndexOf('yut/pieceMoved'));
    expect(story.at(0)).toBe('yut/sticksThrown');
    expect(story.filter((said) => said !== 'takenBack' && said !== 'yut/sticksThrown')).toEqual([
      'yut/pieceMoved',
      asks,
      agrees,
      'yut/pieceMoved',
      'Bo2: hello',
    ]);
  });
});
