import type { Locale } from "@shop/routing";

/**
 * The long texts of the content pages (our story, commitment, food waste, companies, contact, what's
 * in the box), in the three languages (docs/decisions/026). They are kept out of the app's shared
 * texts (i18n/) on purpose: the root loader sends those with every page, so each of these pages'
 * loader sends only its own texts (decision 006, "texts per page"). Spanish is the shape every
 * other language satisfies: a missing or extra key fails the type check.
 */
const es = {
  about: {
    storyHeading: "Cómo empezó todo",
    story: {
      origin:
        "Imperfecta nació en el campo. Cada temporada veíamos lo mismo: cajas de naranjas, tomates o calabacines en perfecto estado que se quedaban en la finca por ser demasiado pequeños, demasiado grandes o tener una forma rara. Los supermercados no los aceptaban y, para muchos agricultores, recogerlos costaba más de lo que nadie iba a pagar por ellos.",
      van: "Así que alquilamos una furgoneta, hablamos con unas pocas fincas cercanas y empezamos a comprarles justo lo que nadie quería. Lo repartíamos en cajas entre amigos y vecinos, que repetían y se lo contaban a otros. Lo que empezó como un experimento acabó convirtiéndose en una tienda.",
      today:
        "Hoy trabajamos directamente con agricultores de distintas regiones, sin intermediarios, y llevamos cajas de fruta y verdura rescatada a casas y a empresas. La idea sigue siendo la del primer día: si está buena, se come.",
    },
    stepsHeading: "Del campo a tu mesa, en cuatro pasos",
    steps: {
      find: {
        title: "Buscamos en el campo",
        body: "Los agricultores nos avisan cuando tienen cosecha que no entra en los estándares del mercado, y nuestro equipo la visita para comprobar su calidad.",
      },
      buy: {
        title: "Pagamos un precio justo",
        body: "Compramos directamente a la finca, sin intermediarios, a un precio que acordamos con cada agricultor antes de la recogida.",
      },
      pack: {
        title: "Preparamos tu caja",
        body: "Seleccionamos lo que está en su punto y montamos las cajas con producto de temporada, en cajas de cartón reciclable y sin plásticos innecesarios.",
      },
      deliver: {
        title: "Te la llevamos",
        body: "Repartimos en casas y oficinas el día que elijas. Puedes pedir una sola vez o suscribirte, y saltar o pausar entregas cuando quieras.",
      },
    },
    valuesHeading: "Lo que nos mueve",
    values: {
      taste: {
        title: "Lo bueno no se tira",
        body: "Una manzana con una marca de granizo sabe igual que una perfecta. Juzgamos la fruta por su sabor y su frescura, no por su foto.",
      },
      fair: {
        title: "Trato justo",
        body: "Los agricultores cobran por su cosecha entera, no solo por la más bonita. Acordamos los precios con ellos y pagamos a tiempo.",
      },
      local: {
        title: "Cerca y de temporada",
        body: "Preferimos fincas cercanas y lo que toca en cada época del año: menos kilómetros y más sabor.",
      },
      open: {
        title: "Sin letra pequeña",
        body: "Te contamos de dónde viene lo que comes, quién lo cultiva y cuánto hemos rescatado entre todos.",
      },
    },
    moreHeading: "Conócenos mejor",
    links: {
      team: "Las personas que buscan, preparan y reparten tus cajas cada semana.",
      farmers: "Las fincas con las que trabajamos y lo que cultivan.",
      impact: "Los kilos rescatados y el agua y el CO₂ que hemos ahorrado entre todos.",
      boxes: "Fruta, verdura o mixta, en el tamaño que mejor encaje con tu casa.",
    },
  },
  commitment: {
    listHeading: "Seis compromisos concretos",
    listLead:
      "Rescatar comida solo tiene sentido si también hacemos bien todo lo demás. Estos compromisos guían cada caja que preparamos.",
    items: {
      fairPrice: {
        title: "Precio justo para quien cultiva",
        body: "Compramos directamente a los agricultores y acordamos el precio con ellos antes de cada recogida. Pagamos la fruta y la verdura que el mercado rechaza por lo que vale, su calidad, y no por su aspecto, para que rescatarla les compense.",
      },
      seasonal: {
        title: "Local y de temporada",
        body: "Damos prioridad a fincas cercanas y seguimos el calendario de cada cultivo. Por eso tu caja cambia de una semana a otra: no forzamos cosechas fuera de temporada ni traemos de lejos lo que aquí no toca.",
      },
      packaging: {
        title: "Envases sin plástico",
        body: "Las cajas son de cartón reciclable y el producto viaja a granel, sin bandejas ni film. Si algo necesita protección, usamos papel u otros materiales reciclables o compostables.",
      },
      routes: {
        title: "Rutas de reparto eficientes",
        body: "Agrupamos las entregas por zonas y días y planificamos cada ruta para recorrer menos kilómetros con la furgoneta llena. Menos viajes en vacío significan menos emisiones y producto más fresco.",
      },
      foodBanks: {
        title: "Lo que sobra, a los bancos de alimentos",
        body: "Si una semana rescatamos más de lo que cabe en las cajas, no lo tiramos: lo donamos a bancos de alimentos y entidades sociales cercanas, que lo reparten mientras está fresco.",
      },
      transparency: {
        title: "Cuentas claras",
        body: "Publicamos cuántos kilos hemos rescatado, con cuántos agricultores trabajamos y cuánta agua y CO₂ hemos ahorrado, y lo actualizamos a medida que llegan las cajas.",
      },
    },
    impactLink: "Ver nuestro impacto",
    ctaHeading: "Ponlos a prueba con tu próxima caja",
    ctaBody:
      "Cada caja es fruta y verdura que no se tira y un agricultor que cobra su cosecha entera. Pide una vez o suscríbete: puedes pausar cuando quieras.",
    ctaButton: "Ver las cajas",
    feedback: "¿Ves algo que podríamos hacer mejor?",
    feedbackLink: "Escríbenos",
  },
  foodWaste: {
    whyHeading: "¿Por qué se desperdicia fruta y verdura?",
    whyLead:
      "Según las estimaciones de la FAO, cerca de un tercio de los alimentos que se producen en el mundo se pierde o se desperdicia. Una parte se queda por el camino mucho antes de llegar a la tienda, en el propio campo.",
    causes: {
      looks: {
        title: "Normas estéticas",
        body: "Muchas cadenas de distribución solo aceptan piezas de color, forma y piel impecables. Una manzana con una marca de granizo o una zanahoria con dos puntas se quedan fuera, aunque por dentro estén perfectas.",
      },
      sizes: {
        title: "Calibres",
        body: "La fruta se clasifica por tamaño, el calibre. Las piezas demasiado pequeñas o demasiado grandes para las bandejas y mallas estándar no se venden como fruta fresca: acaban en la industria a un precio muy bajo, como pienso o en el suelo de la finca.",
      },
      surplus: {
        title: "Excedentes",
        body: "Cuando la cosecha viene abundante o la demanda cae, los precios bajan tanto que al agricultor a veces no le compensa ni recogerla. Parte de la producción se queda en el árbol o se destruye.",
      },
    },
    imperfectHeading: "¿Qué quiere decir «imperfecta»?",
    imperfect: {
      definition:
        "Para nosotros, una fruta o una verdura imperfecta es la que no cumple los cánones de aspecto del mercado, pero sí los de calidad y seguridad alimentaria: está fresca, sana y sabe como tiene que saber.",
      quality:
        "No es fruta pasada ni estropeada. Revisamos cada lote antes de preparar las cajas, y lo que no nos comeríamos nosotros no entra.",
    },
    isHeading: "Lo que sí encontrarás en tu caja",
    is: {
      shapes: "Formas curiosas: dobles, torcidas o con bultos",
      sizes: "Piezas más pequeñas o más grandes de lo habitual",
      marks: "Marcas de granizo, roce o sol en la piel",
      colours: "Colores irregulares o menos intensos",
    },
    isNotHeading: "Lo que nunca encontrarás",
    isNot: {
      rotten: "Fruta podrida o con moho",
      old: "Producto pasado, seco o sin sabor",
      damaged: "Golpes o heridas que afecten a la pulpa",
    },
    actionHeading: "Qué hacemos nosotros",
    action: {
      buy: "Compramos a los agricultores la cosecha que el mercado rechaza por su forma, su tamaño o su color, a un precio justo, y la llevamos directamente a casas y empresas.",
      plan: "Preparamos las cajas según lo que hay en el campo cada semana: adaptamos la oferta a la cosecha, y no al revés. Y si algo sobra, lo donamos a bancos de alimentos.",
    },
    impactLink: "Ver nuestro impacto",
    tipsHeading: "Cómo reducir el desperdicio en casa",
    tipsLead:
      "Según Eurostat, en la Unión Europea más de la mitad de los alimentos que se desperdician se tiran en los hogares. Con unos pocos hábitos se nota mucho:",
    tips: {
      plan: {
        title: "Planifica antes de comprar",
        body: "Mira qué queda en la nevera y en la despensa, piensa los menús de la semana y compra solo lo que vas a usar.",
      },
      store: {
        title: "Guarda cada cosa en su sitio",
        body: "Tomates, plátanos, patatas y cebollas, fuera de la nevera (y las patatas, lejos de las cebollas). Las hojas verdes, en el cajón de las verduras envueltas en un paño húmedo.",
      },
      ripeFirst: {
        title: "Primero, lo más maduro",
        body: "Pon delante lo que está más maduro o lleva más días en casa, y deja para el final lo que aguanta más, como los cítricos, las manzanas o la calabaza.",
      },
      wholePiece: {
        title: "Aprovecha la pieza entera",
        body: "Las hojas de la remolacha y de la zanahoria se saltean, los tallos del brócoli se comen igual que los ramilletes y las pieles limpias dan sabor a los caldos.",
      },
      secondLife: {
        title: "Dale una segunda vida",
        body: "La fruta muy madura es perfecta para batidos, compotas o bizcochos, y la verdura algo blanda, para cremas, sofritos y guisos.",
      },
      freeze: {
        title: "Congela a tiempo",
        body: "Si ves que no te dará tiempo a comerlo, congélalo: fruta troceada para batidos, verdura escaldada y caldos o sofritos en raciones.",
      },
    },
    ctaHeading: "Cada caja cuenta",
    ctaBody: "Con tu caja, la fruta y la verdura que el mercado rechaza llegan a una mesa en lugar de a la basura.",
    ctaButton: "Ver las cajas",
  },
  companies: {
    whyHeading: "Fruta en la oficina, sin complicaciones",
    why: {
      office: {
        title: "Fruta fresca para tu equipo",
        body: "Cajas de fruta de temporada para la oficina, la cantina o los eventos: un tentempié sano que desaparece antes del mediodía.",
      },
      flexible: {
        title: "Entregas y facturas a tu medida",
        body: "Elige el día y la frecuencia de entrega, cambia cantidades de una semana a otra y recibe una sola factura mensual.",
      },
      impact: {
        title: "Impacto que puedes contar",
        body: "Te enviamos cada trimestre los kilos rescatados por tu empresa, listos para tu memoria de sostenibilidad.",
      },
    },
    offerHeading: "Nuestra oferta para empresas",
    offerLead:
      "Precios sin IVA: junto a cada uno, el tipo que se añade. Para pedidos grandes o entregas en varias sedes, pídenos una propuesta.",
    formHeading: "Pide una propuesta",
    formLead: "Cuéntanos cuántas personas sois y te respondemos en un día laborable.",
  },
  contact: {
    faqHeading: "Preguntas frecuentes",
    formHeading: "Escríbenos",
  },
  whatsInTheBox: {
    /** The week the contents are for ({dates}: "16–22 de noviembre de 2026"). */
    week: "Semana del {dates}",
  },
};

export type PagesTexts = typeof es;

const ca = {
  about: {
    storyHeading: "Com va començar tot",
    story: {
      origin:
        "Imperfecta va néixer al camp. Cada temporada vèiem el mateix: caixes de taronges, tomàquets o carbassons en perfecte estat que es quedaven a la finca perquè eren massa petits, massa grossos o tenien una forma estranya. Els supermercats no els acceptaven i, per a molts pagesos, collir-los costava més del que ningú en pagaria.",
      van: "Així que vam llogar una furgoneta, vam parlar amb unes quantes finques properes i vam començar a comprar-los precisament el que ningú no volia. Ho repartíem en caixes entre amics i veïns, que repetien i ho explicaven a altres. El que va començar com un experiment va acabar convertint-se en una botiga.",
      today:
        "Avui treballem directament amb pagesos de diferents comarques, sense intermediaris, i portem caixes de fruita i verdura rescatada a cases i a empreses. La idea continua sent la del primer dia: si és bo, es menja.",
    },
    stepsHeading: "Del camp a la teva taula, en quatre passos",
    steps: {
      find: {
        title: "Busquem al camp",
        body: "Els pagesos ens avisen quan tenen collita que no entra en els estàndards del mercat, i el nostre equip la visita per comprovar-ne la qualitat.",
      },
      buy: {
        title: "Paguem un preu just",
        body: "Comprem directament a la finca, sense intermediaris, a un preu que acordem amb cada pagès abans de la collita.",
      },
      pack: {
        title: "Preparem la teva caixa",
        body: "Triem el que és al seu punt i muntem les caixes amb producte de temporada, en caixes de cartró reciclable i sense plàstics innecessaris.",
      },
      deliver: {
        title: "Te la portem",
        body: "Repartim a cases i oficines el dia que triïs. Pots demanar-la un sol cop o subscriure-t'hi, i saltar o aturar lliuraments quan vulguis.",
      },
    },
    valuesHeading: "El que ens mou",
    values: {
      taste: {
        title: "El que és bo no es llença",
        body: "Una poma amb una marca de calamarsa té el mateix gust que una de perfecta. Jutgem la fruita pel gust i la frescor, no per la foto.",
      },
      fair: {
        title: "Tracte just",
        body: "Els pagesos cobren tota la collita, no només la més bonica. Acordem els preus amb ells i paguem a temps.",
      },
      local: {
        title: "A prop i de temporada",
        body: "Preferim finques properes i el que toca a cada època de l'any: menys quilòmetres i més gust.",
      },
      open: {
        title: "Sense lletra petita",
        body: "T'expliquem d'on ve el que menges, qui ho conrea i quant hem rescatat entre tots.",
      },
    },
    moreHeading: "Coneix-nos millor",
    links: {
      team: "Les persones que busquen, preparen i reparteixen les teves caixes cada setmana.",
      farmers: "Les finques amb què treballem i el que hi conreen.",
      impact: "Els quilos rescatats i l'aigua i el CO₂ que hem estalviat entre tots.",
      boxes: "Fruita, verdura o mixta, de la mida que millor encaixi amb casa teva.",
    },
  },
  commitment: {
    listHeading: "Sis compromisos concrets",
    listLead:
      "Rescatar menjar només té sentit si també fem bé tota la resta. Aquests compromisos guien cada caixa que preparem.",
    items: {
      fairPrice: {
        title: "Preu just per a qui conrea",
        body: "Comprem directament als pagesos i hi acordem el preu abans de cada collita. Paguem la fruita i la verdura que el mercat rebutja pel que val, la seva qualitat, i no pel seu aspecte, perquè rescatar-la els surti a compte.",
      },
      seasonal: {
        title: "De proximitat i de temporada",
        body: "Donem prioritat a les finques properes i seguim el calendari de cada conreu. Per això la teva caixa canvia d'una setmana a l'altra: no forcem collites fora de temporada ni portem de lluny el que aquí no toca.",
      },
      packaging: {
        title: "Envasos sense plàstic",
        body: "Les caixes són de cartró reciclable i el producte viatja a granel, sense safates ni film. Si alguna cosa necessita protecció, fem servir paper o altres materials reciclables o compostables.",
      },
      routes: {
        title: "Rutes de repartiment eficients",
        body: "Agrupem els lliuraments per zones i dies i planifiquem cada ruta per fer menys quilòmetres amb la furgoneta plena. Menys viatges en buit volen dir menys emissions i producte més fresc.",
      },
      foodBanks: {
        title: "El que sobra, als bancs d'aliments",
        body: "Si una setmana rescatem més del que cap a les caixes, no ho llencem: ho donem a bancs d'aliments i entitats socials properes, que ho reparteixen mentre és fresc.",
      },
      transparency: {
        title: "Comptes clars",
        body: "Publiquem quants quilos hem rescatat, amb quants pagesos treballem i quanta aigua i CO₂ hem estalviat, i ho actualitzem a mesura que arriben les caixes.",
      },
    },
    impactLink: "Veure el nostre impacte",
    ctaHeading: "Posa'ls a prova amb la teva propera caixa",
    ctaBody:
      "Cada caixa és fruita i verdura que no es llença i un pagès que cobra tota la collita. Demana-la un cop o subscriu-t'hi: la pots aturar quan vulguis.",
    ctaButton: "Veure les caixes",
    feedback: "Veus alguna cosa que podríem fer millor?",
    feedbackLink: "Escriu-nos",
  },
  foodWaste: {
    whyHeading: "Per què es malbarata fruita i verdura?",
    whyLead:
      "Segons les estimacions de la FAO, prop d'un terç dels aliments que es produeixen al món es perd o es malbarata. Una part es queda pel camí molt abans d'arribar a la botiga, al mateix camp.",
    causes: {
      looks: {
        title: "Normes estètiques",
        body: "Moltes cadenes de distribució només accepten peces de color, forma i pell impecables. Una poma amb una marca de calamarsa o una pastanaga amb dues puntes queden fora, encara que per dins siguin perfectes.",
      },
      sizes: {
        title: "Calibres",
        body: "La fruita es classifica per mida, el calibre. Les peces massa petites o massa grosses per a les safates i malles estàndard no es venen com a fruita fresca: acaben a la indústria a un preu molt baix, com a pinso o a terra de la finca.",
      },
      surplus: {
        title: "Excedents",
        body: "Quan la collita ve abundant o la demanda cau, els preus baixen tant que de vegades al pagès no li surt a compte ni collir-la. Part de la producció es queda a l'arbre o es destrueix.",
      },
    },
    imperfectHeading: "Què vol dir «imperfecta»?",
    imperfect: {
      definition:
        "Per a nosaltres, una fruita o una verdura imperfecta és la que no compleix els cànons d'aspecte del mercat, però sí els de qualitat i seguretat alimentària: és fresca, sana i té el gust que ha de tenir.",
      quality:
        "No és fruita passada ni feta malbé. Revisem cada lot abans de preparar les caixes, i el que no ens menjaríem nosaltres no hi entra.",
    },
    isHeading: "El que sí que trobaràs a la caixa",
    is: {
      shapes: "Formes curioses: dobles, torçades o amb bonys",
      sizes: "Peces més petites o més grosses del que és habitual",
      marks: "Marques de calamarsa, de frec o de sol a la pell",
      colours: "Colors irregulars o menys intensos",
    },
    isNotHeading: "El que no hi trobaràs mai",
    isNot: {
      rotten: "Fruita podrida o amb floridura",
      old: "Producte passat, sec o sense gust",
      damaged: "Cops o ferides que afectin la polpa",
    },
    actionHeading: "Què hi fem nosaltres",
    action: {
      buy: "Comprem als pagesos la collita que el mercat rebutja per la forma, la mida o el color, a un preu just, i la portem directament a cases i empreses.",
      plan: "Preparem les caixes segons el que hi ha al camp cada setmana: adaptem l'oferta a la collita, i no a l'inrevés. I si sobra alguna cosa, la donem als bancs d'aliments.",
    },
    impactLink: "Veure el nostre impacte",
    tipsHeading: "Com reduir el malbaratament a casa",
    tipsLead:
      "Segons Eurostat, a la Unió Europea més de la meitat dels aliments que es malbaraten es llencen a les llars. Amb uns quants hàbits es nota molt:",
    tips: {
      plan: {
        title: "Planifica abans de comprar",
        body: "Mira què queda a la nevera i al rebost, pensa els menús de la setmana i compra només el que faràs servir.",
      },
      store: {
        title: "Desa cada cosa al seu lloc",
        body: "Tomàquets, plàtans, patates i cebes, fora de la nevera (i les patates, lluny de les cebes). Les fulles verdes, embolicades amb un drap humit, al calaix de les verdures.",
      },
      ripeFirst: {
        title: "Primer, el més madur",
        body: "Posa al davant el que és més madur o fa més dies que és a casa, i deixa per al final el que aguanta més, com els cítrics, les pomes o la carbassa.",
      },
      wholePiece: {
        title: "Aprofita la peça sencera",
        body: "Les fulles de la remolatxa i de la pastanaga se saltegen, les tiges del bròquil es mengen igual que els ramells i les pells netes donen gust als brous.",
      },
      secondLife: {
        title: "Dona-li una segona vida",
        body: "La fruita molt madura és perfecta per a batuts, compotes o pastissos, i la verdura una mica tova, per a cremes, sofregits i guisats.",
      },
      freeze: {
        title: "Congela a temps",
        body: "Si veus que no t'ho menjaràs a temps, congela-ho: fruita a trossos per als batuts, verdura escaldada i brous o sofregits en racions.",
      },
    },
    ctaHeading: "Cada caixa compta",
    ctaBody:
      "Amb la teva caixa, la fruita i la verdura que el mercat rebutja arriben a una taula en lloc d'anar a les escombraries.",
    ctaButton: "Veure les caixes",
  },
  companies: {
    whyHeading: "Fruita a l'oficina, sense complicacions",
    why: {
      office: {
        title: "Fruita fresca per al teu equip",
        body: "Caixes de fruita de temporada per a l'oficina, el menjador o els esdeveniments: un mos saludable que desapareix abans del migdia.",
      },
      flexible: {
        title: "Lliuraments i factures a la teva mida",
        body: "Tria el dia i la freqüència de lliurament, canvia quantitats d'una setmana a l'altra i rep una sola factura mensual.",
      },
      impact: {
        title: "Un impacte que pots explicar",
        body: "Cada trimestre t'enviem els quilos rescatats per la teva empresa, a punt per a la memòria de sostenibilitat.",
      },
    },
    offerHeading: "La nostra oferta per a empreses",
    offerLead:
      "Preus sense IVA: al costat de cadascun, el tipus que s'hi afegeix. Per a comandes grans o lliuraments a diverses seus, demana'ns una proposta.",
    formHeading: "Demana una proposta",
    formLead: "Explica'ns quantes persones sou i et responem en un dia laborable.",
  },
  contact: {
    faqHeading: "Preguntes freqüents",
    formHeading: "Escriu-nos",
  },
  whatsInTheBox: {
    week: "Setmana del {dates}",
  },
} as const satisfies PagesTexts;

const pt = {
  about: {
    storyHeading: "Como tudo começou",
    story: {
      origin:
        "A Imperfecta nasceu no campo. Em cada época víamos o mesmo: caixas de laranjas, tomates ou curgetes em perfeito estado que ficavam na quinta por serem demasiado pequenos, demasiado grandes ou terem uma forma estranha. Os supermercados não os aceitavam e, para muitos agricultores, apanhá-los custava mais do que alguém pagaria por eles.",
      van: "Por isso alugámos uma carrinha, falámos com algumas quintas próximas e começámos a comprar-lhes precisamente o que ninguém queria. Distribuíamos tudo em caixas por amigos e vizinhos, que voltavam a encomendar e passavam a palavra. O que começou como uma experiência acabou por se tornar uma loja.",
      today:
        "Hoje trabalhamos diretamente com agricultores de várias regiões, sem intermediários, e levamos caixas de fruta e legumes resgatados a casas e a empresas. A ideia continua a ser a do primeiro dia: se é bom, come-se.",
    },
    stepsHeading: "Do campo à sua mesa, em quatro passos",
    steps: {
      find: {
        title: "Procuramos no campo",
        body: "Os agricultores avisam-nos quando têm colheita que não cumpre os padrões do mercado, e a nossa equipa visita-a para confirmar a qualidade.",
      },
      buy: {
        title: "Pagamos um preço justo",
        body: "Compramos diretamente à quinta, sem intermediários, a um preço que combinamos com cada agricultor antes da colheita.",
      },
      pack: {
        title: "Preparamos a sua caixa",
        body: "Escolhemos o que está no ponto e montamos as caixas com produtos da época, em caixas de cartão reciclável e sem plásticos desnecessários.",
      },
      deliver: {
        title: "Levamos-lha a casa",
        body: "Entregamos em casas e escritórios no dia que escolher. Pode encomendar uma só vez ou fazer uma subscrição, e saltar ou pausar entregas quando quiser.",
      },
    },
    valuesHeading: "O que nos move",
    values: {
      taste: {
        title: "O que é bom não se deita fora",
        body: "Uma maçã com uma marca de granizo sabe igual a uma perfeita. Avaliamos a fruta pelo sabor e pela frescura, não pela fotografia.",
      },
      fair: {
        title: "Relação justa",
        body: "Os agricultores recebem pela colheita inteira, não só pela mais bonita. Combinamos os preços com eles e pagamos a tempo.",
      },
      local: {
        title: "Perto e da época",
        body: "Preferimos quintas próximas e o que cada altura do ano dá: menos quilómetros e mais sabor.",
      },
      open: {
        title: "Sem letras pequenas",
        body: "Contamos-lhe de onde vem o que come, quem o cultiva e quanto já resgatámos todos juntos.",
      },
    },
    moreHeading: "Conheça-nos melhor",
    links: {
      team: "As pessoas que procuram, preparam e entregam as suas caixas todas as semanas.",
      farmers: "As quintas com que trabalhamos e o que cultivam.",
      impact: "Os quilos resgatados e a água e o CO₂ que poupámos todos juntos.",
      boxes: "Fruta, legumes ou mista, no tamanho que melhor se adapta à sua casa.",
    },
  },
  commitment: {
    listHeading: "Seis compromissos concretos",
    listLead:
      "Resgatar comida só faz sentido se fizermos bem tudo o resto. Estes compromissos orientam cada caixa que preparamos.",
    items: {
      fairPrice: {
        title: "Preço justo para quem cultiva",
        body: "Compramos diretamente aos agricultores e combinamos o preço com eles antes de cada colheita. Pagamos a fruta e os legumes que o mercado rejeita pelo que valem, pela qualidade e não pelo aspeto, para que resgatá-los compense.",
      },
      seasonal: {
        title: "Local e da época",
        body: "Damos prioridade a quintas próximas e seguimos o calendário de cada cultura. É por isso que a sua caixa muda de semana para semana: não forçamos colheitas fora de época nem trazemos de longe o que cá não se dá.",
      },
      packaging: {
        title: "Embalagens sem plástico",
        body: "As caixas são de cartão reciclável e os produtos viajam a granel, sem tabuleiros nem película. Se algo precisar de proteção, usamos papel ou outros materiais recicláveis ou compostáveis.",
      },
      routes: {
        title: "Rotas de entrega eficientes",
        body: "Agrupamos as entregas por zonas e dias e planeamos cada rota para percorrer menos quilómetros com a carrinha cheia. Menos viagens em vazio significam menos emissões e produtos mais frescos.",
      },
      foodBanks: {
        title: "O que sobra vai para os bancos alimentares",
        body: "Se numa semana resgatarmos mais do que cabe nas caixas, não deitamos fora: doamos a bancos alimentares e instituições sociais próximas, que distribuem tudo enquanto está fresco.",
      },
      transparency: {
        title: "Contas claras",
        body: "Publicamos quantos quilos resgatámos, com quantos agricultores trabalhamos e quanta água e CO₂ poupámos, e atualizamos estes números à medida que as caixas chegam.",
      },
    },
    impactLink: "Ver o nosso impacto",
    ctaHeading: "Ponha-nos à prova com a sua próxima caixa",
    ctaBody:
      "Cada caixa é fruta e legumes que não vão para o lixo e um agricultor que recebe pela colheita inteira. Encomende uma vez ou faça uma subscrição: pode pausar quando quiser.",
    ctaButton: "Ver as caixas",
    feedback: "Vê alguma coisa que possamos fazer melhor?",
    feedbackLink: "Escreva-nos",
  },
  foodWaste: {
    whyHeading: "Porque se desperdiçam fruta e legumes?",
    whyLead:
      "Segundo as estimativas da FAO, cerca de um terço dos alimentos produzidos no mundo perde-se ou é desperdiçado. Uma parte fica pelo caminho muito antes de chegar à loja, no próprio campo.",
    causes: {
      looks: {
        title: "Normas estéticas",
        body: "Muitas cadeias de distribuição só aceitam peças de cor, forma e casca impecáveis. Uma maçã com uma marca de granizo ou uma cenoura com duas pontas ficam de fora, mesmo que por dentro estejam perfeitas.",
      },
      sizes: {
        title: "Calibres",
        body: "A fruta é classificada por tamanho, o calibre. As peças demasiado pequenas ou demasiado grandes para as cuvetes e redes normais não se vendem como fruta fresca: acabam na indústria a um preço muito baixo, como ração animal ou no chão da quinta.",
      },
      surplus: {
        title: "Excedentes",
        body: "Quando a colheita é abundante ou a procura cai, os preços descem tanto que, por vezes, ao agricultor nem compensa apanhá-la. Parte da produção fica na árvore ou é destruída.",
      },
    },
    imperfectHeading: "O que quer dizer «imperfeita»?",
    imperfect: {
      definition:
        "Para nós, uma fruta ou um legume imperfeito é aquele que não cumpre os padrões de aspeto do mercado, mas cumpre os de qualidade e segurança alimentar: está fresco, é saudável e sabe ao que deve saber.",
      quality:
        "Não é fruta passada nem estragada. Verificamos cada lote antes de preparar as caixas, e o que nós próprios não comeríamos não entra.",
    },
    isHeading: "O que vai encontrar na sua caixa",
    is: {
      shapes: "Formas curiosas: duplas, tortas ou com altos",
      sizes: "Peças mais pequenas ou maiores do que o habitual",
      marks: "Marcas de granizo, de roçadura ou de sol na casca",
      colours: "Cores irregulares ou menos intensas",
    },
    isNotHeading: "O que nunca vai encontrar",
    isNot: {
      rotten: "Fruta podre ou com bolor",
      old: "Produtos passados, secos ou sem sabor",
      damaged: "Pancadas ou feridas que afetem a polpa",
    },
    actionHeading: "O que nós fazemos",
    action: {
      buy: "Compramos aos agricultores a colheita que o mercado rejeita pela forma, pelo tamanho ou pela cor, a um preço justo, e levamo-la diretamente a casas e empresas.",
      plan: "Preparamos as caixas de acordo com o que o campo dá em cada semana: adaptamos a oferta à colheita, e não o contrário. E, se sobrar alguma coisa, doamo-la a bancos alimentares.",
    },
    impactLink: "Ver o nosso impacto",
    tipsHeading: "Como reduzir o desperdício em casa",
    tipsLead:
      "Segundo o Eurostat, na União Europeia mais de metade dos alimentos desperdiçados vai para o lixo nas casas das famílias. Alguns hábitos simples fazem muita diferença:",
    tips: {
      plan: {
        title: "Planeie antes de comprar",
        body: "Veja o que ainda tem no frigorífico e na despensa, pense nas refeições da semana e compre só o que vai usar.",
      },
      store: {
        title: "Guarde cada coisa no seu lugar",
        body: "Tomates, bananas, batatas e cebolas, fora do frigorífico (e as batatas longe das cebolas). As folhas verdes, na gaveta dos legumes, embrulhadas num pano húmido.",
      },
      ripeFirst: {
        title: "Primeiro, o mais maduro",
        body: "Ponha à frente o que está mais maduro ou está em casa há mais dias, e deixe para o fim o que aguenta mais, como os citrinos, as maçãs ou a abóbora.",
      },
      wholePiece: {
        title: "Aproveite a peça inteira",
        body: "As folhas da beterraba e da cenoura podem ser salteadas, os talos dos brócolos comem-se tal como os floretes e as cascas bem lavadas dão sabor aos caldos.",
      },
      secondLife: {
        title: "Dê-lhe uma segunda vida",
        body: "A fruta muito madura é perfeita para batidos, compotas ou bolos, e os legumes um pouco moles, para sopas, refogados e estufados.",
      },
      freeze: {
        title: "Congele a tempo",
        body: "Se vir que não vai conseguir comer tudo a tempo, congele: fruta aos pedaços para batidos, legumes branqueados e caldos ou refogados em doses.",
      },
    },
    ctaHeading: "Cada caixa conta",
    ctaBody:
      "Com a sua caixa, a fruta e os legumes que o mercado rejeita chegam a uma mesa em vez de irem para o lixo.",
    ctaButton: "Ver as caixas",
  },
  companies: {
    whyHeading: "Fruta no escritório, sem complicações",
    why: {
      office: {
        title: "Fruta fresca para a sua equipa",
        body: "Caixas de fruta da época para o escritório, a cantina ou os eventos: um lanche saudável que desaparece antes do almoço.",
      },
      flexible: {
        title: "Entregas e faturas à sua medida",
        body: "Escolha o dia e a frequência das entregas, altere quantidades de uma semana para a outra e receba uma só fatura mensal.",
      },
      impact: {
        title: "Um impacto que pode mostrar",
        body: "Todos os trimestres enviamos-lhe os quilos resgatados pela sua empresa, prontos para o relatório de sustentabilidade.",
      },
    },
    offerHeading: "A nossa oferta para empresas",
    offerLead:
      "Preços sem IVA: junto a cada um, a taxa que se acrescenta. Para encomendas grandes ou entregas em várias moradas, peça-nos uma proposta.",
    formHeading: "Peça uma proposta",
    formLead: "Diga-nos quantas pessoas são e respondemos num dia útil.",
  },
  contact: {
    faqHeading: "Perguntas frequentes",
    formHeading: "Escreva-nos",
  },
  whatsInTheBox: {
    week: "Semana de {dates}",
  },
} as const satisfies PagesTexts;

const PAGES: Record<Locale, PagesTexts> = { es, ca, pt };

/** A content page's long texts, which travel with that page's own data only (decision 006). */
export function pageTextsFor<Page extends keyof PagesTexts>(locale: Locale, page: Page): PagesTexts[Page] {
  return PAGES[locale][page];
}
