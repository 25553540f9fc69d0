/**
 * One visitor of the scale-out test (scripts/scale-out/index.mjs), run inside its own container on the compose
 * network so it has an address of its own: waits until START_AT (ms since the epoch), then sends COUNT contact forms
 * through the load balancer, a new one every INTERVAL_MS with at most two in flight, and prints one JSON line per
 * answer: {visitor, n, email, requestId, started, status, id}. Plain Node, no dependencies (it is fed on stdin).
 */
const { LB_URL, VISITOR, RUN, START_AT, COUNT, INTERVAL_MS, TURNSTILE_TOKEN } = process.env;
const count = Number(COUNT);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function send(n) {
  const email = `scale-${RUN}-${VISITOR}-${n}@example.org`;
  const requestId = `${RUN}-${VISITOR}-${n}`;
  const started = Date.now();
  let status;
  let id = null;
  try {
    const response = await fetch(`${LB_URL}/api/send-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({
        type: 'contact',
        language: 'en',
        turnstileToken: TURNSTILE_TOKEN,
        formData: {
          name: `Visitor ${VISITOR}`,
          email,
          subject: `Scale-out test ${n}`,
          message: `Form ${n} of visitor ${VISITOR}.`,
        },
      }),
      signal: AbortSignal.timeout(30_000),
    });
    status = response.status;
    const body = await response.text();
    if (status === 201) id = JSON.parse(body).id ?? null;
  } catch {
    status = 0; // no answer at all
  }
  process.stdout.write(`${JSON.stringify({ visitor: VISITOR, n, email, requestId, started, status, id })}\n`);
}

await sleep(Number(START_AT) - Date.now());
const inFlight = new Set();
for (let n = 1; n <= count; n += 1) {
  if (inFlight.size >= 2) await Promise.race(inFlight);
  const request = send(n).finally(() => inFlight.delete(request));
  inFlight.add(request);
  await sleep(Number(INTERVAL_MS));
}
await Promise.all(inFlight);
