import { Link, useLocation } from 'wouter';
import { useRouteData } from '../app/route-context';
import { isPolicyPath, type Policy, type PolicyBlock, policyPaths } from '../content/policies';
import { policyName } from '../features/policy/policy-names';
import { useLocale, useT } from '../i18n/i18n';
import { formatDay } from '../lib/dates';
import './content-page.css';
import './policy-page.css';

function Block({ block }: { block: PolicyBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('list' in block) {
    return (
      <ul>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  if ('link' in block) {
    return (
      <p>
        <Link href={block.link.href}>{block.link.label}</Link>
      </p>
    );
  }
  if ('steps' in block) {
    return (
      <ol>
        {block.steps.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    );
  }
  return (
    <dl>
      {block.details.map(([term, value]) => (
        <div key={term} className="policy-detail">
          <dt>{term}</dt>
          <dd>
            {value.includes('@') && !value.includes(' ') ? <a href={`mailto:${value}`}>{value}</a> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Terms, privacy, refund and shipping: one layout; the text, in the page's language, is the
 * route's data (web/content/policies/, loaded by routes.tsx).
 */
export default function PolicyPage() {
  const policy = useRouteData<Policy>();
  const [pathname] = useLocation();
  const t = useT();
  const locale = useLocale();
  const others = policyPaths.filter((path) => path !== pathname);
  if (!isPolicyPath(pathname)) return null;
  return (
    <div className="content-page container">
      <header className="content-hero">
        <p className="eyebrow">{t('policy.eyebrow')}</p>
        <h1>{policy.title}</h1>
        <p className="content-lead">{policy.summary}</p>
        <p className="policy-updated">
          {t('policy.updated')} <time dateTime={policy.updated}>{formatDay(policy.updated, locale)}</time>
        </p>
      </header>
      <div className="policy-layout">
        <div className="content-card prose">
          {policy.sections.map((section, index) => (
            // Ids by place: the same in every language, and headings in any script.
            <section key={section.heading} aria-labelledby={`policy-section-${index + 1}`}>
              <h2 id={`policy-section-${index + 1}`}>{section.heading}</h2>
              {section.blocks.map((block, blockIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered.
                <Block key={blockIndex} block={block} />
              ))}
            </section>
          ))}
        </div>
        <nav className="policy-nav" aria-label={t('policy.others')}>
          <h2>{t('policy.others')}</h2>
          <ul>
            {others.map((path) => (
              <li key={path}>
                <Link href={path}>{policyName(t, path)}</Link>
              </li>
            ))}
            <li>
              <Link href="/contact">{t('policy.contact')}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
