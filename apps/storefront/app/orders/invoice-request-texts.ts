import type { InvoiceRequestErrorCode } from "@shop/contracts";
import type { Locale } from "@shop/routing";

/**
 * Texts of "ask for an invoice" on a paid order's page (./invoice-request-form.tsx,
 * docs/decisions/039): they travel with that page's data only.
 */

const es = {
  heading: "¿Necesitas factura?",
  intro:
    "Si necesitas una factura completa de este pedido a tu nombre o al de tu empresa, pídela aquí hasta el {until}. Te la enviamos por correo y la tendrás en esta página.",
  open: "Pedir la factura",
  name: "Nombre o razón social",
  taxId: "NIF, NIE, CIF o número de IVA",
  taxIdHint:
    "Con dirección en España, NIF, NIE o CIF; en Portugal, NIF. De otro país de la UE, el número de IVA con su prefijo (FR…, DE…).",
  fromProfile: "Hemos rellenado los datos de facturación de tu perfil; cámbialos si esta factura es para otra persona.",
  billingLegend: "Dirección de facturación",
  submit: "Emitir la factura",
  done: "Tu factura {number} ya está emitida: la tienes aquí y te la hemos enviado por correo.",
  download: "Descargar la factura {number} (PDF)",
  pending:
    "Hemos recibido tu petición. La factura estará aquí en unas horas y te la enviaremos por correo; si no, escríbenos.",
  tooLate:
    "El plazo para pedir la factura de este pedido terminó el {until}. Si la necesitas, escríbenos y la prepararemos.",
  refusals: {
    invoice_unpaid: "La factura se emite cuando el pedido está pagado.",
    invoice_not_invoiceable: "Este pedido está anulado o reembolsado: no hay nada que facturar.",
    invoice_too_late: "El plazo para pedir la factura de este pedido ha terminado. Escríbenos y la prepararemos.",
  } satisfies Record<InvoiceRequestErrorCode, string>,
};

export type InvoiceRequestTexts = typeof es;

const ca: InvoiceRequestTexts = {
  heading: "Necessites factura?",
  intro:
    "Si necessites una factura completa d'aquesta comanda a nom teu o de la teva empresa, demana-la aquí fins al {until}. Te l'enviem per correu i la tindràs en aquesta pàgina.",
  open: "Demanar la factura",
  name: "Nom o raó social",
  taxId: "NIF, NIE, CIF o número d'IVA",
  taxIdHint:
    "Amb adreça a Espanya, NIF, NIE o CIF; a Portugal, NIF. D'un altre país de la UE, el número d'IVA amb el seu prefix (FR…, DE…).",
  fromProfile:
    "Hem omplert les dades de facturació del teu perfil; canvia-les si aquesta factura és per a una altra persona.",
  billingLegend: "Adreça de facturació",
  submit: "Emetre la factura",
  done: "La teva factura {number} ja està emesa: la tens aquí i te l'hem enviada per correu.",
  download: "Descarregar la factura {number} (PDF)",
  pending:
    "Hem rebut la teva petició. La factura serà aquí d'aquí a unes hores i te l'enviarem per correu; si no, escriu-nos.",
  tooLate:
    "El termini per demanar la factura d'aquesta comanda va acabar el {until}. Si la necessites, escriu-nos i la prepararem.",
  refusals: {
    invoice_unpaid: "La factura s'emet quan la comanda està pagada.",
    invoice_not_invoiceable: "Aquesta comanda està anul·lada o reemborsada: no hi ha res a facturar.",
    invoice_too_late: "El termini per demanar la factura d'aquesta comanda ha acabat. Escriu-nos i la prepararem.",
  },
};

const pt: InvoiceRequestTexts = {
  heading: "Precisa de fatura?",
  intro:
    "Se precisa de uma fatura completa desta encomenda em seu nome ou da sua empresa, peça-a aqui até {until}. Enviamo-la por e-mail e fica disponível nesta página.",
  open: "Pedir a fatura",
  name: "Nome ou denominação social",
  taxId: "NIF, NIPC ou número de IVA",
  taxIdHint:
    "Com morada em Portugal, NIF ou NIPC; em Espanha, NIF, NIE ou CIF. De outro país da UE, o número de IVA com o prefixo (FR…, DE…).",
  fromProfile: "Preenchemos os dados de faturação do seu perfil; altere-os se esta fatura for para outra pessoa.",
  billingLegend: "Morada de faturação",
  submit: "Emitir a fatura",
  done: "A sua fatura {number} já foi emitida: está aqui e enviámo-la por e-mail.",
  download: "Descarregar a fatura {number} (PDF)",
  pending:
    "Recebemos o seu pedido. A fatura estará aqui dentro de algumas horas e enviá-la-emos por e-mail; caso contrário, escreva-nos.",
  tooLate:
    "O prazo para pedir a fatura desta encomenda terminou a {until}. Se precisar dela, escreva-nos e preparamo-la.",
  refusals: {
    invoice_unpaid: "A fatura é emitida quando a encomenda estiver paga.",
    invoice_not_invoiceable: "Esta encomenda foi anulada ou reembolsada: não há nada a faturar.",
    invoice_too_late: "O prazo para pedir a fatura desta encomenda terminou. Escreva-nos e preparamo-la.",
  },
};

const TEXTS: Record<Locale, InvoiceRequestTexts> = { es, ca, pt };

export function invoiceRequestTextsFor(locale: Locale): InvoiceRequestTexts {
  return TEXTS[locale];
}
