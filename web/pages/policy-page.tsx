import { Link, useLocation } from 'wouter';
import { type PolicyBlock, policies } from '../content/policies';
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

/** Terms, privacy, refund and shipping: one layout, the text in web/content/policies/. */
export default function PolicyPage() {
  const [pathname] = useLocation();
  const policy = policies[pathname];
  if (!policy) return null;
  const others = Object.entries(policies).filter(([path]) => path !== pathname);
  return (
    <div className="content-page container">
      <header className="content-hero">
        <p className="eyebrow">Policies</p>
        <h1>{policy.title}</h1>
        <p className="content-lead">{policy.summary}</p>
        <p className="policy-updated">
          Last updated <time dateTime={policy.updated}>{formatDay(policy.updated)}</time>
        </p>
      </header>
      <div className="policy-layout">
        <div className="content-card prose">
          {policy.sections.map((section) => (
            <section key={section.heading} aria-labelledby={slug(section.heading)}>
              <h2 id={slug(section.heading)}>{section.heading}</h2>
              {section.blocks.map((block, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered.
                <Block key={index} block={block} />
              ))}
            </section>
          ))}
        </div>
        <nav className="policy-nav" aria-label="Other policies">
          <h2>Other policies</h2>
          <ul>
            {others.map(([path, other]) => (
              <li key={path}>
                <Link href={path}>{other.title}</Link>
              </li>
            ))}
            <li>
              <Link href="/contact">Contact us</Link>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}

function slug(text: string) {
  return `policy-${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}
