/** Fixed loopback ports of the e2e stack (override with E2E_PORT if 4310-4314 are taken). */
const base = Number(process.env.E2E_PORT ?? 4310);
export const E2E_APP_PORT = base;
export const E2E_SMTP_PORT = base + 1;
export const E2E_TURNSTILE_PORT = base + 2;
export const E2E_STRIPE_PORT = base + 3;
/** A small HTTP endpoint of the setup process: GET /mail lists messages the SMTP sink received. */
export const E2E_CONTROL_PORT = base + 4;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_APP_PORT}`;
export const E2E_CONTROL_URL = `http://127.0.0.1:${E2E_CONTROL_PORT}`;
export const E2E_STRIPE_URL = `http://127.0.0.1:${E2E_STRIPE_PORT}`;
