import type { BillingApi, Invoice } from '../../../../core/api/billing';
import { useListPage, useLoad } from '../../../ui/useListPage';

const INVOICE_PAGE_SIZE = 10;

/**
 * What the subscriptions page shows: the subscription, the plans, the payment methods and the
 * vendor's billing switches (what the page may offer), and the invoices a page at a time.
 */
export function useSubscriptionsLoad(api: BillingApi, readable: boolean) {
  const { load, reload } = useLoad(
    () =>
      Promise.all([
        api.subscriptions(),
        api.plans(),
        api.paymentMethods(),
        // Unreadable: spec 001 §9's defaults (the server still refuses what the vendor forbade).
        api.vendorConfiguration().catch(() => []),
      ]),
    [api],
    readable,
  );
  const invoices = useListPage<Invoice>({
    fetch: async (query) => {
      const all = await api.invoices();
      const start = query.page * query.pageSize;
      return {
        items: all.slice(start, start + query.pageSize),
        totalItems: all.length,
        totalPages: Math.max(1, Math.ceil(all.length / query.pageSize)),
      };
    },
    deps: [api],
    pageSize: INVOICE_PAGE_SIZE,
    enabled: readable,
  });
  return { load, reload, invoices };
}
