// `npm start`: build only when something the program is built from changed since the last
// build (a rebuild takes seconds of blank screen), then start it in this process.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'dist', 'madang.js');

/** The newest modification time under these paths. */
function newest(paths) {
  let time = 0;
  for (const path of paths) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory())
      time = Math.max(time, newest(readdirSync(path).map((name) => join(path, name))));
    else time = Math.max(time, stat.mtimeMs);
  }
  return time;
}

const inputs = ['source', 'docs', 'package.json', 'package-lock.json', 'rolldown.config.js']
  .concat(['tsconfig.json', 'tsconfig.build.json'])
  .map((p) => join(root, p));
const output = statSync(built, { throwIfNoEntry: false });
if (!output || output.mtimeMs < newest(inputs)) {
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(built);
