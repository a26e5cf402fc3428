import { SelectField, TextField } from '../../../components/forms/form-field';
import { ColourDot } from './colour-dot';
import type { CatalogueNames } from './use-catalogue-names';
import { newKey, type OptionDraft, PRODUCT_OPTIONS_MAX, textValues } from './variant-grid-model';

type Props = {
  options: readonly OptionDraft[];
  colours: CatalogueNames['colors'];
  onChange: (options: OptionDraft[]) => void;
};

const colourName = (colour: CatalogueNames['colors'][number]) => colour.name || colour.title;

/** A colour option's values: the shop's colours, ticked in the order shoppers will see them. */
function ColourValues({
  option,
  colours,
  update,
}: {
  option: OptionDraft;
  colours: CatalogueNames['colors'];
  update: (change: Partial<OptionDraft>) => void;
}) {
  const byId = new Map(colours.map((colour) => [colour._id, colourName(colour)]));
  const move = (index: number) => {
    const next = [...option.colorIds];
    [next[index - 1], next[index]] = [next[index]!, next[index - 1]!];
    update({ colorIds: next });
  };
  return (
    <fieldset className="product-choices variant-option-values">
      <legend className="form-label">Colours of {option.name.trim() || 'this option'}</legend>
      {colours.length === 0 ? (
        <p className="muted">No colours yet: add them under Colours first.</p>
      ) : (
        <ul className="product-choice-list product-choice-list--inline">
          {colours.map((colour) => (
            <li key={colour._id}>
              <label className="product-choice">
                <input
                  type="checkbox"
                  checked={option.colorIds.includes(colour._id)}
                  onChange={(event) =>
                    update({
                      colorIds: event.target.checked
                        ? [...option.colorIds, colour._id]
                        : option.colorIds.filter((id) => id !== colour._id),
                    })
                  }
                />
                <ColourDot value={colour.title} />
                <span>{colourName(colour)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {option.colorIds.length > 1 && (
        <ol className="variant-value-order" aria-label={`Order of ${option.name.trim() || 'the colours'}`}>
          {option.colorIds.map((id, index) => (
            <li key={id}>
              <span>{byId.get(id) ?? id}</span>
              {index > 0 && (
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`Move ${byId.get(id) ?? id} earlier`}
                  onClick={() => move(index)}
                >
                  ↑
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}

/**
 * Up to three options (Colour, Size, Storage...): a name, whether its values are the shop's
 * colours or typed text, and the values in the merchant's order. The grid follows when the
 * merchant presses "Generate variants".
 */
export function VariantOptions({ options, colours, onChange }: Props) {
  const update = (key: string, change: Partial<OptionDraft>) =>
    onChange(options.map((option) => (option.key === key ? { ...option, ...change } : option)));
  const hasColour = options.some((option) => option.kind === 'color');
  return (
    <div className="variant-options">
      {options.length === 0 && (
        <p className="muted">
          No options: the product is sold as one variant. Add an option such as Colour or Size to sell each
          combination with its own SKU, price and stock.
        </p>
      )}
      {options.map((option, index) => {
        const count = option.kind === 'color' ? option.colorIds.length : textValues(option.text).length;
        return (
          <fieldset key={option.key} className="variant-option">
            <legend>
              Option {index + 1}
              {option.name.trim() && `: ${option.name.trim()}`}{' '}
              <span className="muted">
                ({count} {count === 1 ? 'value' : 'values'})
              </span>
            </legend>
            <div className="variant-option-head">
              <TextField
                label={`Name of option ${index + 1}`}
                value={option.name}
                maxLength={30}
                placeholder={index === 0 ? 'Colour' : 'Size'}
                onChange={(event) => update(option.key, { name: event.target.value })}
              />
              <SelectField
                label={`Values of option ${index + 1} are`}
                value={option.kind}
                onChange={(event) => update(option.key, { kind: event.target.value as OptionDraft['kind'] })}
              >
                <option value="text">Text (sizes, storage…)</option>
                <option value="color" disabled={hasColour && option.kind !== 'color'}>
                  The shop’s colours
                </option>
              </SelectField>
              <button
                type="button"
                className="button button--small variant-option-remove"
                onClick={() => onChange(options.filter((o) => o.key !== option.key))}
              >
                Remove option {index + 1}
              </button>
            </div>
            {option.kind === 'color' ? (
              <ColourValues
                option={option}
                colours={colours}
                update={(change) => update(option.key, change)}
              />
            ) : (
              <TextField
                className="variant-option-text"
                label={`Values of ${option.name.trim() || `option ${index + 1}`}`}
                value={option.text}
                placeholder="S, M, L, XL"
                hint="Separated by commas, in the order shoppers see them."
                onChange={(event) => update(option.key, { text: event.target.value })}
              />
            )}
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button"
        disabled={options.length >= PRODUCT_OPTIONS_MAX}
        onClick={() =>
          onChange([
            ...options,
            {
              key: newKey('option'),
              name: '',
              kind: hasColour ? 'text' : options.length === 0 ? 'color' : 'text',
              colorIds: [],
              text: '',
            },
          ])
        }
      >
        Add an option{options.length >= PRODUCT_OPTIONS_MAX ? ' (at most 3)' : ''}
      </button>
    </div>
  );
}
