/** The smallest window madang draws in, locally and served: smaller, a page asks for more. */
export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;
