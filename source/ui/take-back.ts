/** The shared take-back rule lives in the engine now (the table applies it); kept here for the screens. */
export * from '../engine/take-back.js';
