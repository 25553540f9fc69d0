import type { Language } from '@stichting/contracts';
import type { Bundles } from '../i18n/i18n';

/**
 * What a prerendered page hands to the client for hydration: its language and the strings its first render uses.
 * It travels in <script type="application/json" id="app-data"> (data, not executed, so the CSP's ban on inline
 * scripts does not apply).
 */
export interface AppData {
  language: Language;
  bundles: Bundles;
}

export const APP_DATA_ID = 'app-data';

/** JSON safe inside a <script> element (no "</script>", no line separators). */
export function serializeAppData(data: AppData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readAppData(doc: Document = document): AppData | undefined {
  const text = doc.getElementById(APP_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as AppData) : undefined;
}
