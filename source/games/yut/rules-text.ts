/** The rules in the project's own words: docs/rules/yut.md, bundled into the program. */
import text from '../../../docs/rules/yut.md?raw';

export const RULES_TEXT: string = text;
