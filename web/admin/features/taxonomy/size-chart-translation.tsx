import { type FormEvent, useState } from 'react';
import { updateCategory } from '../../../../shared/api/taxonomy';
import type { ApiTaxonomyRow } from '../../../../shared/api/taxonomy.schemas';
import { languageName, type TranslatedLocale } from '../../../../shared/translations';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { toast } from '../../../lib/toast';
import { adminApi } from '../../lib/admin-api';
import { languageHeading, translatedLocales, translationErrors } from '../translations/translations';

type Chart = { columns: string[]; rows: string[][] };

/** The translated chart as typed: '' where a cell is to read as in English. */
function startingChart(english: Chart, translated: Chart | undefined): Chart {
  const fits =
    translated &&
    translated.columns.length === english.columns.length &&
    english.rows.every((row, i) => translated.rows[i]?.length === row.length);
  // A cell the same as the English starts empty, so what is left to translate stands out.
  const own = (text: string | undefined, englishText: string) =>
    fits && text !== englishText ? (text ?? '') : '';
  return {
    columns: english.columns.map((heading, c) => own(translated?.columns[c], heading)),
    rows: english.rows.map((row, r) => row.map((cell, c) => own(translated?.rows[r]?.[c], cell))),
  };
}

/**
 * A category's size chart in another language: the English chart's headings and cells, each with
 * a box for its translation (sizes and measurements usually read the same, so an empty box takes
 * the English). Saved as the category's translated chart, which has the English chart's shape.
 */
export function SizeChartTranslation({
  row,
  onSaved,
  onCancel,
}: {
  row: ApiTaxonomyRow & { sizeChart: Chart };
  onSaved: () => void;
  onCancel: () => void;
}) {
  const english = row.sizeChart;
  const [charts, setCharts] = useState(
    () =>
      Object.fromEntries(
        translatedLocales.map((code) => [code, startingChart(english, row.translations?.[code]?.sizeChart)]),
      ) as Record<TranslatedLocale, Chart>,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setCell = (code: TranslatedLocale, r: number | 'heading', c: number, value: string) =>
    setCharts((current) => {
      const chart = current[code];
      return {
        ...current,
        [code]:
          r === 'heading'
            ? { ...chart, columns: chart.columns.map((text, i) => (i === c ? value : text)) }
            : {
                ...chart,
                rows: chart.rows.map((cells, i) =>
                  i === r ? cells.map((t, j) => (j === c ? value : t)) : cells,
                ),
              },
      };
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const translations = Object.fromEntries(
      translatedLocales.map((code) => {
        const chart = charts[code];
        const typed = [...chart.columns, ...chart.rows.flat()].some((text) => text.trim() !== '');
        // Nothing typed: no chart in this language (the English shows).
        if (!typed) return [code, { sizeChart: null }];
        return [
          code,
          {
            sizeChart: {
              columns: chart.columns.map((text, c) => text.trim() || english.columns[c]!),
              rows: chart.rows.map((cells, r) => cells.map((text, c) => text.trim() || english.rows[r]![c]!)),
            },
          },
        ];
      }),
    );
    setBusy(true);
    try {
      await adminApi.call(updateCategory, {
        params: { id: row._id },
        body: { title: row.title, translations },
      });
      toast.success(`Saved the size chart of ${row.title}.`, { autoClose: 4000 });
      setProblem(null);
      onSaved();
    } catch (error) {
      setProblem(Object.values(translationErrors(error))[0] ?? null);
      reportSubmitError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="size-chart-heading">
      <h2 id="size-chart-heading">Size chart of {row.title}</h2>
      <p className="form-hint">
        Translate the headings, and any cell that reads differently; an empty box shows the English. The rows
        and columns are the English chart’s.
      </p>
      <form noValidate onSubmit={submit}>
        {translatedLocales.map((code) => (
          <div key={code} className="translation-table-scroll">
            <table className="translation-table">
              <caption className="form-label">{languageHeading(code)}</caption>
              <thead>
                <tr>
                  {english.columns.map((heading, c) => (
                    <th key={heading} scope="col">
                      <span className="muted">{heading}</span>
                      <input
                        className="form-input"
                        lang={code}
                        value={charts[code].columns[c]}
                        placeholder={heading}
                        aria-label={`${languageName(code)} for the heading “${heading}”`}
                        onChange={(event) => setCell(code, 'heading', c, event.target.value)}
                      />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {english.rows.map((cells, r) => (
                  <tr key={cells.join('|')}>
                    {cells.map((cell, c) => (
                      <td key={`${english.columns[c]}`}>
                        <input
                          className="form-input"
                          lang={code}
                          value={charts[code].rows[r]![c]}
                          placeholder={cell}
                          aria-label={`${languageName(code)} for “${cell}” (${english.columns[c]}, row ${r + 1})`}
                          onChange={(event) => setCell(code, r, c, event.target.value)}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save size chart'}
          </button>
          <button type="button" className="button button--plain" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

/** The panel for the category whose chart is being translated, if any; `onClose(saved)`. */
export function SizeChartPanel({
  row,
  onClose,
}: {
  row: ApiTaxonomyRow | null;
  onClose: (saved: boolean) => void;
}) {
  if (!row?.sizeChart) return null;
  return (
    <SizeChartTranslation
      key={row._id}
      row={{ ...row, sizeChart: row.sizeChart }}
      onCancel={() => onClose(false)}
      onSaved={() => onClose(true)}
    />
  );
}
