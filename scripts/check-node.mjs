// `npm install` (preinstall): one clear line when this Node is older than madang supports,
// instead of an engines warning lost in npm's output and a stack trace later.
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { URL } from 'node:url';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const oldest = Number(/(\d+)/.exec(engines.node)?.[1]);
const major = Number(process.versions.node.split('.')[0]);
if (major < oldest) {
  process.stderr.write(
    `madang needs Node.js ${oldest} or newer; this is Node.js ${process.versions.node}: install a current one (https://nodejs.org).\n`,
  );
  process.exit(1);
}
