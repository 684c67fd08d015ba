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
  },
  footer: {
    shop: "Tienda",
    company: "Nosotros",
    sustainability: "Sostenibilidad",
    legal: "Legal",
    giftCard: "Tarjeta regalo",
    rights: "Todos los derechos reservados.",
    madeFor: "Rescatamos fruta y verdura fea pero buena para que no acabe en la basura.",
  },
  checkout: {
    steps: "Pasos del pedido",
    choose: "Tu caja",
    delivery: "Entrega",
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
      title: "Pago de la tarjeta regalo no completado",
      description: "El pago de la tarjeta regalo no se ha completado.",
      heading: "El pago no se ha completado",
      intro: "No se ha realizado ningún cargo. Puedes revisar los datos e intentarlo de nuevo.",
    },
    giftCardPaymentCompleted: {
      title: "Tarjeta regalo pagada",
      description: "Tu tarjeta regalo está pagada.",
      heading: "¡Tarjeta regalo pagada!",
      intro: "Gracias por tu compra.",
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
      intro: "Revisa tu pedido y elige cómo pagar.",
    },
    orderStatus: {
      title: "Estado del pedido",
      description: "Estado de tu pedido.",
      heading: "Estado del pedido",
      intro: "Aquí verás en qué punto está tu pedido.",
    },
    paymentCompleted: {
      title: "Pago completado",
      description: "Tu pago se ha completado.",
      heading: "¡Pago completado!",
      intro: "Gracias por tu pedido.",
    },
    paymentFailed: {
      title: "Pago no completado",
      description: "El pago no se ha completado.",
      heading: "El pago no se ha completado",
      intro: "No se ha realizado ningún cargo. Puedes intentarlo de nuevo.",
    },
    account: {
      title: "Mi cuenta",
      description: "Tu cuenta.",
      heading: "Mi cuenta",
      intro: "Gestiona tus pedidos, suscripciones, datos y preferencias.",
    },
    profile: {
      title: "Perfil",
      description: "Tus datos y tu método de pago.",
      heading: "Perfil",
      intro: "Tus datos personales, dirección de entrega y método de pago.",
    },
    addPaymentCompleted: {
      title: "Método de pago añadido",
      description: "Tu método de pago se ha guardado.",
      heading: "Método de pago añadido",
      intro: "Hemos guardado tu método de pago.",
    },
    addPaymentFailed: {
      title: "Método de pago no añadido",
      description: "No se ha podido guardar el método de pago.",
      heading: "No se ha podido añadir el método de pago",
      intro: "No hemos guardado ningún dato. Puedes intentarlo de nuevo.",
    },
    referrals: {
      title: "Referidos",
      description: "Tus invitaciones y recompensas.",
      heading: "Referidos",
      intro: "Tu código de invitación y las recompensas que has conseguido.",
    },
    newsletter: {
      title: "Newsletter",
      description: "Tus preferencias de newsletter.",
      heading: "Newsletter",
      intro: "Elige qué correos quieres recibir.",
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
