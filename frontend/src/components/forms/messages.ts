import type { Language } from '@stichting/contracts';

/**
 * Status texts shared by every form (spec §4 form states, §8 error catalogue). They live here rather than in a
 * page namespace because four pages use them; move them to a registered 'forms' namespace when one exists.
 */
export interface FormMessages {
  verifying: string;
  sending: string;
  /** spec §8: the error panel heading. */
  errorHeading: string;
  /** spec §8: the heading when the bot check fails; the reason follows it. */
  securityHeading: string;
  securityHint: string;
  badRequest: string;
  tooLarge: string;
  tooManyRequests: string;
  unavailable: string;
  serverError: string;
  network: string;
  unexpected: string;
  detailLabel: string;
  required: string;
  invalidEmail: string;
  optional: string;
}

export const FORM_MESSAGES: Record<Language, FormMessages> = {
  nl: {
    verifying: 'Verifiëren...',
    sending: 'Verzenden...',
    errorHeading: 'Fout bij het verzenden van het formulier',
    securityHeading: 'Beveiligingsverificatie mislukt',
    securityHint: 'De beveiligingscontrole is mislukt. Vernieuw de pagina en probeer het opnieuw.',
    badRequest: 'Controleer de gemarkeerde velden en probeer het opnieuw.',
    tooLarge: 'Je bericht is te lang om te verzenden. Maak de tekst korter en probeer het opnieuw.',
    tooManyRequests: 'Te veel pogingen in korte tijd. Wacht een minuut en probeer het dan opnieuw.',
    unavailable:
      'Ons formulier is tijdelijk niet beschikbaar. Er is niets opgeslagen; probeer het over een paar minuten opnieuw.',
    serverError: 'Er is een fout opgetreden bij het verzenden van je aanvraag. Probeer het later opnieuw.',
    network: 'We konden de server niet bereiken. Controleer je internetverbinding en probeer het opnieuw.',
    unexpected: 'Er is een onverwachte fout opgetreden.',
    detailLabel: 'Details',
    required: 'Dit veld is verplicht.',
    invalidEmail: 'Vul een geldig e-mailadres in.',
    optional: '(optioneel)',
  },
  en: {
    verifying: 'Verifying...',
    sending: 'Sending...',
    errorHeading: 'Error submitting form',
    securityHeading: 'Security verification failed',
    securityHint: 'The security check failed. Please refresh the page and try again.',
    badRequest: 'Please check the highlighted fields and try again.',
    tooLarge: 'Your message is too long to send. Please shorten it and try again.',
    tooManyRequests: 'Too many attempts in a short time. Please wait a minute and try again.',
    unavailable: 'Our form is temporarily unavailable. Nothing was saved; please try again in a few minutes.',
    serverError: 'An error occurred while submitting your request. Please try again later.',
    network: 'We could not reach the server. Please check your internet connection and try again.',
    unexpected: 'An unexpected error occurred.',
    detailLabel: 'Details',
    required: 'This field is required.',
    invalidEmail: 'Please enter a valid email address.',
    optional: '(optional)',
  },
  es: {
    verifying: 'Verificando...',
    sending: 'Enviando...',
    errorHeading: 'Error al enviar el formulario',
    securityHeading: 'La verificación de seguridad ha fallado',
    securityHint: 'La verificación de seguridad ha fallado. Actualiza la página e inténtalo de nuevo.',
    badRequest: 'Revisa los campos marcados e inténtalo de nuevo.',
    tooLarge: 'Tu mensaje es demasiado largo para enviarlo. Acórtalo e inténtalo de nuevo.',
    tooManyRequests: 'Demasiados intentos en poco tiempo. Espera un minuto e inténtalo de nuevo.',
    unavailable:
      'Nuestro formulario no está disponible en este momento. No se ha guardado nada; inténtalo de nuevo en unos minutos.',
    serverError: 'Se produjo un error al enviar tu solicitud. Inténtalo de nuevo más tarde.',
    network: 'No pudimos conectar con el servidor. Comprueba tu conexión a internet e inténtalo de nuevo.',
    unexpected: 'Se produjo un error inesperado.',
    detailLabel: 'Detalles',
    required: 'Este campo es obligatorio.',
    invalidEmail: 'Introduce una dirección de correo electrónico válida.',
    optional: '(opcional)',
  },
};
