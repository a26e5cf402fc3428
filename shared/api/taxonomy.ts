import { endpoint } from './endpoint.js';
import type * as schemas from './taxonomy.schemas.js';

/*
 * Brands, product categories, colours and blog categories: the original admin client's four
 * one-field resources (`{p}/`), each with a public list and read, staff writes under the
 * `catalogue` permission, and a table for the console (search, sort, paging, usage counts).
 */
const tag = 'Catalogue admin';

export const listBrands = endpoint<typeof schemas.listBrands>({
  method: 'GET',
  path: '/api/brand',
  access: 'public',
  tag,
  summary: 'List brands',
  description: 'Every brand, A to Z (up to 10,000).',
});

export const getBrand = endpoint<typeof schemas.getBrand>({
  method: 'GET',
  path: '/api/brand/:id',
  access: 'public',
  tag,
  summary: 'Read one brand',
  errors: [400, 404],
});

export const createBrand = endpoint<typeof schemas.createBrand>({
  method: 'POST',
  path: '/api/brand',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Create a brand',
  description:
    'Body `{title}`, trimmed. Answers the new record (200, as the original). 409 when the title is taken (ignoring case).',
  errors: [400, 409],
});

export const updateBrand = endpoint<typeof schemas.updateBrand>({
  method: 'PUT',
  path: '/api/brand/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Rename a brand',
  description:
    'Changes only the title. Products refer to it by id, so the new title shows everywhere at once. 409 when the title is taken.',
  errors: [400, 404, 409],
});

export const deleteBrand = endpoint<typeof schemas.deleteBrand>({
  method: 'DELETE',
  path: '/api/brand/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Delete a brand',
  description: 'Answers the deleted record. 409, saying how many, while products (archived ones too) use it.',
  errors: [400, 404, 409],
});

export const brandsTable = endpoint<typeof schemas.brandsTable>({
  method: 'GET',
  path: '/api/admin/brands',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'The console’s table of brands',
  description:
    'Search (`q`), sort (`title`, `createdAt`, `used`; `:asc` or `:desc`) and pages of 50, with how many products use each.',
  errors: [400],
});

export const listCategories = endpoint<typeof schemas.listCategories>({
  method: 'GET',
  path: '/api/category',
  access: 'public',
  tag,
  summary: 'List product categories',
  description: 'Every product category, A to Z (up to 10,000).',
});

export const getCategory = endpoint<typeof schemas.getCategory>({
  method: 'GET',
  path: '/api/category/:id',
  access: 'public',
  tag,
  summary: 'Read one product category',
  errors: [400, 404],
});

export const createCategory = endpoint<typeof schemas.createCategory>({
  method: 'POST',
  path: '/api/category',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Create a product category',
  description:
    'Body `{title}`, trimmed. Answers the new record (200, as the original). 409 when the title is taken (ignoring case).',
  errors: [400, 409],
});

export const updateCategory = endpoint<typeof schemas.updateCategory>({
  method: 'PUT',
  path: '/api/category/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Rename a product category',
  description:
    'Changes only the title. Products refer to it by id, so the new title shows everywhere at once. 409 when the title is taken.',
  errors: [400, 404, 409],
});

export const deleteCategory = endpoint<typeof schemas.deleteCategory>({
  method: 'DELETE',
  path: '/api/category/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Delete a product category',
  description: 'Answers the deleted record. 409, saying how many, while products (archived ones too) use it.',
  errors: [400, 404, 409],
});

export const categoriesTable = endpoint<typeof schemas.categoriesTable>({
  method: 'GET',
  path: '/api/admin/categories',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'The console’s table of product categories',
  description:
    'Search (`q`), sort (`title`, `createdAt`, `used`; `:asc` or `:desc`) and pages of 50, with how many products use each.',
  errors: [400],
});

export const listColors = endpoint<typeof schemas.listColors>({
  method: 'GET',
  path: '/api/color',
  access: 'public',
  tag,
  summary: 'List colours',
  description: 'Every colour, A to Z (up to 10,000).',
});

export const getColor = endpoint<typeof schemas.getColor>({
  method: 'GET',
  path: '/api/color/:id',
  access: 'public',
  tag,
  summary: 'Read one colour',
  errors: [400, 404],
});

export const createColor = endpoint<typeof schemas.createColor>({
  method: 'POST',
  path: '/api/color',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Create a colour',
  description:
    'Body a `#rrggbb` value (stored lower case) and an optional `name` (the hex value without one). Answers the new record (200, as the original). 409 when the title is taken (ignoring case).',
  errors: [400, 409],
});

export const updateColor = endpoint<typeof schemas.updateColor>({
  method: 'PUT',
  path: '/api/color/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Rename a colour',
  description: 'Changes only the title (and name). 409 when the title is taken.',
  errors: [400, 404, 409],
});

export const deleteColor = endpoint<typeof schemas.deleteColor>({
  method: 'DELETE',
  path: '/api/color/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Delete a colour',
  description: 'Answers the deleted record. 409, saying how many, while products (archived ones too) use it.',
  errors: [400, 404, 409],
});

export const colorsTable = endpoint<typeof schemas.colorsTable>({
  method: 'GET',
  path: '/api/admin/colors',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'The console’s table of colours',
  description:
    'Search (`q`), sort (`title`, `createdAt`, `used`; `:asc` or `:desc`) and pages of 50, with how many products use each.',
  errors: [400],
});

export const listBlogCategories = endpoint<typeof schemas.listBlogCategories>({
  method: 'GET',
  path: '/api/blogcategory',
  access: 'public',
  tag,
  summary: 'List blog categories',
  description: 'Every blog category, A to Z (up to 10,000).',
});

export const getBlogCategory = endpoint<typeof schemas.getBlogCategory>({
  method: 'GET',
  path: '/api/blogcategory/:id',
  access: 'public',
  tag,
  summary: 'Read one blog category',
  errors: [400, 404],
});

export const createBlogCategory = endpoint<typeof schemas.createBlogCategory>({
  method: 'POST',
  path: '/api/blogcategory',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Create a blog category',
  description:
    'Body `{title}`, trimmed. Answers the new record (200, as the original). 409 when the title is taken (ignoring case).',
  errors: [400, 409],
});

export const updateBlogCategory = endpoint<typeof schemas.updateBlogCategory>({
  method: 'PUT',
  path: '/api/blogcategory/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Rename a blog category',
  description:
    'Changes only the title. Renaming also renames it on every blog post that uses it (posts keep the category’s title). 409 when the title is taken.',
  errors: [400, 404, 409],
});

export const deleteBlogCategory = endpoint<typeof schemas.deleteBlogCategory>({
  method: 'DELETE',
  path: '/api/blogcategory/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Delete a blog category',
  description:
    'Answers the deleted record. 409, saying how many, while blog posts (archived ones too) use it.',
  errors: [400, 404, 409],
});

export const blogCategoriesTable = endpoint<typeof schemas.blogCategoriesTable>({
  method: 'GET',
  path: '/api/admin/blog-categories',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'The console’s table of blog categories',
  description:
    'Search (`q`), sort (`title`, `createdAt`, `used`; `:asc` or `:desc`) and pages of 50, with how many blog posts use each.',
  errors: [400],
});
