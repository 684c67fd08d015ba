import type { PaymentMethod } from "@shop/contracts";
import type { ScreenId } from "@shop/routing";

export interface ScreenText {
  /** Document title (the site name is appended). */
  readonly title: string;
  readonly description: string;
  readonly heading: string;
  readonly intro: string;
}

/** Spanish is the default language: its shape is the contract every other language satisfies. */
export const es = {
  site: {
    name: "Imperfecta",
    tagline: "Fruta y verdura rescatada, a domicilio",
    skipToContent: "Saltar al contenido",
    /** Said to screen readers after a link that opens another site in a new tab. */
    opensInNewTab: "(se abre en una pestaña nueva)",
  },
  nav: {
    main: "Navegación principal",
    home: "Inicio",
    menu: "Menú",
    boxes: "Nuestras cajas",
    seasonalBoxes: "Cajas de temporada",
    whatsInTheBox: "Qué hay en la caja",
    companies: "Empresas",
    impact: "Impacto",
    about: "Quiénes somos",
    newOrder: "Pedir mi caja",
    signIn: "Iniciar sesión",
    account: "Mi cuenta",
    signOut: "Cerrar sesión",
    language: "Idioma",
    backToShop: "Volver a la tienda",
    accountMenu: "Tu cuenta",
    closeMenu: "Cerrar el menú",
    sections: "Todas las secciones",
  },
  footer: {
    shop: "Tienda",
    company: "Nosotros",
    sustainability: "Sostenibilidad",
    legal: "Legal",
    giftCard: "Tarjeta regalo",
    rights: "Todos los derechos reservados.",
    madeFor: "Rescatamos fruta y verdura fea pero buena para que no acabe en la basura.",
    help: "Atención al cliente",
    delivery: "Zonas y gastos de envío",
    faq: "Preguntas frecuentes",
    /** Reopens the cookie preferences (shown only when the shop has analytics). */
    cookieSettings: "Configuración de cookies",
  },
  /** The shop's own details (CMS shop settings): footer, contact page, legal notice. */
  shopInfo: {
    owner: "Datos del titular",
    otherWays: "Otras formas de contactarnos",
    legalName: "Titular",
    taxId: "NIF",
    registration: "Datos registrales",
    address: "Domicilio",
    email: "Correo electrónico",
    phone: "Teléfono",
    openingHours: "Horario de atención",
    payments: "Formas de pago",
    social: "Síguenos",
    paymentMethods: {
      card: "Tarjeta de débito o crédito",
      bizum: "Bizum",
      applePay: "Apple Pay",
      googlePay: "Google Pay",
      sepaDirectDebit: "Domiciliación bancaria SEPA",
      giftCard: "Tarjeta regalo",
    } satisfies Record<PaymentMethod, string>,
  },
  checkout: {
    steps: "Pasos del pedido",
    choose: "Tu caja",
    delivery: "Cuenta y entrega",
    payment: "Pago",
    done: "Confirmación",
    secure: "Pago seguro",
    stepOf: "Paso {current} de {total}",
  },
  errors: {
    notFoundHeadline: "¡Vaya! Esta página se ha echado a perder",
    notFoundBody: "Puede que el enlace esté mal escrito o que la página ya no exista. Prueba con uno de estos:",
    statusLabel: "Error",
    genericHeadline: "Algo ha ido mal",
    genericBody: "No hemos podido mostrar esta página. Inténtalo de nuevo en unos minutos.",
    links: "Enlaces útiles",
  },
  catalogue: {
    vatIncluded: "IVA incluido",
    /** After a price without VAT, on the companies page and what only companies can buy. */
    plusVat: "+ IVA {rate}",
    onlyCompanies: "Solo empresas",
    unavailable: "Ahora mismo no está a la venta. Mira nuestras otras cajas.",
    /** A box's size in words (@shop/domain sizeOf: the codes S, IM, XL are small, medium, large). */
    sizes: { small: "Pequeña", medium: "Mediana", large: "Grande" },
    approxWeight: "{kg} kg aprox.",
    /** A product sold by the piece (a box of 12 eggs). */
    pieces: { one: "{count} unidad", other: "{count} unidades" },
    empty: "Ahora mismo no hay productos disponibles en esta sección. Vuelve pronto.",
    allCategories: "Todas",
    categories: "Categorías",
    orderThis: "Pedir esta caja",
    seeDetails: "Ver detalles",
    seasonal: "De temporada",
  },
  home: {
    heroPrimary: "Pedir mi caja",
    heroSecondary: "Ver las cajas",
    boxesHeading: "Elige tu caja",
    boxesLink: "Ver todas las cajas",
    howHeading: "Cómo funciona",
    step1Title: "Elige tu caja",
    step1Body: "Fruta, verdura o mixta, del tamaño que necesites, una vez o cada semana.",
    step2Title: "Rescatamos en el campo",
    step2Body: "Compramos a precio justo lo que no llega a las tiendas por su aspecto.",
    step3Title: "La recibes en casa",
    step3Body: "Te la llevamos el día que elijas. Puedes saltar o pausar entregas cuando quieras.",
    impactHeading: "Lo que hemos rescatado entre todos",
    reviewsHeading: "Lo que dicen de nosotros",
    postsHeading: "Del blog",
    /** Under the heading when the page is in another language than the blog ({language}: Intl's name). */
    postsLanguage: "Artículos en {language}",
    ctaHeading: "¿Te unes al rescate?",
    ctaBody: "Cada caja evita que fruta y verdura buenas acaben en la basura.",
  },
  impact: {
    totalRescuedKgs: "kg de fruta y verdura rescatados",
    bagsAvoided: "bolsas de plástico evitadas",
    co2Emitted: "kg de CO₂ evitados",
    waterLitersRecovered: "litros de agua recuperados",
    farmersCollaborating: "agricultores colaboradores",
    peopleWithBoxRecieved: "personas han recibido una caja",
    /** Under the figures: as of when they were counted ({date}: "31 de octubre de 2026"). */
    asOf: "Cifras acumuladas hasta el {date}.",
    howMeasured: "Cómo las medimos",
    methodHeading: "Cómo medimos estas cifras",
  },
  reviews: {
    rating: "{rating} de 5 estrellas",
    /** Under the heading when the page is in another language than the reviews. */
    language: "Opiniones escritas en {language}",
  },
  lightbox: {
    dialog: "Visor de imágenes",
    open: "Ampliar imagen {number} de {total}",
    close: "Cerrar",
    next: "Imagen siguiente",
    previous: "Imagen anterior",
    zoomIn: "Acercar",
    zoomOut: "Alejar",
    rotateLeft: "Girar a la izquierda",
    rotateRight: "Girar a la derecha",
    reset: "Restablecer",
    position: "{number} de {total}",
    error: "No se ha podido cargar la imagen.",
    loading: "Cargando imagen…",
  },
  product: {
    addToOrder: "Añadir a mi pedido",
    details: "Detalles",
    gallery: "Galería de imágenes",
  },
  forms: {
    name: "Nombre",
    email: "Correo electrónico",
    phone: "Teléfono (opcional)",
    message: "Mensaje",
    company: "Empresa",
    employees: "Número de personas en la empresa",
    companyMessage: "¿Qué necesitáis? (opcional)",
    send: "Enviar",
    sending: "Enviando…",
    contactSent: "¡Gracias! Hemos recibido tu mensaje y te responderemos pronto.",
    leadSent: "¡Gracias! Nuestro equipo de empresas se pondrá en contacto contigo en breve.",
    fixErrors: "Revisa los campos marcados.",
    required: "Este campo es obligatorio.",
    tooLong: "Es demasiado largo (máximo {max} caracteres).",
    invalidEmail: "Escribe un correo electrónico válido.",
    invalidPhone: "Escribe un número de teléfono válido.",
    serverError: "No hemos podido enviar el formulario. Inténtalo de nuevo en unos minutos.",
    tooMany:
      "Hemos recibido muchos mensajes tuyos en poco tiempo. Inténtalo de nuevo dentro de una hora o escríbenos por correo.",
    privacyNote: "Solo usaremos estos datos para responderte.",
    privacyLink: "Lee nuestra política de privacidad",
  },
  /** The newsletter signup in every page's footer: the e-mailed link confirms it (double opt-in). */
  newsletterSignup: {
    heading: "Newsletter",
    intro: "Novedades de la tienda, recetas de aprovechamiento y ofertas, en tu correo.",
    email: "Tu correo electrónico",
    consent:
      "Quiero recibir por correo la newsletter de Imperfecta con novedades, recetas y ofertas. Puedo darme de baja cuando quiera.",
    consentRequired: "Marca la casilla para suscribirte.",
    submit: "Suscribirme",
    tooMany: "Demasiados intentos. Inténtalo de nuevo más tarde.",
    manage: "Gestiona tu newsletter",
  },
  flash: {
    newsletterRequested:
      "Gracias. Si esta dirección aún no recibe la newsletter, te hemos enviado un enlace para confirmar la suscripción.",
    signedIn: "Has iniciado sesión.",
    signedOut: "Has cerrado la sesión.",
    draftSpent: "Ese pedido ya está hecho: aquí lo tienes, con su estado y, si sigue pendiente, el botón para pagarlo.",
    registered: "Tu cuenta está creada. Te hemos enviado un correo para confirmar tu dirección.",
    passwordReset:
      "Tu contraseña nueva está guardada y has iniciado sesión. Hemos cerrado la sesión en tus otros dispositivos.",
    passwordChanged: "Tu contraseña ha cambiado. Hemos cerrado la sesión en tus otros dispositivos.",
    emailConfirmed: "Tu correo está confirmado.",
    accountDeleted: "Hemos borrado tu cuenta. Te hemos enviado un correo con los detalles.",
    confirmationFailed: "Este enlace de confirmación no es válido, ya se ha usado o ha caducado. Pide otro abajo.",
    socialFailed: "No hemos podido iniciar sesión con {provider}. Inténtalo de nuevo o entra con tu correo.",
    socialAccountExists:
      "Ya hay una cuenta con el correo de tu cuenta de {provider}. Entra con su contraseña o con un código que te enviamos por correo.",
    socialEmailNotVerified:
      "{provider} no nos ha dado un correo verificado. Verifica tu correo en {provider} o entra con tu correo aquí.",
    socialCancelled: "Has cancelado el acceso con {provider}. Puedes volver a intentarlo o entrar con tu correo.",
    otherEmailConfirmed: "Hemos confirmado la dirección del enlace, que es de otra cuenta, no de la tuya.",
    close: "Cerrar el aviso",
  },
  referral: {
    step1Title: "Comparte tu código",
    step1Body: "En tu cuenta encontrarás un código personal para enviar a quien quieras.",
    step2Title: "Tu amigo hace su primer pedido",
    step2Body: "Con tu código, su primera caja tiene descuento.",
    step3Title: "Tú también ganas",
    step3Body: "Cuando recibe su primera caja, te aplicamos un descuento en tu próximo pedido.",
    signedOutCta: "Inicia sesión para ver tu código",
    signedInCta: "Ver mi código",
  },
  screens: {
    home: {
      title: "Fruta y verdura imperfecta a domicilio",
      description: "Cajas de fruta y verdura rescatada de productores locales, a domicilio, una vez o por suscripción.",
      heading: "Fruta y verdura fea, pero buenísima",
      intro:
        "Rescatamos fruta y verdura que no cumple los cánones estéticos y te la llevamos a casa en cajas de temporada.",
    },
    team: {
      title: "Equipo",
      description: "Conoce a las personas que rescatan fruta y verdura cada semana.",
      heading: "Nuestro equipo",
      intro: "Somos un equipo pequeño que trabaja cada día con agricultores, repartidores y clientes.",
    },
    about: {
      title: "Nuestra historia",
      description: "Cómo empezamos a rescatar fruta y verdura imperfecta y por qué lo hacemos.",
      heading: "Nuestra historia",
      intro: "Empezamos con una furgoneta y una idea sencilla: la comida buena no se tira por su aspecto.",
    },
    boxes: {
      title: "Nuestras cajas",
      description: "Cajas de fruta, de verdura o mixtas, en varios tamaños, una vez o por suscripción.",
      heading: "Nuestras cajas",
      intro: "Elige entre fruta, verdura o mixta, en el tamaño que mejor encaje con tu casa.",
    },
    seasonalBoxes: {
      title: "Cajas de temporada",
      description: "Cajas especiales con lo mejor de cada temporada.",
      heading: "Cajas de temporada",
      intro: "Ediciones limitadas con los productos que solo encontrarás en esta época del año.",
    },
    impact: {
      title: "Nuestro impacto",
      description: "Kilos rescatados, bolsas evitadas, CO2, agua recuperada y agricultores con los que colaboramos.",
      heading: "Nuestro impacto",
      intro: "Cada caja cuenta: así se suma lo que hemos rescatado entre todos.",
    },
    commitment: {
      title: "Nuestro compromiso",
      description: "Nuestro compromiso con el campo, las personas y el planeta.",
      heading: "Nuestro compromiso",
      intro: "Precios justos para quien cultiva, envases mínimos y rutas de reparto eficientes.",
    },
    foodWaste: {
      title: "Desperdicio alimentario",
      description: "Por qué se desperdicia comida en el campo y qué podemos hacer.",
      heading: "Desperdicio alimentario",
      intro: "Una parte enorme de la cosecha nunca llega a la tienda solo por su forma o su tamaño.",
    },
    contact: {
      title: "Contacto",
      description: "Escríbenos: te respondemos lo antes posible.",
      heading: "Contacto",
      intro: "¿Dudas sobre tu pedido, tu suscripción o las cajas? Estamos para ayudarte.",
    },
    farmers: {
      title: "Agricultores",
      description: "Los agricultores con los que trabajamos y lo que cultivan.",
      heading: "Nuestros agricultores",
      intro: "Trabajamos con fincas cercanas y les compramos lo que el mercado rechaza.",
    },
    newsroom: {
      title: "Sala de prensa",
      description: "Noticias, notas de prensa y recursos para medios.",
      heading: "Sala de prensa",
      intro: "Noticias sobre nosotros y materiales para periodistas.",
    },
    whatsInTheBox: {
      title: "Qué hay en la caja",
      description: "El contenido de las cajas de esta semana.",
      heading: "Qué hay en la caja esta semana",
      intro: "El contenido cambia cada semana según lo que rescatamos en el campo.",
    },
    referAFriend: {
      title: "Invita a un amigo",
      description: "Invita a tus amigos y ganad descuentos los dos.",
      heading: "Invita a un amigo",
      intro: "Comparte tu código: tu amigo tiene un descuento en su primera caja y tú también.",
    },
    companies: {
      title: "Empresas",
      description: "Fruta para la oficina y cajas para equipos y clientes.",
      heading: "Para empresas",
      intro: "Fruta fresca en la oficina y regalos con impacto para tu equipo y tus clientes.",
    },
    product: {
      title: "Producto",
      description: "Detalle del producto.",
      heading: "Producto",
      intro: "Detalle, precio e información del producto.",
    },
    complementaryProducts: {
      title: "Productos complementarios",
      description: "Aceite, huevos, legumbres y otros productos para completar tu caja.",
      heading: "Productos complementarios",
      intro: "Añade a tu caja productos de pequeños productores.",
    },
    legalNotice: {
      title: "Aviso legal",
      description: "Aviso legal del sitio web.",
      heading: "Aviso legal",
      intro: "Información sobre el titular de este sitio web y las condiciones de uso.",
    },
    cookiesPolicy: {
      title: "Política de cookies",
      description: "Qué cookies usamos y para qué.",
      heading: "Política de cookies",
      intro: "Qué cookies usamos, para qué y cómo puedes gestionarlas.",
    },
    privacyPolicy: {
      title: "Política de privacidad",
      description: "Cómo tratamos tus datos personales.",
      heading: "Política de privacidad",
      intro: "Cómo tratamos tus datos personales y cuáles son tus derechos.",
    },
    termsAndConditions: {
      title: "Términos y condiciones",
      description: "Condiciones de compra y suscripción.",
      heading: "Términos y condiciones",
      intro: "Condiciones de compra, suscripción, entrega y devoluciones.",
    },
    blankPage: {
      title: "Imperfecta",
      description: "Página en blanco.",
      heading: "Imperfecta",
      intro: "",
    },
    callback: {
      title: "Iniciando sesión",
      description: "Completando el inicio de sesión.",
      heading: "Iniciando sesión",
      intro: "Estamos completando tu inicio de sesión.",
    },
    connectRedirect: {
      title: "Conectando",
      description: "Conectando con tu cuenta.",
      heading: "Conectando con tu cuenta",
      intro: "Te estamos llevando al proveedor para iniciar sesión.",
    },
    giftCardCreate: {
      title: "Tarjeta regalo digital",
      description: "Regala fruta y verdura rescatada con una tarjeta regalo digital.",
      heading: "Regala una tarjeta digital",
      intro: "Elige el importe, escribe un mensaje y la enviamos por correo electrónico.",
    },
    giftCardPaymentFailed: {
      title: "Pago de la tarjeta regalo",
      description: "El resultado del pago de una tarjeta regalo.",
      heading: "Pago de la tarjeta regalo",
      intro: "No tenemos ningún pago de tarjeta regalo tuyo que mostrar aquí.",
    },
    giftCardPaymentCompleted: {
      title: "Pago de la tarjeta regalo",
      description: "El resultado del pago de una tarjeta regalo.",
      heading: "Pago de la tarjeta regalo",
      intro: "No tenemos ningún pago de tarjeta regalo tuyo que mostrar aquí.",
    },
    adminGiftCards: {
      title: "Tarjetas regalo",
      description: "Gestión de tarjetas regalo.",
      heading: "Tarjetas regalo",
      intro: "Consulta las tarjetas regalo emitidas y su saldo.",
    },
    login: {
      title: "Iniciar sesión",
      description: "Accede a tu cuenta.",
      heading: "Inicia sesión",
      intro: "Accede a tu cuenta para gestionar tus pedidos y suscripciones.",
    },
    passwordRecovery: {
      title: "Recuperar contraseña",
      description: "Recupera el acceso a tu cuenta.",
      heading: "Recupera tu contraseña",
      intro: "Te enviaremos un enlace para crear una contraseña nueva.",
    },
    register: {
      title: "Crear una cuenta",
      description: "Abre tu cuenta para pedir, seguir tus entregas y gestionar tus suscripciones.",
      heading: "Crea tu cuenta",
      intro: "Solo necesitas tu correo electrónico y una contraseña.",
    },
    newsletterConfirm: {
      title: "Confirmar la suscripción",
      description: "Confirma que quieres recibir nuestra newsletter.",
      heading: "Confirma tu suscripción",
      intro: "Un paso más para recibir nuestras novedades y recetas.",
    },
    newsletterUnsubscribe: {
      title: "Darse de baja de la newsletter",
      description: "Deja de recibir nuestra newsletter.",
      heading: "Darte de baja de la newsletter",
      intro: "Dejarás de recibir nuestras novedades por correo.",
    },
    newOrder: {
      title: "Nuevo pedido",
      description: "Elige tu caja y cuándo quieres recibirla.",
      heading: "Haz tu pedido",
      intro: "Elige tu caja, cuándo quieres recibirla y si la quieres una vez o de forma periódica.",
    },
    orderPay: {
      title: "Pagar pedido",
      description: "Pago del pedido.",
      heading: "Pago del pedido",
      intro: "Revisa tu pedido y págalo en la página segura del banco.",
    },
    orderStatus: {
      title: "Estado del pedido",
      description: "Estado de tu pedido.",
      heading: "Estado del pedido",
      intro: "Aquí verás en qué punto está tu pedido.",
    },
    paymentCompleted: {
      title: "Resultado del pago",
      description: "El resultado del pago de un pedido.",
      heading: "Resultado del pago",
      intro: "Cómo está tu pedido y su pago.",
    },
    paymentFailed: {
      title: "Resultado del pago",
      description: "El resultado del pago de un pedido.",
      heading: "Resultado del pago",
      intro: "Cómo está tu pedido y su pago.",
    },
    account: {
      title: "Mi cuenta",
      description: "Tu cuenta.",
      heading: "Mi cuenta",
      intro: "Gestiona tus pedidos, suscripciones, datos y preferencias.",
    },
    profile: {
      title: "Perfil",
      description: "Tus datos, tus direcciones y tu contraseña.",
      heading: "Perfil",
      intro: "Tus datos personales, tus direcciones y tu contraseña.",
    },
    addPaymentCompleted: {
      title: "Método de pago",
      description: "El resultado de guardar un método de pago.",
      heading: "Método de pago",
      intro: "No tenemos ningún método de pago tuyo que mostrar aquí.",
    },
    addPaymentFailed: {
      title: "Método de pago",
      description: "El resultado de guardar un método de pago.",
      heading: "Método de pago",
      intro: "No tenemos ningún método de pago tuyo que mostrar aquí.",
    },
    referrals: {
      title: "Referidos",
      description: "Tu código para invitar a tus amigos.",
      heading: "Referidos",
      intro: "Tu código de invitación y el enlace para compartirlo.",
    },
    newsletter: {
      title: "Newsletter",
      description: "Tus preferencias de newsletter.",
      heading: "Newsletter",
      intro: "Suscríbete o date de baja de nuestra newsletter.",
    },
    orders: {
      title: "Mis pedidos",
      description: "Historial de pedidos.",
      heading: "Mis pedidos",
      intro: "Todos tus pedidos y su estado.",
    },
    orderDetail: {
      title: "Detalle del pedido",
      description: "Detalle de un pedido.",
      heading: "Detalle del pedido",
      intro: "Productos, entrega y pago de este pedido.",
    },
    subscriptions: {
      title: "Mis suscripciones",
      description: "Tus suscripciones.",
      heading: "Mis suscripciones",
      intro: "Tus cajas periódicas y sus próximas entregas.",
    },
    subscriptionDetail: {
      title: "Detalle de la suscripción",
      description: "Detalle de una suscripción.",
      heading: "Detalle de la suscripción",
      intro: "Caja, frecuencia, entregas y pago de esta suscripción.",
    },
    upcomingDeliveries: {
      title: "Próximas entregas",
      description: "Próximas entregas de una suscripción.",
      heading: "Próximas entregas",
      intro: "Las próximas fechas de entrega de esta suscripción.",
    },
  } satisfies Record<ScreenId, ScreenText>,
};

/** Every language must provide exactly these keys: a missing one fails the type check. */
export type Messages = typeof es;

/**
 * The long texts of the content pages (our story, commitment, food waste). They are kept out of
 * `es` on purpose: the root loader sends `Messages` with every page, so each of these pages' loader
 * sends only its own texts (decision 006, "texts per page"). Same contract: Spanish is the shape
 * every other language satisfies.
 */
export const esPages = {
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

export type PagesMessages = typeof esPages;
