import { type ReactNode, useId, useState } from 'react';
import { type Translate, useLocale, useT } from '../../i18n/i18n';
import { formatRupees, priceText } from '../../lib/money';
import { AddToCart } from '../cart/add-to-cart';
import { OptionPickers } from './option-pickers';
import { ProductGallery } from './product-gallery';
import type { ProductPageItem } from './product-names';
import { localizedChart, SizeChart } from './size-chart';
import { useVariantChoice } from './use-variant-choice';
import './product-options.css';
import {
  type Choice,
  choiceImages,
  matchingVariants,
  priceRange,
  type StockText,
  stockText,
  variantLabel,
} from './variant-choice';

type Shown = { price: number; priceMax: number; mrp: number | null; stock: StockText; label: string };

/** The values chosen of the options that offer a choice: "Navy / XL". */
const choiceLabel = (product: ProductPageItem, choice: Choice) =>
  product.options
    .filter((option) => option.values.length > 1 && choice[option.name])
    .map((option) => choice[option.name])
    .join(' / ');

/**
 * Price, list price and stock for what is chosen: the variant's once there is one, the range still
 * possible before. A product without options shows its own figures, exactly as before variants.
 */
function shownFigures(t: Translate, product: ProductPageItem, choice: Choice, missing: number): Shown {
  if (product.options.length === 0) {
    const stock = stockText(t, product.quantity);
    return { price: product.price, priceMax: product.price, mrp: product.mrp, stock, label: '' };
  }
  const possible = matchingVariants(product, choice);
  const label = choiceLabel(product, choice);
  if (missing === 0 && possible.length === 1) {
    const variant = possible[0]!;
    const stock = stockText(t, variant.quantity, variantLabel(product, variant));
    return { price: variant.price, priceMax: variant.price, mrp: variant.mrp ?? product.mrp, stock, label };
  }
  if (missing === 0) {
    const stock: StockText = { text: t('product.stock.notSold', { label }), tone: 'out' };
    return { price: product.price, priceMax: product.priceMax, mrp: null, stock, label };
  }
  const { min, max } = priceRange(product, choice);
  const mrps = new Set(possible.map((variant) => variant.mrp));
  const mrp = min === max && mrps.size === 1 ? (possible[0]?.mrp ?? product.mrp) : null;
  const stock = stockText(
    t,
    possible.reduce((sum, variant) => sum + Math.max(0, variant.quantity), 0),
  );
  return { price: min, priceMax: max, mrp, stock, label };
}

/**
 * The top of the product page: pictures, title, price, facts, option pickers and the cart button,
 * all following the shopper's choice of variant. Keyed by product, so another product starts afresh.
 */
export function ProductMain({
  product,
  title,
  heading,
  facts,
  after,
}: {
  product: ProductPageItem;
  /** The product's title in the page's language (the pictures' text when they have none). */
  title: string;
  /** Brand, title and rating, above the price. */
  heading: ReactNode;
  /** The facts list's rows above Availability (brand, category, tags). */
  facts: ReactNode;
  /** Wishlist, sharing, delivery and shipping, below the cart button. */
  after: ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const { choice, variant, missing, touched, choose } = useVariantChoice(product);
  const [refusal, setRefusal] = useState<string | null>(null);
  const idPrefix = useId();
  const errorId = `${idPrefix}-error`;
  const hasOptions = product.options.length > 0;
  const shown = shownFigures(t, product, choice, missing.length);
  const sizeChart = localizedChart(product, locale);
  const discount = shown.mrp && shown.mrp > shown.price ? Math.round((1 - shown.price / shown.mrp) * 100) : 0;
  const price = priceText({ price: shown.price, priceMax: shown.priceMax });
  const images = hasOptions ? choiceImages(product, choice) : product.images;

  return (
    <section className="product-main" aria-labelledby="product-title">
      <ProductGallery key={images.map((image) => image.url).join()} images={images} title={title} />

      <div className="product-summary">
        {heading}

        <p className="product-price">
          <span className="product-price-now">{price}</span>
          {discount > 0 && shown.mrp && (
            <>
              <s className="product-price-was">
                <span className="visually-hidden">{t('product.price.listPrice')} </span>
                {formatRupees(shown.mrp)}
              </s>
              <span className="product-price-off">{t('product.price.off', { discount })}</span>
            </>
          )}
        </p>

        <dl className="product-facts">
          {facts}
          <div>
            <dt>{t('product.facts.availability')}</dt>
            <dd className={`product-stock product-stock--${shown.stock.tone}`}>{shown.stock.text}</dd>
          </div>
        </dl>

        {hasOptions && (
          <div className="product-options">
            <OptionPickers
              product={product}
              choice={choice}
              idPrefix={idPrefix}
              errorId={refusal ? errorId : undefined}
              onChoose={(name, value) => {
                setRefusal(null);
                choose(name, value);
              }}
            />
            {refusal && (
              <p id={errorId} className="option-error" role="alert">
                {refusal}
              </p>
            )}
            {sizeChart && <SizeChart {...sizeChart} />}
            <p className="visually-hidden" role="status">
              {touched ? `${shown.label ? `${shown.label}: ` : ''}${price}. ${shown.stock.text}.` : ''}
            </p>
          </div>
        )}
        {!hasOptions && sizeChart && (
          <div className="product-options">
            <SizeChart {...sizeChart} />
          </div>
        )}

        <AddToCart
          product={product}
          variant={hasOptions ? variant : (product.variants[0] ?? null)}
          options={
            hasOptions
              ? {
                  missing,
                  label: variant ? variantLabel(product, variant) : '',
                  onRefuse: (message, name) => {
                    setRefusal(message);
                    const index = product.options.findIndex((option) => option.name === name);
                    document.getElementById(`${idPrefix}-${index}-0`)?.focus();
                  },
                }
              : undefined
          }
        />

        {after}
      </div>
    </section>
  );
}
