/**
 * The engine's version, recorded in every game log: a log replays only on
 * the engine that made it. Bump it whenever a rule's outcome or the order of
 * decisions changes.
 */
export const engineVersion = "2.0.0";
