import { istDayEnd, istDayStart } from './format-ist.js';

/**
 * The API's query for an order list's filters (the console's or the portal's, every field a
 * string): IST days become instants, 50 orders a page.
 */
export function orderSearchParams(query: {
  readonly from: string;
  readonly to: string;
}): Record<string, string> {
  return {
    ...query,
    from: istDayStart(query.from) ?? '',
    to: istDayEnd(query.to) ?? '',
    limit: '50',
  };
}
