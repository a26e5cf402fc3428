import {
  blogCategoriesTable,
  brandsTable,
  categoriesTable,
  colorsTable,
  createBlogCategory,
  createBrand,
  createCategory,
  createColor,
  deleteBlogCategory,
  deleteBrand,
  deleteCategory,
  deleteColor,
  updateBlogCategory,
  updateBrand,
  updateCategory,
  updateColor,
} from '../../../../shared/api/taxonomy';
import type { TaxonomyKind } from '../../../../shared/api/taxonomy.schemas';

export type { TaxonomyKind };

/** What the taxonomy page needs to know about each kind: its words and its endpoints. */
export type TaxonomyConfig = {
  kind: TaxonomyKind;
  /** "Brands" */
  title: string;
  /** "brand" */
  one: string;
  description: string;
  /** What `used` counts: "Products" or "Blog posts". */
  usedBy: string;
  usedOne: string;
  usedMany: string;
  table: typeof brandsTable;
  /** The colour endpoints' body has an optional `name`; the others ignore it (never sent). */
  create: typeof createColor;
  update: typeof updateColor;
  remove: typeof deleteBrand;
  titleLabel: string;
};

const products = { usedBy: 'Products', usedOne: 'product', usedMany: 'products' };

export const taxonomyConfigs: Record<TaxonomyKind, TaxonomyConfig> = {
  brand: {
    kind: 'brand',
    title: 'Brands',
    one: 'brand',
    description: 'The makers shoppers filter by. A brand that products use cannot be deleted.',
    ...products,
    table: brandsTable,
    create: createBrand as unknown as typeof createColor,
    update: updateBrand as unknown as typeof updateColor,
    remove: deleteBrand,
    titleLabel: 'Brand name',
  },
  category: {
    kind: 'category',
    title: 'Categories',
    one: 'category',
    description: 'The aisles of the store. A category that products use cannot be deleted.',
    ...products,
    table: categoriesTable,
    create: createCategory as unknown as typeof createColor,
    update: updateCategory as unknown as typeof updateColor,
    remove: deleteCategory,
    titleLabel: 'Category name',
  },
  color: {
    kind: 'color',
    title: 'Colours',
    one: 'colour',
    description: 'The colours products come in: the value paints the swatch, the name is what shoppers read.',
    ...products,
    table: colorsTable,
    create: createColor,
    update: updateColor,
    remove: deleteColor as unknown as typeof deleteBrand,
    titleLabel: 'Hex value',
  },
  blogcategory: {
    kind: 'blogcategory',
    title: 'Blog categories',
    one: 'blog category',
    description: 'The sections of the blog. Renaming one renames it on its posts too.',
    usedBy: 'Posts',
    usedOne: 'post',
    usedMany: 'posts',
    table: blogCategoriesTable,
    create: createBlogCategory as unknown as typeof createColor,
    update: updateBlogCategory as unknown as typeof updateColor,
    remove: deleteBlogCategory as unknown as typeof deleteBrand,
    titleLabel: 'Category name',
  },
};

export function isTaxonomyKind(value: unknown): value is TaxonomyKind {
  return typeof value === 'string' && value in taxonomyConfigs;
}
