import { useEffect, useRef, useState } from 'react';
import type { ApiFacets } from '../../../shared/api/catalog.schemas';
import { CloseIcon, GridIcon } from '../../components/ui/icons';
import { useT } from '../../i18n/i18n';
import { FilterPanel } from './filter-panel';
import type { StoreQuery } from './store-query';

/**
 * Phones (under 768 px): the filters open in a modal dialog from a 'Shop By Categories' button.
 * The native <dialog> opened with showModal() keeps focus inside, makes the page behind inert and
 * closes on Escape; focus goes back to the button afterwards. Changes apply with Apply.
 */
export function FilterModal({
  query,
  facets,
  onApply,
}: {
  query: StoreQuery;
  facets: ApiFacets;
  onApply: (query: StoreQuery) => void;
}) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className="filter-modal-trigger">
      <button
        ref={buttonRef}
        type="button"
        className="button button--ghost filter-modal-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <GridIcon size={18} />
        {t('store.modal.open')}
      </button>
      <dialog
        ref={dialogRef}
        className="filter-modal"
        aria-labelledby="filter-modal-title"
        onClose={() => setOpen(false)}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
      >
        <div className="filter-modal-header">
          <h2 id="filter-modal-title">{t('store.modal.open')}</h2>
          <button type="button" className="filter-modal-close" onClick={close}>
            <CloseIcon size={22} />
            <span className="visually-hidden">{t('store.modal.close')}</span>
          </button>
        </div>
        {open && (
          <FilterPanel
            query={query}
            facets={facets}
            mode="staged"
            idPrefix="modal"
            onApply={(next) => {
              close();
              onApply(next);
            }}
          />
        )}
      </dialog>
    </div>
  );
}
