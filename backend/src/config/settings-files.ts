import { ALL_SETTINGS, type SettingGroup, type SettingSpec, SETTINGS } from './settings';
import { FORMER_SETTINGS } from './tuning';

/**
 * The files written from the table of settings.ts (`npm run settings:docs`, scripts/settings/write.mjs), each as the
 * text it must have; configuration-docs.spec.ts fails when a file on disk differs. Whole files for .env.example,
 * docs/configuration.md and the Kubernetes ConfigMap and Secret template; in the compose files, the lines between
 * the two markers of their app environment.
 */

const GENERATED = 'generated from backend/src/config/settings.ts by `npm run settings:docs`; edit that table, not this';

const GROUPS: Record<SettingGroup, string> = {
  site: 'Site',
  database: 'Database',
  mail: 'Email',
  stripe: 'Stripe (monthly donations)',
  turnstile: 'Cloudflare Turnstile (bot check on every form and on checkout)',
  limits: 'Limits',
  retention: 'Retention (reasons: docs/privacy.md)',
  metrics: 'Metrics (Prometheus)',
  workers: 'Background jobs',
  compose: 'docker compose only (the app never reads these)',
};

const entries = (): [string, SettingSpec][] => Object.entries(ALL_SETTINGS);
const grouped = (filter: (spec: SettingSpec) => boolean): [SettingGroup, [string, SettingSpec][]][] =>
  (Object.keys(GROUPS) as SettingGroup[])
    .map((group): [SettingGroup, [string, SettingSpec][]] => [
      group,
      entries().filter(([, spec]) => spec.group === group && filter(spec)),
    ])
    .filter(([, list]) => list.length > 0);

/** `text` as `# ` comment lines of at most `width` characters. */
function comment(text: string, width = 118, prefix = '# '): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && prefix.length + line.length + 1 + word.length > width) {
      lines.push(prefix + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(prefix + line);
  return lines;
}

/** The first letter in capitals, unless the text opens with code (`production`). */
const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** .env.example: the settings an operator sets, with their descriptions. */
export function renderEnvExample(): string {
  const lines = [
    `# The settings an operator sets. Copy to .env: \`docker compose up\` passes each one to the app (docker-compose.yml),`,
    `# and for \`npm start\` export them (set -a; . ./.env; set +a). The process refuses to start, naming every bad value,`,
    `# and logs the effective ones (no secrets) when it starts. Every setting, defaults included, and the ones left out`,
    `# here because few installations change them: docs/configuration.md. The values below are for \`npm start\` on a`,
    `# workstation; under compose DATABASE_URL, SMTP_URL, HOST and PORT are fixed by docker-compose.yml (its own`,
    `# database and mail catcher), so this file works unchanged for both.`,
    `# (${GENERATED}.)`,
  ];
  for (const [group, list] of grouped((spec) => spec.example !== undefined)) {
    lines.push('', `# --- ${GROUPS[group]} ---`);
    for (const [name, spec] of list) {
      const mark =
        spec.required === 'always' ? '(required) ' : spec.required === 'production' ? '(required in production) ' : '';
      const fallback = spec.default && !spec.required ? ` Default: ${spec.default}.` : '';
      lines.push(...comment(`${mark}${capitalised(spec.description)}.${fallback}`), `${name}=${spec.example}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A Markdown table as Prettier lays it out (columns padded to their widest cell). */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length), 3));
  const line = (cells: string[]): string => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

const code = (text: string): string => (text ? `\`${text}\`` : '');
const escapeCell = (text: string): string => text.replace(/\|/g, '\\|');

function readers(spec: SettingSpec): string {
  return spec.readBy.join(', ');
}

/** docs/configuration.md, hand-written: the foundation's facts are a file of the build, not environment variables. */
const FOUNDATION_FACTS_SECTION = [
  "## The foundation's facts (`foundation.json`)",
  '',
  "The foundation's name, KvK number, RSIN, IBAN and BIC, postal address, contact addresses (`emails.nl` for Dutch",
  'pages, `emails.other` for English and Spanish), social links, the privacy, terms and policy-plan PDFs per language,',
  'the years of the policy plan and annual report, and the web builder of the footer credit are in one file:',
  '`foundation.json` at the root of the repository (its shape and checks: `contracts/src/foundation-facts.ts`). They',
  'are part of the pages, so they are applied by the build: `npm run build` (its first step, `npm run build -w',
  'contracts`, runs `scripts/foundation/apply.mjs`) checks the file and builds its values into the prerendered pages,',
  'the emails, the donation statements and the server. Edit the file, then build again (or build the image again);',
  '`FOUNDATION_FILE=<path> npm run build` (or `docker build --build-arg FOUNDATION_FILE=<path in the build context>`)',
  'takes another file.',
  '',
  'The build stops with one line per bad field when a value fails its check: the IBAN (its two check digits, mod',
  '97; a Dutch one is 18 characters), the RSIN (nine digits passing the eleven-test), the KvK number (eight digits),',
  'the BIC, the email addresses, the links (`https://` only) and the years; every text has at most 200 characters.',
  'The server checks the built values again at start.',
  '',
  'As shipped, the file holds **examples** (`.example` domains, Voorbeeldstraat, numbers that pass the checks but',
  'are not the foundation\'s). While any of them is left, every page shows an "example data" ribbon above the header, and',
  '**`NODE_ENV=production` refuses to start**, with one message naming every field still at its example value.',
  "The one exception is a production build served at this machine's own address (`PUBLIC_BASE_URL` on `127.0.0.1`,",
  '`::1` or `localhost`), which is how the tests run the production build. The name, city and country, which the',
  "site's texts are written for, and the two years are not counted as examples.",
];

/** docs/configuration.md: every setting, grouped, with its default, whether it is required, who reads it. */
export function renderConfigurationDoc(): string {
  const out = [
    '# Configuration',
    '',
    `<!-- ${GENERATED} -->`,
    '',
    'Every setting of the site is an environment variable, declared once in `backend/src/config/settings.ts`. A web or',
    'worker process checks them all at start and stops with one message naming every bad one (exit code 1); when it',
    'starts, it logs the values it uses in its `effective configuration` line, without passwords, keys or secrets.',
    '',
    '`.env.example` lists the settings an operator sets (marked "yes" in the `.env.example` column); the others keep',
    'their defaults in nearly every installation. `docker-compose.yml` and `docker-compose.scale.yml` pass each setting',
    'to the app by name, except `DATABASE_URL`, `SMTP_URL`, `HOST` and `PORT`, which they fix for their own services,',
    'and the test-only ones they do not need. `deploy/kubernetes/configmap.yaml` and `secret.template.yaml` hold the',
    'values a cluster sets; secrets go in the Secret.',
    '',
    'Secrets: generate `DONOR_LINK_SECRET` and `METRICS_TOKEN` with `openssl rand -hex 32`, each a value of its own;',
    '`STRIPE_WEBHOOK_SECRET` is the signing secret of the webhook endpoint, from the Stripe Dashboard (on a',
    'workstation `stripe listen --forward-to localhost:3000/api/stripe/webhook` prints one). A value published in this',
    'repository (an example, a former default) or one that reads like a placeholder (`replace_me`, `change_me`,',
    '`example`) never verifies a signature or signs a link: outside production the webhook is then off (every',
    'delivery is answered 503) and manage links are signed with a random secret of the process, lost at a restart;',
    'production refuses to start with one, and when two secrets share a value.',
    '',
    'Columns: **Required** "yes" always, "production" when `NODE_ENV=production`; **Read by** `web` (the site),',
    '`worker` (`npm run worker`), `commands` (the staff commands and `npm run db:migrate`), `build` (the page',
    'compression of `npm run build`), `compose` (docker compose itself); **Secret**: never logged as given.',
    '',
    ...FOUNDATION_FACTS_SECTION,
  ];
  const rowOf = ([name, spec]: [string, SettingSpec]): string[] => [
    code(name),
    escapeCell(code(spec.default)),
    spec.required === 'always' ? 'yes' : spec.required === 'production' ? 'production' : '',
    spec.secret ? 'yes' : '',
    spec.example !== undefined ? 'yes' : '',
    readers(spec),
    escapeCell(capitalised(spec.description)),
  ];
  const header = ['Variable', 'Default', 'Required', 'Secret', '`.env.example`', 'Read by', 'Meaning'];
  for (const [group, list] of grouped((spec) => !spec.testOnly)) {
    out.push('', `## ${GROUPS[group]}`, '', ...table(header, list.map(rowOf)));
  }
  const testOnly = entries().filter(([, spec]) => spec.testOnly);
  out.push(
    '',
    '## Test-only settings',
    '',
    'Tests use these to reach local stand-ins or to shorten a fixed value. With `NODE_ENV=production` the start fails',
    'while one is set, naming it; a stand-in address on the loopback interface (`127.0.0.1`, `::1`, `localhost`) is',
    'accepted there, so the production build itself can be tested. Never set them in a deployment.',
    '',
    ...table(
      ['Variable', 'Default', 'Read by', 'Meaning'],
      testOnly.map(([name, spec]) => [
        code(name),
        code(spec.default),
        readers(spec),
        escapeCell(capitalised(spec.description)),
      ]),
    ),
    '',
    '## Removed settings',
    '',
    'Values no installation needs to change are fixed in the code (`backend/src/config/tuning.ts` and',
    '`mail-retry-policy.ts`, each with the reason for its value); the variables below are no longer read from the',
    'environment of a production start. Remove them from `.env` and from a ConfigMap when upgrading: in production the',
    'ones marked "tests only" stop the start while set, the others are ignored.',
    '',
    ...table(
      ['Variable', 'Fixed value', 'Now'],
      FORMER_SETTINGS.map((former) => [
        code(former.variable),
        String(former.value),
        former.testOnly ? 'tests only' : 'ignored',
      ]),
    ),
  );
  return `${out.join('\n')}\n`;
}

export const COMPOSE_BEGIN =
  '# --- settings: generated from backend/src/config/settings.ts (npm run settings:docs) ---';
export const COMPOSE_END = '# --- end of the generated settings ---';

/** The app environment lines of the compose files, indented by `indent`. */
export function renderComposeEnvironment(indent: string): string[] {
  const lines: string[] = [];
  for (const [name, spec] of Object.entries(SETTINGS) as [string, SettingSpec][]) {
    if (spec.compose === 'omitted') continue;
    const value = 'fixed' in spec.compose ? spec.compose.fixed : `\${${name}:-${spec.compose.default}}`;
    lines.push(`${indent}${name}: ${value}`);
  }
  return lines;
}

/** `text` with the lines between COMPOSE_BEGIN and COMPOSE_END replaced by the generated environment. */
export function withComposeEnvironment(text: string): string {
  const lines = text.split('\n');
  const begin = lines.findIndex((line) => line.trim() === COMPOSE_BEGIN);
  const end = lines.findIndex((line) => line.trim() === COMPOSE_END);
  if (begin < 0 || end < begin) throw new Error(`the markers "${COMPOSE_BEGIN}" and "${COMPOSE_END}" are missing`);
  const indent = /^\s*/.exec(lines[begin])?.[0] ?? '';
  return [...lines.slice(0, begin + 1), ...renderComposeEnvironment(indent), ...lines.slice(end)].join('\n');
}

function kubernetesData(secret: boolean): string[] {
  return entries()
    .filter(([, spec]) => spec.kubernetes && Boolean(spec.secret) === secret)
    .flatMap(([name, spec]) => [
      ...(spec.kubernetes?.note ? spec.kubernetes.note.split('\n').map((line) => `  # ${line}`) : []),
      `  ${name}: ${spec.kubernetes?.value}`,
    ]);
}

/** deploy/kubernetes/configmap.yaml: the settings a cluster sets that are not secret. */
export function renderConfigMap(): string {
  return [
    `# Settings that are not secret (every variable: docs/configuration.md); the secrets are in secret.template.yaml.`,
    `# (${GENERATED}.)`,
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: stichting-site-config',
    'data:',
    ...kubernetesData(false),
    '',
  ].join('\n');
}

/**
 * deploy/kubernetes/secret.template.yaml: the secret settings a cluster sets, every value empty, so that applying it
 * unedited stops the app at start with one message naming each of them.
 */
export function renderSecretTemplate(): string {
  return [
    '# A template, deliberately not in kustomization.yaml: copy it outside the repository, fill in the real values and',
    '# apply it once (`kubectl apply -f my-secret.yaml`), or create the same keys from a file of KEY=value lines:',
    '#   kubectl create secret generic stichting-site-secrets --from-env-file=site-secrets.env',
    '# Every value is empty on purpose: applied unedited, the app refuses to start and names each one. Generate',
    '# DONOR_LINK_SECRET (and METRICS_TOKEN, if used) with `openssl rand -hex 32`, one value each.',
    `# (${GENERATED}.)`,
    'apiVersion: v1',
    'kind: Secret',
    'metadata:',
    '  name: stichting-site-secrets',
    'type: Opaque',
    'stringData:',
    ...kubernetesData(true),
    '',
  ].join('\n');
}

/** Every generated file: its path in the repository and the text it must have, given its current text. */
export function generatedFiles(current: (path: string) => string): { path: string; text: string }[] {
  return [
    { path: '.env.example', text: renderEnvExample() },
    { path: 'docs/configuration.md', text: renderConfigurationDoc() },
    { path: 'docker-compose.yml', text: withComposeEnvironment(current('docker-compose.yml')) },
    { path: 'docker-compose.scale.yml', text: withComposeEnvironment(current('docker-compose.scale.yml')) },
    { path: 'deploy/kubernetes/configmap.yaml', text: renderConfigMap() },
    { path: 'deploy/kubernetes/secret.template.yaml', text: renderSecretTemplate() },
  ];
}
