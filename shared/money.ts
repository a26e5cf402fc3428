/**
 * Money is integer paise inside the system and rupees at its edges (the API speaks rupees, as
 * the original clients expect; the storefront shows en-IN currency: ₹1,23,456.00).
 */
const rupeeFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const wholeRupeeFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees (as sent by a client or typed in a filter) to paise, rounded to the nearest paisa. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function formatPaise(paise: number): string {
  return rupeeFormat.format(paiseToRupees(paise));
}

export function formatRupees(rupees: number): string {
  return rupeeFormat.format(rupees);
}

/** For tight spaces such as filter chips and card badges: ₹1,23,456. */
export function formatRupeesWhole(rupees: number): string {
  return wholeRupeeFormat.format(rupees);
}
