import type { FieldErrorCode, Language } from '@stichting/contracts';
import type { TurnstileReason } from '../turnstile';

/**
 * Status texts shared by every form (docs/product.md §4 form states, §8 error catalogue). They live here rather than in a
 * page namespace because four pages use them; move them to a registered 'forms' namespace when one exists.
 */
export interface FormMessages {
  verifying: string;
  sending: string;
  /** docs/product.md §8: the error panel heading. */
  errorHeading: string;
  /** docs/product.md §8: the heading when the bot check fails; the reason follows it. */
  securityHeading: string;
  securityHint: string;
  /** docs/product.md §8.3: why the bot check failed, after the security heading. */
  turnstileReasons: Record<TurnstileReason, string>;
  badRequest: string;
  tooLarge: string;
  tooManyRequests: string;
  unavailable: string;
  serverError: string;
  network: string;
  unexpected: string;
  detailLabel: string;
  optional: string;
  /** Under a field the server refused, by the code it sent (the server's own message is English). */
  fieldErrors: Record<FieldErrorCode, string>;
}

export const FORM_MESSAGES: Record<Language, FormMessages> = {
  nl: {
    verifying: 'Verifiëren...',
    sending: 'Verzenden...',
    errorHeading: 'Fout bij het verzenden van het formulier',
    securityHeading: 'Beveiligingsverificatie mislukt',
    securityHint: 'De beveiligingscontrole is mislukt. Vernieuw de pagina en probeer het opnieuw.',
    turnstileReasons: {
      expired: 'Token verlopen',
      timeout: 'Verificatie duurde te lang',
      scriptFailed: 'Het script van de beveiligingscontrole kon niet worden geladen',
      notLoaded: 'De beveiligingscontrole kon niet worden geladen',
      noContainer: 'De beveiligingscontrole kon niet worden getoond',
    },
    badRequest: 'Controleer de gemarkeerde velden en probeer het opnieuw.',
    tooLarge: 'Je bericht is te lang om te verzenden. Maak de tekst korter en probeer het opnieuw.',
    tooManyRequests: 'Te veel pogingen in korte tijd. Wacht een minuut en probeer het dan opnieuw.',
    unavailable:
      'Ons formulier is tijdelijk niet beschikbaar. Er is niets opgeslagen; probeer het over een paar minuten opnieuw.',
    serverError: 'Er is een fout opgetreden bij het verzenden van je aanvraag. Probeer het later opnieuw.',
    network: 'We konden de server niet bereiken. Controleer je internetverbinding en probeer het opnieuw.',
    unexpected: 'Er is een onverwachte fout opgetreden.',
    detailLabel: 'Details',
    optional: '(optioneel)',
    fieldErrors: {
      required: 'Dit veld is verplicht.',
      invalid_email: 'Vul een geldig e-mailadres in.',
      invalid_phone: 'Vul een geldig telefoonnummer in (minstens zes cijfers).',
      too_long: 'Deze tekst is te lang.',
      single_line: 'Gebruik één regel, zonder tabs of andere speciale tekens.',
      control_characters: 'Deze tekst bevat onzichtbare stuurtekens. Haal ze weg; regeleinden en tabs mogen wel.',
      invalid_choice: 'Kies een van de mogelijkheden.',
      category_local_only: 'Deze categorie is alleen beschikbaar voor vrijwilligers op locatie.',
      category_requires_dutch: 'Voor deze categorie moet je Nederlands spreken.',
      invalid_number: 'Vul een heel getal in.',
      too_small: 'Dit getal is te klein.',
      too_large: 'Dit getal is te groot.',
      duplicate: 'Elke keuze mag maar één keer voorkomen.',
      not_allowed: 'Dit veld hoort niet bij het formulier.',
      invalid: 'Deze waarde is niet geldig.',
    },
  },
  en: {
    verifying: 'Verifying...',
    sending: 'Sending...',
    errorHeading: 'Error submitting form',
    securityHeading: 'Security verification failed',
    securityHint: 'The security check failed. Please refresh the page and try again.',
    turnstileReasons: {
      expired: 'Token expired',
      timeout: 'Verification timeout',
      scriptFailed: 'Failed to load Turnstile script',
      notLoaded: 'Turnstile failed to load',
      noContainer: 'Turnstile container not available',
    },
    badRequest: 'Please check the highlighted fields and try again.',
    tooLarge: 'Your message is too long to send. Please shorten it and try again.',
    tooManyRequests: 'Too many attempts in a short time. Please wait a minute and try again.',
    unavailable: 'Our form is temporarily unavailable. Nothing was saved; please try again in a few minutes.',
    serverError: 'An error occurred while submitting your request. Please try again later.',
    network: 'We could not reach the server. Please check your internet connection and try again.',
    unexpected: 'An unexpected error occurred.',
    detailLabel: 'Details',
    optional: '(optional)',
    fieldErrors: {
      required: 'This field is required.',
      invalid_email: 'Please enter a valid email address.',
      invalid_phone: 'Please enter a valid phone number (at least six digits).',
      too_long: 'This text is too long.',
      single_line: 'Please use a single line, without tabs or other special characters.',
      control_characters:
        'This text contains invisible control characters. Please remove them; line breaks and tabs are fine.',
      invalid_choice: 'Please choose one of the options.',
      category_local_only: 'This category is only available for local volunteers.',
      category_requires_dutch: 'This category requires speaking Dutch.',
      invalid_number: 'Please enter a whole number.',
      too_small: 'This number is too small.',
      too_large: 'This number is too large.',
      duplicate: 'Each option may be chosen only once.',
      not_allowed: 'This field is not part of the form.',
      invalid: 'This value is not valid.',
    },
  },
  es: {
    verifying: 'Verificando...',
    sending: 'Enviando...',
    errorHeading: 'Error al enviar el formulario',
    securityHeading: 'La verificación de seguridad ha fallado',
    securityHint: 'La verificación de seguridad ha fallado. Actualiza la página e inténtalo de nuevo.',
    turnstileReasons: {
      expired: 'El token ha caducado',
      timeout: 'La verificación ha tardado demasiado',
      scriptFailed: 'No se pudo cargar el script de la verificación de seguridad',
      notLoaded: 'No se pudo cargar la verificación de seguridad',
      noContainer: 'La verificación de seguridad no está disponible',
    },
    badRequest: 'Revisa los campos marcados e inténtalo de nuevo.',
    tooLarge: 'Tu mensaje es demasiado largo para enviarlo. Acórtalo e inténtalo de nuevo.',
    tooManyRequests: 'Demasiados intentos en poco tiempo. Espera un minuto e inténtalo de nuevo.',
    unavailable:
      'Nuestro formulario no está disponible en este momento. No se ha guardado nada; inténtalo de nuevo en unos minutos.',
    serverError: 'Se produjo un error al enviar tu solicitud. Inténtalo de nuevo más tarde.',
    network: 'No pudimos conectar con el servidor. Comprueba tu conexión a internet e inténtalo de nuevo.',
    unexpected: 'Se produjo un error inesperado.',
    detailLabel: 'Detalles',
    optional: '(opcional)',
    fieldErrors: {
      required: 'Este campo es obligatorio.',
      invalid_email: 'Introduce una dirección de correo electrónico válida.',
      invalid_phone: 'Introduce un número de teléfono válido (al menos seis cifras).',
      too_long: 'Este texto es demasiado largo.',
      single_line: 'Usa una sola línea, sin tabuladores ni otros caracteres especiales.',
      control_characters:
        'Este texto contiene caracteres de control invisibles. Elimínalos; los saltos de línea y los tabuladores sí están permitidos.',
      invalid_choice: 'Elige una de las opciones.',
      category_local_only: 'Esta categoría solo está disponible para el voluntariado en persona.',
      category_requires_dutch: 'Para esta categoría necesitas hablar neerlandés.',
      invalid_number: 'Introduce un número entero.',
      too_small: 'Este número es demasiado pequeño.',
      too_large: 'Este número es demasiado grande.',
      duplicate: 'Cada opción solo puede elegirse una vez.',
      not_allowed: 'Este campo no forma parte del formulario.',
      invalid: 'Este valor no es válido.',
    },
  },
};
