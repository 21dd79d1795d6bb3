import path from 'node:path';

/** Where PGlite keeps its files inside DATA_DIR: the server, restore and the operator's messages agree. */
export const pgliteDirectory = (dataDir: string) => path.join(dataDir, 'pglite');
