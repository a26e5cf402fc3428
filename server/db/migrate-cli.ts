import { ConfigError, loadConfig } from '../config.js';
import { DatabaseUnavailableError, openDatabase } from './client.js';

/** `npm run db:migrate`: applies the committed migrations to the configured database. */
try {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: config.pgliteDir },
  );
  await database.migrate();
  await database.close();
  console.log(`Migrations applied (${database.kind}).`);
} catch (error) {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
