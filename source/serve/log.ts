/**
 * madang serve's log (its standard error): every line begins with the time it was written (ISO
 * 8601, UTC, to the millisecond), so that fail2ban or a log shipper reads each as one event.
 */

/** The ISO time before each line of `text`. */
export function stampLines(text: string, at: Date): string {
  const stamp = `${at.toISOString()} `;
  return text.replace(/^(?=[^\n])/gm, stamp);
}

/**
 * Every line `stream` is written from now on stamped with the time (`now`: the clock). Only
 * writes of whole lines are (the log's, cli/common.ts's `say`): anything else, such as the
 * cursor shown at exit that cli/serve.ts drops, passes as it was.
 */
export function stampedLog(stream: NodeJS.WriteStream, now: () => Date = () => new Date()): void {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) =>
    typeof chunk === 'string' && chunk.endsWith('\n')
      ? write(stampLines(chunk, now()), ...rest)
      : write(chunk, ...rest)) as typeof stream.write;
}
