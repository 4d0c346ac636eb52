// Layers and import rules of the Waldkita Elternportal, checked by `npm run lint` (dependency-cruiser).
// The picture behind them: docs/architecture.md, section "Layers and rules (checked by npm run lint)".
// Paths are relative to the repository root; `@waldkita/*` resolves through the workspaces' package.json
// "exports" (`source` condition → src/*.ts), web's `@/` alias through the `paths` of web/tsconfig.json.

const path = require('node:path');

/** Test files: they may use test tools a package's own code must not. */
const TEST_FILE = '\\.test\\.tsx?$';
/** The given/when/then harness of the deciders' specs (vitest's expect): test code that is not a test file. */
const SPEC_HARNESS = '^domain/src/shared/given-when-then\\.ts$';
/** query-api's route-test harness: the one place of query-api that runs the projector (to catch the read models up in a test). */
const QUERY_ROUTE_HARNESS = '^query-api/src/testing/route-test\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles: a cycle means two modules cannot be understood, tested or moved one without the other. ' +
        'Move what both need into a third module that imports neither.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-nur-domain',
      severity: 'error',
      comment:
        'domain/ is pure TypeScript: it imports nothing of ours outside domain/ (no platform, no services, no web), ' +
        'so deciders and the calendar run anywhere, the browser included.',
      from: { path: '^domain/' },
      to: { path: '^(platform|command-api|projector|query-api|cli|web|e2e|bench)/' },
    },
    {
      name: 'domain-ohne-io',
      severity: 'error',
      comment: 'domain/ does no I/O: its code uses no Node.js built-in modules (node:fs, node:crypto …). ' + 'Only tests may read files.',
      from: { path: '^domain/', pathNot: TEST_FILE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-nur-zod',
      severity: 'error',
      comment:
        'domain/ depends on zod alone (schemas shared with web); its tests and their spec harness may also use vitest and fast-check. ' +
        'Any other package would travel into every service and into the browser bundle.',
      from: { path: '^domain/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown'],
        pathNot: '^node_modules/(zod|vitest|fast-check|@vitest)/',
      },
    },
    {
      name: 'domain-testwerkzeug-nur-in-tests',
      severity: 'error',
      comment: 'vitest and fast-check are for domain tests only, never for the code the services and web run.',
      from: { path: '^domain/', pathNot: [TEST_FILE, SPEC_HARNESS] },
      to: { path: '^node_modules/(vitest|fast-check|@vitest)/' },
    },
    {
      name: 'spec-harness-nur-in-tests',
      severity: 'error',
      comment: 'The given/when/then harness uses vitest: only tests import it, so it never reaches a service or the browser.',
      from: { pathNot: TEST_FILE },
      to: { path: SPEC_HARNESS },
    },
    {
      name: 'platform-keine-dienste',
      severity: 'error',
      comment:
        'platform/ holds the building blocks the services share (event store, config, HTTP helpers); ' +
        'it imports domain/ only, never a service, the CLI or web.',
      from: { path: '^platform/' },
      to: { path: '^(command-api|projector|query-api|cli|web|e2e|bench)/' },
    },
    {
      name: 'query-api-entscheidet-nicht',
      severity: 'error',
      comment:
        'query-api only reads (read models, the log for the audit trail): it never runs a decider. ' +
        "It imports neither the command handler nor command-api, nor the projector, nor the deciders' fold " +
        '(domain/src/shared/decider.ts; the audit trail names families through kontoAusEvents).',
      from: { path: '^query-api/', pathNot: QUERY_ROUTE_HARNESS },
      to: { path: '^(platform/src/command-handler\\.ts$|domain/src/shared/decider\\.ts$|command-api/|projector/|cli/|web/|e2e/|bench/)' },
    },
    {
      name: 'query-route-harness-nur-projektor-lauf',
      severity: 'error',
      comment:
        "query-api's route-test harness (query-api/src/testing/route-test.ts) lets the projector's projections catch up once " +
        'before a request, so it may import the projector runner and its list of projections (projector/src/app.ts); otherwise it keeps to the rules of query-api. ' +
        'Only tests import it (route-harness-nur-in-tests).',
      from: { path: QUERY_ROUTE_HARNESS },
      to: {
        path: '^(platform/src/command-handler\\.ts$|domain/src/shared/decider\\.ts$|command-api/|projector/|cli/|web/|e2e/|bench/)',
        // the runner, and the list of projections it runs (projector/src/app.ts)
        pathNot: '^projector/src/(runtime/runner|app)\\.ts$',
      },
    },
    {
      name: 'route-harness-nur-in-tests',
      severity: 'error',
      comment:
        'The route-test harnesses (platform/src/testing/route-test.ts and the ones of command-api and query-api) use vitest ' +
        'and build test servers: only tests and other harnesses import them, never a service.',
      from: { pathNot: [TEST_FILE, '^(platform|command-api|query-api)/src/testing/route-test\\.ts$'] },
      to: { path: '^(platform|command-api|query-api)/src/testing/route-test\\.ts$' },
    },
    {
      name: 'command-api-liest-keine-read-models',
      severity: 'error',
      comment:
        'command-api decides from the event streams alone: it imports neither query-api nor the projector ' +
        '(the composition of the services happens in cli/).',
      from: { path: '^command-api/' },
      to: { path: '^(query-api|projector|cli|web|e2e|bench)/' },
    },
    {
      name: 'projector-nur-events',
      severity: 'error',
      comment:
        'The projector is driven by events: it imports neither command-api nor query-api ' +
        '(the composition of the services happens in cli/).',
      from: { path: '^projector/' },
      to: { path: '^(command-api|query-api|cli|web|e2e|bench)/' },
    },
    {
      name: 'projector-runtime-ohne-features',
      severity: 'error',
      comment:
        "The projector's engine (projector/src/runtime/: runner, replay, reactors, jobs) knows no feature: it is handed the projections " +
        'and reactors by the composition, projector/src/app.ts (as command-api/src/app.ts registers the routes), which the CLI starts. ' +
        'Its own tests may import that composition alone, to run the engine over every real read model.',
      from: { path: '^projector/src/runtime/', pathNot: TEST_FILE },
      to: { path: '^projector/src/', pathNot: '^projector/src/runtime/' },
    },
    {
      name: 'projector-runtime-tests-nur-ueber-app',
      severity: 'error',
      comment:
        "The engine's tests import no feature directly; the full list of projections comes from the composition (projector/src/app.ts).",
      from: { path: '^projector/src/runtime/.+\\.test\\.tsx?$' },
      to: { path: '^projector/src/', pathNot: '^projector/src/(runtime/|app\\.ts$)' },
    },
    {
      name: 'cli-nur-von-cli',
      severity: 'error',
      comment: 'cli/ is the composition root: it may import everything, nothing imports it (e2e starts its built main.js as a process).',
      from: { pathNot: '^cli/' },
      to: { path: '^cli/' },
    },
    {
      name: 'e2e-nur-ueber-http',
      severity: 'error',
      comment:
        'e2e/ reaches the app over HTTP and the browser only. It may use the pure calendar of domain/ ' +
        '(to name the weeks and dates a user sees) and the test harness of platform/src/testing/ ' +
        '(fresh database, SMTP stand-in, cleanup), and the Node flags the app is started with ' +
        '(platform/src/node-flags.ts) — no service code, no deciders, no event store.',
      from: { path: '^e2e/' },
      to: {
        path: '^(domain|platform|command-api|projector|query-api|cli|web|bench)/',
        pathNot: '^(domain/src/kalender/iso-woche\\.ts|platform/src/node-flags\\.ts|platform/src/testing/[^/]+\\.ts)$',
      },
    },
    {
      name: 'web-nur-domain',
      severity: 'error',
      comment: 'web/ talks to the servers over HTTP; of our code it imports only domain/ (schemas, German messages, types).',
      from: { path: '^web/' },
      to: { path: '^(platform|command-api|projector|query-api|cli|e2e|bench)/' },
    },
    {
      name: 'web-features-unabhaengig',
      severity: 'error',
      comment:
        'A feature of web/ (web/src/features/X) never imports another feature: what two features share lives in ' +
        'web/src/lib, web/src/components or web/src/hooks, and features are composed in web/src/app (bulletproof-react).',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'nicht-aufloesbar',
      severity: 'error',
      comment:
        'Every import resolves to a file or an installed package (a broken path would hide a layer break from these rules); ' +
        "only Vite's virtual modules (virtual:pwa-register) exist at build time alone, and the built app's own output " +
        '(cli/dist, which the child-process tests and the bench run; lint runs before the build in CI).',
      from: {},
      to: { couldNotResolve: true, pathNot: ['^virtual:', '^(\\.\\./)+(cli/)?dist/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output of our packages; packages in node_modules stay in the graph (as leaves) so the rules see them.
    exclude: { path: '^[^/]+/(dist|coverage)/' },
    // Type-only imports count too: a layer break through a type is still a layer break.
    tsPreCompilationDeps: true,
    // web's `@/` alias (`paths` of web/tsconfig.json, the same as in web/vite.config.ts); no other package uses it.
    // tsconfig.depcruise.json only adds the baseUrl the paths plugin needs to resolve it against web/.
    tsConfig: { fileName: path.join(__dirname, 'web/tsconfig.depcruise.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // The workspaces export their TypeScript sources under `source` (tsconfig.base.json customConditions).
      conditionNames: ['source', 'import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.jsx', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
