/**
 * An operator posts a bank credit (operator API, `credit:post`), with its audit row, in one
 * transaction (post-manual-credit.ts).
 */
import { commandOf } from '../../command.js';
import { postManualCredit } from '../post-manual-credit.js';

export const postCredit = commandOf(postManualCredit);
