/**
 * The words of the packing list and delivery sheet CSV files, in the languages of the admin panel.
 * Staff pick the language with the file (the admin page sends the panel's own); Spanish otherwise.
 */
export const STAFF_LANGUAGES = ["es", "ca", "pt", "en"] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];

export interface PackingTexts {
  packingList: string;
  deliverySheet: string;
  date: string;
  zone: string;
  allZones: string;
  orders: string;
  box: string;
  boxes: string;
  extra: string;
  extras: string;
  total: string;
  type: string;
  size: string;
  quantity: string;
  order: string;
  customer: string;
  slot: string;
  product: string;
  without: string;
  name: string;
  address: string;
  postcode: string;
  city: string;
  phone: string;
  notes: string;
  /** The catalogue's item types of boxes, by value. */
  boxKinds: Record<string, string>;
}

export const PACKING_TEXTS = {
  es: {
    packingList: "Lista de preparación",
    deliverySheet: "Hoja de reparto",
    date: "Fecha",
    zone: "Zona",
    allZones: "Todas las zonas",
    orders: "Pedidos",
    box: "Caja",
    boxes: "Cajas",
    extra: "Extra",
    extras: "Extras",
    total: "Total",
    type: "Tipo",
    size: "Tamaño",
    quantity: "Cantidad",
    order: "Pedido",
    customer: "Cliente",
    slot: "Franja",
    product: "Producto",
    without: "Sin",
    name: "Nombre",
    address: "Dirección",
    postcode: "Código postal",
    city: "Población",
    phone: "Teléfono",
    notes: "Notas",
    boxKinds: {
      mixed: "Mixta",
      fruits: "Frutas",
      vegetables: "Verduras",
      fruit: "Fruta",
      vegetable: "Verdura",
      fruitAndVegetable: "Fruta y verdura",
      stone_fruits: "Fruta de hueso",
    },
  },
  ca: {
    packingList: "Llista de preparació",
    deliverySheet: "Full de repartiment",
    date: "Data",
    zone: "Zona",
    allZones: "Totes les zones",
    orders: "Comandes",
    box: "Caixa",
    boxes: "Caixes",
    extra: "Extra",
    extras: "Extres",
    total: "Total",
    type: "Tipus",
    size: "Mida",
    quantity: "Quantitat",
    order: "Comanda",
    customer: "Client",
    slot: "Franja",
    product: "Producte",
    without: "Sense",
    name: "Nom",
    address: "Adreça",
    postcode: "Codi postal",
    city: "Població",
    phone: "Telèfon",
    notes: "Notes",
    boxKinds: {
      mixed: "Mixta",
      fruits: "Fruites",
      vegetables: "Verdures",
      fruit: "Fruita",
      vegetable: "Verdura",
      fruitAndVegetable: "Fruita i verdura",
      stone_fruits: "Fruita de pinyol",
    },
  },
  pt: {
    packingList: "Lista de preparação",
    deliverySheet: "Folha de entregas",
    date: "Data",
    zone: "Zona",
    allZones: "Todas as zonas",
    orders: "Encomendas",
    box: "Cabaz",
    boxes: "Cabazes",
    extra: "Extra",
    extras: "Extras",
    total: "Total",
    type: "Tipo",
    size: "Tamanho",
    quantity: "Quantidade",
    order: "Encomenda",
    customer: "Cliente",
    slot: "Horário",
    product: "Produto",
    without: "Sem",
    name: "Nome",
    address: "Morada",
    postcode: "Código postal",
    city: "Localidade",
    phone: "Telefone",
    notes: "Notas",
    boxKinds: {
      mixed: "Misto",
      fruits: "Fruta",
      vegetables: "Legumes",
      fruit: "Fruta",
      vegetable: "Legume",
      fruitAndVegetable: "Fruta e legumes",
      stone_fruits: "Fruta de caroço",
    },
  },
  en: {
    packingList: "Packing list",
    deliverySheet: "Delivery sheet",
    date: "Date",
    zone: "Zone",
    allZones: "All zones",
    orders: "Orders",
    box: "Box",
    boxes: "Boxes",
    extra: "Extra",
    extras: "Extras",
    total: "Total",
    type: "Type",
    size: "Size",
    quantity: "Quantity",
    order: "Order",
    customer: "Customer",
    slot: "Slot",
    product: "Product",
    without: "Without",
    name: "Name",
    address: "Address",
    postcode: "Postcode",
    city: "Town",
    phone: "Phone",
    notes: "Notes",
    boxKinds: {
      mixed: "Mixed",
      fruits: "Fruit",
      vegetables: "Vegetables",
      fruit: "Fruit",
      vegetable: "Vegetable",
      fruitAndVegetable: "Fruit and vegetables",
      stone_fruits: "Stone fruit",
    },
  },
} as const satisfies Record<StaffLanguage, PackingTexts>;
