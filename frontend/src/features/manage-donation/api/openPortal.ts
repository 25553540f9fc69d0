import { DONOR_PORTAL_SESSION_PATH, type Language } from '@stichting/contracts';
import { postJson, textOf } from '../../../components/forms/api';

/**
 * docs/product.md §7.10: the donor's button. `POST /api/donations/portal-session` answers where to go: Stripe's
 * customer portal, or this page with `?link=<problem>`. Rejects when there is no answer to follow (network, 429, 5xx).
 */
export async function openPortal(token: string, language: Language): Promise<string> {
  const result = await postJson(DONOR_PORTAL_SESSION_PATH, { token, language });
  const url = result.kind === 'ok' && result.body ? textOf(result.body, 'url') : undefined;
  if (!url) throw new Error(result.kind === 'ok' ? 'no url' : (result.error ?? `status ${result.status}`));
  return url;
}
