/**
 * The page's tests on a busy machine: testing-library's `findBy*` and `waitFor` give up after one
 * second by default, which a loaded two-core runner can take just to render. Waiting longer only
 * costs time when something is wrong; what the tests assert does not change.
 */
import { configure } from '@testing-library/preact';

configure({ asyncUtilTimeout: 15_000 });
