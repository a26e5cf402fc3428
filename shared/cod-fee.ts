/**
 * Cash on delivery's handling fee (decision 049): a fixed amount plus a percentage of the total
 * before it (the items after any coupon, plus delivery), in paise, rounded to the paisa halves up.
 * One computation for the checkout's price, the product page's estimate and the console's example.
 */
export type CodFee = {
  fixedPaise: number;
  /** Basis points of the total before the fee (250 = 2.5%). */
  percentBp: number;
};

export const NO_COD_FEE: CodFee = { fixedPaise: 0, percentBp: 0 };

export function codFeeOn(totalPaise: number, fee: CodFee): number {
  if (fee.fixedPaise === 0 && fee.percentBp === 0) return 0;
  // round(total × bp / 10000), halves up, in integers.
  return fee.fixedPaise + Math.floor((2 * totalPaise * fee.percentBp + 10_000) / 20_000);
}
