/** madang serve's log lines carry their time (serve/log.ts). */
import { describe, expect, it } from 'vitest';
import { stampedLog, stampLines } from '../../source/serve/log.js';

const AT = new Date('2026-11-26T23:40:01.123Z');

describe("the server's log", () => {
  it('each line of a write begins with the time, ISO 8601 in UTC to the millisecond', () => {
    expect(stampLines('madang: one\nmadang: two\n', AT)).toBe(
      '2026-11-26T23:40:01.123Z madang: one\n2026-11-26T23:40:01.123Z madang: two\n',
    );
  });

  it('only whole lines are stamped: the cursor shown at exit passes as it was', () => {
    const written: unknown[] = [];
    const stream = {
      write: (chunk: unknown) => written.push(chunk) > 0,
    } as unknown as NodeJS.WriteStream;
    stampedLog(stream, () => AT);
    stream.write('madang: refused 10.0.0.5: The server is full\n');
    stream.write('\x1b[?25h');
    expect(written).toEqual([
      '2026-11-26T23:40:01.123Z madang: refused 10.0.0.5: The server is full\n',
      '\x1b[?25h',
    ]);
  });
});
