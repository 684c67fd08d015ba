/**
 * The mail queue's key of a late invoice's own mail (docs/decisions/039): written in the invoice's
 * transaction (./issue.ts), so whoever sees the invoice sees whether it goes by a mail of its own
 * (./mine.ts, orderInvoiceAttachments). A file of its own: both sides import it without a cycle.
 */
export const invoiceMailKey = (invoiceId: number) => `invoice:${invoiceId}`;
