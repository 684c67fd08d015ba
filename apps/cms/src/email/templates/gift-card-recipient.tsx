import type { Locale } from "@shop/domain";
import { Text } from "@react-email/components";
import { ActionButton, ButtonFallback, EmailHeading, EmailLink, MultilineText, Paragraph } from "../components";
import { EmailLayout } from "../layout";
import { defineTemplate } from "../template";
import { colors } from "../theme";

/**
 * To the person a gift card is for, on the day the buyer chose (src/gift-cards/sending.ts,
 * docs/decisions/037): the amount, the code grouped for reading, the buyer's message and name; the
 * card itself as a PDF attached. The only message that ever carries the whole code.
 */
export interface GiftCardRecipientProps {
  /** The recipient's name, as the buyer wrote it. */
  name: string;
  /** The sender's name as the buyer wrote it, or null (then the mail says "someone"). */
  from: string | null;
  /** "25,00 €", in the recipient's language. */
  amount: string;
  /** "7KQ4M-XW2RP-…": grouped for reading. */
  code: string;
  message: string | null;
  /** Where the card is spent: the new-order flow. */
  url: string;
  /** Where its balance is checked, without an account. */
  balanceUrl: string;
}

interface Texts {
  subject(from: string | null, amount: string): string;
  hello: string;
  gives(from: string | null, amount: string): string;
  message(from: string | null): string;
  codeLabel: string;
  howTo: string;
  action: string;
  balance: string;
  attached: string;
  footer: string;
}

const texts = {
  es: {
    subject: (from, amount) => `${from ?? "Alguien"} te regala una tarjeta regalo de Imperfecta de ${amount}`,
    hello: "Hola",
    gives: (from, amount) =>
      `${from ?? "Alguien"} te regala una tarjeta regalo de ${amount} para fruta y verdura de temporada de Imperfecta.`,
    message: (from) => (from === null ? "Su mensaje:" : `El mensaje de ${from}:`),
    codeLabel: "Tu código",
    howTo:
      "Escríbelo en el resumen de tu pedido, en el campo de la tarjeta regalo. Puedes gastarlo en varios pedidos hasta agotar el saldo, y no caduca.",
    action: "Hacer un pedido",
    balance: "Consulta el saldo que te queda, sin cuenta, en la página de la tarjeta regalo.",
    attached: "Te adjuntamos la tarjeta en PDF por si quieres imprimirla o regalarla en papel.",
    footer:
      "Recibes este correo porque alguien te ha regalado una tarjeta de Imperfecta. Guarda el código: es tu saldo.",
  },
  ca: {
    subject: (from, amount) => `${from ?? "Algú"} et regala una targeta regal d'Imperfecta de ${amount}`,
    hello: "Hola",
    gives: (from, amount) =>
      `${from ?? "Algú"} et regala una targeta regal de ${amount} per a fruita i verdura de temporada d'Imperfecta.`,
    message: () => "El seu missatge:",
    codeLabel: "El teu codi",
    howTo:
      "Escriu-lo al resum de la teva comanda, al camp de la targeta regal. El pots gastar en diverses comandes fins a esgotar el saldo, i no caduca.",
    action: "Fer una comanda",
    balance: "Consulta el saldo que et queda, sense compte, a la pàgina de la targeta regal.",
    attached: "T'adjuntem la targeta en PDF per si la vols imprimir o regalar en paper.",
    footer: "Reps aquest correu perquè algú t'ha regalat una targeta d'Imperfecta. Guarda el codi: és el teu saldo.",
  },
  pt: {
    subject: (from, amount) => `${from ?? "Alguém"} oferece-lhe um cartão-presente Imperfecta de ${amount}`,
    hello: "Olá",
    gives: (from, amount) =>
      `${from ?? "Alguém"} oferece-lhe um cartão-presente de ${amount} para fruta e legumes da época da Imperfecta.`,
    message: (from) => (from === null ? "A mensagem:" : `Mensagem de ${from}:`),
    codeLabel: "O seu código",
    howTo:
      "Escreva-o no resumo da sua encomenda, no campo do cartão-presente. Pode gastá-lo em várias encomendas até esgotar o saldo, e não expira.",
    action: "Fazer uma encomenda",
    balance: "Consulte o saldo que lhe resta, sem conta, na página do cartão-presente.",
    attached: "Enviamos o cartão em PDF, caso o queira imprimir ou oferecer em papel.",
    footer: "Recebe este e-mail porque alguém lhe ofereceu um cartão Imperfecta. Guarde o código: é o seu saldo.",
  },
} as const satisfies Record<Locale, Texts>;

export const giftCardRecipient = defineTemplate<GiftCardRecipientProps>({
  subject: (props, locale) => texts[locale].subject(props.from, props.amount),
  Email({ locale, ...props }) {
    const t: Texts = texts[locale];
    const gives = t.gives(props.from, props.amount);
    return (
      <EmailLayout locale={locale} preview={gives} footerNote={t.footer}>
        <EmailHeading>{t.subject(props.from, props.amount)}</EmailHeading>
        <Paragraph>{`${t.hello}, ${props.name}:`}</Paragraph>
        <Paragraph>{gives}</Paragraph>
        {props.message !== null && props.message.trim() !== "" && (
          <>
            <Paragraph>{t.message(props.from)}</Paragraph>
            <MultilineText text={props.message} />
          </>
        )}
        <Paragraph>{t.codeLabel}</Paragraph>
        <Text
          style={{
            margin: "0 0 20px",
            padding: "12px 8px",
            fontFamily: "'Courier New', Courier, monospace",
            fontSize: "20px",
            lineHeight: "28px",
            fontWeight: 700,
            letterSpacing: "1px",
            textAlign: "center",
            color: colors.green,
            backgroundColor: colors.beige,
          }}
        >
          {props.code}
        </Text>
        <Paragraph>{t.howTo}</Paragraph>
        <ActionButton href={props.url}>{t.action}</ActionButton>
        <Paragraph>{t.balance}</Paragraph>
        <Paragraph>
          <EmailLink href={props.balanceUrl}>{props.balanceUrl}</EmailLink>
        </Paragraph>
        <Paragraph>{t.attached}</Paragraph>
        <ButtonFallback locale={locale} href={props.url} />
      </EmailLayout>
    );
  },
  sample: {
    name: "Marta",
    from: "Ana",
    amount: "25,00 €",
    code: "7KQ4M-XW2RP-9HTCD-3FGNB",
    message: "¡Feliz cumpleaños!\nPara que te cuides.",
    url: "http://localhost:3000/nuevo-pedido",
    balanceUrl: "http://localhost:3000/tarjeta-regalo-digital/crear#saldo",
  },
});
