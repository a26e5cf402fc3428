/**
 * What changed in the catalogue, as every app server hears it (catalog's `catalog_changed`
 * announcements, decision 015): `stock` (an order took stock or gave it back) makes product pages
 * go; `all` (a product, its price or pictures, a category, brand or colour, a rating) makes every
 * read go. The shelf index and the list cards here follow it.
 */
export type CatalogChange = 'all' | 'stock';
