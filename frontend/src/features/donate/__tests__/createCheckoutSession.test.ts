import { CHECKOUT_ERRORS, createCheckoutSession, EMPTY_DONATION_DETAILS } from '../api/createCheckoutSession';

const request = {
  ...EMPTY_DONATION_DETAILS,
  email: 'a@example.org',
  amount: 250,
  language: 'en',
  turnstileToken: 't',
} as const;

function respond(status: number, body: string, contentType: string) {
  global.fetch = jest.fn().mockResolvedValue(new Response(body, { status, headers: { 'Content-Type': contentType } }));
}

describe('createCheckoutSession (docs/product.md §7, §8)', () => {
  test('posts the JSON body and resolves with the checkout URL', async () => {
    respond(200, JSON.stringify({ url: 'https://checkout.example/x' }), 'application/json');
    await expect(createCheckoutSession(request)).resolves.toBe('https://checkout.example/x');
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/create-checkout-session');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual(request);
  });

  test.each([
    [
      502,
      JSON.stringify({ success: false, error: 'Stripe is unavailable' }),
      'application/json',
      'Stripe is unavailable',
    ],
    [400, JSON.stringify({ success: false }), 'application/json; charset=utf-8', CHECKOUT_ERRORS.failed],
    [500, 'Internal error', 'text/plain', 'Server returned 500 with non-JSON response'],
    [503, '<html>', 'application/json', 'Server returned 503 with non-JSON response'],
    [200, 'ok', 'text/plain', CHECKOUT_ERRORS.nonJson],
    [200, '{}', 'application/json', CHECKOUT_ERRORS.noUrl],
  ])('%i %s -> "%s"', async (status, body, contentType, message) => {
    respond(status, body, contentType);
    await expect(createCheckoutSession(request)).rejects.toThrow(message);
  });
});
