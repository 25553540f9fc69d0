import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import ts from 'typescript';
import { parse as parseYaml, parseAllDocuments, type Document as YamlDocument } from 'yaml';
import { ConfigError, loadCommandConfig, loadConfig, readDatabaseUrl, type Env } from './config/app-config';
import { HealthController } from './health/health.controller';

/**
 * What an operator applies (docs/architecture.md §8, docs/operations.md §11 and §12): the manifests in
 * deploy/kubernetes are valid Kubernetes objects (the API's schemas and field names, from kubernetes-models), and
 * they fit this app and image: probes on its health endpoints, its non-root user, its commands, only variables it
 * reads, and a configuration it accepts. docker-compose.scale.yml gives the app the same settings as
 * docker-compose.yml.
 */
const REPO = resolve(__dirname, '../..');
const BACKEND = join(REPO, 'backend');
const KUBERNETES = join(REPO, 'deploy/kubernetes');
const SECRET_TEMPLATE = 'secret.template.yaml';

/** A parsed YAML object, as loosely typed as the yaml library gives it: the tests below check its shape. */
type Doc = ReturnType<YamlDocument['toJS']>;
interface Manifest {
  file: string;
  doc: Doc;
}

const manifests: Manifest[] = readdirSync(KUBERNETES)
  .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
  .sort()
  .flatMap((file) =>
    parseAllDocuments(readFileSync(join(KUBERNETES, file), 'utf8')).map((document) => ({
      file,
      doc: document.toJS(),
    })),
  );
const ofKind = (kind: string): Manifest[] => manifests.filter((manifest) => manifest.doc.kind === kind);
const one = (kind: string, component?: string): Doc => {
  const found = ofKind(kind).filter(
    (manifest) => !component || manifest.doc.metadata?.labels?.['app.kubernetes.io/component'] === component,
  );
  expect(found).toHaveLength(1);
  return found[0].doc;
};
const podSpec = (workload: Doc): Doc => workload.spec.template.spec;
const containerOf = (workload: Doc): Doc => podSpec(workload).containers[0];
const workloads = (): Manifest[] => [...ofKind('Deployment'), ...ofKind('Job')];

/** `kubernetes-models/<group>/<version>/<Kind>` for an object's apiVersion and kind. */
function modelPath(doc: Doc): string {
  return `kubernetes-models/${String(doc.apiVersion)}/${String(doc.kind)}`;
}

/** A complete, valid environment: every required variable and nothing else. */
const REQUIRED_ONLY: Env = {
  DATABASE_URL: 'postgresql://site@localhost:5432/site',
  PUBLIC_BASE_URL: 'https://www.example.org',
  SMTP_URL: 'smtp://localhost:25',
  MAIL_FROM: 'noreply@example.org',
  STAFF_EMAIL: 'staff@example.org',
  STRIPE_SECRET_KEY: 'sk_test_deployment',
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
  TURNSTILE_SITE_KEY: 'site-key-deployment',
  TURNSTILE_SECRET_KEY: 'secret-key-deployment',
};

/**
 * Every variable name the app's configuration reads, found by letting it read a valid environment that records
 * each name asked for (the web process and worker, the staff commands and the migration command read through these).
 */
function namesTheAppReads(): Set<string> {
  const names = new Set<string>();
  const recording = new Proxy<Env>(REQUIRED_ONLY, {
    get: (target, name) => {
      if (typeof name !== 'string') return undefined;
      names.add(name);
      return target[name];
    },
  });
  loadConfig(recording);
  loadCommandConfig(recording);
  readDatabaseUrl(recording, []);
  return names;
}

/** The environment a container gets from the manifests: its ConfigMaps and Secrets (envFrom) and its own env. */
function environmentOf(container: Doc): Env {
  const byName = (kind: string, name: string): Doc => {
    const found = ofKind(kind).find((manifest) => manifest.doc.metadata.name === name);
    if (!found) throw new Error(`${kind} ${name} is not among the manifests`);
    return found.doc;
  };
  const env: Env = {};
  for (const source of (container.envFrom ?? []) as Doc[]) {
    if (source.configMapRef) Object.assign(env, byName('ConfigMap', String(source.configMapRef.name)).data);
    if (source.secretRef) Object.assign(env, byName('Secret', String(source.secretRef.name)).stringData);
  }
  for (const variable of (container.env ?? []) as Doc[]) {
    const secretKey = variable.valueFrom?.secretKeyRef;
    env[variable.name] = secretKey
      ? (byName('Secret', String(secretKey.name)).stringData as Record<string, string>)[String(secretKey.key)]
      : variable.value;
  }
  return env;
}

/**
 * The Secret template as an operator fills it in (it ships every value empty): a value of their own for each key,
 * made up for this run.
 */
const SECRETS_FILLED_IN: Env = {
  DATABASE_URL: 'postgresql://site:generated@postgres.internal:5432/site',
  SMTP_URL: 'smtp://mailer:generated@smtp.internal:587',
  STRIPE_SECRET_KEY: `sk_live_${randomBytes(12).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
  DONOR_LINK_SECRET: randomBytes(32).toString('hex'),
  TURNSTILE_SECRET_KEY: `0x4AAAA${randomBytes(12).toString('hex')}`,
};

/** A container's environment once the Secret is filled in. */
const filledInEnvironmentOf = (container: Doc): Env => ({ ...environmentOf(container), ...SECRETS_FILLED_IN });

/** The uid the image runs as: the last USER of docker/Dockerfile (the Node images' `node` user is uid 1000). */
function imageUid(): number {
  const users = [...readFileSync(join(REPO, 'docker/Dockerfile'), 'utf8').matchAll(/^USER\s+(\S+)/gm)];
  const user = users.at(-1)?.[1].split(':')[0] ?? 'root';
  if (/^\d+$/.test(user)) return Number(user);
  if (user === 'node') return 1000;
  throw new Error(`docker/Dockerfile's USER ${user} has no known uid: use a numeric USER`);
}

describe('deploy/kubernetes', () => {
  it('holds the objects a cluster operator applies', () => {
    const kinds = manifests.map(
      ({ doc }) =>
        `${doc.kind}${doc.metadata?.labels?.['app.kubernetes.io/component'] ? `/${doc.metadata.labels['app.kubernetes.io/component']}` : ''}`,
    );
    expect(kinds.sort()).toEqual(
      [
        'ConfigMap',
        'Deployment/web',
        'Deployment/worker',
        'Job/migrate',
        'PodDisruptionBudget/web',
        'Secret',
        'Service/web',
      ].sort(),
    );
  });

  it("passes the Kubernetes API's schemas (types, formats, required fields)", () => {
    // kubernetes-models is ESM only: its validators run in a plain Node process.
    const script = `
      const docs = JSON.parse(await new Response(process.stdin).text());
      const problems = [];
      for (const { file, path, doc } of docs) {
        const model = Object.values(await import(path))[0];
        try { new model(doc).validate(); } catch (error) { problems.push(file + ': ' + error.message); }
      }
      console.log(JSON.stringify(problems));`;
    const input = manifests.map(({ file, doc }) => ({ file, path: modelPath(doc), doc }));
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: BACKEND,
      input: JSON.stringify(input),
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual([]);
  });

  it('uses only field names the Kubernetes API knows (a misspelt field would be ignored or refused)', () => {
    // Each object as a literal of its kubernetes-models type: TypeScript refuses any property the type lacks.
    const files = new Map(
      manifests.map(({ doc }, index) => [
        join(BACKEND, `__manifest_${index}.mts`),
        `import type { I${String(doc.kind)} } from '${modelPath(doc)}';\n` +
          `export const manifest: I${String(doc.kind)} = ${JSON.stringify(doc, null, 2)};\n`,
      ]),
    );
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts'],
    };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    const readFile = host.readFile.bind(host);
    host.fileExists = (name) => files.has(name) || fileExists(name);
    host.readFile = (name) => files.get(name) ?? readFile(name);
    host.getSourceFile = (name, language, ...rest) => {
      const text = files.get(name);
      return text === undefined ? getSourceFile(name, language, ...rest) : ts.createSourceFile(name, text, language);
    };
    const program = ts.createProgram([...files.keys()], options, host);
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const index = Number(/__manifest_(\d+)/.exec(diagnostic.file?.fileName ?? '')?.[1]);
      return `${manifests[index]?.file ?? diagnostic.file?.fileName}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
    });
    expect(problems).toEqual([]);
  });

  it('sets only variables the app reads, and a configuration it accepts in production', () => {
    const known = namesTheAppReads();
    const set = [
      ...ofKind('ConfigMap').flatMap(({ doc }) => Object.keys(doc.data as object)),
      ...ofKind('Secret').flatMap(({ doc }) => Object.keys(doc.stringData as object)),
      ...workloads().flatMap(({ doc }) =>
        ((containerOf(doc).env ?? []) as Doc[]).map((variable) => variable.name as string),
      ),
    ];
    expect(set.filter((name) => !known.has(name))).toEqual([]);

    const secretKeys = Object.keys(one('Secret').stringData as object);
    expect(secretKeys.sort()).toEqual(Object.keys(SECRETS_FILLED_IN).sort());
    const web = loadConfig(filledInEnvironmentOf(containerOf(one('Deployment', 'web'))));
    expect(web).toMatchObject({ nodeEnv: 'production', runWorker: false, site: { trustProxy: 1 } });
    expect(web.stripe.webhookOff).toBeUndefined();
    expect(loadConfig(filledInEnvironmentOf(containerOf(one('Deployment', 'worker'))))).toMatchObject({
      nodeEnv: 'production',
    });
    const problems: string[] = [];
    readDatabaseUrl(filledInEnvironmentOf(containerOf(one('Job', 'migrate'))), problems);
    expect(problems).toEqual([]);
  });

  it('ships the Secret template with every value empty: applied unedited, the app refuses to start naming each', () => {
    const secret = one('Secret').stringData as Record<string, string>;
    expect(Object.entries(secret).filter(([, value]) => value !== '')).toEqual([]);
    let refusal: unknown;
    try {
      loadConfig(environmentOf(containerOf(one('Deployment', 'web'))));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ConfigError);
    const { problems } = refusal as ConfigError;
    for (const name of Object.keys(secret)) {
      expect({ name, named: problems.some((problem) => problem.startsWith(`${name} is required`)) }).toEqual({
        name,
        named: true,
      });
    }
  });

  it('probes the app on its health endpoints: liveness /healthz, readiness /readyz, on the port it listens on', () => {
    const routes = Object.getOwnPropertyNames(HealthController.prototype).flatMap((method) => {
      const handler = (HealthController.prototype as unknown as Record<string, object>)[method];
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      const verb = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      return path !== undefined && verb === RequestMethod.GET ? [`/${path}`] : [];
    });
    expect(routes.sort()).toEqual(['/healthz', '/readyz']);

    const web = containerOf(one('Deployment', 'web'));
    expect(web.livenessProbe.httpGet.path).toBe('/healthz');
    expect(web.readinessProbe.httpGet.path).toBe('/readyz');
    expect(routes).toContain(web.startupProbe.httpGet.path);
    const port = (web.ports as Doc[]).find((entry) => entry.name === web.readinessProbe.httpGet.port);
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
      expect(web[probe].httpGet.port).toBe(port?.name);
    }
    const listens = loadConfig({ ...filledInEnvironmentOf(web), PORT: undefined }).site.port;
    expect(port?.containerPort).toBe(listens);
    expect(readFileSync(join(REPO, 'docker/Dockerfile'), 'utf8')).toMatch(new RegExp(`^EXPOSE ${listens}$`, 'm'));

    const service = one('Service', 'web');
    expect(service.spec.type).toBe('ClusterIP');
    expect(service.spec.ports[0].targetPort).toBe(port?.name);
    for (const selector of [service.spec.selector, one('PodDisruptionBudget', 'web').spec.selector.matchLabels]) {
      expect(one('Deployment', 'web').spec.template.metadata.labels).toMatchObject(selector as object);
    }
  });

  it("runs every pod as the image's non-root user, without privileges, within stated resources", () => {
    const uid = imageUid();
    expect(uid).not.toBe(0);
    for (const { file, doc } of workloads()) {
      const pod = podSpec(doc);
      expect({ file, ...pod.securityContext }).toMatchObject({ file, runAsNonRoot: true, runAsUser: uid });
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const container of pod.containers as Doc[]) {
        expect({ file, ...container.securityContext }).toMatchObject({
          file,
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(container.resources.requests).toEqual(
          expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
        );
        expect(container.resources.limits.memory).toBeDefined();
      }
    }
  });

  it("runs the image's own commands: serve, worker and the migration command", () => {
    const entrypoint = readFileSync(join(REPO, 'docker/entrypoint.sh'), 'utf8');
    const commands = [...entrypoint.matchAll(/^\s+([a-z]+)\)\s*$/gm)].map((match) => match[1]);
    expect(commands).toEqual(expect.arrayContaining(['serve', 'worker']));
    expect(containerOf(one('Deployment', 'web')).args).toEqual(['serve']);
    expect(containerOf(one('Deployment', 'worker')).args).toEqual(['worker']);
    const scripts = (
      JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(containerOf(one('Job', 'migrate')).args).toEqual(scripts['db:migrate'].split(' '));
  });

  it('kustomization.yaml applies every manifest but the Secret template, and names the one image they use', () => {
    const kustomization = parseYaml(readFileSync(join(KUBERNETES, 'kustomization.yaml'), 'utf8'));
    const files = [...new Set(manifests.map((manifest) => manifest.file))].filter((file) => file !== SECRET_TEMPLATE);
    expect([...(kustomization.resources as string[])].sort()).toEqual(files.sort());
    const images = new Set(
      workloads().flatMap(({ doc }) => (podSpec(doc).containers as Doc[]).map((c) => c.image as string)),
    );
    expect([...images]).toEqual([(kustomization.images as Doc[])[0].name]);
  });
});

describe('docker-compose.yml and docker-compose.scale.yml', () => {
  const compose = (file: string): Doc => parseYaml(readFileSync(join(REPO, file), 'utf8'), { merge: true });
  const single = compose('docker-compose.yml').services.app;
  const scaled = compose('docker-compose.scale.yml').services;
  const names = (service: Doc): string[] =>
    Array.isArray(service.environment)
      ? (service.environment as string[]).map((entry) => entry.split('=')[0])
      : Object.keys((service.environment ?? {}) as object);

  it('gives the web replicas and the worker the settings docker-compose.yml gives the app', () => {
    for (const service of [scaled.app, scaled.worker] as Doc[]) {
      expect(names(service)).toEqual(expect.arrayContaining(names(single)));
      expect(service.env_file).toEqual(single.env_file);
      expect(service.build).toEqual(single.build);
    }
    const known = namesTheAppReads();
    expect([...names(scaled.app), ...names(scaled.worker)].filter((name) => !known.has(name))).toEqual([]);
    expect(scaled.app.environment).toMatchObject({ RUN_WORKER: 'false', TRUST_PROXY: '${TRUST_PROXY:-1}' });
    expect(scaled.worker.command).toBe('worker');
  });

  it.each(['docker-compose.yml', 'docker-compose.scale.yml'])(
    '%s publishes APP_PORT only on the load balancer, so `--scale app=N` never fights over a host port',
    (file) => {
      const services = compose(file).services;
      const publishing = Object.keys(services as object).filter((name) => services[name].ports);
      // Besides the load balancer, only the mail catcher's inbox (a port of its own, one container).
      expect(publishing.filter((name) => name !== 'mailpit')).toEqual(['lb']);
      expect(services.app.ports).toBeUndefined();
      expect(services.lb.ports).toEqual(['${APP_PORT:-3000}:8080']);
      expect(services.lb.build).toBe('deploy/haproxy');
      // Behind one proxy, each visitor is counted by the address it appends (docs/architecture.md §8).
      expect(services.app.environment.TRUST_PROXY).toBe('${TRUST_PROXY:-1}');
    },
  );

  it.each(['docker-compose.yml', 'docker-compose.scale.yml'])(
    '%s publishes every port but the site on 127.0.0.1 only: the mail catcher shows every email, manage links included',
    (file) => {
      const services = compose(file).services as Record<string, Doc>;
      const published = Object.entries(services)
        .filter(([name]) => name !== 'lb')
        .flatMap(([name, service]) => ((service.ports ?? []) as string[]).map((port) => ({ name, port })));
      expect(published.filter(({ port }) => !port.startsWith('127.0.0.1:'))).toEqual([]);
      if (file === 'docker-compose.yml') {
        expect(services.mailpit.ports).toEqual(['127.0.0.1:${MAILPIT_PORT:-8025}:8025']);
      }
    },
  );

  it.each(['docker-compose.yml', 'docker-compose.scale.yml'])(
    '%s has no default for a signing secret or token: the webhook stays off until STRIPE_WEBHOOK_SECRET is set',
    (file) => {
      const services = compose(file).services as Record<string, Doc>;
      for (const service of [services.app, services.worker].filter(Boolean)) {
        for (const name of ['STRIPE_WEBHOOK_SECRET', 'DONOR_LINK_SECRET', 'METRICS_TOKEN']) {
          expect(service.environment[name]).toBe(`\${${name}:-}`);
        }
      }
    },
  );

  it("keeps that default when .env is a copy of .env.example (else every visitor would share the proxy's limit)", () => {
    const line = readFileSync(join(REPO, '.env.example'), 'utf8').match(/^TRUST_PROXY=(.*)$/m);
    expect(line?.[1]).toBe('');
  });
});
