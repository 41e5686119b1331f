/** An operator sets an order's status, in one transaction with its audit row (set-status-by-hand.ts). */
import { commandOf } from '../../command.js';
import { setStatusByHand } from '../set-status-by-hand.js';

export const setOrderStatus = commandOf(setStatusByHand);
