/** What the merchant API and the demo answer for a creation: the order, or the refusal as an AppError. */
import { ERROR_CODES } from '../../shared/error-codes.js';
import { formatAmount } from '../../shared/money.js';
import { AppError, invalidField } from '../errors.js';
import type { Order } from '../orders/order.js';
import type { CreateResult } from './commands/create-order.js';

/** The order a creation produced, or the refusal as an AppError. */
export function createdOrder(result: CreateResult): Order {
  switch (result.kind) {
    case 'created':
    case 'existing':
      return result.order;
    case 'duplicate':
      throw new AppError(
        ERROR_CODES.duplicateOrder,
        'merchant_order_id: already used by a different request',
      );
    case 'payterm_unavailable':
      throw invalidField('payterm', `${result.payterm} collection is not set up for this merchant`);
    case 'out_of_range':
      throw new AppError(
        ERROR_CODES.amountOutOfRange,
        `amount: must be between ${formatAmount(result.min)} and ${formatAmount(result.max)} for ${result.payterm}`,
      );
    case 'blacklisted':
      throw new AppError(ERROR_CODES.payerBlacklisted, 'from_name: this payer may not pay this merchant');
    case 'payouts_unavailable':
      throw new AppError(ERROR_CODES.payoutsUnavailable, `transaction_type: ${result.reason}`);
    case 'insufficient_balance':
      throw new AppError(
        ERROR_CODES.insufficientBalance,
        `amount: available balance ${formatAmount(result.available)} is less than ${formatAmount(result.amount)}`,
      );
  }
}
