import '../styles/base.css';
import '../styles/components.css';
import './admin.css';
import { createRoot } from 'react-dom/client';
import { loadMessages } from '../i18n/catalogues';
import { createI18n, LocaleProvider } from '../i18n/i18n';
import { AdminApp } from './app/admin-app';

// The console is rendered in the browser only: it is behind a sign-in and never indexed. It stays
// English, with the storefront's shared words (the form fields it borrows) from the English catalogue.
const i18n = createI18n('en', await loadMessages('en', []));
createRoot(document.getElementById('console')!).render(
  <LocaleProvider i18n={i18n}>
    <AdminApp />
  </LocaleProvider>,
);
