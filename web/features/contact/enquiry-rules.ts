import { enquirySchema } from '../../../shared/schemas/enquiry';
import { zodResolver } from '../../lib/form';

/**
 * The enquiry form's rules: the shared schema (and most of zod with it), loaded when the form is
 * first used (`lazyRules`, web/lib/form.ts), not with the contact page.
 */
export const enquiryRules = zodResolver(enquirySchema);
