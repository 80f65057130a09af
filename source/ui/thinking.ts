/**
 * How the play screen asks a computer for its move or a hint: the program provides one that
 * thinks on a worker thread (cli/thinking.ts), so that the screen keeps answering keys and
 * signals; tests and the library think here.
 */
import { createContext } from 'react';
import { type Think, thinkHere } from '../engine/bots.js';

export const ThinkContext = createContext<Think>(thinkHere);
