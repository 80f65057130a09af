/** The rules in the project's own words: docs/rules/layers.md, bundled into the program. */
import text from '../../../docs/rules/layers.md?raw';

export const RULES_TEXT: string = text;
