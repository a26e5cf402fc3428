import { existsSync } from 'node:fs';
import { ensureBuild } from './run.js';

/**
 * `npm start`: the quick start. Builds the storefront if needed, then starts the shop, which
 * migrates the database and seeds the demo catalogue the first time (embedded PGlite under
 * .data/ unless DATABASE_URL is set).
 */
if (existsSync('.env')) process.loadEnvFile('.env');
process.env.NODE_ENV ??= 'production';
await ensureBuild();
const { runMain } = await import('../server/main.js');
await runMain({ seedIfEmpty: true });
