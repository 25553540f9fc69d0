import { AppProcess, submitUnique, useFaultFixture } from './support/faults-app';
import { donationBody, postJson } from './support/submissions';

/**
 * docs/architecture.md §9.4: the per-address limits hold whether one or five instances serve. Two app processes on
 * one database, a client whose requests a load balancer spreads over both: the limit is the configured one, not
 * twice it. The memory store, an explicit choice for a single instance, shows what the default prevents.
 */
const FORMS_PER_MINUTE = 4;
const CHECKOUTS_PER_MINUTE = 2;

describe('rate limits with two app instances on one database', () => {
  const fixture = useFaultFixture();

  async function startPair(extra: Record<string, string>): Promise<AppProcess[]> {
    const { stubs, database } = fixture;
    const env = {
      RATE_LIMIT_POST_PER_MINUTE: String(FORMS_PER_MINUTE),
      CHECKOUT_RATE_LIMIT_PER_MINUTE: String(CHECKOUTS_PER_MINUTE),
      ...extra,
    };
    const pair = [
      AppProcess.main(await stubs.env(database.url, env)),
      AppProcess.main(await stubs.env(database.url, env)),
    ];
    fixture.apps.push(...pair);
    await Promise.all(pair.map((app) => app.waitReady()));
    return pair;
  }

  /** `count` requests from one client, taking turns between the instances; the statuses in order. */
  async function alternate(pair: AppProcess[], count: number, send: (app: AppProcess, i: number) => Promise<number>) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push(await send(pair[i % 2], i));
    return statuses;
  }
  const form = (name: string) => (app: AppProcess, i: number) =>
    submitUnique(app.url, `${name}-${i}@example.org`).then((result) => result.status);
  const checkout = (app: AppProcess) =>
    postJson(app, donationBody(), '/api/create-checkout-session').then((r) => r.status);

  it('counts forms and checkouts in PostgreSQL: the configured limit over both instances together', async () => {
    const pair = await startPair({});
    const forms = await alternate(pair, 10, form('shared'));
    expect(forms).toEqual([
      ...new Array<number>(FORMS_PER_MINUTE).fill(201),
      ...new Array<number>(10 - FORMS_PER_MINUTE).fill(429),
    ]);
    const checkouts = await alternate(pair, 6, checkout);
    expect(checkouts).toEqual([
      ...new Array<number>(CHECKOUTS_PER_MINUTE).fill(200),
      ...new Array<number>(6 - CHECKOUTS_PER_MINUTE).fill(429),
    ]);
    await Promise.all(pair.map((app) => app.stop()));
  }, 120_000);

  it('with RATE_LIMIT_STORE=memory each instance counts alone: the same client gets twice the limit', async () => {
    const pair = await startPair({ RATE_LIMIT_STORE: 'memory' });
    const forms = await alternate(pair, 10, form('separate'));
    expect(forms.filter((status) => status === 201)).toHaveLength(2 * FORMS_PER_MINUTE);
    await Promise.all(pair.map((app) => app.stop()));
  }, 120_000);
});
