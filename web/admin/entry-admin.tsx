import '../styles/base.css';
import '../styles/components.css';
import './admin.css';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app/admin-app';

// The console is rendered in the browser only: it is behind a sign-in and never indexed.
createRoot(document.getElementById('console')!).render(<AdminApp />);
