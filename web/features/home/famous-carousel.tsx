import { Link } from 'wouter';
import { useT } from '../../i18n/i18n';
import { famousItems } from './home-content';
import { useAutoplayCarousel } from './use-carousel';

/**
 * Famous items: four cards, one step every 3 s, 4/3/2/1 at a time on wide to
 * narrow screens (slide widths in CSS); each opens the store. The glide between positions is the
 * browser's smooth scroll (about 300 to 500 ms).
 */
export function FamousCarousel() {
  const t = useT();
  const { viewportRef, selected, snapCount, scrollTo, rootProps } = useAutoplayCarousel(3000);
  return (
    <section className="home-section famous" aria-labelledby="famous-title" {...rootProps}>
      <h2 id="famous-title" className="home-section-title">
        {t('home.famous.title')}
      </h2>
      <div className="famous-viewport" ref={viewportRef}>
        <ul className="famous-track">
          {famousItems(t).map((item) => (
            <li key={item.id} className="famous-slide">
              <Link href="/product" className={`famous-card famous-card--${item.tone}`}>
                <span className="famous-eyebrow">{item.eyebrow}</span>
                <span className="famous-title">{item.title}</span>
                <span className="famous-text">{item.text}</span>
                <img
                  className="famous-image"
                  src={item.picture.src}
                  width={400}
                  height={400}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {snapCount > 1 && (
        <div className="famous-dots">
          {Array.from({ length: snapCount }, (_, index) => index).map((index) => (
            <button
              key={index}
              type="button"
              className="hero-dot hero-dot--dark"
              aria-label={t('home.famous.show', { index: index + 1, total: snapCount })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => scrollTo(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
