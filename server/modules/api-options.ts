import type { Config } from '../config.js';
import type { Services } from '../services.js';

/** What the /api plugin and the console's route plugins receive. */
export type ApiOptions = { config: Config; services: Services };
