import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { LanguageSuggestion } from './language-suggestion';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { ToastRegion } from './toast-region';

/** The frame of every page: skip link, header, content, footer, toasts and route announcements. */
export function SiteLayout({
  pending,
  announcement,
  notice,
  children,
}: {
  pending: boolean;
  announcement: string;
  /** A reminder for the shopper under the header (the unconfirmed e-mail address). */
  notice?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      {notice}
      <div
        className={pending ? 'route-progress route-progress--active' : 'route-progress'}
        aria-hidden="true"
      />
      <main id="main" tabIndex={-1} aria-busy={pending || undefined}>
        {children}
      </main>
      <SiteFooter />
      <ToastRegion />
      <LanguageSuggestion />
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </>
  );
}
