/** The rules in the project's own words: docs/rules/yote.md, bundled into the program. */
import text from '../../../docs/rules/yote.md?raw';

export const RULES_TEXT: string = text;
