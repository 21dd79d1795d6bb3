/**
 * The bound of a wait that has none: it ends when what it waits for happens, or the step fails otherwise
 * (a server that exits, an answer that says no). On a shared, busy machine any fixed bound can be
 * exceeded, so none is set; this is the longest timer Node keeps (about 24.8 days).
 */
export const noBound = 2 ** 31 - 1;
