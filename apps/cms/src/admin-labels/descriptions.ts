/**
 * The help text under a field in the admin panel's edit view, in Spanish: the schemas' own (written
 * in English in schema.json "config") and a few more where a field is easy to get wrong. Applied like
 * the labels (src/admin-labels/apply.ts): only over Strapi's starting text, never over staff's.
 */
const CENTS = "En céntimos de euro: 2500 son 25,00 €.";

const DESCRIPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "api::coupon.coupon": {
    value: "Porcentaje: 10 es un 10 %. Importe fijo: euros de descuento, IVA incluido.",
    usageLimit: "Pedidos que pueden usarlo en total. Vacío: sin límite.",
    timesUsed: "Lo cuenta la tienda: cada pedido gasta un uso y uno cancelado lo devuelve.",
  },
  "api::delivery.closed-day": { zone: "Vacío: cerrado en todas las zonas." },
  "api::delivery.delivery-zone": {
    postcodes:
      "Códigos postales sueltos y rangos, separados por comas o saltos de línea: 08001-08099, 08100. Portugueses: 1000-001-1999-999.",
    freeShippingFrom: "Vacío: el envío nunca es gratis.",
    cutoffWorkingDaysBefore:
      "Días laborables de lunes a viernes, sin contar los días cerrados. 0: el mismo día de la entrega.",
    slots: "Cada franja necesita su propio código; las plazas son los pedidos que admite al día (vacío: sin límite).",
  },
  "api::gift-card.gift-card-entry": {
    giftCardId: "Filtra por este campo para ver los movimientos de una tarjeta; su saldo es la suma de los importes.",
    kind: "issued: emitida; spent: gastada en un pedido; restored: devuelta por un pedido cancelado o reembolsado; adjusted: ajuste del equipo con su motivo; voided: anulada.",
    amount: "En céntimos de euro: -700 son 7,00 € que salen de la tarjeta.",
    idempotencyKey: "Hace que una operación repetida cuente una sola vez.",
    actor: "customer: el cliente; staff: el equipo; system: un proceso de la tienda.",
  },
  "api::gift-card.gift-card": {
    codeTail: "El código no se guarda nunca; el cliente lo tiene en su correo.",
    amount:
      "En céntimos de euro: 2500 son 25,00 €. El saldo es la suma de los movimientos de la tarjeta (Movimientos de tarjetas regalo, o la página /admin/gift-cards de la tienda).",
    state:
      "pending_payment: esperando el pago; payment_failed: el banco rechazó el pago (no se cobró nada); active: se puede usar; voided: anulada por el equipo; expired: sin pagar a tiempo (no se cobró nada, o el equipo lo reembolsa).",
    sendOn: "Vacío: en cuanto se paga.",
  },
  "api::order.order": {
    orderStatus:
      "Elige el paso siguiente (paid, preparing, shipped, delivered; o cancelled, refunded) y guarda: el cambio queda en el historial con tu correo. Los demás campos son el registro de la venta y no se pueden cambiar.",
    detachedAt:
      "Se conserva como registro de la tienda, seudonimizado: sin cuenta, correo, teléfono ni consentimiento comercial; la calle de entrega se borra cuando el pedido se entrega, se cancela o se reembolsa (docs/decisions/023).",
    goods: CENTS,
    total: CENTS,
  },
  "api::subscription.subscription": {
    toldPrices:
      "Los precios de las cajas que se comunicaron al suscriptor, por producto: al suscribirse y uno por cada aviso de precio (las renovaciones cobran esos; docs/decisions/032).",
    anchorDate: "La primera entrega del ritmo actual: la frecuencia cuenta las semanas desde la suya.",
  },
  "api::payment.payment": { amount: CENTS },
  "api::payment.refund": { amount: CENTS },
  "api::referral.referral-setting": {
    friendPercent: "El descuento del amigo en su primer pedido: 15 es un 15 %.",
    rewardValue: "Según el tipo de recompensa: un porcentaje (10 = 10 %) o euros (5 = 5,00 €).",
    refundWindowDays: "Días desde la entrega del primer pedido del amigo sin reembolso antes de ganar la recompensa.",
  },
  "api::shop-setting.shop-setting": {
    giftCardMinimumEuros: "El importe libre más pequeño que se puede elegir al comprar una tarjeta regalo, en euros.",
    giftCardMaximumEuros: "El importe libre más grande que se puede elegir al comprar una tarjeta regalo, en euros.",
  },
  "api::product.product": {
    price: "En euros y sin IVA: los particulares lo ven con el IVA del campo IVA sumado; las empresas, así.",
    hide_from_web: "Sigue a la venta en los pedidos, pero no aparece en las páginas de la tienda.",
  },
};

/** The Spanish help text of a field, or null to leave Strapi's (empty unless the schema gives one). */
export function descriptionOf(uid: string, field: string): string | null {
  return DESCRIPTIONS[uid]?.[field] ?? null;
}
