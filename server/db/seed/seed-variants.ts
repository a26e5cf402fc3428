import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';

/**
 * Gives every product that has no variant yet its one variant without options, holding the
 * product's price, MRP, stock and sales (SKU: the slug in capitals), as the console does for a
 * product made without options. One statement, so a million products cost one pass.
 */
export const ADD_MISSING_VARIANTS = `insert into product_variants (product_id, sku, price_paise, mrp_paise, quantity, sold)
  select p.id, upper(p.slug), p.price_paise, p.mrp_paise, p.quantity, p.sold
  from products p
  where not exists (select 1 from product_variants v where v.product_id = p.id)`;

export async function addMissingVariants(db: Executor): Promise<void> {
  await db.execute(sql.raw(ADD_MISSING_VARIANTS));
}

/**
 * The benchmark catalogue's variants: each new product sold in 1 to 7 sizes (4 on average, told
 * by its slug so every seed makes the same ones), each size 5% dearer than the one before, the
 * product's stock and sales shared out among them. Then their "Size" option on the product, whose
 * generated rows keep their one date (the trigger that sums the variants dated them now).
 */
export const ADD_SYNTHETIC_VARIANTS = [
  `with planned as (
    select p.id, p.slug, p.price_paise, p.mrp_paise, p.quantity, p.sold,
      1 + ((length(p.slug) * 7 + ascii(right(p.slug, 1))) % 7) as k
    from products p
    where not exists (select 1 from product_variants v where v.product_id = p.id))
  insert into product_variants (product_id, sku, option_values, price_paise, mrp_paise, quantity, sold, position)
  select id, upper(slug) || case when k = 1 then '' else '-' || s.n end,
    case when k = 1 then '{}'::text[] else array[(array['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL'])[s.n]] end,
    price_paise + (s.n - 1) * (price_paise / 20),
    case when mrp_paise is null then null else mrp_paise + (s.n - 1) * (price_paise / 20) end,
    quantity / k + case when s.n = 1 then quantity % k else 0 end,
    sold / k + case when s.n = 1 then sold % k else 0 end,
    s.n - 1
  from planned cross join lateral generate_series(1, k) as s(n)`,
  `update products p set options = jsonb_build_array(jsonb_build_object('name', 'Size', 'kind', 'text',
      'values', to_jsonb(v.sizes))), updated_at = p.created_at
  from (select product_id, array_agg(option_values[1] order by position) as sizes
    from product_variants where cardinality(option_values) = 1 group by product_id) v
  where p.id = v.product_id and p.options = '[]'::jsonb`,
];

export async function addSyntheticVariants(db: Executor): Promise<void> {
  for (const statement of ADD_SYNTHETIC_VARIANTS) await db.execute(sql.raw(statement));
}
