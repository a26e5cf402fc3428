import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../i18n/i18n';
import { ChevronDownIcon, GridIcon } from '../ui/icons';
import { useShopCategories } from './nav-links';

/**
 * "Shop Categories": a disclosure button with a list of links (the pattern WAI-ARIA recommends for
 * navigation, rather than an application menu). Arrow keys move between the links; Escape,
 * a click outside or tabbing away closes it.
 */
export function CategoriesMenu() {
  const t = useT();
  const shopCategories = useShopCategories();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const links = () =>
    Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.categories-list a') ?? []);

  const focusLink = (offset: number) => {
    const items = links();
    const current = items.indexOf(document.activeElement as HTMLAnchorElement);
    const next =
      current === -1 ? (offset > 0 ? 0 : items.length - 1) : (current + offset + items.length) % items.length;
    items[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const offset = event.key === 'ArrowDown' ? 1 : -1;
      if (open) focusLink(offset);
      else {
        setOpen(true);
        // The list is rendered visible on the next frame; focus its first or last link then.
        requestAnimationFrame(() => focusLink(offset));
      }
    } else if ((event.key === 'Home' || event.key === 'End') && open && event.target !== buttonRef.current) {
      event.preventDefault();
      const items = links();
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus();
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegation only; the button and links inside are what the keys act on.
    <div className="categories" ref={rootRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="categories-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <GridIcon size={20} />
        <span>{t('common.categories.menu')}</span>
        <ChevronDownIcon size={18} className="categories-chevron" />
      </button>
      <ul id={listId} className="categories-list" hidden={!open}>
        {shopCategories.map((category) => (
          <li key={category.href}>
            <Link href={category.href} onClick={() => setOpen(false)}>
              {category.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
