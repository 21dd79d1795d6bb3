// pg_dump's arguments both databases share. Owners and grants name roles of this machine (the target
// has its own); the erasure log stays out, so no restore can roll it back (erasure.ts).
export const dumpArgs = ['--no-owner', '--no-privileges', '--exclude-schema=erasures'] as const;
