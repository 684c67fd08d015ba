import type { ShopSettingsData } from "../factories/shop-settings";
import type { Measure } from "@shop/domain";
import type { PantryKind, ProduceKind } from "./art";

/**
 * The demo catalogue and public content, in Spanish, Catalan and Portuguese. Real texts, so the
 * demo shop reads like a shop; prices are net euros (VAT comes from the tax relation).
 */

export interface Texts {
  es: string;
  ca: string;
  pt: string;
}

export type Market = "B2B" | "B2C";

export const TAXES = [
  { key: "superreduced", name: "IVA superreducido 4 %", amount_value: 0.04 },
  { key: "reduced", name: "IVA reducido 10 %", amount_value: 0.1 },
  { key: "general", name: "IVA general 21 %", amount_value: 0.21 },
] as const;
export type TaxKey = (typeof TAXES)[number]["key"];

export const LABELS = [
  { key: "ecologico", name: { es: "Ecológico", ca: "Ecològic", pt: "Biológico" } },
  { key: "proximidad", name: { es: "De proximidad", ca: "De proximitat", pt: "De proximidade" } },
  { key: "temporada", name: { es: "De temporada", ca: "De temporada", pt: "Da época" } },
  { key: "imperfecto", name: { es: "Imperfecto", ca: "Imperfecte", pt: "Imperfeito" } },
] as const;
export type LabelKey = (typeof LABELS)[number]["key"];

export interface ItemSeed {
  sku: string;
  kind: ProduceKind;
  itemType: "fruit" | "vegetable" | "stone_fruits";
  name: Texts;
  description: Texts;
  origin: string;
  price: number;
  weight: number;
  markets: Market[];
  labels: LabelKey[];
  isActive?: boolean;
}

const BOTH: Market[] = ["B2C", "B2B"];
const B2B_ONLY: Market[] = ["B2B"];
const B2C_ONLY: Market[] = ["B2C"];

export const ITEMS: ItemSeed[] = [
  {
    sku: "FRU-NARANJA-2KG",
    kind: "orange",
    itemType: "fruit",
    name: { es: "Naranjas", ca: "Taronges", pt: "Laranjas" },
    description: {
      es: "Naranjas de mesa y zumo con la piel marcada por el viento o el granizo. Por dentro, jugosas y dulces.",
      ca: "Taronges de taula i de suc amb la pell marcada pel vent o la calamarsa. Per dins, sucoses i dolces.",
      pt: "Laranjas de mesa e sumo com a casca marcada pelo vento ou pelo granizo. Por dentro, suculentas e doces.",
    },
    origin: "la Ribera (València)",
    price: 3.9,
    weight: 2000,
    markets: BOTH,
    labels: ["temporada", "imperfecto"],
  },
  {
    sku: "FRU-MANDARINA-2KG",
    kind: "mandarin",
    itemType: "fruit",
    name: { es: "Mandarinas", ca: "Mandarines", pt: "Tangerinas" },
    description: {
      es: "Mandarinas clementinas fáciles de pelar, de calibre pequeño o grande de más para el supermercado.",
      ca: "Mandarines clementines fàcils de pelar, de calibre massa petit o massa gran per al supermercat.",
      pt: "Tangerinas clementinas fáceis de descascar, de calibre pequeno ou grande demais para o supermercado.",
    },
    origin: "la Plana (Castelló)",
    price: 4.2,
    weight: 2000,
    markets: BOTH,
    labels: ["temporada", "imperfecto"],
  },
  {
    sku: "FRU-LIMON-1KG",
    kind: "lemon",
    itemType: "fruit",
    name: { es: "Limones", ca: "Llimones", pt: "Limões" },
    description: {
      es: "Limones verna de piel gruesa y formas caprichosas, perfectos para aliñar, hornear y hacer limonada.",
      ca: "Llimones verna de pell gruixuda i formes capricioses, perfectes per amanir, fornejar i fer llimonada.",
      pt: "Limões de casca grossa e formas caprichosas, perfeitos para temperar, cozinhar e fazer limonada.",
    },
    origin: "la Vega del Segura (Murcia)",
    price: 2.6,
    weight: 1000,
    markets: BOTH,
    labels: ["imperfecto"],
  },
  {
    sku: "FRU-LIMON-5KG",
    kind: "lemon",
    itemType: "fruit",
    name: { es: "Limones (caja de 5 kg)", ca: "Llimones (caixa de 5 kg)", pt: "Limões (caixa de 5 kg)" },
    description: {
      es: "Caja de limones para cocinas profesionales y oficinas: el mismo limón imperfecto, en formato grande.",
      ca: "Caixa de llimones per a cuines professionals i oficines: la mateixa llimona imperfecta, en format gran.",
      pt: "Caixa de limões para cozinhas profissionais e escritórios: o mesmo limão imperfeito, em formato grande.",
    },
    origin: "la Vega del Segura (Murcia)",
    price: 11.5,
    weight: 5000,
    markets: B2B_ONLY,
    labels: ["imperfecto"],
  },
  {
    sku: "FRU-MANZANA-2KG",
    kind: "apple",
    itemType: "fruit",
    name: { es: "Manzanas", ca: "Pomes", pt: "Maçãs" },
    description: {
      es: "Manzanas Fuji y Golden con pequeñas manchas o roces en la piel. Crujientes y listas para merendar.",
      ca: "Pomes Fuji i Golden amb petites taques o fregades a la pell. Cruixents i a punt per berenar.",
      pt: "Maçãs Fuji e Golden com pequenas manchas ou marcas na casca. Estaladiças e prontas para o lanche.",
    },
    origin: "el Pla d'Urgell (Lleida)",
    price: 3.8,
    weight: 2000,
    markets: BOTH,
    labels: ["proximidad", "imperfecto"],
  },
  {
    sku: "FRU-PERA-1500G",
    kind: "pear",
    itemType: "fruit",
    name: { es: "Peras", ca: "Peres", pt: "Peras" },
    description: {
      es: "Peras conferencia con formas torcidas y mucho sabor. Déjalas madurar un par de días fuera de la nevera.",
      ca: "Peres conferència amb formes tortes i molt de gust. Deixa-les madurar un parell de dies fora de la nevera.",
      pt: "Peras conferência com formas tortas e muito sabor. Deixe-as amadurecer uns dias fora do frigorífico.",
    },
    origin: "el Segrià (Lleida)",
    price: 3.5,
    weight: 1500,
    markets: BOTH,
    labels: ["proximidad", "imperfecto"],
  },
  {
    sku: "FRU-MELOCOTON-1500G",
    kind: "peach",
    itemType: "stone_fruits",
    name: { es: "Melocotones", ca: "Préssecs", pt: "Pêssegos" },
    description: {
      es: "Melocotones de viña con alguna marca de granizo. Aromáticos, dulces y con la pulpa firme.",
      ca: "Préssecs de vinya amb alguna marca de calamarsa. Aromàtics, dolços i amb la polpa ferma.",
      pt: "Pêssegos com alguma marca de granizo. Aromáticos, doces e de polpa firme.",
    },
    origin: "el Bajo Aragón",
    price: 4.5,
    weight: 1500,
    markets: BOTH,
    labels: ["temporada", "imperfecto"],
  },
  {
    sku: "FRU-CEREZA-1KG",
    kind: "cherry",
    itemType: "stone_fruits",
    name: { es: "Cerezas", ca: "Cireres", pt: "Cerejas" },
    description: {
      es: "Cerezas del Jerte de calibre pequeño. Vuelven en mayo: ahora no es su temporada.",
      ca: "Cireres del Jerte de calibre petit. Tornen al maig: ara no és la seva temporada.",
      pt: "Cerejas do Jerte de calibre pequeno. Voltam em maio: agora não é a época delas.",
    },
    origin: "el Valle del Jerte (Cáceres)",
    price: 6.9,
    weight: 1000,
    markets: B2C_ONLY,
    labels: ["temporada"],
    isActive: false,
  },
  {
    sku: "FRU-PLATANO-1500G",
    kind: "banana",
    itemType: "fruit",
    name: { es: "Plátanos de Canarias", ca: "Plàtans de Canàries", pt: "Bananas das Canárias" },
    description: {
      es: "Plátanos con las típicas motas y algún golpe en la piel que los excluye del lineal. Sabor intacto.",
      ca: "Plàtans amb les típiques pigues i algun cop a la pell que els exclou del lineal. Gust intacte.",
      pt: "Bananas com as típicas pintas e algum toque na casca que as afasta das prateleiras. Sabor intacto.",
    },
    origin: "La Palma (Canarias)",
    price: 3.2,
    weight: 1500,
    markets: BOTH,
    labels: ["imperfecto"],
  },
  {
    sku: "FRU-KIWI-1KG",
    kind: "kiwi",
    itemType: "fruit",
    name: { es: "Kiwis", ca: "Kiwis", pt: "Kiwis" },
    description: {
      es: "Kiwis de tamaño irregular, ricos en vitamina C. Maduran rápido junto a una manzana.",
      ca: "Kiwis de mida irregular, rics en vitamina C. Maduren de pressa al costat d'una poma.",
      pt: "Kiwis de tamanho irregular, ricos em vitamina C. Amadurecem depressa junto a uma maçã.",
    },
    origin: "el Baixo Miño (Galicia)",
    price: 3.4,
    weight: 1000,
    markets: BOTH,
    labels: ["imperfecto"],
  },
  {
    sku: "FRU-UVA-1KG",
    kind: "grape",
    itemType: "fruit",
    name: { es: "Uva de mesa", ca: "Raïm de taula", pt: "Uvas de mesa" },
    description: {
      es: "Racimos sueltos o con algún grano caído: la uva más dulce, sin el racimo de catálogo.",
      ca: "Raïms solts o amb algun gra caigut: el raïm més dolç, sense el gotim de catàleg.",
      pt: "Cachos soltos ou com algum bago caído: a uva mais doce, sem o cacho de catálogo.",
    },
    origin: "el Vinalopó (Alicante)",
    price: 3.6,
    weight: 1000,
    markets: BOTH,
    labels: ["temporada", "imperfecto"],
  },
  {
    sku: "FRU-FRESA-500G",
    kind: "strawberry",
    itemType: "fruit",
    name: { es: "Fresas", ca: "Maduixes", pt: "Morangos" },
    description: {
      es: "Fresas de formas dobles o aplanadas, recogidas en su punto. Cómelas en dos o tres días.",
      ca: "Maduixes de formes dobles o aixafades, collides al seu punt. Menja-les en dos o tres dies.",
      pt: "Morangos de formas duplas ou achatadas, colhidos no ponto. Coma-os em dois ou três dias.",
    },
    origin: "el Maresme (Barcelona)",
    price: 3.2,
    weight: 500,
    markets: B2C_ONLY,
    labels: ["temporada", "proximidad"],
  },
  {
    sku: "VER-TOMATE-1500G",
    kind: "tomato",
    itemType: "vegetable",
    name: { es: "Tomates", ca: "Tomàquets", pt: "Tomates" },
    description: {
      es: "Tomates maduros en rama con grietas o formas raras. Ideales para ensalada, sofrito y pan con tomate.",
      ca: "Tomàquets madurs de branca amb esquerdes o formes estranyes. Ideals per amanida, sofregit i pa amb tomàquet.",
      pt: "Tomates maduros em cacho com rachas ou formas estranhas. Ideais para salada, refogado e molhos.",
    },
    origin: "el Maresme (Barcelona)",
    price: 3.3,
    weight: 1500,
    markets: BOTH,
    labels: ["proximidad", "imperfecto"],
  },
  {
    sku: "VER-ZANAHORIA-2KG",
    kind: "carrot",
    itemType: "vegetable",
    name: { es: "Zanahorias", ca: "Pastanagues", pt: "Cenouras" },
    description: {
      es: "Zanahorias dobles, torcidas o demasiado gruesas. Dulces en crudo, perfectas en cremas y guisos.",
      ca: "Pastanagues dobles, tortes o massa gruixudes. Dolces en cru, perfectes en cremes i guisats.",
      pt: "Cenouras duplas, tortas ou grossas demais. Doces em cru, perfeitas em sopas e guisados.",
    },
    origin: "el Baix Llobregat (Barcelona)",
    price: 2.4,
    weight: 2000,
    markets: BOTH,
    labels: ["ecologico", "imperfecto"],
  },
  {
    sku: "VER-CALABACIN-1500G",
    kind: "zucchini",
    itemType: "vegetable",
    name: { es: "Calabacines", ca: "Carbassons", pt: "Curgetes" },
    description: {
      es: "Calabacines curvos o de tamaño XXL que nadie quiere en la tienda. Tiernos para plancha y cremas.",
      ca: "Carbassons corbats o de mida XXL que ningú vol a la botiga. Tendres per a planxa i cremes.",
      pt: "Curgetes curvas ou tamanho XXL que ninguém quer na loja. Tenras para grelhar e para sopas.",
    },
    origin: "el Campo de Cartagena (Murcia)",
    price: 2.7,
    weight: 1500,
    markets: BOTH,
    labels: ["imperfecto"],
  },
  {
    sku: "VER-BERENJENA-1KG",
    kind: "eggplant",
    itemType: "vegetable",
    name: { es: "Berenjenas", ca: "Albergínies", pt: "Beringelas" },
    description: {
      es: "Berenjenas con pequeñas cicatrices en la piel. Para asar, rellenar o hacer escalivada.",
      ca: "Albergínies amb petites cicatrius a la pell. Per coure al forn, farcir o fer escalivada.",
      pt: "Beringelas com pequenas cicatrizes na casca. Para assar, rechear ou grelhar.",
    },
    origin: "el Baix Ebre (Tarragona)",
    price: 2.5,
    weight: 1000,
    markets: BOTH,
    labels: ["proximidad", "imperfecto"],
  },
  {
    sku: "VER-PIMIENTO-1KG",
    kind: "pepper",
    itemType: "vegetable",
    name: { es: "Pimientos rojos", ca: "Pebrots vermells", pt: "Pimentos vermelhos" },
    description: {
      es: "Pimientos rojos de tres cascos con formas irregulares. Carnosos, dulces y buenísimos asados.",
      ca: "Pebrots vermells de tres cantells amb formes irregulars. Carnosos, dolços i boníssims escalivats.",
      pt: "Pimentos vermelhos de formas irregulares. Carnudos, doces e ótimos assados.",
    },
    origin: "la Ribera del Ebro (Navarra)",
    price: 3.1,
    weight: 1000,
    markets: BOTH,
    labels: ["imperfecto"],
  },
  {
    sku: "VER-PATATA-3KG",
    kind: "potato",
    itemType: "vegetable",
    name: { es: "Patatas", ca: "Patates", pt: "Batatas" },
    description: {
      es: "Patatas de piel lavada, de calibres variados. Para freír, guisar o hacer al horno.",
      ca: "Patates de pell rentada, de calibres variats. Per fregir, guisar o fer al forn.",
      pt: "Batatas lavadas, de calibres variados. Para fritar, estufar ou fazer no forno.",
    },
    origin: "la Llanada Alavesa",
    price: 3,
    weight: 3000,
    markets: BOTH,
    labels: ["imperfecto"],
  },
  {
    sku: "VER-PATATA-10KG",
    kind: "potato",
    itemType: "vegetable",
    name: { es: "Patatas (saco de 10 kg)", ca: "Patates (sac de 10 kg)", pt: "Batatas (saco de 10 kg)" },
    description: {
      es: "Saco de patatas para restaurantes, comedores y oficinas. Calibres mezclados, calidad de cocina.",
      ca: "Sac de patates per a restaurants, menjadors i oficines. Calibres barrejats, qualitat de cuina.",
      pt: "Saco de batatas para restaurantes, cantinas e escritórios. Calibres misturados, qualidade de cozinha.",
    },
    origin: "la Llanada Alavesa",
    price: 8.9,
    weight: 10000,
    markets: B2B_ONLY,
    labels: ["imperfecto"],
  },
  {
    sku: "VER-CEBOLLA-2KG",
    kind: "onion",
    itemType: "vegetable",
    name: { es: "Cebollas", ca: "Cebes", pt: "Cebolas" },
    description: {
      es: "Cebollas moradas y dulces de tamaños dispares. Base de cualquier sofrito.",
      ca: "Cebes morades i dolces de mides dispars. La base de qualsevol sofregit.",
      pt: "Cebolas roxas e doces de tamanhos diferentes. A base de qualquer refogado.",
    },
    origin: "la Ribera Alta (València)",
    price: 2.3,
    weight: 2000,
    markets: BOTH,
    labels: ["imperfecto"],
  },
  {
    sku: "VER-LECHUGA-2U",
    kind: "lettuce",
    itemType: "vegetable",
    name: { es: "Lechugas", ca: "Enciams", pt: "Alfaces" },
    description: {
      es: "Dos lechugas de hoja rizada con las hojas exteriores algo tocadas. El cogollo, perfecto.",
      ca: "Dos enciams de fulla arrissada amb les fulles de fora una mica tocades. El cor, perfecte.",
      pt: "Duas alfaces frisadas com as folhas exteriores um pouco tocadas. O coração, perfeito.",
    },
    origin: "el Delta de l'Ebre (Tarragona)",
    price: 2.2,
    weight: 800,
    markets: BOTH,
    labels: ["ecologico", "proximidad"],
  },
  {
    sku: "VER-BROCOLI-1KG",
    kind: "broccoli",
    itemType: "vegetable",
    name: { es: "Brócoli", ca: "Bròquil", pt: "Brócolos" },
    description: {
      es: "Pellas de brócoli pequeñas o con el tallo largo. Al vapor, salteado o en crema.",
      ca: "Pelles de bròquil petites o amb la tija llarga. Al vapor, saltat o en crema.",
      pt: "Brócolos pequenos ou de talo comprido. Ao vapor, salteados ou em sopa.",
    },
    origin: "el Campo de Cartagena (Murcia)",
    price: 2.9,
    weight: 1000,
    markets: BOTH,
    labels: ["imperfecto"],
  },
  {
    sku: "VER-CALSOT-25U",
    kind: "calsot",
    itemType: "vegetable",
    name: { es: "Calçots (manojo de 25)", ca: "Calçots (manat de 25)", pt: "Calçots (molho de 25)" },
    description: {
      es: "Calçots de Valls de distintos grosores para la calçotada de casa. A la brasa y con salsa romesco.",
      ca: "Calçots de Valls de gruixos diferents per a la calçotada de casa. A la brasa i amb salsa romesco.",
      pt: "Calçots de Valls de várias grossuras para uma calçotada em casa. Na brasa e com molho romesco.",
    },
    origin: "l'Alt Camp (Tarragona)",
    price: 6.5,
    weight: 2500,
    markets: BOTH,
    labels: ["temporada", "proximidad"],
  },
  {
    sku: "VER-CALABAZA-2KG",
    kind: "pumpkin",
    itemType: "vegetable",
    name: { es: "Calabaza", ca: "Carbassa", pt: "Abóbora" },
    description: {
      es: "Calabaza cacahuete con marcas en la piel. Dulce al horno y perfecta para cremas de otoño.",
      ca: "Carbassa violí amb marques a la pell. Dolça al forn i perfecta per a cremes de tardor.",
      pt: "Abóbora manteiga com marcas na casca. Doce no forno e perfeita para sopas de outono.",
    },
    origin: "la Horta Nord (València)",
    price: 3.4,
    weight: 2000,
    markets: BOTH,
    labels: ["temporada", "imperfecto"],
  },
];

export interface BoxTypeSeed {
  key: "FRU" | "VER" | "MIX";
  itemType: "fruits" | "vegetables" | "mixed";
  name: Texts;
  description: Texts;
  kinds: ProduceKind[];
  prices: Record<"S" | "IM" | "XL", number>;
}

export const SIZES = {
  S: { weight: 4000, people: { es: "1 o 2 personas", ca: "1 o 2 persones", pt: "1 ou 2 pessoas" } },
  IM: { weight: 7000, people: { es: "3 o 4 personas", ca: "3 o 4 persones", pt: "3 ou 4 pessoas" } },
  XL: { weight: 10000, people: { es: "5 o más personas", ca: "5 o més persones", pt: "5 ou mais pessoas" } },
} as const;
export type SizeCode = keyof typeof SIZES;

export const BOX_TYPES: BoxTypeSeed[] = [
  {
    key: "FRU",
    itemType: "fruits",
    name: { es: "Caja de fruta", ca: "Caixa de fruita", pt: "Caixa de fruta" },
    description: {
      es: "Fruta de temporada rescatada de nuestros agricultores: lo que la naturaleza da esta semana, sin pasar por el calibre.",
      ca: "Fruita de temporada rescatada dels nostres pagesos: el que la natura dona aquesta setmana, sense passar pel calibre.",
      pt: "Fruta da época resgatada aos nossos agricultores: o que a natureza dá esta semana, sem passar pelo calibre.",
    },
    kinds: ["orange", "apple", "pear", "banana", "kiwi", "mandarin", "lemon", "grape", "peach"],
    prices: { S: 19.9, IM: 27.9, XL: 35.9 },
  },
  {
    key: "VER",
    itemType: "vegetables",
    name: { es: "Caja de verdura", ca: "Caixa de verdura", pt: "Caixa de legumes" },
    description: {
      es: "Verdura y hortalizas de temporada con formas imperfectas: para cocinar toda la semana.",
      ca: "Verdura i hortalisses de temporada amb formes imperfectes: per cuinar tota la setmana.",
      pt: "Legumes e hortícolas da época com formas imperfeitas: para cozinhar a semana toda.",
    },
    kinds: ["tomato", "carrot", "zucchini", "eggplant", "pepper", "potato", "onion", "lettuce", "broccoli"],
    prices: { S: 17.9, IM: 25.9, XL: 33.9 },
  },
  {
    key: "MIX",
    itemType: "mixed",
    name: { es: "Caja mixta", ca: "Caixa mixta", pt: "Caixa mista" },
    description: {
      es: "Mitad fruta, mitad verdura: la caja más pedida para comer variado y sin desperdicio.",
      ca: "Meitat fruita, meitat verdura: la caixa més demanada per menjar variat i sense malbaratament.",
      pt: "Metade fruta, metade legumes: a caixa mais pedida para comer variado e sem desperdício.",
    },
    kinds: ["orange", "tomato", "apple", "carrot", "pear", "zucchini", "banana", "pepper", "lettuce"],
    prices: { S: 18.9, IM: 26.9, XL: 34.9 },
  },
];

export interface SeasonalBoxSeed {
  sku: string;
  size: SizeCode;
  itemType: "fruits" | "vegetables";
  kinds: ProduceKind[];
  name: Texts;
  description: Texts;
  price: number;
  weight: number;
  /** When it is sold, every year ("MM-DD", docs/decisions/042), and the demo zones it is sold in (none: all). */
  saleFrom: string;
  saleUntil: string;
  zones: ("barcelona" | "madrid" | "lisboa")[];
}

export const SEASONAL_BOXES: SeasonalBoxSeed[] = [
  {
    sku: "SEA-ORANGE-15KG",
    size: "XL",
    itemType: "fruits",
    kinds: ["orange", "mandarin"],
    name: {
      es: "Caja de naranjas de temporada",
      ca: "Caixa de taronges de temporada",
      pt: "Caixa de laranjas da época",
    },
    description: {
      es: "15 kg de naranjas y mandarinas de la Ribera, directamente del árbol a tu casa. Solo en invierno.",
      ca: "15 kg de taronges i mandarines de la Ribera, directament de l'arbre a casa teva. Només a l'hivern.",
      pt: "15 kg de laranjas e tangerinas de Valência, diretamente da árvore para sua casa. Só no inverno.",
    },
    price: 24.9,
    weight: 15000,
    // Valencian navels and mandarins, from mid-October to the end of May; every zone.
    saleFrom: "10-15",
    saleUntil: "05-31",
    zones: [],
  },
  {
    sku: "SEA-CALSOT-50U",
    size: "IM",
    itemType: "vegetables",
    kinds: ["calsot", "tomato", "onion"],
    name: { es: "Caja calçotada", ca: "Caixa calçotada", pt: "Caixa calçotada" },
    description: {
      es: "50 calçots de Valls, tomates maduros y ñoras para preparar tu propia salsa romesco. De enero a abril.",
      ca: "50 calçots de Valls, tomàquets madurs i nyores per preparar la teva salsa romesco. De gener a abril.",
      pt: "50 calçots de Valls, tomates maduros e pimentos secos para preparar o seu molho romesco. De janeiro a abril.",
    },
    price: 19.9,
    weight: 6000,
    // Calçots from Valls, from mid-November to April; a Catalan feast, delivered in Barcelona only.
    saleFrom: "11-15",
    saleUntil: "04-30",
    zones: ["barcelona"],
  },
];

export const CATEGORIES = [
  {
    key: "aceites",
    path: { es: "Despensa/Aceites y vinagres", ca: "Rebost/Olis i vinagres", pt: "Despensa/Azeites e vinagres" },
    name: { es: "Aceites y vinagres", ca: "Olis i vinagres", pt: "Azeites e vinagres" },
  },
  {
    key: "legumbres",
    path: { es: "Despensa/Legumbres", ca: "Rebost/Llegums", pt: "Despensa/Leguminosas" },
    name: { es: "Legumbres", ca: "Llegums", pt: "Leguminosas" },
  },
  {
    key: "huevos",
    path: { es: "Granja/Huevos", ca: "Granja/Ous", pt: "Quinta/Ovos" },
    name: { es: "Huevos", ca: "Ous", pt: "Ovos" },
  },
] as const;
export type CategoryKey = (typeof CATEGORIES)[number]["key"];

export interface UpsellSeed {
  sku: string;
  kind: PantryKind;
  category: CategoryKey;
  tax: TaxKey;
  name: Texts;
  description: Texts;
  price: number;
  /** Grams, in the delivery. */
  weight: number;
  /** What it holds, as the pages show it (500 ml, 12 units). */
  measure: Measure;
  markets: Market[];
}

export const UPSELLS: UpsellSeed[] = [
  {
    sku: "UPS-AOVE-500",
    measure: { amount: 500, unit: "ml" },
    kind: "oil",
    category: "aceites",
    tax: "superreduced",
    name: {
      es: "Aceite de oliva virgen extra 500 ml",
      ca: "Oli d'oliva verge extra 500 ml",
      pt: "Azeite virgem extra 500 ml",
    },
    description: {
      es: "Arbequina de primera prensada en frío de una cooperativa de les Garrigues.",
      ca: "Arbequina de primera premsada en fred d'una cooperativa de les Garrigues.",
      pt: "Arbequina de primeira extração a frio de uma cooperativa de les Garrigues.",
    },
    price: 7.9,
    weight: 500,
    markets: BOTH,
  },
  {
    sku: "UPS-AOVE-2L",
    measure: { amount: 2, unit: "l" },
    kind: "oil",
    category: "aceites",
    tax: "superreduced",
    name: { es: "Aceite de oliva virgen extra 2 L", ca: "Oli d'oliva verge extra 2 L", pt: "Azeite virgem extra 2 L" },
    description: {
      es: "El mismo aceite arbequina en garrafa de dos litros para la cocina de todos los días.",
      ca: "El mateix oli arbequina en garrafa de dos litres per a la cuina de cada dia.",
      pt: "O mesmo azeite arbequina em garrafão de dois litros para a cozinha de todos os dias.",
    },
    price: 24.5,
    weight: 2000,
    markets: BOTH,
  },
  {
    sku: "UPS-VINAGRE-375",
    measure: { amount: 375, unit: "ml" },
    kind: "vinegar",
    category: "aceites",
    tax: "reduced",
    name: { es: "Vinagre de Jerez 375 ml", ca: "Vinagre de Xerès 375 ml", pt: "Vinagre de Xerez 375 ml" },
    description: {
      es: "Vinagre envejecido en botas de roble, con denominación de origen. Unas gotas bastan.",
      ca: "Vinagre envellit en bótes de roure, amb denominació d'origen. N'hi ha prou amb unes gotes.",
      pt: "Vinagre envelhecido em barris de carvalho, com denominação de origem. Bastam umas gotas.",
    },
    price: 4.8,
    weight: 375,
    markets: B2C_ONLY,
  },
  {
    sku: "UPS-GARBANZO-1KG",
    measure: { amount: 1, unit: "kg" },
    kind: "chickpeas",
    category: "legumbres",
    tax: "superreduced",
    name: {
      es: "Garbanzos pedrosillanos 1 kg",
      ca: "Cigrons pedrosillanos 1 kg",
      pt: "Grão-de-bico pedrosillano 1 kg",
    },
    description: {
      es: "Garbanzo pequeño y mantecoso, de cultivo de secano. Ponlos en remojo la noche antes.",
      ca: "Cigró petit i mantegós, de conreu de secà. Posa'ls en remull la nit abans.",
      pt: "Grão pequeno e amanteigado, de sequeiro. Deixe-o de molho na noite anterior.",
    },
    price: 4.6,
    weight: 1000,
    markets: BOTH,
  },
  {
    sku: "UPS-LENTEJA-1KG",
    measure: { amount: 1, unit: "kg" },
    kind: "lentils",
    category: "legumbres",
    tax: "superreduced",
    name: { es: "Lentejas pardinas 1 kg", ca: "Llenties pardines 1 kg", pt: "Lentilhas pardinas 1 kg" },
    description: {
      es: "Lenteja pardina de Tierra de Campos: no necesita remojo y queda entera al guisarla.",
      ca: "Llentia pardina de Tierra de Campos: no cal posar-la en remull i queda sencera en guisar-la.",
      pt: "Lentilha pardina de Tierra de Campos: não precisa de demolha e fica inteira ao cozinhar.",
    },
    price: 3.9,
    weight: 1000,
    markets: BOTH,
  },
  {
    sku: "UPS-MONGETA-500",
    measure: { amount: 500, unit: "g" },
    kind: "beans",
    category: "legumbres",
    tax: "superreduced",
    name: { es: "Alubias del ganxet 500 g", ca: "Mongetes del ganxet 500 g", pt: "Feijão do ganxet 500 g" },
    description: {
      es: "Alubia blanca de piel fina con denominación de origen del Vallès. Con butifarra, un clásico.",
      ca: "Mongeta blanca de pell fina amb denominació d'origen del Vallès. Amb botifarra, un clàssic.",
      pt: "Feijão branco de pele fina com denominação de origem do Vallès. Com linguiça, um clássico.",
    },
    price: 5.9,
    weight: 500,
    markets: B2C_ONLY,
  },
  {
    sku: "UPS-HUEVOS-6",
    measure: { amount: 6, unit: "unit" },
    kind: "eggs",
    category: "huevos",
    tax: "superreduced",
    name: { es: "Huevos camperos (6 unidades)", ca: "Ous de pagès (6 unitats)", pt: "Ovos do campo (6 unidades)" },
    description: {
      es: "Huevos de gallinas criadas al aire libre en una granja familiar del Montseny. Tamaños variados.",
      ca: "Ous de gallines criades a l'aire lliure en una granja familiar del Montseny. Mides variades.",
      pt: "Ovos de galinhas criadas ao ar livre numa quinta familiar do Montseny. Tamanhos variados.",
    },
    price: 2.9,
    weight: 380,
    markets: B2C_ONLY,
  },
  {
    sku: "UPS-HUEVOS-12",
    measure: { amount: 12, unit: "unit" },
    kind: "eggs",
    category: "huevos",
    tax: "superreduced",
    name: { es: "Huevos camperos (12 unidades)", ca: "Ous de pagès (12 unitats)", pt: "Ovos do campo (12 unidades)" },
    description: {
      es: "La docena de huevos camperos del Montseny, para familias grandes y oficinas con cocina.",
      ca: "La dotzena d'ous de pagès del Montseny, per a famílies grans i oficines amb cuina.",
      pt: "A dúzia de ovos do campo do Montseny, para famílias grandes e escritórios com cozinha.",
    },
    price: 5.4,
    weight: 760,
    markets: BOTH,
  },
];

export interface ReviewSeed {
  authorName: string;
  language: "es" | "ca" | "pt";
  rating: number;
  text: string;
  daysAgo: number;
}

export const REVIEWS: ReviewSeed[] = [
  {
    authorName: "Marta Puig",
    language: "ca",
    rating: 5,
    daysAgo: 3,
    text: "Les taronges són boníssimes i la caixa arriba sempre puntual. Ja no compro fruita al súper.",
  },
  {
    authorName: "Jordi Ferrer",
    language: "ca",
    rating: 5,
    daysAgo: 9,
    text: "M'encanta saber que aprofitem fruita que s'hauria llençat. Els tomàquets tenen gust de tomàquet de veritat.",
  },
  {
    authorName: "Núria Vidal",
    language: "ca",
    rating: 4,
    daysAgo: 16,
    text: "Molt bona qualitat i bon preu. Algun cop hi ha massa pomes per a nosaltres, però canviar la caixa és molt fàcil.",
  },
  {
    authorName: "Pere Soler",
    language: "ca",
    rating: 5,
    daysAgo: 24,
    text: "La caixa mixta IM és perfecta per a una família de quatre. Les verdures aguanten tota la setmana.",
  },
  {
    authorName: "Laia Roca",
    language: "ca",
    rating: 5,
    daysAgo: 40,
    text: "Servei impecable i molt amables per telèfon. La caixa calçotada va ser un èxit a casa.",
  },
  {
    authorName: "Arnau Camps",
    language: "ca",
    rating: 4,
    daysAgo: 75,
    text: "Fruita lletja però deliciosa. M'agradaria poder triar el dia d'entrega amb més marge, però estic content.",
  },
  {
    authorName: "Montse Riera",
    language: "ca",
    rating: 5,
    daysAgo: 120,
    text: "Fa mig any que en som clients: menys malbaratament, més verdura al plat i els nens han après d'on ve el menjar.",
  },
  {
    authorName: "Lucía Martín",
    language: "es",
    rating: 5,
    daysAgo: 5,
    text: "Pedí la caja de verdura S y me ha sorprendido la frescura. Repetiré seguro.",
  },
  {
    authorName: "Carlos Ruiz",
    language: "es",
    rating: 4,
    daysAgo: 30,
    text: "Buen producto y reparto puntual. Las zanahorias más feas y más dulces que he comido.",
  },
  {
    authorName: "Elena Gómez",
    language: "es",
    rating: 5,
    daysAgo: 60,
    text: "La suscripción semanal es muy cómoda y puedo saltarme una semana cuando me voy de viaje.",
  },
  {
    authorName: "Inês Costa",
    language: "pt",
    rating: 5,
    daysAgo: 12,
    text: "Fruta com ótimo sabor e entrega sempre a horas. Adoro a ideia de não desperdiçar comida.",
  },
  {
    authorName: "João Pereira",
    language: "pt",
    rating: 4,
    daysAgo: 45,
    text: "Boa qualidade e bom preço. A caixa mista chega perfeitamente para a semana.",
  },
];

export interface PostSeed {
  title: string;
  slug: string;
  /**
   * Where the post leads. The demo has no blog of its own, so each post leads to the shop's page on
   * its subject (a path of the storefront, Spanish like the blog), never to a site that does not exist.
   */
  link: string;
  daysAgo: number;
  kinds: ProduceKind[];
}

export const BLOG_POSTS: PostSeed[] = [
  {
    title: "Cinco recetas para aprovechar la fruta muy madura",
    slug: "recetas-fruta-madura",
    link: "/sostenibilidad/desperdicio-alimentario",
    daysAgo: 4,
    kinds: ["banana", "peach", "apple", "pear"],
  },
  {
    title: "Por qué el 30 % de la cosecha nunca llega al supermercado",
    slug: "cosecha-que-no-llega-al-supermercado",
    link: "/historia",
    daysAgo: 18,
    kinds: ["carrot", "tomato", "pepper", "potato"],
  },
  {
    title: "Calçotada en casa: guía completa y salsa romesco",
    slug: "calcotada-en-casa",
    link: "/cajas-estacionales",
    daysAgo: 33,
    kinds: ["calsot", "tomato", "onion", "calsot"],
  },
  {
    title: "Cómo conservar la verdura para que dure toda la semana",
    slug: "conservar-verdura-toda-la-semana",
    link: "/que-hay-en-la-caja",
    daysAgo: 51,
    kinds: ["lettuce", "broccoli", "zucchini", "carrot"],
  },
  {
    title: "Naranjas feas, zumo perfecto: visitamos la Ribera",
    slug: "naranjas-feas-zumo-perfecto",
    link: "/agricultores",
    daysAgo: 70,
    kinds: ["orange", "mandarin", "lemon", "orange"],
  },
];

export interface PersonSeed {
  name: string;
  role: Texts;
  bio: Texts;
  longHair: boolean;
}

export const TEAM: PersonSeed[] = [
  {
    name: "Clara Serra",
    longHair: true,
    role: { es: "Cofundadora y directora", ca: "Cofundadora i directora", pt: "Cofundadora e diretora" },
    bio: {
      es: "Ingeniera agrónoma. Creó Imperfecta tras ver toneladas de fruta sana tiradas en el campo.",
      ca: "Enginyera agrònoma. Va crear Imperfecta després de veure tones de fruita sana llençada al camp.",
      pt: "Engenheira agrónoma. Criou a Imperfecta depois de ver toneladas de fruta sã deitadas fora no campo.",
    },
  },
  {
    name: "David Molina",
    longHair: false,
    role: { es: "Cofundador, operaciones", ca: "Cofundador, operacions", pt: "Cofundador, operações" },
    bio: {
      es: "Organiza la recogida, el almacén y las rutas de reparto para que todo llegue fresco.",
      ca: "Organitza la recollida, el magatzem i les rutes de repartiment perquè tot arribi fresc.",
      pt: "Organiza a recolha, o armazém e as rotas de entrega para que tudo chegue fresco.",
    },
  },
  {
    name: "Aina Bosch",
    longHair: true,
    role: { es: "Relación con agricultores", ca: "Relació amb pagesos", pt: "Relação com agricultores" },
    bio: {
      es: "Recorre el campo cada semana para encontrar la cosecha que se quedaría sin vender.",
      ca: "Recorre el camp cada setmana per trobar la collita que es quedaria sense vendre.",
      pt: "Percorre o campo todas as semanas para encontrar a colheita que ficaria por vender.",
    },
  },
  {
    name: "Rui Almeida",
    longHair: false,
    role: { es: "Atención al cliente", ca: "Atenció al client", pt: "Apoio ao cliente" },
    bio: {
      es: "Responde en castellano, catalán y portugués, y siempre encuentra una solución.",
      ca: "Respon en castellà, català i portuguès, i sempre troba una solució.",
      pt: "Responde em espanhol, catalão e português, e encontra sempre uma solução.",
    },
  },
  {
    name: "Sara Navarro",
    longHair: true,
    role: { es: "Empresas (B2B)", ca: "Empreses (B2B)", pt: "Empresas (B2B)" },
    bio: {
      es: "Lleva la fruta imperfecta a oficinas, escuelas y restaurantes de todo el país.",
      ca: "Porta la fruita imperfecta a oficines, escoles i restaurants de tot el país.",
      pt: "Leva a fruta imperfeita a escritórios, escolas e restaurantes de todo o país.",
    },
  },
];

export interface FarmerSeed {
  name: string;
  farm: string;
  region: string;
  story: Texts;
}

export const FARMERS: FarmerSeed[] = [
  {
    name: "Vicent Martí",
    farm: "Hort de l'Alqueria",
    region: "la Ribera Alta, València",
    story: {
      es: "Tercera generación de citricultores. Antes perdía una de cada cuatro naranjas por tamaño; ahora las vende todas.",
      ca: "Tercera generació de citricultors. Abans perdia una de cada quatre taronges per mida; ara les ven totes.",
      pt: "Terceira geração de citricultores. Antes perdia uma em cada quatro laranjas pelo tamanho; agora vende-as todas.",
    },
  },
  {
    name: "Rosa Prats",
    farm: "Mas Prats",
    region: "el Maresme, Barcelona",
    story: {
      es: "Cultiva tomates y fresas a diez kilómetros del mar. Lo que el mercado rechaza por forma, llega a tu caja.",
      ca: "Conrea tomàquets i maduixes a deu quilòmetres del mar. El que el mercat rebutja per forma, arriba a la teva caixa.",
      pt: "Cultiva tomates e morangos a dez quilómetros do mar. O que o mercado rejeita pela forma chega à sua caixa.",
    },
  },
  {
    name: "Josep Andreu",
    farm: "Cal Andreu",
    region: "el Pla d'Urgell, Lleida",
    story: {
      es: "Manzanas y peras de regadío. Un granizo en junio ya no significa perder la campaña entera.",
      ca: "Pomes i peres de regadiu. Una calamarsada al juny ja no vol dir perdre tota la campanya.",
      pt: "Maçãs e peras de regadio. Uma granizada em junho já não significa perder a campanha inteira.",
    },
  },
  {
    name: "Carmen López",
    farm: "Finca Los Almendros",
    region: "Campo de Cartagena, Murcia",
    story: {
      es: "Calabacines, brócoli y limones en producción integrada. Trabaja con nosotros desde el primer año.",
      ca: "Carbassons, bròquil i llimones en producció integrada. Treballa amb nosaltres des del primer any.",
      pt: "Curgetes, brócolos e limões em produção integrada. Trabalha connosco desde o primeiro ano.",
    },
  },
  {
    name: "Manuel Sousa",
    farm: "Quinta do Vale",
    region: "Baixo Miño, Galicia",
    story: {
      es: "Kiwis a orillas del Miño. Los frutos pequeños, que antes iban a zumo industrial, ahora van a tu mesa.",
      ca: "Kiwis a la vora del Miño. Els fruits petits, que abans anaven a suc industrial, ara van a la teva taula.",
      pt: "Kiwis nas margens do Minho. Os frutos pequenos, que antes iam para sumo industrial, agora vão para a sua mesa.",
    },
  },
];

export interface NewsSeed {
  title: Texts;
  outlet: string;
  daysAgo: number;
  /** The demo's articles do not exist: each leads to the shop's own page on its subject (a storefront path). */
  link: string;
  summary: Texts;
}

export const NEWSROOM: NewsSeed[] = [
  {
    outlet: "La Vanguardia",
    daysAgo: 20,
    link: "/historia",
    title: {
      es: "La fruta fea que conquista las cocinas de Barcelona",
      ca: "La fruita lletja que conquereix les cuines de Barcelona",
      pt: "A fruta feia que conquista as cozinhas de Barcelona",
    },
    summary: {
      es: "Reportaje sobre cómo Imperfecta conecta agricultores y familias para reducir el desperdicio.",
      ca: "Reportatge sobre com Imperfecta connecta pagesos i famílies per reduir el malbaratament.",
      pt: "Reportagem sobre como a Imperfecta liga agricultores e famílias para reduzir o desperdício.",
    },
  },
  {
    outlet: "El País",
    daysAgo: 64,
    link: "/sostenibilidad/desperdicio-alimentario",
    title: {
      es: "Startups contra el desperdicio alimentario",
      ca: "Startups contra el malbaratament alimentari",
      pt: "Startups contra o desperdício alimentar",
    },
    summary: {
      es: "Imperfecta, entre las iniciativas que rescatan cosechas descartadas por motivos estéticos.",
      ca: "Imperfecta, entre les iniciatives que rescaten collites descartades per motius estètics.",
      pt: "A Imperfecta entre as iniciativas que resgatam colheitas rejeitadas por razões estéticas.",
    },
  },
  {
    outlet: "Catalunya Ràdio",
    daysAgo: 110,
    link: "/equipo",
    title: {
      es: "Entrevista: «Ninguna fruta es fea si sabe bien»",
      ca: "Entrevista: «Cap fruita és lletja si té bon gust»",
      pt: "Entrevista: «Nenhuma fruta é feia se souber bem»",
    },
    summary: {
      es: "Clara Serra explica el origen del proyecto y el impacto en el campo catalán.",
      ca: "La Clara Serra explica l'origen del projecte i l'impacte al camp català.",
      pt: "Clara Serra explica a origem do projeto e o impacto no campo catalão.",
    },
  },
  {
    outlet: "Público (Portugal)",
    daysAgo: 180,
    link: "/agricultores",
    title: {
      es: "Imperfecta llega a Portugal con sus cajas de fruta rescatada",
      ca: "Imperfecta arriba a Portugal amb les seves caixes de fruita rescatada",
      pt: "Imperfecta chega a Portugal com as suas caixas de fruta resgatada",
    },
    summary: {
      es: "Las primeras entregas en Oporto y Lisboa, con agricultores del norte del país.",
      ca: "Els primers lliuraments a Porto i Lisboa, amb pagesos del nord del país.",
      pt: "As primeiras entregas no Porto e em Lisboa, com agricultores do norte do país.",
    },
  },
];

export const METRICS = {
  kgRescued: 1284500,
  numberBags: 96300,
  kgEmitted: 642250,
  litersWaterWasted: 38535000,
  collaboratedFarmers: 186,
  numberPeopleReceivedBox: 52400,
};

/**
 * How the figures above are measured, shown beside them (the impact page says it in full). CO₂ and
 * water are estimates per kilo rescued, which is how the demo figures were made: 0.5 kg of CO₂ and
 * 30 litres of water per kilo; bags are one per delivery.
 */
export const METRICS_METHOD: Texts = {
  es: "- **Kilos rescatados:** la fruta y la verdura que compramos a los agricultores porque el mercado la rechazaba, pesada en nuestro almacén al llegar.\n- **Bolsas de plástico evitadas:** una por entrega, porque cada pedido viaja en una caja de cartón y no en bolsas.\n- **CO₂ evitado:** una estimación de 0,5 kg de CO₂ por kilo rescatado, lo que se emite al producir y transportar comida que acaba tirada.\n- **Agua recuperada:** una estimación de 30 litros por kilo rescatado, el agua de riego que esa cosecha ya había gastado.\n- **Agricultores colaboradores:** las fincas a las que hemos comprado al menos una vez.\n- **Personas que han recibido una caja:** clientes distintos con al menos una entrega.\n\nSon cifras acumuladas desde nuestra primera entrega y las actualizamos cada mes. El CO₂ y el agua usan factores medios y prudentes: son estimaciones, no una auditoría externa.",
  ca: "- **Quilos rescatats:** la fruita i la verdura que comprem als pagesos perquè el mercat la rebutjava, pesada al nostre magatzem quan arriba.\n- **Bosses de plàstic evitades:** una per lliurament, perquè cada comanda viatja en una caixa de cartró i no en bosses.\n- **CO₂ evitat:** una estimació de 0,5 kg de CO₂ per quilo rescatat, el que s'emet en produir i transportar menjar que acaba llençat.\n- **Aigua recuperada:** una estimació de 30 litres per quilo rescatat, l'aigua de reg que aquella collita ja havia gastat.\n- **Pagesos col·laboradors:** les finques a les quals hem comprat almenys una vegada.\n- **Persones que han rebut una caixa:** clients diferents amb almenys un lliurament.\n\nSón xifres acumulades des del nostre primer lliurament i les actualitzem cada mes. El CO₂ i l'aigua fan servir factors mitjans i prudents: són estimacions, no una auditoria externa.",
  pt: "- **Quilos resgatados:** a fruta e os legumes que compramos aos agricultores porque o mercado os rejeitava, pesados no nosso armazém à chegada.\n- **Sacos de plástico evitados:** um por entrega, porque cada encomenda viaja numa caixa de cartão e não em sacos.\n- **CO₂ evitado:** uma estimativa de 0,5 kg de CO₂ por quilo resgatado, o que se emite ao produzir e transportar comida que acaba no lixo.\n- **Água recuperada:** uma estimativa de 30 litros por quilo resgatado, a água de rega que essa colheita já tinha gasto.\n- **Agricultores parceiros:** as quintas a quem comprámos pelo menos uma vez.\n- **Pessoas que receberam uma caixa:** clientes diferentes com pelo menos uma entrega.\n\nSão números acumulados desde a nossa primeira entrega e atualizamo-los todos os meses. O CO₂ e a água usam fatores médios e prudentes: são estimativas, não uma auditoria externa.",
};

/**
 * The demo company's details (the "Shop settings" single type): the footer, the contact page and
 * the legal notice show them. A demo company: the street, the tax id and the registry entry are made
 * up (the tax id has a valid check digit); staff replace them, and the social links, with the
 * shop's own in the admin panel.
 */
export const SHOP_SETTINGS = {
  legalName: "Imperfecta Alimentos Rescatados, S.L.",
  taxId: "B12345674",
  registration: "Registro Mercantil de Barcelona, tomo 47321, folio 85, hoja B-512345",
  streetAddress: "Carrer de la Collita, 12",
  postalCode: "08005",
  locality: "Barcelona",
  region: "Barcelona",
  country: "ES",
  email: "hola@demo.local",
  phone: "+34 930 123 456",
  openingHours_es: "De lunes a viernes, de 9:00 a 18:00 (excepto festivos)",
  openingHours_ca: "De dilluns a divendres, de 9.00 a 18.00 (excepte festius)",
  openingHours_pt: "De segunda a sexta, das 9h00 às 18h00 (exceto feriados)",
  socialLinks: [
    { network: "instagram", url: "https://www.instagram.com/imperfecta.demo" },
    { network: "facebook", url: "https://www.facebook.com/imperfecta.demo" },
    { network: "linkedin", url: "https://www.linkedin.com/company/imperfecta-demo" },
  ],
  paymentMethods: [{ method: "card" }, { method: "bizum" }, { method: "applePay" }, { method: "googlePay" }],
} satisfies ShopSettingsData;

export interface FaqSeed {
  /** For the entries pages link to (DELIVERY_FAQ_KEY of @shop/domain: the footer's link). */
  key?: string;
  question: Texts;
  answer: Texts;
}

/**
 * The delivery questions promise no fee, threshold, day or area of their own: the storefront shows
 * the delivery zones staff keep (GET /delivery/areas) beside the "delivery" answer, so what the
 * shop says is what checkout charges (issue 20).
 */
export const FAQS: FaqSeed[] = [
  {
    key: "delivery",
    question: {
      es: "¿Dónde repartís y cuánto cuesta el envío?",
      ca: "On repartiu i quant costa l'enviament?",
      pt: "Onde entregam e quanto custa o envio?",
    },
    answer: {
      es: "Repartimos a domicilio en las zonas de aquí abajo, cada una con sus códigos postales, sus días de reparto y sus gastos de envío (IVA incluido). En una suscripción, cada entrega cuenta como un pedido. ¿No encuentras tu código postal? Escríbelo al empezar un pedido y te avisaremos cuando lleguemos.",
      ca: "Repartim a domicili a les zones d'aquí sota, cadascuna amb els seus codis postals, els seus dies de repartiment i les seves despeses d'enviament (IVA inclòs). En una subscripció, cada lliurament compta com una comanda. No trobes el teu codi postal? Escriu-lo en començar una comanda i t'avisarem quan hi arribem.",
      pt: "Entregamos ao domicílio nas zonas aqui abaixo, cada uma com os seus códigos postais, os seus dias de entrega e os seus custos de envio (IVA incluído). Numa subscrição, cada entrega conta como uma encomenda. Não encontra o seu código postal? Escreva-o ao começar uma encomenda e avisamos quando lá chegarmos.",
    },
  },
  {
    key: "delivery-days",
    question: { es: "¿Qué días repartís?", ca: "Quins dies repartiu?", pt: "Em que dias fazem entregas?" },
    answer: {
      es: "Cada zona tiene sus días de reparto y su hora de cierre de pedidos: están junto a la respuesta «¿Dónde repartís y cuánto cuesta el envío?». Al hacer el pedido eliges el día entre los que siguen abiertos.",
      ca: "Cada zona té els seus dies de repartiment i la seva hora de tancament de comandes: són al costat de la resposta «On repartiu i quant costa l'enviament?». En fer la comanda tries el dia entre els que encara són oberts.",
      pt: "Cada zona tem os seus dias de entrega e a sua hora de fecho de encomendas: estão junto à resposta «Onde entregam e quanto custa o envio?». Ao fazer a encomenda escolhe o dia entre os que ainda estão abertos.",
    },
  },
  {
    question: {
      es: "¿Por qué la fruta es «imperfecta»?",
      ca: "Per què la fruita és «imperfecta»?",
      pt: "Porque é que a fruta é «imperfeita»?",
    },
    answer: {
      es: "Porque no cumple los estándares estéticos de la gran distribución: tamaño, forma o pequeñas marcas en la piel. Su sabor y sus propiedades son exactamente los mismos.",
      ca: "Perquè no compleix els estàndards estètics de la gran distribució: mida, forma o petites marques a la pell. El gust i les propietats són exactament els mateixos.",
      pt: "Porque não cumpre os padrões estéticos da grande distribuição: tamanho, forma ou pequenas marcas na casca. O sabor e as propriedades são exatamente os mesmos.",
    },
  },
  {
    question: {
      es: "¿Puedo saltarme una semana o pausar la suscripción?",
      ca: "Puc saltar-me una setmana o pausar la subscripció?",
      pt: "Posso saltar uma semana ou pausar a subscrição?",
    },
    answer: {
      es: "Sí. Desde tu área de cliente puedes saltar entregas, pausar, cambiar de caja o cancelar cuando quieras, sin permanencia.",
      ca: "Sí. Des de la teva àrea de client pots saltar lliuraments, pausar, canviar de caixa o cancel·lar quan vulguis, sense permanència.",
      pt: "Sim. Na sua área de cliente pode saltar entregas, pausar, mudar de caixa ou cancelar quando quiser, sem fidelização.",
    },
  },
  {
    question: {
      es: "¿Qué lleva la caja esta semana?",
      ca: "Què porta la caixa aquesta setmana?",
      pt: "O que traz a caixa esta semana?",
    },
    answer: {
      es: "Depende de la cosecha. Publicamos el contenido de cada caja en la página «Qué hay en la caja» cada lunes.",
      ca: "Depèn de la collita. Publiquem el contingut de cada caixa a la pàgina «Què hi ha a la caixa» cada dilluns.",
      pt: "Depende da colheita. Publicamos o conteúdo de cada caixa na página «O que há na caixa» todas as segundas-feiras.",
    },
  },
  {
    question: { es: "¿El embalaje es reciclable?", ca: "L'embalatge és reciclable?", pt: "A embalagem é reciclável?" },
    answer: {
      es: "Sí: cajas de cartón reciclado y sin plásticos de un solo uso. Si nos devuelves la caja en la siguiente entrega, la reutilizamos.",
      ca: "Sí: caixes de cartró reciclat i sense plàstics d'un sol ús. Si ens tornes la caixa en el següent lliurament, la reutilitzem.",
      pt: "Sim: caixas de cartão reciclado e sem plásticos descartáveis. Se nos devolver a caixa na entrega seguinte, reutilizamo-la.",
    },
  },
  {
    question: {
      es: "¿Tenéis ofertas para empresas?",
      ca: "Teniu ofertes per a empreses?",
      pt: "Têm ofertas para empresas?",
    },
    answer: {
      es: "Sí: fruta en la oficina, cajas para equipos y formatos grandes para restaurantes. Escríbenos desde la página de empresas.",
      ca: "Sí: fruita a l'oficina, caixes per a equips i formats grans per a restaurants. Escriu-nos des de la pàgina d'empreses.",
      pt: "Sim: fruta no escritório, caixas para equipas e formatos grandes para restaurantes. Escreva-nos na página de empresas.",
    },
  },
];

export interface LegalSeed {
  key: "legalNotice" | "cookiesPolicy" | "privacyPolicy" | "termsAndConditions";
  title: Texts;
  body: Texts;
}

export const LEGAL_PAGES: LegalSeed[] = [
  {
    key: "legalNotice",
    title: { es: "Aviso legal", ca: "Avís legal", pt: "Aviso legal" },
    body: {
      es: "## Titular del sitio web\n\nEn cumplimiento de la Ley 34/2002, de servicios de la sociedad de la información y de comercio electrónico (LSSI-CE), te informamos de que este sitio web pertenece a **Imperfecta Alimentos Rescatados, S.L.** (sociedad de demostración). Su NIF, domicilio, datos registrales y datos de contacto figuran en el recuadro «Datos del titular» de esta página.\n\n## Uso del sitio\n\nEl acceso al sitio es gratuito. Al usarlo te comprometes a hacerlo de forma lícita y a no dañar su funcionamiento.\n\n## Propiedad intelectual\n\nLos textos, ilustraciones y la marca Imperfecta pertenecen a su titular. No puedes reproducirlos con fines comerciales sin autorización.\n\n## Responsabilidad\n\nTrabajamos para que la información sea exacta y esté actualizada, pero no respondemos de errores puntuales ni de los contenidos de sitios enlazados.",
      ca: "## Titular del lloc web\n\nEn compliment de la Llei 34/2002, de serveis de la societat de la informació i de comerç electrònic (LSSI-CE), t'informem que aquest lloc web pertany a **Imperfecta Alimentos Rescatados, S.L.** (societat de demostració). El seu NIF, domicili, dades registrals i dades de contacte figuren al requadre «Dades del titular» d'aquesta pàgina.\n\n## Ús del lloc\n\nL'accés al lloc és gratuït. En utilitzar-lo et comprometes a fer-ho de manera lícita i a no perjudicar-ne el funcionament.\n\n## Propietat intel·lectual\n\nEls textos, les il·lustracions i la marca Imperfecta pertanyen al seu titular. No els pots reproduir amb finalitats comercials sense autorització.\n\n## Responsabilitat\n\nTreballem perquè la informació sigui exacta i actualitzada, però no responem d'errors puntuals ni dels continguts de llocs enllaçats.",
      pt: "## Titular do sítio web\n\nEm cumprimento da legislação espanhola de serviços da sociedade da informação e comércio eletrónico (Lei 34/2002), informamos que este sítio pertence à **Imperfecta Alimentos Rescatados, S.L.** (sociedade de demonstração). O seu NIF, sede, dados de registo e contactos constam do quadro «Dados do titular» desta página.\n\n## Utilização do sítio\n\nO acesso ao sítio é gratuito. Ao utilizá-lo compromete-se a fazê-lo de forma lícita e a não prejudicar o seu funcionamento.\n\n## Propriedade intelectual\n\nOs textos, as ilustrações e a marca Imperfecta pertencem ao seu titular. Não os pode reproduzir para fins comerciais sem autorização.\n\n## Responsabilidade\n\nTrabalhamos para que a informação seja exata e atualizada, mas não respondemos por erros pontuais nem pelos conteúdos de sítios ligados.",
    },
  },
  {
    key: "cookiesPolicy",
    title: { es: "Política de cookies", ca: "Política de galetes", pt: "Política de cookies" },
    // The shop's own cookies, all strictly necessary (storefront: lang in server/app.ts, session.server.ts,
    // order-flow/draft.server.ts, order-flow/notice.server.ts, flash.server.ts, sign-in.server.ts,
    // social.server.ts). The storefront's /api proxy drops any cookie the CMS sets. Analytics cookies and the
    // consent cookie are listed by the storefront itself below this text, only while it loads Google Tag
    // Manager (GTM_ID, docs/decisions/016), so this text stays true either way. A new cookie needs a line here.
    body: {
      es: "## Qué son las cookies\n\nSon pequeños archivos de texto que un sitio web guarda en tu navegador para recordar algo de una página a la siguiente.\n\n## Cookies necesarias\n\nSon propias y técnicas: las necesita la tienda para funcionar, no sirven para seguirte y por eso no te pedimos permiso para usarlas. Salvo `lang`, ningún programa de la página puede leerlas; solo las lee nuestro servidor.\n\n- `lang`: recuerda el idioma en que navegas (español, catalán o portugués) para usarlo en las direcciones que no lo indican. La guardamos al visitar cualquier página y dura un año.\n- `shop_session`: mantiene tu sesión abierta cuando entras en tu cuenta. Dura como máximo siete días y se borra al cerrar la sesión.\n- `shop_order_draft`: guarda el pedido que estás haciendo para que no lo pierdas entre un paso y otro. Dura catorce días o hasta que pagas el pedido.\n- `shop_flash` y `shop_order_notice`: llevan un aviso a la página siguiente (por ejemplo, que has cerrado la sesión). Se borran al mostrarlo y duran como mucho un minuto.\n- `shop_return_to`: recuerda a qué página volver después de iniciar sesión. Dura quince minutos.\n- `shop_apple_state`: comprueba que el inicio de sesión con Apple lo empezaste tú. Dura diez minutos.\n\n## Analítica y publicidad\n\nSolo con tu permiso. Si la tienda usa cookies de analítica o de publicidad, el apartado «Cookies de analítica y publicidad» de esta página las enumera y te deja cambiar tu elección; si ese apartado no aparece, no usamos ninguna.\n\n## Cómo borrarlas\n\nPuedes ver y borrar las cookies en la configuración de tu navegador. Sin `lang`, la tienda usará el idioma de la dirección que visites o, si no lo indica, el español; sin `shop_session`, tendrás que volver a iniciar sesión; sin `shop_order_draft`, tendrás que empezar de nuevo el pedido que tenías a medias.",
      ca: "## Què són les galetes\n\nSón petits fitxers de text que un lloc web desa al teu navegador per recordar alguna cosa d'una pàgina a la següent.\n\n## Galetes necessàries\n\nSón pròpies i tècniques: la botiga les necessita per funcionar, no serveixen per seguir-te i per això no et demanem permís per fer-les servir. Llevat de `lang`, cap programa de la pàgina no les pot llegir; només les llegeix el nostre servidor.\n\n- `lang`: recorda l'idioma en què navegues (castellà, català o portuguès) per fer-lo servir a les adreces que no l'indiquen. La desem en visitar qualsevol pàgina i dura un any.\n- `shop_session`: manté la sessió oberta quan entres al teu compte. Dura com a màxim set dies i s'esborra en tancar la sessió.\n- `shop_order_draft`: desa la comanda que estàs fent perquè no la perdis entre un pas i un altre. Dura catorze dies o fins que pagues la comanda.\n- `shop_flash` i `shop_order_notice`: porten un avís a la pàgina següent (per exemple, que has tancat la sessió). S'esborren en mostrar-lo i duren com a molt un minut.\n- `shop_return_to`: recorda a quina pàgina tornar després d'iniciar la sessió. Dura quinze minuts.\n- `shop_apple_state`: comprova que l'inici de sessió amb Apple l'has començat tu. Dura deu minuts.\n\n## Analítica i publicitat\n\nNomés amb el teu permís. Si la botiga fa servir galetes d'analítica o de publicitat, l'apartat «Galetes d'analítica i publicitat» d'aquesta pàgina les enumera i et deixa canviar la teva elecció; si aquest apartat no hi apareix, no en fem servir cap.\n\n## Com esborrar-les\n\nPots veure i esborrar les galetes a la configuració del navegador. Sense `lang`, la botiga farà servir l'idioma de l'adreça que visitis o, si no l'indica, el castellà; sense `shop_session`, hauràs de tornar a iniciar la sessió; sense `shop_order_draft`, hauràs de tornar a començar la comanda que tenies a mig fer.",
      pt: "## O que são cookies\n\nSão pequenos ficheiros de texto que um sítio web guarda no seu navegador para se lembrar de algo de uma página para a seguinte.\n\n## Cookies necessários\n\nSão próprios e técnicos: a loja precisa deles para funcionar, não servem para o seguir e por isso não lhe pedimos autorização para os utilizar. Exceto `lang`, nenhum programa da página os consegue ler; só o nosso servidor os lê.\n\n- `lang`: lembra o idioma em que navega (espanhol, catalão ou português) para o usar nos endereços que não o indicam. Guardamo-lo quando visita qualquer página e dura um ano.\n- `shop_session`: mantém a sua sessão aberta quando entra na sua conta. Dura no máximo sete dias e é apagado quando termina a sessão.\n- `shop_order_draft`: guarda a encomenda que está a fazer para que não a perca entre um passo e outro. Dura catorze dias ou até pagar a encomenda.\n- `shop_flash` e `shop_order_notice`: levam um aviso para a página seguinte (por exemplo, que terminou a sessão). São apagados quando o aviso aparece e duram no máximo um minuto.\n- `shop_return_to`: lembra a que página voltar depois de iniciar sessão. Dura quinze minutos.\n- `shop_apple_state`: confirma que foi o utilizador a começar o início de sessão com a Apple. Dura dez minutos.\n\n## Análise e publicidade\n\nSó com a sua autorização. Se a loja utilizar cookies de análise ou de publicidade, a secção «Cookies de análise e publicidade» desta página enumera-os e deixa-o mudar a sua escolha; se essa secção não aparecer, não utilizamos nenhum.\n\n## Como apagá-los\n\nPode ver e apagar os cookies nas definições do seu navegador. Sem `lang`, a loja usará o idioma do endereço que visitar ou, se este não o indicar, o espanhol; sem `shop_session`, terá de voltar a iniciar sessão; sem `shop_order_draft`, terá de recomeçar a encomenda que tinha a meio.",
    },
  },
  {
    key: "privacyPolicy",
    title: { es: "Política de privacidad", ca: "Política de privacitat", pt: "Política de privacidade" },
    body: {
      es: "## Responsable\n\nImperfecta Alimentos Rescatados, S.L. (hola@demo.local) trata tus datos conforme al Reglamento (UE) 2016/679 (RGPD).\n\n## Qué datos y para qué\n\n- **Cuenta y pedidos:** nombre, correo, teléfono y dirección, para preparar y entregar tus pedidos (ejecución del contrato).\n- **Formularios de contacto y empresas:** para responderte (tu consentimiento).\n- **Boletín:** solo si te suscribes; puedes darte de baja en cada correo.\n\n## Conservación\n\nMientras mantengas tu cuenta y, después, durante los plazos que exige la ley (por ejemplo, seis años para las facturas).\n\n## Tus derechos\n\nPuedes acceder, rectificar, suprimir, oponerte, limitar el tratamiento y pedir la portabilidad escribiendo a hola@demo.local. También puedes reclamar ante la Agencia Española de Protección de Datos.",
      ca: "## Responsable\n\nImperfecta Alimentos Rescatados, S.L. (hola@demo.local) tracta les teves dades d'acord amb el Reglament (UE) 2016/679 (RGPD).\n\n## Quines dades i per a què\n\n- **Compte i comandes:** nom, correu, telèfon i adreça, per preparar i lliurar les comandes (execució del contracte).\n- **Formularis de contacte i empreses:** per respondre't (el teu consentiment).\n- **Butlletí:** només si t'hi subscrius; pots donar-te'n de baixa a cada correu.\n\n## Conservació\n\nMentre mantinguis el compte i, després, durant els terminis que exigeix la llei (per exemple, sis anys per a les factures).\n\n## Els teus drets\n\nPots accedir, rectificar, suprimir, oposar-te, limitar el tractament i demanar la portabilitat escrivint a hola@demo.local. També pots reclamar davant l'Agència Espanyola de Protecció de Dades.",
      pt: "## Responsável\n\nA Imperfecta Alimentos Rescatados, S.L. (hola@demo.local) trata os seus dados de acordo com o Regulamento (UE) 2016/679 (RGPD).\n\n## Que dados e para quê\n\n- **Conta e encomendas:** nome, e-mail, telefone e morada, para preparar e entregar as encomendas (execução do contrato).\n- **Formulários de contacto e empresas:** para lhe responder (o seu consentimento).\n- **Newsletter:** apenas se subscrever; pode cancelar em cada e-mail.\n\n## Conservação\n\nEnquanto mantiver a conta e, depois, durante os prazos exigidos por lei (por exemplo, seis anos para as faturas).\n\n## Os seus direitos\n\nPode aceder, retificar, apagar, opor-se, limitar o tratamento e pedir a portabilidade escrevendo para hola@demo.local. Pode também reclamar junto da autoridade de proteção de dados.",
    },
  },
  {
    key: "termsAndConditions",
    title: {
      es: "Condiciones generales de venta",
      ca: "Condicions generals de venda",
      pt: "Condições gerais de venda",
    },
    body: {
      es: "## Pedidos\n\nEl pedido se confirma cuando recibes el correo de confirmación del pago. Los precios incluyen el IVA aplicable.\n\n## Suscripciones\n\nLas suscripciones se renuevan con la frecuencia elegida y se cobran antes de cada entrega. Puedes saltar, pausar o cancelar sin coste antes del cierre de cada pedido, que es el de su zona de reparto, tal como se muestra al hacer el pedido y en «Zonas de reparto y gastos de envío» de la página de contacto.\n\n## Entrega\n\nEntregamos en la franja elegida. Si no hay nadie en casa, dejaremos la caja en el lugar que nos indiques.\n\n## Desistimiento y reclamaciones\n\nAl tratarse de alimentos perecederos no aplica el derecho de desistimiento (art. 103 de la Ley General para la Defensa de los Consumidores). Si algún producto llega en mal estado, escríbenos en 48 horas con una foto y te lo reembolsamos o reponemos.",
      ca: "## Comandes\n\nLa comanda es confirma quan reps el correu de confirmació del pagament. Els preus inclouen l'IVA aplicable.\n\n## Subscripcions\n\nLes subscripcions es renoven amb la freqüència triada i es cobren abans de cada lliurament. Pots saltar, pausar o cancel·lar sense cost abans del tancament de cada comanda, que és el de la seva zona de repartiment, tal com es mostra en fer la comanda i a «Zones de repartiment i despeses d'enviament» de la pàgina de contacte.\n\n## Lliurament\n\nLliurem en la franja triada. Si no hi ha ningú a casa, deixarem la caixa al lloc que ens indiquis.\n\n## Desistiment i reclamacions\n\nEn tractar-se d'aliments peribles no s'aplica el dret de desistiment (art. 103 de la Llei general per a la defensa dels consumidors). Si algun producte arriba en mal estat, escriu-nos en 48 hores amb una foto i te'l reemborsem o el reposem.",
      pt: "## Encomendas\n\nA encomenda fica confirmada quando recebe o e-mail de confirmação do pagamento. Os preços incluem o IVA aplicável.\n\n## Subscrições\n\nAs subscrições renovam-se com a frequência escolhida e são cobradas antes de cada entrega. Pode saltar, pausar ou cancelar sem custos antes do fecho de cada encomenda, que é o da sua zona de entrega, tal como aparece ao fazer a encomenda e em «Zonas de entrega e custos de envio» na página de contacto.\n\n## Entrega\n\nEntregamos no horário escolhido. Se não estiver ninguém em casa, deixamos a caixa no local que nos indicar.\n\n## Livre resolução e reclamações\n\nPor se tratar de alimentos perecíveis não se aplica o direito de livre resolução. Se algum produto chegar em mau estado, escreva-nos em 48 horas com uma fotografia e reembolsamos ou repomos o produto.",
    },
  },
];

/** Produce names for "what is in the box" lines, by kind. */
export const PRODUCE_NAMES: Record<ProduceKind, Texts> = {
  orange: { es: "Naranjas", ca: "Taronges", pt: "Laranjas" },
  mandarin: { es: "Mandarinas", ca: "Mandarines", pt: "Tangerinas" },
  lemon: { es: "Limones", ca: "Llimones", pt: "Limões" },
  apple: { es: "Manzanas", ca: "Pomes", pt: "Maçãs" },
  pear: { es: "Peras", ca: "Peres", pt: "Peras" },
  peach: { es: "Melocotones", ca: "Préssecs", pt: "Pêssegos" },
  cherry: { es: "Cerezas", ca: "Cireres", pt: "Cerejas" },
  banana: { es: "Plátanos", ca: "Plàtans", pt: "Bananas" },
  kiwi: { es: "Kiwis", ca: "Kiwis", pt: "Kiwis" },
  grape: { es: "Uva", ca: "Raïm", pt: "Uvas" },
  strawberry: { es: "Fresas", ca: "Maduixes", pt: "Morangos" },
  tomato: { es: "Tomates", ca: "Tomàquets", pt: "Tomates" },
  carrot: { es: "Zanahorias", ca: "Pastanagues", pt: "Cenouras" },
  zucchini: { es: "Calabacines", ca: "Carbassons", pt: "Curgetes" },
  eggplant: { es: "Berenjenas", ca: "Albergínies", pt: "Beringelas" },
  pepper: { es: "Pimientos", ca: "Pebrots", pt: "Pimentos" },
  potato: { es: "Patatas", ca: "Patates", pt: "Batatas" },
  onion: { es: "Cebollas", ca: "Cebes", pt: "Cebolas" },
  lettuce: { es: "Lechuga", ca: "Enciam", pt: "Alface" },
  broccoli: { es: "Brócoli", ca: "Bròquil", pt: "Brócolos" },
  calsot: { es: "Calçots", ca: "Calçots", pt: "Calçots" },
  pumpkin: { es: "Calabaza", ca: "Carbassa", pt: "Abóbora" },
};
