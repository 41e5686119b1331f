/**
 * An operator fixes an unparsed (or ignored) alert text into a credit, with a note, in one
 * transaction with its audit row (fix-text-into-credit.ts).
 */
import { commandOf } from '../../command.js';
import { fixTextIntoCredit } from '../fix-text-into-credit.js';

export const fixText = commandOf(fixTextIntoCredit);
