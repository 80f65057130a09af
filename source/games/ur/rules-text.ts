/** The rules in the project's own words: docs/rules/ur.md, bundled into the program. */
import text from '../../../docs/rules/ur.md?raw';

export const RULES_TEXT: string = text;
