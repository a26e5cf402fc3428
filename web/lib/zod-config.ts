import * as z from 'zod/mini';

/**
 * Zod probes for `new Function` the first time it parses an object, to compile faster parsers.
 * Our CSP forbids eval, so the probe fails (harmlessly) but the browser still reports a CSP
 * violation, which Lighthouse counts against best practices. Jitless mode skips the probe.
 * Imported by the form fields (web/components/forms) before a form's first parse; not from the
 * entry, so pages without forms do not load zod.
 */
z.config({ jitless: true });
