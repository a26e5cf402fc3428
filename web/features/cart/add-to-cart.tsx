import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { addToCart } from '../../../shared/api/cart';
import type { ApiProductPage, ApiVariant } from '../../../shared/api/catalog.schemas';
import { CartIcon } from '../../components/ui/icons';
import { type Translate, useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';
import { loginHref } from '../accounts/next-path';
import { useApiSay } from '../checkout/api-messages';
import { NotifyMe } from '../restock/notify-me';
import { isInCart, reloadCart, useCart } from './cart-store';
import { QuantityInput } from './quantity-input';
import './cart.css';

/** A product with options: what the shopper has still to choose, and how to tell them. */
export type OptionsState = {
  /** Options not chosen yet ("Size"), in the merchant's order. */
  missing: readonly string[];
  /** The chosen variant as shoppers name it ("M", "Navy / M"). */
  label: string;
  /** Says (beside the pickers) what is still to choose, and takes the shopper there. */
  onRefuse: (message: string, missing: string) => void;
};

/** "Please choose a size", "Please choose a colour and a size". */
export function chooseMessage(missing: readonly string[], t: Translate): string {
  const options = missing
    .map((name) => t('buy.chooseOne', { option: name.toLowerCase() }))
    .reduce((first, second) => t('buy.chooseAnd', { first, second }));
  return t('buy.choose', { options });
}

/**
 * The product page's quantity and 'Add to cart' button, with the colour choice of a product whose
 * colours are labels rather than an option. A product with options adds the `variant` the pickers
 * chose (`options`); one without adds its only variant. When that is already in the customer's
 * cart, the choices give way to a 'Go to cart' link.
 */
export function AddToCart({
  product,
  variant = null,
  options,
}: {
  product: ApiProductPage;
  variant?: ApiVariant | null;
  options?: OptionsState | undefined;
}) {
  const t = useT();
  const say = useApiSay();
  const session = useSession();
  const cart = useCart();
  const [, navigate] = useLocation();
  const [color, setColor] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const uid = useId();
  const hydrated = useHydrated();
  // Colours that are an option come with the variant; otherwise they are labels chosen here.
  const colourLabels = product.options.some((option) => option.kind === 'color') ? [] : product.color;
  const inCart = options
    ? variant !== null && isInCart(cart.lines, product._id, variant._id)
    : isInCart(cart.lines, product._id);

  if (session && inCart) {
    return (
      <div className="add-to-cart">
        <p className="add-to-cart-note">
          {options?.label ? t('buy.inCartChoice', { choice: options.label }) : t('buy.inCart')}
        </p>
        <Link href="/cart" className="button button--primary add-to-cart-button">
          <CartIcon size={20} /> {t('buy.goToCart')}
        </Link>
      </div>
    );
  }

  // Sold out (the product, or the size chosen): the shopper may ask to be told when it is back.
  const soldOut = product.quantity <= 0 || Boolean(options && variant && variant.quantity <= 0);
  if (soldOut) {
    return (
      <NotifyMe
        productId={product._id}
        variantId={options ? variant?._id : undefined}
        missing={() => {
          if (!options || options.missing.length === 0) return false;
          options.onRefuse(chooseMessage(options.missing, t), options.missing[0]!);
          return true;
        }}
      />
    );
  }
  const refusal = options && options.missing.length === 0 && !variant ? t('buy.unavailable') : null;
  if (refusal) {
    return (
      <div className="add-to-cart">
        <button type="button" className="button button--primary add-to-cart-button" disabled>
          {refusal}
        </button>
      </div>
    );
  }

  async function add() {
    if (options && options.missing.length > 0) {
      options.onRefuse(chooseMessage(options.missing, t), options.missing[0]!);
      return;
    }
    if (!session) {
      navigate(loginHref(window.location.pathname + window.location.search));
      return;
    }
    if (colourLabels.length > 0 && !color) {
      toast.error(t('buy.chooseColour'));
      document.getElementById(`${uid}-color-0`)?.focus();
      return;
    }
    const colour = color ?? variant?.colorId ?? undefined;
    setBusy(true);
    try {
      await api.call(addToCart, {
        body: {
          productId: product._id,
          ...(variant ? { variantId: variant._id } : {}),
          ...(colour ? { color: colour } : {}),
          quantity,
        },
      });
      toast.success(t('buy.added'));
      setColor(null);
      setQuantity(1);
      await reloadCart();
    } catch (error) {
      const message = isApiError(error)
        ? t('buy.failedWith', { reason: say(error.message) })
        : t('buy.failed');
      toast.error(message, { autoClose: 5000 });
    } finally {
      setBusy(false);
    }
  }

  const chosen = colourLabels.find((c) => c._id === color);
  return (
    <form
      className="add-to-cart"
      // Until the page is interactive the button would submit the form to the server instead.
      data-hydrated={hydrated || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      {colourLabels.length > 0 && (
        <fieldset className="color-picker">
          <legend>
            {t('buy.colour')}
            {chosen ? <span className="color-picker-chosen">: {chosen.name}</span> : null}
          </legend>
          <div className="color-picker-options">
            {colourLabels.map((option, index) => (
              <label key={option._id} className="color-swatch" title={option.name}>
                <input
                  id={`${uid}-color-${index}`}
                  type="radio"
                  name={`${uid}-color`}
                  value={option._id}
                  checked={color === option._id}
                  onChange={() => setColor(option._id)}
                />
                <span className="color-swatch-dot" style={{ background: option.title }} aria-hidden="true" />
                <span className="visually-hidden">{option.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <QuantityInput
        id={`${uid}-quantity`}
        value={quantity}
        max={variant?.quantity ?? product.quantity}
        onChange={setQuantity}
      />
      <button type="submit" className="button button--primary add-to-cart-button" disabled={busy}>
        <CartIcon size={20} /> {busy ? t('buy.adding') : t('buy.add')}
      </button>
    </form>
  );
}
