/**
 * The shape of the code, checked over every import of the tree by `npm run lint`
 * (`depcruise --config .dependency-cruiser.cjs ...`). This file is the source of truth for the
 * architecture that docs/architecture.md draws:
 *
 *   shared/                  imports nothing of server/ or web/ (the browser and the server both load it)
 *   server/modules/<m>/      one business area; owns its tables; others enter it through
 *                            `server/modules/<m>/index.ts` only (its door), and its `*.repository.ts`
 *                            files are its own. The modules form a DAG: never two of them depending on
 *                            each other, directly or round a longer loop.
 *   server/flows/            processes that cross modules (place an order, settle a payment, cancel,
 *                            refund, return, erase an account); they call module doors, and no module
 *                            imports a flow.
 *   web/                     imports nothing of server/
 *   web/lib/, web/components/  generic: import neither features, pages nor the app shell
 *   web/features/<f>/        imports no app shell (web/app/, routes, entries) and no page; from another
 *                            feature only its public surface: not its tests, its stylesheets, nor files
 *                            named `*-internal.ts(x)` or kept under an `internal/` folder
 *   web/app/, web/pages/, web/routes.tsx, web/entry-*.tsx  wire it all together
 *
 * And no import cycles anywhere, type-only imports included (a type cycle still ties two files
 * together, and turns into a runtime one the day a value crosses it).
 *
 * Tests (`*.test.ts`), the test harness (server/test/), the database seed, scripts and benchmarks
 * may reach inside a module: they set up and inspect state the way the module's own code does.
 */

/** Files that may open a module without its door: its tests and the tools around the app. */
const toolsAndTests = ['\\.test\\.tsx?$', '^server/test/', '^server/db/', '^scripts/', '^bench/', '^e2e/'];

/**
 * The modules and the modules each may use: the module graph, a DAG (checked below when this file
 * loads). A module's dependency not listed here fails the check; adding one is a change of the
 * architecture, made here and drawn in docs/architecture.md. Processes that need two modules
 * both ways are flows (server/flows/), which may use any module.
 */
const MODULES = {
  audit: [],
  'email-outbox': [],
  payments: [],
  seo: [],
  'catalog-search': [],
  // SMS and WhatsApp: the outbox, its worker, the providers and their receipts (decision 054).
  messages: ['accounts', 'audit', 'staff'],
  accounts: ['audit', 'email-outbox'],
  staff: ['accounts', 'audit', 'email-outbox'],
  catalog: ['audit', 'catalog-search', 'staff'],
  'catalog-csv': ['audit', 'catalog', 'staff'],
  blog: ['audit', 'staff'],
  media: ['audit', 'blog', 'catalog', 'staff'],
  pincodes: ['audit', 'staff'],
  shipping: ['audit', 'catalog', 'pincodes', 'staff'],
  // Parcels, couriers, labels; the shipping flows (server/flows/ship-order.ts...) cross it with orders.
  shipments: ['accounts', 'staff'],
  coupons: ['audit', 'catalog', 'staff'],
  cart: ['accounts', 'catalog'],
  wishlist: ['accounts', 'catalog'],
  // "Notify me": shoppers waiting for stock, alerted by e-mail, SMS and WhatsApp (decision 056).
  'restock-alerts': ['accounts', 'catalog', 'email-outbox', 'messages'],
  enquiries: ['accounts', 'audit', 'email-outbox', 'staff'],
  marketing: ['accounts', 'audit', 'email-outbox', 'staff'],
  checkout: ['accounts', 'cart', 'catalog', 'coupons', 'payments', 'pincodes', 'shipping'],
  orders: [
    'accounts',
    'audit',
    'catalog',
    'checkout',
    'email-outbox',
    'enquiries',
    'messages',
    'payments',
    'pincodes',
    'shipments',
    'staff',
  ],
  reviews: ['accounts', 'catalog', 'orders'],
  customers: ['accounts', 'audit', 'orders', 'reviews', 'staff'],
  'data-rights': [
    'accounts',
    'cart',
    'enquiries',
    'orders',
    'restock-alerts',
    'reminders',
    'reviews',
    'staff',
    'wishlist',
  ],
  // Price drops on wishlists and cart reminders, within the offers' rules (decision 057).
  reminders: ['accounts', 'cart', 'catalog', 'email-outbox', 'marketing', 'messages', 'orders', 'wishlist'],
};

/** Throws when the declared module graph has a loop: the rules would then allow a cycle. */
function assertAcyclic(graph) {
  const state = new Map();
  const visit = (name, path) => {
    if (!(name in graph))
      throw new Error(`.dependency-cruiser.cjs: unknown module ${name} (${path.join(' -> ')})`);
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open') {
      throw new Error(
        `.dependency-cruiser.cjs: the module graph has a cycle: ${[...path, name].join(' -> ')}`,
      );
    }
    state.set(name, 'open');
    for (const next of graph[name]) visit(next, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of Object.keys(graph)) visit(name, []);
}

const escapeName = (name) => name.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

/** One rule per module: its files import, of other modules, only those it may use. */
function moduleDirectionRules() {
  assertAcyclic(MODULES);
  return Object.entries(MODULES).map(([name, uses]) => ({
    name: 'module-direction',
    comment: `${name} may use ${uses.length > 0 ? uses.join(', ') : 'no other module'} (MODULES in .dependency-cruiser.cjs: the modules form a DAG; a process that needs two modules both ways is a flow)`,
    severity: 'error',
    from: { path: `^server/modules/${escapeName(name)}/`, pathNot: toolsAndTests },
    to: {
      path: '^server/modules/[^/]+/',
      pathNot: [
        `^server/modules/${escapeName(name)}/`,
        ...uses.map((use) => `^server/modules/${escapeName(use)}/`),
      ],
    },
  }));
}

const appShell = ['^web/app/', '^web/pages/', '^web/routes\\.tsx?$', '^web/entry-[a-z]+\\.tsx?$'];

module.exports = {
  forbidden: [
    {
      name: 'shared-imports-app',
      comment: 'shared/ imports neither server/ nor web/: the browser and the server both load it',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'web-imports-server',
      comment: 'web/ never imports server/',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'unknown-module',
      comment: 'every module is declared in MODULES (.dependency-cruiser.cjs) with the modules it may use',
      severity: 'error',
      from: {},
      to: { path: `^server/modules/(?!(${Object.keys(MODULES).map(escapeName).join('|')})/)[^/]+/` },
    },
    {
      name: 'module-imports-flow',
      comment:
        'modules never import flows: a process that crosses modules calls them, not the other way round',
      severity: 'error',
      from: { path: '^server/modules/', pathNot: toolsAndTests },
      to: { path: '^server/flows/' },
    },
    ...moduleDirectionRules(),
    {
      name: 'module-door',
      comment:
        'another module enters a module through its door, server/modules/<m>/index.ts, only (what it offers is what that file exports)',
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/', pathNot: toolsAndTests },
      to: {
        path: '^server/modules/[^/]+/',
        pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'outside-door',
      comment:
        'flows, the composition root and the app enter a module through its door, server/modules/<m>/index.ts, only',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/modules/[^/]+/', ...toolsAndTests] },
      to: { path: '^server/modules/[^/]+/', pathNot: '^server/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'foreign-repository',
      comment: "a module's *.repository.ts is imported by its own module only: others go through its door",
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/.*\\.repository\\.ts$', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'repository-from-outside',
      comment:
        "a module's *.repository.ts is imported by its own module only (flows and the app go through its door)",
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/modules/[^/]+/', ...toolsAndTests] },
      to: { path: '^server/modules/[^/]+/.*\\.repository\\.ts$' },
    },
    {
      name: 'feature-imports-app',
      comment: 'a feature imports neither the app shell (web/app, routes, entries) nor a page',
      severity: 'error',
      from: { path: '^web/features/' },
      to: { path: appShell },
    },
    {
      name: 'page-imports-routes',
      comment:
        'a page never imports the route table: web/routes.tsx loads every page with import.meta.glob, which this checker cannot read, so that cycle would go unseen',
      severity: 'error',
      from: { path: '^web/pages/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^web/routes\\.tsx?$' },
    },
    {
      name: 'generic-imports-feature',
      comment: 'web/lib and web/components import no feature, page or app shell',
      severity: 'error',
      from: { path: '^web/(lib|components)/' },
      to: { path: ['^web/features/', ...appShell] },
    },
    {
      name: 'feature-internals',
      comment:
        "a feature uses another feature's public modules only (not its CSS, tests or *-internal files)",
      severity: 'error',
      from: { path: '^web/features/([^/]+)/' },
      to: {
        // the private parts: an internal file or folder, a test, anything that is not a module
        path: [
          '^web/features/[^/]+/.*-internal\\.tsx?$',
          '^web/features/[^/]+/internal/',
          '^web/features/[^/]+/.*/internal/',
          '^web/features/[^/]+/.*\\.test\\.tsx?$',
          '^web/features/[^/]+/.*\\.(css|svg|png|jpe?g|webp|avif|json|woff2?)$',
        ],
        pathNot: '^web/features/$1/',
      },
    },
    {
      name: 'no-cycle',
      comment:
        'no import cycles (type-only imports included), but for the type of the services the composition root hands the routes (server/modules/api-options.ts): a module door exports its routes, which take that type, which names every service',
      severity: 'error',
      from: {},
      to: { circular: true, viaNot: '^server/modules/api-options\\.ts$' },
    },
  ],
  options: {
    includeOnly: '^(server|web|shared|scripts|e2e|bench)/|^[^/]+\\.config\\.ts$',
    exclude: { path: '(^|/)node_modules/|\\.d\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
