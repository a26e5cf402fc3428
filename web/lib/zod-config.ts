/**
 * Zod probes for `new Function` the first time it parses an object, to compile faster parsers.
 * Our CSP forbids eval, so the probe fails (harmlessly) but the browser still reports a CSP
 * violation, which Lighthouse counts against best practices. Jitless mode skips the probe.
 *
 * Zod keeps its settings in `globalThis.__zod_globalConfig` and takes an object already there
 * when it loads, so this sets jitless without importing zod: the form fields import it (before
 * any form's first parse) and a form page's first load still carries no zod, whose schemas load
 * with the form's rules (lazyRules in form.ts). zod-config.test.ts checks zod still reads it.
 */
const zodHolder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHolder.__zod_globalConfig = Object.assign(zodHolder.__zod_globalConfig ?? {}, { jitless: true });

// A module (for the test's import), with nothing to export.
export {};
