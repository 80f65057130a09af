/**
 * The Layers help page for a window `width` wide, which the setup makes ahead (LayersSetup reads
 * it here). The play screen itself is the default one, declared in the module (../index.tsx):
 * this file goes once the setup takes the page from elsewhere.
 */
import { helpLines } from '../../../ui/text.js';
import { rulesTextOf } from '../../rules-text.js';
import { LAYERS_HELP } from './play.js';

/** The help page for a window `width` wide (made once a width: helpLines keeps it). */
export const layersHelp = (width: number) =>
  helpLines(LAYERS_HELP, rulesTextOf('layers'), Math.min(width, 90) - 4);
