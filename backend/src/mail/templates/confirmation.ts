import { FOUNDATION, isLanguage, type Language, type SubmissionType } from '@stichting/contracts';
import type { Submission } from '../../generated/prisma/client';
import { escapeHtml, htmlDocument, htmlLines } from './html';
import type { RenderedMail } from './staff-notification';

interface ConfirmationText {
  subject: string;
  greeting: string;
  paragraphs: string[];
  signOff: string;
  reference: (id: string) => string;
  footer: string;
}

const SIGN_OFF: Record<Language, string> = {
  nl: `Met hartelijke groet,\n${FOUNDATION.name}`,
  en: `Warm regards,\n${FOUNDATION.name}`,
  es: `Un cordial saludo,\n${FOUNDATION.name}`,
};
const REFERENCE: Record<Language, (id: string) => string> = {
  nl: (id) => `Je referentie: ${id}`,
  en: (id) => `Your reference: ${id}`,
  es: (id) => `Tu referencia: ${id}`,
};
const FOOTER: Record<Language, string> = {
  nl: 'Je ontvangt deze e-mail omdat je een formulier op onze website hebt ingevuld. Vragen? Beantwoord gewoon deze e-mail.',
  en: 'You are receiving this email because you filled in a form on our website. Questions? Simply reply to this email.',
  es: 'Recibes este correo porque has rellenado un formulario en nuestra web. ¿Tienes preguntas? Responde a este correo.',
};
/**
 * No name in the greeting. The confirmation goes to whatever address was typed, nobody has verified it, and it
 * comes from the foundation's own sender: any text a visitor chose (a "name" such as "Cheap pills at
 * https://…") would turn the form into a relay for their message. A first name "cleaned" of URLs still carries
 * words of their choosing, so the confirmation holds only the foundation's own text and the reference number.
 */
const GREETING: Record<Language, string> = {
  nl: 'Hallo,',
  en: 'Hello,',
  es: 'Hola:',
};

/** The confirmation a visitor receives, per form and language; volunteers are promised contact in 3 business days (docs/product.md §4, §9). */
const BODIES: Record<SubmissionType, Record<Language, { subject: string; paragraphs: string[] }>> = {
  volunteer: {
    nl: {
      subject: 'Bedankt voor je aanmelding als vrijwilliger',
      paragraphs: [
        `Hartelijk dank voor je aanmelding als vrijwilliger bij ${FOUNDATION.name}. Wat fijn dat je je tijd en talent wilt inzetten voor gezinnen en mensen die weer op eigen benen willen staan.`,
        'We hebben je aanmelding goed ontvangen. Binnen 3 werkdagen nemen we contact met je op om kennis te maken en samen te kijken welke rol het beste bij je past.',
      ],
    },
    en: {
      subject: 'Thank you for signing up as a volunteer',
      paragraphs: [
        `Thank you so much for applying to volunteer with ${FOUNDATION.name}. We are delighted that you want to give your time and talent to families and people working towards a stable, independent life.`,
        'We have received your application. We will contact you within 3 business days to get to know you and to find the role that suits you best.',
      ],
    },
    es: {
      subject: 'Gracias por inscribirte como voluntario/a',
      paragraphs: [
        `Muchas gracias por inscribirte como voluntario/a en ${FOUNDATION.name}. Nos alegra mucho que quieras dedicar tu tiempo y tu talento a familias y personas que trabajan por una vida estable e independiente.`,
        'Hemos recibido tu solicitud. Nos pondremos en contacto contigo en un plazo de 3 días hábiles para conocerte y buscar juntos el papel que mejor encaje contigo.',
      ],
    },
  },
  contact: {
    nl: {
      subject: 'We hebben je bericht ontvangen',
      paragraphs: [
        `Bedankt voor je bericht aan ${FOUNDATION.name}. We hebben het goed ontvangen en lezen het met aandacht.`,
        'We reageren zo snel als we kunnen. Ons team bestaat uit vrijwilligers, dus het kan soms een paar dagen duren.',
      ],
    },
    en: {
      subject: 'We have received your message',
      paragraphs: [
        `Thank you for your message to ${FOUNDATION.name}. It has arrived safely and we will read it with care.`,
        'We will get back to you as soon as we can. Our team is made up of volunteers, so it may sometimes take a few days.',
      ],
    },
    es: {
      subject: 'Hemos recibido tu mensaje',
      paragraphs: [
        `Gracias por tu mensaje a ${FOUNDATION.name}. Lo hemos recibido y lo leeremos con atención.`,
        'Te responderemos lo antes posible. Nuestro equipo está formado por voluntarios, así que a veces puede tardar unos días.',
      ],
    },
  },
  'help-request': {
    nl: {
      subject: 'We hebben je hulpaanvraag ontvangen',
      paragraphs: [
        'Dank je wel dat je contact met ons opneemt. Het vraagt moed om hulp te vragen, en we zijn blij dat je dat hebt gedaan.',
        'We hebben je aanvraag goed ontvangen en behandelen deze vertrouwelijk. We nemen zo snel mogelijk contact met je op, op de manier die je hebt gekozen.',
        'Is er iets veranderd of wil je nog iets toevoegen? Beantwoord dan deze e-mail.',
      ],
    },
    en: {
      subject: 'We have received your request for help',
      paragraphs: [
        'Thank you for reaching out to us. It takes courage to ask for help, and we are glad you did.',
        'We have received your request and will treat it confidentially. We will contact you as soon as possible, in the way you preferred.',
        'Has something changed, or would you like to add anything? Just reply to this email.',
      ],
    },
    es: {
      subject: 'Hemos recibido tu solicitud de ayuda',
      paragraphs: [
        'Gracias por ponerte en contacto con nosotros. Pedir ayuda requiere valor, y nos alegra que lo hayas hecho.',
        'Hemos recibido tu solicitud y la trataremos de forma confidencial. Nos pondremos en contacto contigo lo antes posible, de la forma que has elegido.',
        '¿Ha cambiado algo o quieres añadir algo más? Solo tienes que responder a este correo.',
      ],
    },
  },
};

function textFor(type: SubmissionType, language: Language): ConfirmationText {
  return {
    ...BODIES[type][language],
    greeting: GREETING[language],
    signOff: SIGN_OFF[language],
    reference: REFERENCE[language],
    footer: FOOTER[language],
  };
}

/**
 * The confirmation to the visitor in their own language (nl, en or es; Dutch if the stored value is unknown).
 * It sees only the type, language and id of the submission: nothing the visitor typed can reach it.
 */
export function renderConfirmation(
  submission: Pick<Submission, 'id' | 'type' | 'language'>,
): RenderedMail & { language: Language } {
  const language: Language = isLanguage(submission.language) ? submission.language : 'nl';
  const copy = textFor(submission.type as SubmissionType, language);
  const blocks = [copy.greeting, ...copy.paragraphs, copy.signOff];
  const text = [...blocks, '', copy.reference(submission.id), copy.footer].join('\n\n');
  const html = htmlDocument(
    language,
    copy.subject,
    blocks.map((block) => `<p>${htmlLines(block)}</p>`).join('\n') +
      `\n<p style="color:#52606d;font-size:13px">${escapeHtml(copy.reference(submission.id))}<br>${escapeHtml(copy.footer)}</p>`,
  );
  return { subject: copy.subject, text, html, language };
}
