import { register } from 'node:module';

register('./refuse-faces.mjs', import.meta.url);
