/**
 * The ssh2 package, loaded when this module is: only `madang serve` reaches it (through a
 * dynamic import of cli/serve.ts). A static import of ssh2, which the bundle keeps outside
 * (CommonJS with optional native parts), would be hoisted to the bundle's top and load ssh2 and
 * its crypto at every start of the program (14% of `madang --version`).
 */
import { createRequire } from 'node:module';
import type * as Ssh2 from 'ssh2';

const ssh2 = createRequire(import.meta.url)('ssh2') as typeof Ssh2;
export default ssh2;
