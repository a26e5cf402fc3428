import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { removeFromCart, updateCartQuantity } from '../../../shared/api/cart';
import type { ApiCartLine } from '../../../shared/api/cart.schemas';
import { CloseIcon } from '../../components/ui/icons';
import { useLocalized } from '../../i18n/content';
import { type Translate, useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { responsiveImage } from '../../lib/images';
import { formatRupees } from '../../lib/money';
import { toast } from '../../lib/toast';
import { type Say, useApiSay } from '../checkout/api-messages';
import { reloadCart } from './cart-store';
import { choiceText, LineSku, variantHref } from './line-choice';
import { QuantityInput } from './quantity-input';

function failed(error: unknown, t: Translate, say: Say) {
  const message = isApiError(error) ? t('buy.failedWith', { reason: say(error.message) }) : t('buy.failed');
  toast.error(message, { autoClose: 5000 });
}

/** Waits this long after the last change of a quantity before saving it (typing '10' is one save). */
const SAVE_DELAY_MS = 400;

/** One line of the cart page: picture, product, its variant or colour, price, quantity, line total, remove. */
export function CartLineRow({ line }: { line: ApiCartLine }) {
  const product = line.productId;
  const t = useT();
  const say = useApiSay();
  const title = useLocalized()(product, 'title');
  const href = variantHref(product, line);
  const image = responsiveImage(product.images[0], 400);
  const [quantity, setQuantity] = useState(line.quantity);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const unsaved = useRef<(() => void) | null>(null);

  // A reload brings the saved quantity (or the old one back after a failure).
  useEffect(() => setQuantity(line.quantity), [line.quantity]);
  // Leaving the page right after a change still saves it.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      unsaved.current?.();
    },
    [],
  );

  function changeQuantity(next: number) {
    setQuantity(next);
    clearTimeout(timer.current);
    const run = () => {
      unsaved.current = null;
      void save(next);
    };
    unsaved.current = run;
    timer.current = setTimeout(run, SAVE_DELAY_MS);
  }

  async function save(next: number) {
    if (next === line.quantity) return;
    setBusy(true);
    try {
      await api.call(updateCartQuantity, { params: { id: line._id, quantity: next } });
      toast.success(t('cart.toast.updated'));
    } catch (error) {
      failed(error, t, say);
      setQuantity(line.quantity);
    } finally {
      setBusy(false);
      await reloadCart();
    }
  }

  async function remove() {
    clearTimeout(timer.current);
    unsaved.current = null;
    setBusy(true);
    try {
      await api.call(removeFromCart, { params: { id: line._id } });
      toast.success(t('cart.toast.removed'));
      await reloadCart();
    } catch (error) {
      failed(error, t, say);
      setBusy(false);
    }
  }

  return (
    <li className="cart-line" aria-busy={busy || undefined}>
      <Link href={href} className="cart-line-image" tabIndex={-1} aria-hidden="true">
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="96px"
          width={image.width}
          height={image.height}
          alt=""
          decoding="async"
        />
      </Link>
      <div className="cart-line-info">
        <h2 className="cart-line-title">
          <Link href={href} lang={title.lang}>
            {title.text}
          </Link>
        </h2>
        <p className="cart-line-color">
          <span className="cart-line-dot" style={{ background: line.color.title }} aria-hidden="true" />
          {choiceText(line, t)}
        </p>
        <LineSku line={line} />
        <p className="cart-line-price">
          <span className="visually-hidden">{t('lines.price')} </span>
          {formatRupees(line.price)}
        </p>
      </div>
      <QuantityInput
        id={`quantity-${line._id}`}
        label={t('cart.line.quantity', { title: title.text })}
        labelHidden
        value={quantity}
        max={product.quantity}
        onChange={changeQuantity}
      />
      <p className="cart-line-total">
        <span className="visually-hidden">{t('cart.line.total')} </span>
        {formatRupees(Math.round(line.price * quantity * 100) / 100)}
      </p>
      <button
        type="button"
        className="cart-line-remove"
        aria-label={t('cart.line.remove', { title: title.text })}
        disabled={busy}
        onClick={() => void remove()}
      >
        <CloseIcon size={20} />
      </button>
    </li>
  );
}
