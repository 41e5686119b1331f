/**
 * The checkout page's and the console's tests on a busy machine: testing-library's `findBy*` and
 * `waitFor` give up after one second by default, which a loaded two-core runner can take just to
 * render. Waiting longer only costs time when something is wrong; what the tests assert does not
 * change. `vi.waitFor` has the same one-second default and no global setting: its callers pass
 * `UNDER_LOAD`.
 */
import { configure } from '@testing-library/preact';

export const UNDER_LOAD = { timeout: 15_000 } as const;

configure({ asyncUtilTimeout: UNDER_LOAD.timeout });
