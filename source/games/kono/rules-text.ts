/** The rules in the project's own words: docs/rules/kono.md, bundled into the program. */
import text from '../../../docs/rules/kono.md?raw';

export const RULES_TEXT: string = text;
