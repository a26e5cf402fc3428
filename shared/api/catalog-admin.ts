import type * as schemas from './catalog-admin.schemas.js';
import type * as variantSchemas from './catalog-variants.schemas.js';
import { endpoint } from './endpoint.js';

/*
 * Products in the merchant console (permission `catalogue`), and the original admin client's
 * product writes. Stock changes only through adjustments, each kept in the stock ledger.
 */
const tag = 'Catalogue admin';

export const adminListProducts = endpoint<typeof schemas.adminListProducts>({
  method: 'GET',
  path: '/api/admin/products',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Products for the console’s table',
  description:
    '`q` searches title, brand and category; filters `category` and `brand` (ids), `stock` (in: more than 5, ' +
    'low: 1 to 5, out: none), `tags` (any of; repeated or comma-separated) and `archived` (active by default, ' +
    'archived, all); `sort` title, price, stock or updated (`-` for descending; default -updated); `page` and ' +
    '`limit` (at most 100, default 25). `total` counts the matches up to 10,000 (a search up to 1,000); past that ' +
    '`totalExact` is false (narrow the filters to count them).',
  errors: [400],
});

export const exportProducts = endpoint<typeof schemas.exportProducts>({
  method: 'GET',
  path: '/api/admin/products/export',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Export products as CSV',
  description:
    'text/csv with the columns slug, title, description, price, mrp, category, brand, colors, tags, quantity, ' +
    'images: every product matching the table’s filters (all of them without filters). Prices in rupees; ' +
    'category and brand by title; colours by value (#rrggbb), tags and image URLs separated by `|`.',
  errors: [400],
});

export const importProducts = endpoint<typeof schemas.importProducts>({
  method: 'POST',
  path: '/api/admin/products/import',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Import products from CSV',
  description:
    'multipart/form-data with the CSV in a `file` part (the export’s columns; slug and title required, the ' +
    'others may be left out). A row whose slug exists updates that product, any other creates one; an empty ' +
    'cell on an update leaves the field as it is. Every row is checked first; when any is rejected (unknown ' +
    'category, brand or colour, a bad price, a slug twice in the file…) nothing is written and the report ' +
    'lists each problem with its row. `dryRun=true` checks without writing. Stock changes are written to ' +
    'the ledger as `import`. At most 20,000 rows or 50 MB.',
  errors: [400, 413],
});

export const adminGetProduct = endpoint<typeof schemas.adminGetProduct>({
  method: 'GET',
  path: '/api/admin/products/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'One product for the edit form',
  description: 'Archived products too.',
  errors: [400, 404],
});

export const adminCreateProduct = endpoint<typeof schemas.adminCreateProduct>({
  method: 'POST',
  path: '/api/admin/products',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Create a product',
  description:
    'Prices in rupees; MRP empty or at least the price. An empty slug is made from the title (with a ' +
    'number added when taken); a slug typed in that is taken is a 409. The description is cleaned of ' +
    'anything but formatting. `quantity` is the opening stock, written to the ledger.',
  status: 201,
  errors: [400, 409],
});

export const adminUpdateProduct = endpoint<typeof schemas.adminUpdateProduct>({
  method: 'PUT',
  path: '/api/admin/products/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Change a product',
  description: 'Every field but the stock (see the stock adjustments). 409 when the slug is taken.',
  errors: [400, 404, 409],
});

export const archiveProduct = endpoint<typeof schemas.archiveProduct>({
  method: 'POST',
  path: '/api/admin/products/:id/archive',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Archive a product',
  description:
    'It leaves the storefront (lists, search, its page, carts and checkouts) and keeps its history: orders ' +
    'still show it.',
  errors: [400, 404],
});

export const restoreProduct = endpoint<typeof schemas.restoreProduct>({
  method: 'POST',
  path: '/api/admin/products/:id/restore',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Put an archived product back on sale',
  errors: [400, 404],
});

export const adminDeleteProduct = endpoint<typeof schemas.adminDeleteProduct>({
  method: 'DELETE',
  path: '/api/admin/products/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Delete a product',
  description: 'Only a product nobody has ordered: 409 for one with orders (archive it instead).',
  errors: [400, 404, 409],
});

export const adjustStock = endpoint<typeof schemas.adjustStock>({
  method: 'POST',
  path: '/api/admin/products/:id/stock',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Adjust the stock',
  description:
    '`change` (units added, or removed with a minus) or `set` (the count), a `reason` (received, correction, ' +
    'damaged, returned) and a `note`. Written to the stock ledger. Stock never goes below 0: 409 with the ' +
    'current figure.',
  errors: [400, 404, 409],
});

export const listStockMovements = endpoint<typeof schemas.listStockMovements>({
  method: 'GET',
  path: '/api/admin/products/:id/stock-movements',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'The product’s stock ledger',
  description: 'Newest first, 20 per page. Sales are counted in `sold`, not listed here.',
  errors: [400, 404],
});

export const legacyCreateProduct = endpoint<typeof schemas.legacyCreateProduct>({
  method: 'POST',
  path: '/api/product',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Create a product (the original admin client)',
  description:
    'Brand and category by title, colours by id, `tags` one string, `price` rupees, `quantity` the opening ' +
    'stock. Answers `{newProduct}` with 200, as the original. Unknown brand, category or colour: 400. The ' +
    'slug is made from the title, with a number added when taken.',
  errors: [400],
});

export const legacyUpdateProduct = endpoint<typeof schemas.legacyUpdateProduct>({
  method: 'PUT',
  path: '/api/product/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Change a product (the original admin client)',
  description:
    'The create body’s fields, each optional: only those sent change. A new `quantity` is written to the ' +
    'stock ledger as a correction. Answers the product.',
  errors: [400, 404],
});

export const legacyDeleteProduct = endpoint<typeof schemas.legacyDeleteProduct>({
  method: 'DELETE',
  path: '/api/product/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Delete a product (the original admin client)',
  description:
    'A product with orders is archived instead (it leaves the storefront, orders keep showing it). Answers ' +
    'the product as it was.',
  errors: [400, 404],
});

export const getVariants = endpoint<typeof variantSchemas.getVariants>({
  method: 'GET',
  path: '/api/admin/products/:id/variants',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'A product’s options and variants',
  description:
    'The variants on sale, each with its SKU, price, MRP, stock, units held by checkouts and sales.',
  errors: [400, 404],
});

export const saveVariants = endpoint<typeof variantSchemas.saveVariants>({
  method: 'PUT',
  path: '/api/admin/products/:id/variants',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Save a product’s options and variants',
  description:
    'At most three options (one may be `color`, its values colour ids) and one variant per combination, each ' +
    'with a SKU unique across the shop (409 naming the product that has it), price, MRP, weight and size. A ' +
    'variant left out leaves the storefront (kept for its orders); a new one starts with `quantity` in the ' +
    'stock ledger. Existing stock changes through POST /api/admin/products/:id/stock.',
  errors: [400, 404, 409],
});
