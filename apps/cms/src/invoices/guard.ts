import { errors } from "@strapi/utils";

/**
 * Invoices and their counters are the shop's tax record (docs/decisions/039, Real Decreto 1619/2012):
 * an issued invoice is never edited or deleted (a mistake is put right by a corrective invoice), and
 * deleting a counter would start its series again at 1. Whatever permissions an admin role holds,
 * these database lifecycles refuse every delete and every edit through Strapi's query engine (the
 * Content Manager, the document service, a plugin). The shop itself only creates invoices and moves
 * the counters with its own SQL (src/invoices/numbering.ts), which no lifecycle sees. The message is
 * a Strapi ApplicationError, which the admin panel shows as it is.
 */
const refuse = (message: string) => () => {
  throw new errors.ApplicationError(message);
};

export const invoiceLifecycles = {
  beforeDelete: refuse(
    "Invoices cannot be deleted: the law asks the shop to keep them. Issue a corrective invoice instead.",
  ),
  beforeDeleteMany: refuse(
    "Invoices cannot be deleted: the law asks the shop to keep them. Issue a corrective invoice instead.",
  ),
  beforeUpdate: refuse("An issued invoice cannot be changed. A refund issues its corrective invoice."),
  beforeUpdateMany: refuse("An issued invoice cannot be changed. A refund issues its corrective invoice."),
};

export const invoiceCounterLifecycles = {
  beforeDelete: refuse("Invoice counters cannot be deleted: the series would start again and repeat numbers."),
  beforeDeleteMany: refuse("Invoice counters cannot be deleted: the series would start again and repeat numbers."),
  beforeUpdate: refuse("Invoice counters are moved by the shop only, one number per invoice issued."),
  beforeUpdateMany: refuse("Invoice counters are moved by the shop only, one number per invoice issued."),
};
