import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson } from './http-stub';

type Json = Record<string, unknown>;
type Item = { id: string; price: Json & { id: string; unit_amount: number | null; product: unknown } };

const now = () => Math.floor(Date.now() / 1000);

function refuse(response: ServerResponse, message: string, param?: string): void {
  sendJson(response, 400, { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } });
}

/**
 * The donor page's changes to a subscription, as Stripe's API answers them for the pinned version (composed into
 * StripeStub, which keeps `subscriptions` and records every request):
 * - `POST /v1/subscriptions/:id` with `items[0][id]` + `items[0][price_data][…]` (a new price on the item's product;
 *   `proration_behavior`), with `pause_collection[behavior]` + `pause_collection[resumes_at]`, or with an empty
 *   `pause_collection` (resume), or with `cancel_at` (a Unix time in the future: the subscription ends then by itself;
 *   empty removes it);
 * - `DELETE /v1/subscriptions/:id` (cancel at once: status `canceled`, `canceled_at` and `ended_at` now).
 * A canceled subscription refuses updates, as Stripe does. Returns false for any other request.
 */
export function changeSubscription(
  subscriptions: Map<string, Json>,
  method: string,
  path: string,
  params: URLSearchParams,
  response: ServerResponse,
): boolean {
  const match = /^\/v1\/subscriptions\/([^/?]+)$/.exec(path);
  if (!match || (method !== 'POST' && method !== 'DELETE')) return false;
  const id = decodeURIComponent(match[1]);
  const subscription = subscriptions.get(id);
  if (!subscription) {
    sendJson(response, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such subscription: '${id}'`,
      },
    });
    return true;
  }
  if (subscription.status === 'canceled') {
    refuse(response, 'A canceled subscription can only update its cancellation_details and metadata.');
    return true;
  }
  if (method === 'DELETE') {
    const at = now();
    const cancelled = {
      ...subscription,
      status: 'canceled',
      canceled_at: at,
      ended_at: at,
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    };
    subscriptions.set(id, cancelled);
    sendJson(response, 200, cancelled);
    return true;
  }
  const updated: Json = { ...subscription };
  if (params.has('pause_collection')) {
    if (params.get('pause_collection') !== '')
      return (refuse(response, 'Invalid pause_collection', 'pause_collection'), true);
    updated.pause_collection = null;
  } else if (params.has('pause_collection[behavior]')) {
    const behavior = params.get('pause_collection[behavior]');
    if (!['void', 'keep_as_draft', 'mark_uncollectible'].includes(behavior ?? '')) {
      return (refuse(response, 'Invalid pause_collection[behavior]', 'pause_collection[behavior]'), true);
    }
    const resumesAt = params.get('pause_collection[resumes_at]');
    updated.pause_collection = { behavior, resumes_at: resumesAt === null ? null : Number(resumesAt) };
  }
  if (params.has('cancel_at')) {
    const cancelAt = params.get('cancel_at') === '' ? null : Number(params.get('cancel_at'));
    if (cancelAt !== null && (!Number.isInteger(cancelAt) || cancelAt <= now())) {
      return (refuse(response, 'cancel_at must be a time in the future', 'cancel_at'), true);
    }
    updated.cancel_at = cancelAt;
  }
  if (params.has('items[0][id]')) {
    const items = subscription.items as { data: Item[] } & Json;
    const item = items.data.find((candidate) => candidate.id === params.get('items[0][id]'));
    if (!item) return (refuse(response, 'No such subscription item', 'items[0][id]'), true);
    const amount = Number(params.get('items[0][price_data][unit_amount]'));
    const product = params.get('items[0][price_data][product]');
    if (
      !Number.isInteger(amount) ||
      amount < 0 ||
      !product ||
      params.get('items[0][price_data][recurring][interval]') === null
    ) {
      return (refuse(response, 'Invalid items[0][price_data]', 'items[0][price_data]'), true);
    }
    const price = {
      ...item.price,
      id: `price_test_${randomBytes(10).toString('hex')}`,
      active: false,
      currency: params.get('items[0][price_data][currency]'),
      product,
      recurring: {
        interval: params.get('items[0][price_data][recurring][interval]'),
        interval_count: 1,
        usage_type: 'licensed',
      },
      unit_amount: amount,
    };
    updated.items = {
      ...items,
      data: items.data.map((candidate) => (candidate === item ? { ...item, price } : candidate)),
    };
  }
  subscriptions.set(id, updated);
  sendJson(response, 200, updated);
  return true;
}
