/** Helpers for driving Ink components in tests: type keys, then wait for the frame expected. */
export const plain = (frame: string | undefined) => (frame ?? '').replace(/\x1b\[[0-9;]*m/g, '');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function press(stdin: { write: (s: string) => void }, ...keys: string[]) {
  for (const key of keys) {
    stdin.write(key);
    await sleep(20);
  }
}

/** Wait (up to 2 s) for the last frame to satisfy `test`; return it either way for the assertion. */
export async function frameWhen(
  lastFrame: () => string | undefined,
  test: (frame: string) => boolean,
): Promise<string> {
  const end = Date.now() + 2000;
  let frame = plain(lastFrame());
  while (!test(frame) && Date.now() < end) {
    await sleep(10);
    frame = plain(lastFrame());
  }
  return frame;
}
