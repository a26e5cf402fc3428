import { format } from 'date-fns';

/** The shop's clock: dates read the same on the server (UTC) and in every shopper's browser. */
const IST_OFFSET_MINUTES = 330;

/** A Date whose local fields show the Indian Standard Time of `iso`, for date-fns to format. */
function inIndia(iso: string): Date | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const shifted = new Date(ms + IST_OFFSET_MINUTES * 60_000);
  return new Date(shifted.getTime() + shifted.getTimezoneOffset() * 60_000);
}

/** 'January 1st 2024, 1:00 pm' (spec section 3), in Indian time whatever the device's zone. */
export function formatBlogDate(iso: string): string {
  const date = inIndia(iso);
  return date ? format(date, 'MMMM do yyyy, h:mm aaa') : '';
}
