/** An operator releases or returns a credit's money, in one transaction (frozen-money.ts). */
import { commandOf } from '../../command.js';
import { releaseFrozenCredit, returnCreditMoney } from '../frozen-money.js';

export const releaseCredit = commandOf(releaseFrozenCredit);

export const returnCredit = commandOf(returnCreditMoney);
