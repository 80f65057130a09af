/**
 * The app's sessions are the table's session factory (table/session.ts): one place where a new
 * or a resumed game gets its seed, its chance source, its recorder and its seats.
 */
export { chanceFor, type Session, type SessionContext, SessionFactory } from '../table/session.js';
