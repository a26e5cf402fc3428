import type { ApiTaxonomyRow, TaxonomyKind } from '../../../../shared/api/taxonomy.schemas';
import { languageName, type TranslatedLocale } from '../../../../shared/translations';
import type { Column } from '../../components/data-table';
import { languageHeading, translatedLocales } from '../translations/translations';

/**
 * The taxonomy table's text in other languages (decision 050): each name's translation in a column
 * of its language, and a category's size chart, translated or not, with the button that opens its
 * panel.
 */

/** A colour's translations translate its `name`; a brand's or category's their `title`. */
export function translatedNameOf(kind: TaxonomyKind, row: ApiTaxonomyRow, code: TranslatedLocale): string {
  return (kind === 'color' ? row.translations?.[code]?.name : row.translations?.[code]?.title) ?? '';
}

/** A column per other language with the name in it (blog categories have none). */
export function translatedNameColumns(kind: TaxonomyKind, editing: string | null): Column<ApiTaxonomyRow>[] {
  if (kind === 'blogcategory') return [];
  return translatedLocales.map((code) => ({
    key: `name-${code}`,
    header: languageHeading(code),
    render: (row) => {
      if (editing === row._id) return null;
      const name = translatedNameOf(kind, row, code);
      return name ? <span lang={code}>{name}</span> : <span className="used-none">Not translated</span>;
    },
  }));
}

/** Categories' size chart: whether each language has it, and a button to translate it. */
export function sizeChartColumn(
  editing: string | null,
  onTranslate: (row: ApiTaxonomyRow) => void,
): Column<ApiTaxonomyRow> {
  return {
    key: 'sizeChart',
    header: 'Size chart',
    width: '11rem',
    render: (row) =>
      editing === row._id ? null : row.sizeChart ? (
        <span className="taxonomy-chart">
          {translatedLocales.map((code) => (
            <span key={code} className="muted">
              {row.translations?.[code]?.sizeChart
                ? `In ${languageName(code)}`
                : `Not in ${languageName(code)}`}
            </span>
          ))}
          <button
            type="button"
            className="button button--small button--plain"
            aria-label={`Translate the size chart of ${row.title}`}
            onClick={() => onTranslate(row)}
          >
            Translate
          </button>
        </span>
      ) : (
        <span className="used-none">None</span>
      ),
  };
}
