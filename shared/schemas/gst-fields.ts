import * as z from 'zod/mini';
import { formatGstRate, GST_RATES_BP, HSN_PATTERN } from '../gst.js';

/**
 * A product's or category's GST classification as typed in the console, sent by the original
 * admin client or read from a CSV cell: the HSN code and the rate (in percent, as people write
 * it). Blank means "not set here" (a product then takes its category's). One set of rules for
 * the form, the API and the import.
 */

export const GST_RATE_CHOICES: readonly number[] = GST_RATES_BP.map((bp) => bp / 100);
const RATES_TEXT = GST_RATES_BP.map(formatGstRate).join(', ');

export const HSN_MESSAGE = 'An HSN code is 4, 6 or 8 digits, such as 8517 or 85171300';
export const GST_RATE_MESSAGE = `GST rate must be one of ${RATES_TEXT}`;

/** "8517 13 00" or "8517.13.00" -> "85171300"; blank -> null; a message when it is no HSN code. */
export function readHsnCode(value: string | null | undefined): string | null | { message: string } {
  const text = (value ?? '').replace(/[\s.]/g, '');
  if (text === '') return null;
  return HSN_PATTERN.test(text) ? text : { message: HSN_MESSAGE };
}

/** "18", "18%", 18 or "0.25" -> basis points (1800); blank -> null; a message for any other rate. */
export function readGstRate(value: string | number | null | undefined): number | null | { message: string } {
  if (value === null || value === undefined) return null;
  const text = String(value).trim().replace(/\s*%$/, '');
  if (text === '') return null;
  const percent = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(percent)) return { message: GST_RATE_MESSAGE };
  const bp = Math.round(percent * 100);
  return Math.abs(percent * 100 - bp) < 1e-6 && (GST_RATES_BP as readonly number[]).includes(bp)
    ? bp
    : { message: GST_RATE_MESSAGE };
}

/** Absent: leave as it is; null or blank: not set here; otherwise a 4, 6 or 8-digit code. */
export const hsnCodeField = z.pipe(
  z.optional(z.nullable(z.string({ error: HSN_MESSAGE }))),
  z.transform((value: string | null | undefined, ctx) => {
    if (value === undefined) return undefined;
    const hsn = readHsnCode(value);
    if (hsn === null || typeof hsn === 'string') return hsn;
    ctx.issues.push({ code: 'custom', message: hsn.message, input: value });
    return z.NEVER;
  }),
);

/** Absent: leave as it is; null or blank: not set here; otherwise percent (18, 5, 0.25) of a slab. */
export const gstRateField = z.pipe(
  z.optional(z.nullable(z.union([z.number(), z.string()], { error: GST_RATE_MESSAGE }))),
  z.transform((value: number | string | null | undefined, ctx) => {
    if (value === undefined) return undefined;
    const bp = readGstRate(value);
    if (bp === null) return null;
    if (typeof bp === 'number') return bp / 100;
    ctx.issues.push({ code: 'custom', message: bp.message, input: value });
    return z.NEVER;
  }),
);

/** Percent (18) to basis points (1800), keeping absent and null as they are. */
export function rateToBp(rate: number | null | undefined): number | null | undefined {
  return rate === null || rate === undefined ? rate : Math.round(rate * 100);
}

/** Basis points (1800) to percent (18). */
export function bpToRate(bp: number | null): number | null {
  return bp === null ? null : bp / 100;
}
