// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './tools/eslint-boundaries.js';
import globals from 'globals';

const webFeatures = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** STYLE.md 8: shared code imports no feature; features do not import each other. */
const webBoundaries = [
  { target: './apps/web/src/components', from: './apps/web/src/features' },
  { target: './apps/web/src/lib', from: './apps/web/src/features' },
  { target: './apps/web/src/components', from: './apps/web/src/app' },
  { target: './apps/web/src/lib', from: './apps/web/src/app' },
  { target: './apps/web/src/features', from: './apps/web/src/app' },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'features do not import each other; compose them in app/',
  })),
];

/** The server never imports the web app; the web app never imports the server; contracts import neither. */
const appBoundaries = [
  { target: './apps/server', from: './apps/web' },
  { target: './apps/web', from: './apps/server' },
  { target: './packages/contracts', from: './apps' },
  { target: './apps/simulator', from: './apps/server' },
];

const serverSrc = 'apps/server/src';
const serverDomains = readdirSync(`${serverSrc}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Everything of the server but the domains: the composition root, infrastructure, plugins. */
const serverOutsideDomains = readdirSync(serverSrc).filter((name) => name !== 'modules');

/**
 * A domain gathered into one folder is used by everything else (other domains, the composition
 * root, infrastructure) through its index.ts only, and app.ts mounts its routes from its http.ts
 * or routes.ts; inside, its files import each other freely.
 * @param {string} domain
 */
const throughIndex = (domain) =>
  [
    ...serverOutsideDomains.map((name) => `./${serverSrc}/${name}`),
    ...serverDomains
      .filter((other) => other !== domain)
      .map((other) => `./${serverSrc}/modules/${other}`),
  ].map((target) => ({
    target,
    from: `./${serverSrc}/modules/${domain}`,
    // app.ts mounts the domain's routes from its http.ts or routes.ts, beside index.ts.
    except:
      target === `./${serverSrc}/app.ts`
        ? ['./index.js', './http.js', './routes.js']
        : ['./index.js'],
    message: `Use ${domain} through modules/${domain}/index.ts.`,
  }));

/**
 * The domains in layers, the lowest first: a domain uses only domains of lower layers (through
 * their index.ts), never one of its own layer or above, so that no two domains import each other,
 * even by a detour. A new domain takes its place here (the config refuses a domain it cannot
 * place). docs/architecture.md draws the same picture.
 */
const serverDomainLayers = [
  ['files', 'gateway-logs', 'health', 'ingest'],
  ['tasks'],
  ['audit'],
  ['dashboard', 'firmware', 'locations', 'notifications', 'readings'],
  ['accounts', 'doors', 'maps', 'message-templates'],
  ['users'],
  ['auth', 'reports'],
  ['alarms', 'gateways'],
  ['broker-hook', 'devices'],
];
const unplaced = serverDomains.filter((domain) => !serverDomainLayers.flat().includes(domain));
if (unplaced.length > 0) {
  throw new Error(`eslint.config.js: place modules/${unplaced.join(', ')} in serverDomainLayers`);
}
const domainLayers = serverDomainLayers.flatMap((layer, level) =>
  layer.map((domain) => ({
    target: `./${serverSrc}/modules/${domain}`,
    uses: serverDomainLayers.slice(0, level).flat(),
  })),
);

/**
 * Issue 21: infrastructure imports no domain. lib/ (pure helpers), jobs/ (the queue, worker and
 * clock, and the document writers' shared parts: chart, fonts, words), notify/ (mailer, SMS and
 * voice provider, webhook transport), the ingest path, the socket server, the route guard and
 * metrics, the broker accounts and the database layer import nothing under modules/: what they
 * need of a domain is declared on their side (ingest/ports.ts, realtime/ports.ts, …) and handed
 * in by the composition root (runtime.ts, ingest-path.ts, realtime-sources.ts, schedules.ts,
 * app.ts). The AppContext (context.ts, core-context.ts), which every domain imports, imports
 * neither a domain nor the composition root. Every domain is used through its index.ts, and
 * only by the domains above it.
 */
const compositionRoot = [
  'main.ts',
  'runtime.ts',
  'app.ts',
  'schedules.ts',
  'ingest-path.ts',
  'realtime-sources.ts',
];
const serverBoundaries = [
  ...['lib', 'jobs', 'notify', 'ingest', 'realtime', 'plugins', 'broker-auth', 'db'].map(
    (infrastructure) => ({
      target: `./${serverSrc}/${infrastructure}`,
      from: `./${serverSrc}/modules`,
      message: `${infrastructure}/ is infrastructure: it imports no domain (modules/); declare what it needs and let the composition root hand it in.`,
    }),
  ),
  ...['context.ts', 'core-context.ts'].flatMap((context) => [
    {
      target: `./${serverSrc}/${context}`,
      from: `./${serverSrc}/modules`,
      message: 'The AppContext declares what domains need; it imports no domain.',
    },
    ...compositionRoot.map((root) => ({
      target: `./${serverSrc}/${context}`,
      from: `./${serverSrc}/${root}`,
      message: 'The AppContext imports no part of the composition root, which imports it.',
    })),
  ]),
  ...serverDomains.flatMap((domain) => throughIndex(domain)),
  ...domainLayers.flatMap(({ target, uses }) =>
    serverDomains
      .filter((other) => !uses.includes(other) && target !== `./${serverSrc}/modules/${other}`)
      .map((other) => ({
        target,
        from: `./${serverSrc}/modules/${other}`,
        message: `modules/${other} is not below this domain in serverDomainLayers (eslint.config.js): a domain uses only the domains of lower layers.`,
      })),
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/data/**',
      'apps/server/src/db/migrations/**',
      'bench/results/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { boundaries },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'boundaries/no-restricted-paths': [
        'error',
        { zones: [...appBoundaries, ...webBoundaries, ...serverBoundaries] },
      ],
      'max-lines': ['error', { max: 420, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // STYLE.md 12: no function over ~60 lines, on the server and in the web app (React
    // components and hooks included); tests are exempt, as are their helpers under test/ (a
    // describe block holds its cases).
    files: [
      'apps/server/src/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/simulator/src/**/*.ts',
      'packages/*/src/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Tests read JSON replies (typed any) and assert on what they know is there.
    files: ['**/test/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', 'tools/*.d.ts', 'vitest.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
