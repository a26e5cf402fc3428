import { listBrands, listCategories, listColors } from '../../../../shared/api/taxonomy';
import { adminApi } from '../../lib/admin-api';
import { useAdminQuery } from '../../lib/use-admin-query';

/** The categories, brands and colours the selects offer (the public lists, A to Z). */
export function useCatalogueNames() {
  return useAdminQuery(async (signal) => {
    const [categories, brands, colors] = await Promise.all([
      adminApi.call(listCategories, { signal }),
      adminApi.call(listBrands, { signal }),
      adminApi.call(listColors, { signal }),
    ]);
    const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);
    return {
      categories: [...categories].sort(byTitle),
      brands: [...brands].sort(byTitle),
      colors: [...colors].sort((a, b) => (a.name || a.title).localeCompare(b.name || b.title)),
    };
  }, []);
}

export type CatalogueNames = NonNullable<ReturnType<typeof useCatalogueNames>['data']>;
