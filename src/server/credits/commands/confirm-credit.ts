/** An operator confirms whose a waiting credit is, in one transaction (confirm-credit-by-hand.ts). */
import { commandOf } from '../../command.js';
import { confirmCreditByHand } from '../confirm-credit-by-hand.js';

export const confirmCredit = commandOf(confirmCreditByHand);
