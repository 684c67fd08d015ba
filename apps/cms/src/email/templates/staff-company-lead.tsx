import type { Locale } from "@shop/domain";
import { defineTemplate } from "../template";
import { excerpt, languageNames } from "../texts";
import { StaffNotification } from "./staff-notification";

/** To staff: a company asked for an offer through the companies (B2B) form. Reply-to is the contact. */
export interface StaffCompanyLeadProps {
  company: string;
  /** The contact person. */
  name: string;
  email: string;
  phone: string | null;
  /** One of the size ranges the form offers, e.g. "51-200". */
  employees: string | null;
  message: string | null;
  /** The language of the page the contact wrote from. */
  language: Locale;
  /** The entry in the admin panel. */
  adminUrl: string;
}

type Props = StaffCompanyLeadProps;

interface Texts {
  subject(props: Props): string;
  heading: string;
  intro(language: string): string;
  company: string;
  name: string;
  email: string;
  phone: string;
  employees: string;
  language: string;
  message: string;
  noMessage: string;
  openInPanel: string;
  replyHint(name: string): string;
}

const texts = {
  es: {
    subject: ({ company, name }) => `Empresas: ${company} (${name})`,
    heading: "Nueva solicitud del formulario de empresas",
    intro: (language) => `Una empresa ha escrito desde la web en ${language}.`,
    company: "Empresa",
    name: "Contacto",
    email: "E-mail",
    phone: "Teléfono",
    employees: "Empleados",
    language: "Idioma",
    message: "Mensaje",
    noMessage: "(sin mensaje)",
    openInPanel: "Abrir en el panel",
    replyHint: (name) => `Responde a este correo para contestar a ${name}.`,
  },
  ca: {
    subject: ({ company, name }) => `Empreses: ${company} (${name})`,
    heading: "Nova sol·licitud del formulari d'empreses",
    intro: (language) => `Una empresa ha escrit des del web en ${language}.`,
    company: "Empresa",
    name: "Contacte",
    email: "Correu electrònic",
    phone: "Telèfon",
    employees: "Treballadors",
    language: "Idioma",
    message: "Missatge",
    noMessage: "(sense missatge)",
    openInPanel: "Obre-ho al tauler",
    replyHint: (name) => `Respon aquest correu per contestar a ${name}.`,
  },
  pt: {
    subject: ({ company, name }) => `Empresas: ${company} (${name})`,
    heading: "Novo pedido do formulário de empresas",
    intro: (language) => `Uma empresa escreveu pelo site em ${language}.`,
    company: "Empresa",
    name: "Contacto",
    email: "E-mail",
    phone: "Telefone",
    employees: "Funcionários",
    language: "Idioma",
    message: "Mensagem",
    noMessage: "(sem mensagem)",
    openInPanel: "Abrir no painel",
    replyHint: (name) => `Responda a este e-mail para escrever a ${name}.`,
  },
} as const satisfies Record<Locale, Texts>;

export function StaffCompanyLead({ locale, ...props }: Props & { locale: Locale }) {
  const t = texts[locale];
  const language = languageNames[locale][props.language];
  return (
    <StaffNotification
      locale={locale}
      preview={`${props.company} (${props.name})${props.message === null ? "" : `: ${excerpt(props.message)}`}`}
      heading={t.heading}
      intro={t.intro(language)}
      fields={[
        { label: t.company, value: props.company },
        { label: t.name, value: props.name },
      ]}
      email={{ label: t.email, address: props.email }}
      moreFields={[
        { label: t.phone, value: props.phone ?? "-" },
        { label: t.employees, value: props.employees ?? "-" },
        { label: t.language, value: language },
      ]}
      message={{ heading: t.message, text: props.message ?? t.noMessage }}
      openInPanel={{ label: t.openInPanel, href: props.adminUrl }}
      footerNote={t.replyHint(props.name)}
    />
  );
}

export const staffCompanyLead = defineTemplate<StaffCompanyLeadProps>({
  subject: (props, locale) => texts[locale].subject(props),
  Email: StaffCompanyLead,
  sample: {
    company: "Oficines Puig SL",
    name: "Jordi Puig",
    email: "jordi@empresa.example",
    phone: "+34 931 234 567",
    employees: "51-200",
    message: "Volem fruita a l'oficina cada dilluns.\nSom unes 80 persones.",
    language: "ca",
    adminUrl: "http://localhost:1337/admin/content-manager/collection-types/api::company-lead.company-lead/abc123",
  },
});
