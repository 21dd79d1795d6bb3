/**
 * The bound of one wait (an element, an answer, a letter, a row): five minutes, by which a wait that
 * takes a second when quiet has failed, not merely slowed. Whole tests and hooks have no bound (a test
 * that passed alone in 85 s took 240 s under a load of 15); single waits must have one, or a failing
 * assertion waits for ever and CI's own time limit stops the run with nothing said of where it stood.
 * TEST_WAIT_MS sets another (a short one to find a failure fast).
 */
export const oneWait = Number(process.env.TEST_WAIT_MS) || 5 * 60_000;
