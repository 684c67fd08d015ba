import type { Locale } from "@shop/domain";
import { defineTemplate } from "../template";
import { excerpt, languageNames } from "../texts";
import { StaffNotification } from "./staff-notification";

/** To staff: a visitor wrote through the contact form. Reply-to is the visitor. */
export interface StaffContactMessageProps {
  name: string;
  email: string;
  phone: string | null;
  message: string;
  /** The language of the page the visitor wrote from. */
  language: Locale;
  /** The entry in the admin panel. */
  adminUrl: string;
}

type Props = StaffContactMessageProps;

interface Texts {
  subject(props: Props): string;
  heading: string;
  intro(language: string): string;
  name: string;
  email: string;
  phone: string;
  language: string;
  message: string;
  openInPanel: string;
  replyHint(name: string): string;
}

const texts = {
  es: {
    subject: ({ name }) => `Contacto web: ${name}`,
    heading: "Nuevo mensaje del formulario de contacto",
    intro: (language) => `Alguien ha escrito desde la web en ${language}.`,
    name: "Nombre",
    email: "E-mail",
    phone: "Teléfono",
    language: "Idioma",
    message: "Mensaje",
    openInPanel: "Abrir en el panel",
    replyHint: (name) => `Responde a este correo para contestar a ${name}.`,
  },
  ca: {
    subject: ({ name }) => `Contacte web: ${name}`,
    heading: "Nou missatge del formulari de contacte",
    intro: (language) => `Algú ha escrit des del web en ${language}.`,
    name: "Nom",
    email: "Correu electrònic",
    phone: "Telèfon",
    language: "Idioma",
    message: "Missatge",
    openInPanel: "Obre-ho al tauler",
    replyHint: (name) => `Respon aquest correu per contestar a ${name}.`,
  },
  pt: {
    subject: ({ name }) => `Contacto pelo site: ${name}`,
    heading: "Nova mensagem do formulário de contacto",
    intro: (language) => `Alguém escreveu pelo site em ${language}.`,
    name: "Nome",
    email: "E-mail",
    phone: "Telefone",
    language: "Idioma",
    message: "Mensagem",
    openInPanel: "Abrir no painel",
    replyHint: (name) => `Responda a este e-mail para escrever a ${name}.`,
  },
} as const satisfies Record<Locale, Texts>;

export function StaffContactMessage({ locale, ...props }: Props & { locale: Locale }) {
  const t = texts[locale];
  const language = languageNames[locale][props.language];
  return (
    <StaffNotification
      locale={locale}
      preview={`${props.name}: ${excerpt(props.message)}`}
      heading={t.heading}
      intro={t.intro(language)}
      fields={[{ label: t.name, value: props.name }]}
      email={{ label: t.email, address: props.email }}
      moreFields={[
        { label: t.phone, value: props.phone ?? "-" },
        { label: t.language, value: language },
      ]}
      message={{ heading: t.message, text: props.message }}
      openInPanel={{ label: t.openInPanel, href: props.adminUrl }}
      footerNote={t.replyHint(props.name)}
    />
  );
}

export const staffContactMessage = defineTemplate<StaffContactMessageProps>({
  subject: (props, locale) => texts[locale].subject(props),
  Email: StaffContactMessage,
  sample: {
    name: "Ana García",
    email: "ana@example.com",
    phone: "+34 600 123 456",
    message: "Hola, ¿repartís en Sabadell los jueves?\nSomos cuatro en casa y nos interesa la caja mediana.",
    language: "ca",
    adminUrl:
      "http://localhost:1337/admin/content-manager/collection-types/api::contact-message.contact-message/abc123",
  },
});
