import { useState } from 'react';
import { downloadInvoicePdf, type Invoice } from '../../../../core/api/billing';
import { formatMoney } from '../../../i18n/formatMoney';
import { errorMessage } from '../../../../core/api/errors';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { DataTable, type Column } from '../../../ui/DataTable';
import { formatDate } from '../../../ui/formatDate';
import { Section } from '../../../ui/Page';
import { type useListPage } from '../../../ui/useListPage';
import { mutedStyle } from '../../../ui/styles';
import { t } from './subscriptionParts';

/** The invoices, 10 a page, each with its PDF (a failed download says so above the table). */
export function InvoicesSection({ invoices }: { invoices: ReturnType<typeof useListPage<Invoice>> }) {
  const app = useAuthApp();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const columns: Array<Column<Invoice>> = [
    { id: 'date', header: t.date, nowrap: true, cell: (row) => formatDate(row.paymentDate, '') },
    { id: 'receipt', header: t.receipt, nowrap: true, cell: (row) => row.receiptNumber },
    {
      id: 'amount',
      header: t.amount,
      nowrap: true,
      align: 'end',
      part: 'invoice-amount',
      cell: (row) => formatMoney(row.totalAmount, row.currency),
    },
    {
      id: 'paid',
      header: t.status,
      cell: (row) => <Badge tone={row.paid ? 'success' : 'warning'}>{row.paid ? t.paid : t.due}</Badge>,
    },
    {
      id: 'pdf',
      header: t.pdf,
      cell: (row) => (
        <Button
          variant="link"
          partName="invoice-pdf"
          aria-label={t.download(row.receiptNumber)}
          onClick={() => {
            setDownloadError(null);
            downloadInvoicePdf(app, row).catch((e: unknown) => setDownloadError(errorMessage(e)));
          }}
        >
          {t.pdf}
        </Button>
      ),
    },
  ];
  return (
    <Section titleId="ae-subscription-invoices" title={t.invoices} partName="subscription-invoices">
      {downloadError && <Alert>{downloadError}</Alert>}
      <DataTable
        caption={t.invoices}
        columns={columns}
        load={invoices.load}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.receiptNumber}
        rowPart="invoice-row"
        tablePart="invoice-table"
        empty={<p css={mutedStyle}>{t.noInvoices}</p>}
        failedText={t.loadFailed}
        onRetry={invoices.reload}
        pagination={{
          label: t.invoices,
          page: invoices.page,
          pageSize: invoices.pageSize,
          onPage: invoices.setPage,
        }}
      />
    </Section>
  );
}
