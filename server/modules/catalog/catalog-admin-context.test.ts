import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { afterWrite, type CatalogAdminContext } from './catalog-admin-context.js';

/** Two consoles saving at once: the unique index decides, and the loser is told why (409, not 500). */
describe('afterWrite', () => {
  const ctx = { catalog: { invalidate() {} } } as unknown as CatalogAdminContext;
  const violation = (constraint: string) =>
    Object.assign(new Error('duplicate key'), { code: '23505', constraint });

  it('turns a SKU taken meanwhile into a 409 with a message', async () => {
    const failed = await afterWrite(ctx, Promise.reject(violation('product_variants_sku_key'))).catch(
      (e) => e,
    );
    expect(failed).toBeInstanceOf(AppError);
    expect(failed).toMatchObject({
      statusCode: 409,
      message: 'That SKU was just taken by another product. Choose another.',
    });
  });

  it('passes any other failure on as it is', async () => {
    const other = violation('some_other_key');
    await expect(afterWrite(ctx, Promise.reject(other))).rejects.toBe(other);
  });
});
