import type { ReactNode } from 'react';
import '../../components/forms/forms.css';
import './auth-card.css';

/** The centred card every account form sits in: title, a line of introduction, the form. */
export function AuthCard({
  title,
  intro,
  wide = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="auth-page">
      <section className={wide ? 'auth-card auth-card--wide' : 'auth-card'} aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {intro && <p className="auth-intro">{intro}</p>}
        {children}
      </section>
    </div>
  );
}
