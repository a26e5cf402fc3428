import { PRODUCT_TITLE_MAX } from '../../../../shared/api/catalog-admin.schemas';
import type { TranslatedLocale } from '../../../../shared/translations';
import { TextField } from '../../../components/forms/form-field';
import { RichTextEditor } from '../../components/rich-text-editor';
import { translatedLabel, translatedLocales } from '../translations/translations';
import '../translations/translations.css';
import type { Errors, Values } from './product-form-fields';

export type TranslatedField = 'title' | 'description';

/** What the title and description rows receive from the form. */
type TextProps = {
  values: Values;
  errors: Errors;
  /** A translated field's message, by language and field. */
  problem: (code: TranslatedLocale, field: TranslatedField) => string | undefined;
  setTitle: (value: string) => void;
  setDescription: (html: string) => void;
  setTranslation: (code: TranslatedLocale, field: TranslatedField, value: string) => void;
};

/**
 * The title in English and beside it in each other language (stacked on a phone), so the
 * translation is written looking at what it translates (decision 050).
 */
export function TitleRow({ values, errors, problem, setTitle, setTranslation }: TextProps) {
  return (
    <div className="translated-row">
      <TextField
        id="product-title"
        label="Title"
        value={values.title}
        maxLength={PRODUCT_TITLE_MAX}
        required
        error={errors.title}
        onChange={(event) => setTitle(event.target.value)}
      />
      {translatedLocales.map((code) => (
        <TextField
          key={code}
          id={`product-title-${code}`}
          label={translatedLabel(code, 'title')}
          lang={code}
          value={values.translations[code].title}
          maxLength={PRODUCT_TITLE_MAX}
          hint="Leave empty to show the English title."
          error={problem(code, 'title')}
          onChange={(event) => setTranslation(code, 'title', event.target.value)}
        />
      ))}
    </div>
  );
}

/** The description in English and beside it in each other language, with the same editor. */
export function DescriptionRow({ values, errors, problem, setDescription, setTranslation }: TextProps) {
  return (
    <div className="translated-row">
      <RichTextEditor
        label="Description"
        value={values.description}
        error={errors.description}
        hint="Headings, bold, lists and links. Anything else is removed when saved."
        onChange={setDescription}
      />
      {translatedLocales.map((code) => (
        <RichTextEditor
          key={code}
          id={`product-description-${code}`}
          label={translatedLabel(code, 'description')}
          lang={code}
          value={values.translations[code].description}
          error={problem(code, 'description')}
          hint="Cleaned like the English when saved. Leave empty to show the English description."
          onChange={(html) => setTranslation(code, 'description', html)}
        />
      ))}
    </div>
  );
}
