import { ticketSchema } from '../../../shared/schemas/grievance';
import { zodResolver } from '../../lib/form';

/**
 * The complaints and data requests form's rules: the shared schema (and most of zod with it),
 * loaded when the form is first used (`lazyRules`, web/lib/form.ts), not with the page.
 */
export const ticketRules = zodResolver(ticketSchema);
