import type { ApiProductPage } from '../../../shared/api/catalog.schemas';
import { type Translate, useT } from '../../i18n/i18n';
import { type Choice, swatchColour, type ValueState, valueState } from './variant-choice';

/** What a value's radio says besides the value: "M, sold out". */
function stateWords(t: Translate, state: ValueState): string {
  if (state === 'sold-out') return t('product.option.soldOut');
  if (state === 'unavailable') return t('product.option.unavailable');
  return '';
}

/**
 * One radio group per option: colours as swatches, other options (sizes, storage) as buttons.
 * Native radios give the keyboard its arrow keys and screen readers the group and its legend. A
 * value sold out for the other choices is crossed out but stays choosable, so the shopper learns
 * "M, sold out" instead of meeting a control that does nothing.
 */
export function OptionPickers({
  product,
  choice,
  idPrefix,
  errorId,
  onChoose,
}: {
  product: ApiProductPage;
  choice: Choice;
  /** Radios are `${idPrefix}-${option}-${value}` (indexes): a refused add focuses the first missing group. */
  idPrefix: string;
  /** The refusal message's id, when one shows. */
  errorId?: string | undefined;
  onChoose: (name: string, value: string) => void;
}) {
  const t = useT();
  return (
    <>
      {product.options.map((option, optionIndex) => {
        const chosen = choice[option.name];
        const swatches = option.kind === 'color';
        return (
          <fieldset
            key={option.name}
            className={swatches ? 'option-picker color-picker' : 'option-picker'}
            aria-describedby={errorId && !chosen ? errorId : undefined}
          >
            <legend>
              {option.name}
              {chosen ? <span className="color-picker-chosen">: {chosen}</span> : null}
            </legend>
            <div className={swatches ? 'color-picker-options' : 'option-values'}>
              {option.values.map((value, valueIndex) => {
                const state = valueState(product, choice, option.name, value);
                const words = stateWords(t, state);
                const className = `${swatches ? 'color-swatch' : 'option-value'}${state === 'available' ? '' : ' option-value--out'}`;
                return (
                  <label
                    key={value}
                    className={className}
                    title={words ? t('product.option.titleWithState', { value, state: words }) : value}
                  >
                    <input
                      id={`${idPrefix}-${optionIndex}-${valueIndex}`}
                      type="radio"
                      name={`${idPrefix}-${optionIndex}`}
                      value={value}
                      checked={chosen === value}
                      onChange={() => onChoose(option.name, value)}
                    />
                    {swatches ? (
                      <>
                        <span
                          className="color-swatch-dot"
                          style={{ background: swatchColour(product, value) ?? 'transparent' }}
                          aria-hidden="true"
                        />
                        <span className="visually-hidden">
                          {words ? t('product.option.withState', { value, state: words }) : value}
                        </span>
                      </>
                    ) : (
                      <span className="option-value-text">
                        {/* One text for its name: a hidden part beside a visible one reads "M , sold out". */}
                        {words ? (
                          <>
                            <span aria-hidden="true">{value}</span>
                            <span className="visually-hidden">
                              {t('product.option.withState', { value, state: words })}
                            </span>
                          </>
                        ) : (
                          value
                        )}
                      </span>
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}
