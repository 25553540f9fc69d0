/** Reading a Prometheus text exposition in tests: one sample by metric name and its exact label set. */

export type Labels = Record<string, string>;

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;

/** The value of the sample `name{labels}` (exactly those labels), or undefined when the exposition has none. */
export function sample(exposition: string, name: string, labels: Labels = {}): number | undefined {
  for (const line of exposition.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
    );
    const wanted = Object.entries(labels);
    if (Object.keys(found).length === wanted.length && wanted.every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

/** GET /metrics on a metrics port; `token` as a bearer token when given. */
export async function scrape(port: number, token?: string): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}
