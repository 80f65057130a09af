// The bench runs the sources as tsc compiled them, unbundled: this teaches Node the one import
// form that Rolldown (the program) and Vite (the tests) already know, `./file.md?raw`.
import { register } from 'node:module';

register('./raw-text-hooks.mjs', import.meta.url);
