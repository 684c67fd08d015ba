import type { Locale } from "@shop/routing";
import type { ConsentCategory } from "./consent";

interface CategoryText {
  readonly name: string;
  readonly description: string;
}

/**
 * Texts of the cookie banner, its preferences dialog and the analytics part of the cookie policy
 * (docs/decisions/016). The banner's chunk holds them, so no page's first load carries them; the
 * policy part travels with the cookie policy page's own data. Changing what they promise means
 * bumping CONSENT_VERSION (analytics/consent.ts), so every visitor is asked again.
 */
export interface ConsentTexts {
  readonly banner: {
    readonly title: string;
    /** `{settings}` is the footer's link to the dialog (footer.cookieSettings). */
    readonly body: string;
    readonly policy: string;
    readonly acceptAll: string;
    readonly rejectAll: string;
    readonly choose: string;
  };
  readonly dialog: {
    readonly intro: string;
    readonly necessary: CategoryText & { readonly state: string };
    readonly categories: Readonly<Record<ConsentCategory, CategoryText>>;
    readonly save: string;
    readonly close: string;
  };
  /** Said to screen readers once the choice is in the cookie. */
  readonly saved: string;
  /** Said when the browser refused the cookie: the choice holds for this page only. */
  readonly notKept: string;
  /** The cookie policy's analytics part (Markdown), shown only while a Tag Manager container is set. */
  readonly policy: {
    readonly heading: string;
    readonly body: string;
    readonly change: string;
  };
}

const es = {
  banner: {
    title: "Tu privacidad",
    body: "Usamos cookies necesarias para que la tienda funcione. Si nos dejas, Google medirá también las visitas y nuestros anuncios. Puedes cambiar tu elección cuando quieras en «{settings}», al pie de cada página.",
    policy: "Política de cookies",
    acceptAll: "Aceptar todas",
    rejectAll: "Rechazar todas",
    choose: "Elegir cuáles",
  },
  dialog: {
    intro:
      "Elige qué cookies podemos usar. Las necesarias están siempre activas; las demás, solo si las activas. Guardamos tu elección un año.",
    necessary: {
      name: "Necesarias",
      description:
        "Mantienen tu sesión, tu pedido a medias, tu idioma y esta elección. Sin ellas la tienda no funciona, por eso no se pueden desactivar.",
      state: "Siempre activas",
    },
    categories: {
      preferences: {
        name: "Preferencias",
        description: "Permiten que las herramientas que añadimos a la tienda, como un chat, recuerden tus ajustes.",
      },
      analytics: {
        name: "Analítica",
        description:
          "Nos dicen, con Google Analytics, cuántas personas visitan cada página y cómo llegan, para mejorar la tienda. No sirven para mostrarte anuncios.",
      },
      marketing: {
        name: "Publicidad",
        description:
          "Permiten a Google medir si nuestros anuncios funcionan y mostrarte anuncios de la tienda en otros sitios según tus visitas.",
      },
    },
    save: "Guardar mi elección",
    close: "Cerrar",
  },
  saved: "Hemos guardado tu elección de cookies.",
  notKept: "Tu navegador no deja guardar cookies: tu elección solo vale para esta página.",
  policy: {
    heading: "Cookies de analítica y publicidad",
    body: "Solo las usamos si las aceptas, por categorías, en el aviso de cookies o en «Configuración de cookies», al pie de cada página. Puedes retirar tu permiso igual de fácil: al retirarlo borramos de nuestro dominio las cookies `_ga` y `_gcl_*` que ya se hubieran guardado.\n\nLas carga Google Tag Manager, un servicio de Google Ireland Limited que no guarda cookies por sí mismo y que no pedimos hasta que aceptas alguna categoría. Google puede tratar estos datos en Estados Unidos, al amparo del Marco de Privacidad de Datos UE-EE. UU.\n\n- `shop_consent` (propia, necesaria): guarda tu elección durante un año. Si cambiamos lo que te pedimos, volveremos a preguntarte.\n- `_ga` y `_ga_*` (Google Analytics, con tu permiso de analítica): distinguen visitas para contarlas. Duran hasta dos años.\n- `_gcl_*` (Google Ads, con tu permiso de publicidad): relacionan una visita con el anuncio del que llega. Duran 90 días.\n- `IDE` y `test_cookie` (en doubleclick.net, de Google, con tu permiso de publicidad): miden y personalizan anuncios en otros sitios. Duran hasta 13 meses.",
    change: "Cambiar la configuración de cookies",
  },
} as const satisfies ConsentTexts;

const ca = {
  banner: {
    title: "La teva privacitat",
    body: "Fem servir galetes necessàries perquè la botiga funcioni. Si ens deixes, Google també mesurarà les visites i els nostres anuncis. Pots canviar la teva elecció quan vulguis a «{settings}», al peu de cada pàgina.",
    policy: "Política de galetes",
    acceptAll: "Acceptar totes",
    rejectAll: "Rebutjar totes",
    choose: "Triar quines",
  },
  dialog: {
    intro:
      "Tria quines galetes podem fer servir. Les necessàries estan sempre actives; les altres, només si les actives. Desem la teva elecció un any.",
    necessary: {
      name: "Necessàries",
      description:
        "Mantenen la sessió, la comanda a mig fer, l'idioma i aquesta elecció. Sense elles la botiga no funciona; per això no es poden desactivar.",
      state: "Sempre actives",
    },
    categories: {
      preferences: {
        name: "Preferències",
        description: "Permeten que les eines que afegim a la botiga, com un xat, recordin la teva configuració.",
      },
      analytics: {
        name: "Analítica",
        description:
          "Ens diuen, amb Google Analytics, quantes persones visiten cada pàgina i com hi arriben, per millorar la botiga. No serveixen per mostrar-te anuncis.",
      },
      marketing: {
        name: "Publicitat",
        description:
          "Permeten que Google mesuri si els nostres anuncis funcionen i et mostri anuncis de la botiga en altres llocs segons les teves visites.",
      },
    },
    save: "Desar la meva elecció",
    close: "Tancar",
  },
  saved: "Hem desat la teva elecció de galetes.",
  notKept: "El teu navegador no deixa desar galetes: la teva elecció només val per a aquesta pàgina.",
  policy: {
    heading: "Galetes d'analítica i publicitat",
    body: "Només les fem servir si les acceptes, per categories, a l'avís de galetes o a «Configuració de galetes», al peu de cada pàgina. Pots retirar el permís igual de fàcilment: quan el retires, esborrem del nostre domini les galetes `_ga` i `_gcl_*` que ja s'haguessin desat.\n\nLes carrega Google Tag Manager, un servei de Google Ireland Limited que no desa galetes per si mateix i que no demanem fins que acceptes alguna categoria. Google pot tractar aquestes dades als Estats Units, a l'empara del Marc de Privacitat de Dades UE-EUA.\n\n- `shop_consent` (pròpia, necessària): desa la teva elecció durant un any. Si canviem el que et demanem, et tornarem a preguntar.\n- `_ga` i `_ga_*` (Google Analytics, amb el teu permís d'analítica): distingeixen visites per comptar-les. Duren fins a dos anys.\n- `_gcl_*` (Google Ads, amb el teu permís de publicitat): relacionen una visita amb l'anunci del qual arriba. Duren 90 dies.\n- `IDE` i `test_cookie` (a doubleclick.net, de Google, amb el teu permís de publicitat): mesuren i personalitzen anuncis en altres llocs. Duren fins a 13 mesos.",
    change: "Canviar la configuració de galetes",
  },
} as const satisfies ConsentTexts;

const pt = {
  banner: {
    title: "A sua privacidade",
    body: "Utilizamos cookies necessários para que a loja funcione. Se nos deixar, a Google medirá também as visitas e os nossos anúncios. Pode mudar a sua escolha quando quiser em «{settings}», no rodapé de cada página.",
    policy: "Política de cookies",
    acceptAll: "Aceitar todos",
    rejectAll: "Rejeitar todos",
    choose: "Escolher quais",
  },
  dialog: {
    intro:
      "Escolha que cookies podemos utilizar. Os necessários estão sempre ativos; os outros, só se os ativar. Guardamos a sua escolha durante um ano.",
    necessary: {
      name: "Necessários",
      description:
        "Mantêm a sua sessão, a encomenda a meio, o idioma e esta escolha. Sem eles a loja não funciona; por isso não podem ser desativados.",
      state: "Sempre ativos",
    },
    categories: {
      preferences: {
        name: "Preferências",
        description: "Permitem que as ferramentas que juntamos à loja, como um chat, se lembrem das suas definições.",
      },
      analytics: {
        name: "Análise",
        description:
          "Dizem-nos, com o Google Analytics, quantas pessoas visitam cada página e como lá chegam, para melhorarmos a loja. Não servem para lhe mostrar anúncios.",
      },
      marketing: {
        name: "Publicidade",
        description:
          "Permitem que a Google meça se os nossos anúncios funcionam e lhe mostre anúncios da loja noutros sítios de acordo com as suas visitas.",
      },
    },
    save: "Guardar a minha escolha",
    close: "Fechar",
  },
  saved: "Guardámos a sua escolha de cookies.",
  notKept: "O seu navegador não deixa guardar cookies: a sua escolha só vale para esta página.",
  policy: {
    heading: "Cookies de análise e publicidade",
    body: "Só os utilizamos se os aceitar, por categorias, no aviso de cookies ou em «Definições de cookies», no rodapé de cada página. Pode retirar a autorização com a mesma facilidade: quando a retira, apagamos do nosso domínio os cookies `_ga` e `_gcl_*` que já tivessem sido guardados.\n\nSão carregados pelo Google Tag Manager, um serviço da Google Ireland Limited que não guarda cookies por si só e que só pedimos depois de aceitar alguma categoria. A Google pode tratar estes dados nos Estados Unidos, ao abrigo do Quadro de Privacidade de Dados UE-EUA.\n\n- `shop_consent` (próprio, necessário): guarda a sua escolha durante um ano. Se mudarmos o que lhe pedimos, voltaremos a perguntar.\n- `_ga` e `_ga_*` (Google Analytics, com a sua autorização de análise): distinguem visitas para as contar. Duram até dois anos.\n- `_gcl_*` (Google Ads, com a sua autorização de publicidade): relacionam uma visita com o anúncio de onde vem. Duram 90 dias.\n- `IDE` e `test_cookie` (em doubleclick.net, da Google, com a sua autorização de publicidade): medem e personalizam anúncios noutros sítios. Duram até 13 meses.",
    change: "Alterar as definições de cookies",
  },
} as const satisfies ConsentTexts;

const CONSENT_TEXTS = { es, ca, pt } as const satisfies Record<Locale, ConsentTexts>;

export function consentTextsFor(locale: Locale): ConsentTexts {
  return CONSENT_TEXTS[locale];
}
