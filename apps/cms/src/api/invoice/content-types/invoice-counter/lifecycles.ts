import { invoiceCounterLifecycles } from "../../../../invoices/guard";

// Strapi loads a content type's lifecycles from this file; the rules live in src/invoices/guard.ts.
export default invoiceCounterLifecycles;
