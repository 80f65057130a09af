/** Types of ink-frame-caches.mjs (the bundle's edits of Ink), for its test. */
export declare const CACHE_ENTRIES: number;
export declare function editInk(id: string, code: string): string | undefined;
export declare const inkFrameCaches: {
  readonly name: string;
  transform(code: string, id: string): { code: string; map: null } | null;
};
