/**
 * GST on what the shop sells: states and their GST codes, the rate of a line, and the tax a price
 * includes, split into CGST + SGST/UTGST (delivered in the seller's state) or IGST (elsewhere).
 * Pure: the server stores what this computes on each order, the storefront shows it before the
 * order is placed ("inclusive of GST ₹X"), so both always agree. Rounding is decision 012.
 */
import { INDIAN_STATES_AND_UTS } from './india.js';
import { canonicalRegion } from './schemas/address.js';

export type GstState = {
  name: string;
  /** Two-digit GST state code, the first two characters of a GSTIN registered there. */
  code: string;
  kind: 'state' | 'union-territory';
  /** A union territory without a legislature levies UTGST where a state levies SGST. */
  utgst: boolean;
};

/** Union territories without a legislature (Delhi, Puducherry and Jammu and Kashmir have one). */
const UTGST_TERRITORIES = new Set([
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Ladakh',
  'Lakshadweep',
]);

export const STATES: readonly GstState[] = INDIAN_STATES_AND_UTS.map((region) => ({
  name: region.name,
  code: region.gstCode,
  kind: region.kind,
  utgst: UTGST_TERRITORIES.has(region.name),
}));

/** Older or informal names people write on addresses, keyed without spaces or punctuation. */
const MORE_ALIASES: Record<string, string> = {
  newdelhi: 'Delhi',
  nctofdelhi: 'Delhi',
  nationalcapitalterritoryofdelhi: 'Delhi',
  uttaranchal: 'Uttarakhand',
  jk: 'Jammu and Kashmir',
  jammukashmir: 'Jammu and Kashmir',
  andamanandnicobar: 'Andaman and Nicobar Islands',
  andamannicobar: 'Andaman and Nicobar Islands',
  andamannicobarislands: 'Andaman and Nicobar Islands',
  // The two territories merged on 26 Jan 2020 and kept code 26 (25, Daman and Diu, was retired).
  damananddiu: 'Dadra and Nagar Haveli and Daman and Diu',
  dadraandnagarhaveli: 'Dadra and Nagar Haveli and Daman and Diu',
  dadranagarhavelidamandiu: 'Dadra and Nagar Haveli and Daman and Diu',
};

/**
 * The state or union territory a name means, in any case or spacing, with '&' for 'and', an old
 * name (Orissa, Pondicherry, Uttaranchal) or its GST code ("29"); undefined when it means none.
 */
export function gstState(name: string): GstState | undefined {
  const trimmed = name.trim();
  if (/^\d{2}$/.test(trimmed)) return STATES.find((s) => s.code === trimmed);
  const spelled = trimmed.replace(/&/g, ' and ').replace(/\s+/g, ' ');
  const official =
    canonicalRegion(spelled) ?? MORE_ALIASES[spelled.toLowerCase().replace(/[^a-z]/g, '')] ?? undefined;
  return official ? STATES.find((s) => s.name === official) : undefined;
}

/** The two-digit GST state code of a state or union territory ("Karnataka" -> "29"). */
export function stateCode(name: string): string | undefined {
  return gstState(name)?.code;
}

/** How invoices write a place of supply: "Kerala (32)". Undefined for an unknown state. */
export function placeOfSupplyLabel(name: string): string | undefined {
  const state = gstState(name);
  return state ? `${state.name} (${state.code})` : undefined;
}

// ---------------------------------------------------------------------------------------------
// Rates

/**
 * GST slabs for goods since 22 Sep 2025, in basis points (1800 = 18%): nil, 5%, 18% and 40% (sin
 * and luxury goods), with 0.25% (rough diamonds and precious stones) and 3% (gold, silver,
 * jewellery) kept for jewellery a fashion shop may list.
 */
export const GST_RATES_BP = [0, 25, 300, 500, 1800, 4000] as const;

export function isGstRateBp(value: number): boolean {
  return (GST_RATES_BP as readonly number[]).includes(value);
}

/** "18%", "0.25%". */
export function formatGstRate(rateBp: number): string {
  return `${rateBp / 100}%`;
}

/** HSN codes are 4, 6 or 8 digits (the chapter, heading, sub-heading and tariff item). */
export const HSN_PATTERN = /^(?:\d{4}|\d{6}|\d{8})$/;

/**
 * Apparel (HSN chapters 61, 62), other made-up textiles (63, but not 6309 worn clothing) and
 * footwear (64) are taxed by value since 22 Sep 2025: 5% when the sale value of a piece or pair is
 * at most ₹2,500, 18% above. The sale value is the price before tax, after any discount shown
 * on the invoice; with GST-inclusive prices that is the piece's price / 1.05 (so 5% up to
 * ₹2,625 a piece as the shopper sees it). Decision 012.
 */
export const VALUE_BASED_THRESHOLD_PAISE = 2_500_00;
/** The standard rate, for a line whose product and category set none. */
export const STANDARD_RATE_BP = 1800;
const LOW_RATE_BP = 500;
const HIGH_RATE_BP = 1800;

export function isValueBasedHsn(hsn: string | null | undefined): boolean {
  if (!hsn) return false;
  const chapter = hsn.slice(0, 2);
  if (chapter === '63') return !hsn.startsWith('6309');
  return chapter === '61' || chapter === '62' || chapter === '64';
}

/**
 * The rate of a line: the configured rate (the product's, else its category's), except for
 * value-based HSN codes, where the value of a piece decides whatever was configured. A line
 * without a rate anywhere is taxed at 18%, the standard rate, rather than silently at nil.
 */
export function lineRateBp(input: {
  hsnCode: string | null | undefined;
  rateBp: number | null | undefined;
  /** What the customer pays for the line, GST included, after its share of any coupon. */
  netPaise: number;
  quantity: number;
}): number {
  if (isValueBasedHsn(input.hsnCode) && input.quantity > 0) {
    // Compare in integers: piece value before tax = net / quantity / 1.05 <= threshold.
    const withinThreshold =
      input.netPaise * 10_000 <= VALUE_BASED_THRESHOLD_PAISE * input.quantity * (10_000 + LOW_RATE_BP);
    return withinThreshold ? LOW_RATE_BP : HIGH_RATE_BP;
  }
  return input.rateBp ?? STANDARD_RATE_BP;
}

/**
 * A delivery fee charged with the goods is part of a composite supply, taxed as the principal
 * supply is: at the highest rate among the lines (0 when there are none).
 */
export function deliveryRateBp(lineRatesBp: readonly number[]): number {
  return lineRatesBp.reduce((max, rate) => Math.max(max, rate), 0);
}

// ---------------------------------------------------------------------------------------------
// Splitting the tax a price includes

export type GstLineInput = {
  /** What the customer pays for the line, GST included (price × quantity − its coupon share). */
  netPaise: number;
  rateBp: number;
};

export type GstLineTax = {
  netPaise: number;
  rateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  /** SGST, or UTGST when delivered in a union territory without a legislature. */
  sgstPaise: number;
  igstPaise: number;
  /** cgst + sgst + igst. */
  taxPaise: number;
};

export type GstTotals = Omit<GstLineTax, 'rateBp'>;

export type GstSplit = {
  /** Delivered in the seller's state (CGST + SGST/UTGST), or not (IGST). */
  intraState: boolean;
  /** 'UTGST' when the place of supply is a union territory without a legislature. */
  stateTaxName: 'SGST' | 'UTGST';
  lines: GstLineTax[];
  /** The delivery fee's tax, at the principal supply's rate; null without a fee. */
  delivery: GstLineTax | null;
  /** Cash on delivery's handling fee, taxed as the delivery fee is; null without one. */
  codFee: GstLineTax | null;
  /** Sums of the lines, the delivery and the COD fee: the invoice adds up to the paise. */
  totals: GstTotals;
};

/** round(numerator / denominator), halves up, for non-negative integers (no float drift). */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

function assertPaise(value: number, what: string): void {
  // 2 × net × (10000 + rate) must stay a safe integer: nets up to ₹10 crore per line are fine.
  if (!Number.isSafeInteger(value) || value < 0 || value > 1_000_000_000_00) {
    throw new RangeError(`${what} must be a whole number of paise from 0 to ₹10,00,00,000`);
  }
}

/**
 * The tax a GST-inclusive amount carries. Intra-state: CGST and SGST are each the net × (rate/2)
 * / (1 + rate) rounded to the paisa, halves up, so they are always equal, as the two equal rates
 * on an invoice lead a reader to expect; inter-state: IGST is net × rate / (1 + rate), rounded
 * the same way. The taxable value is what remains, so every line adds up to its net exactly.
 */
export function splitLine(line: GstLineInput, intraState: boolean): GstLineTax {
  assertPaise(line.netPaise, 'A line amount');
  // Any rate from 0 to 100% splits; which rates may be set is the console's rule (GST_RATES_BP), so
  // an order still placed with a rate of an older slab (12% until Sep 2025) is taxed, not refused.
  if (!Number.isInteger(line.rateBp) || line.rateBp < 0 || line.rateBp > 10_000) {
    throw new RangeError(`${line.rateBp} basis points is not a GST rate`);
  }
  const denominator = 10_000 + line.rateBp;
  let cgstPaise = 0;
  let sgstPaise = 0;
  let igstPaise = 0;
  if (intraState) {
    cgstPaise = divideRoundHalfUp(line.netPaise * line.rateBp, 2 * denominator);
    sgstPaise = cgstPaise;
  } else {
    igstPaise = divideRoundHalfUp(line.netPaise * line.rateBp, denominator);
  }
  const taxPaise = cgstPaise + sgstPaise + igstPaise;
  return {
    netPaise: line.netPaise,
    rateBp: line.rateBp,
    taxablePaise: line.netPaise - taxPaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    taxPaise,
  };
}

/**
 * Is a delivery to `deliveryState` within the seller's state? Both are names (or codes); a
 * delivery state that cannot be told (an address still to be confirmed) counts as the seller's:
 * CGST + SGST, the split a shop on the spot would charge, until the address is confirmed
 * (decision 012).
 */
export function isIntraState(sellerState: string, deliveryState: string | null | undefined): boolean {
  const seller = gstState(sellerState);
  if (!seller) throw new RangeError(`Unknown seller state: ${sellerState}`);
  const delivery = deliveryState ? gstState(deliveryState) : undefined;
  return !delivery || delivery.code === seller.code;
}

export function splitGst(input: {
  lines: readonly GstLineInput[];
  sellerState: string;
  deliveryState: string | null | undefined;
  /** A delivery fee, GST included, taxed at the highest rate among the lines. */
  deliveryPaise?: number;
  /**
   * Cash on delivery's handling fee, GST included: a charge for delivering the goods against cash,
   * part of the same composite supply, so taxed as the delivery fee is.
   */
  codFeePaise?: number;
}): GstSplit {
  const intraState = isIntraState(input.sellerState, input.deliveryState);
  const place = input.deliveryState ? gstState(input.deliveryState) : undefined;
  const lines = input.lines.map((line) => splitLine(line, intraState));
  const chargeRateBp = deliveryRateBp(input.lines.map((l) => l.rateBp));
  const charge = (paise: number | undefined) =>
    paise && paise > 0 ? splitLine({ netPaise: paise, rateBp: chargeRateBp }, intraState) : null;
  const delivery = charge(input.deliveryPaise);
  const codFee = charge(input.codFeePaise);
  const totals: GstTotals = {
    netPaise: 0,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    taxPaise: 0,
  };
  for (const line of [...lines, delivery, codFee]) {
    if (!line) continue;
    totals.netPaise += line.netPaise;
    totals.taxablePaise += line.taxablePaise;
    totals.cgstPaise += line.cgstPaise;
    totals.sgstPaise += line.sgstPaise;
    totals.igstPaise += line.igstPaise;
    totals.taxPaise += line.taxPaise;
  }
  const seller = gstState(input.sellerState);
  const stateTaxName = intraState && (place ?? seller)?.utgst ? 'UTGST' : 'SGST';
  return { intraState, stateTaxName, lines, delivery, codFee, totals };
}

// ---------------------------------------------------------------------------------------------
// GSTIN

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character. */
const GSTIN_PATTERN = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;

/** The check character of a GSTIN's first 14 characters (Luhn mod 36, as the GST portal uses). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i] ?? '');
    if (value < 0) throw new RangeError('A GSTIN has only digits and capital letters');
    // From the right, every second character counts double (the 14th counts double).
    const product = value * (i % 2 === 1 ? 2 : 1);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** What is wrong with a GSTIN for a seller in `state`, or null when it is valid. */
export function gstinProblem(gstin: string, state?: string): string | null {
  const match = GSTIN_PATTERN.exec(gstin);
  if (!match) {
    return 'A GSTIN is 15 characters: 2-digit state code, 10-character PAN, entity number, Z, check character';
  }
  if (!STATES.some((s) => s.code === match[1])) return `${match[1]} is not a GST state code`;
  if (state !== undefined) {
    const code = stateCode(state);
    if (!code) return `${state} is not an Indian state or union territory`;
    if (code !== match[1]) return `A GSTIN registered in ${state} starts with ${code}, not ${match[1]}`;
  }
  if (gstinCheckChar(gstin.slice(0, 14)) !== match[4]) return 'The GSTIN check character does not match';
  return null;
}
