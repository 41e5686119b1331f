/** An operator matches a waiting credit to an order by hand, in one transaction (match-credit-by-hand.ts). */
import { commandOf } from '../../command.js';
import { matchCreditByHand } from '../match-credit-by-hand.js';

export const matchCredit = commandOf(matchCreditByHand);
