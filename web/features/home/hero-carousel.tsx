import { Link } from 'wouter';
import { useT } from '../../i18n/i18n';
import { heroSlides } from './home-content';
import { useAutoplayCarousel } from './use-carousel';

/**
 * The main banner: three slides, one every 5 s, dots to pick one, BUY NOW to the
 * store. The first slide's picture is the page's largest element, so it loads at once with high
 * priority; the others load lazily.
 */
export function HeroCarousel() {
  const t = useT();
  const slides = heroSlides(t);
  const { viewportRef, selected, scrollTo, paused, reducedMotion, togglePaused, rootProps } =
    useAutoplayCarousel(5000);

  return (
    <section
      className="hero"
      aria-roledescription={t('home.hero.carousel')}
      aria-label={t('home.hero.label')}
      {...rootProps}
    >
      <div className="hero-viewport" ref={viewportRef}>
        <div className="hero-track">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: a slide is a group, not a form fieldset.
            <div
              key={slide.id}
              className={`hero-slide hero-slide--${slide.tone}`}
              role="group"
              aria-roledescription={t('home.hero.slide')}
              aria-label={t('home.hero.position', { index: index + 1, total: slides.length })}
            >
              <div className="hero-copy">
                <p className="hero-eyebrow">{slide.eyebrow}</p>
                <h2 className="hero-title">{slide.title}</h2>
                <p className="hero-text">{slide.text}</p>
                <Link
                  href="/product"
                  className="button button--primary hero-cta"
                  aria-label={t('home.hero.buyNamed', { title: slide.title })}
                  tabIndex={index === selected ? undefined : -1}
                >
                  {t('home.hero.buy')}
                </Link>
              </div>
              <img
                className="hero-image"
                src={slide.picture.src}
                srcSet={slide.picture.srcSet}
                sizes="(min-width: 1200px) 340px, (min-width: 768px) 30vw, 42vw"
                width={400}
                height={400}
                alt={slide.alt}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                decoding={index === 0 ? 'sync' : 'async'}
              />
            </div>
          ))}
        </div>
      </div>
      <div className="hero-controls">
        <div className="hero-dots">
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              className="hero-dot"
              aria-label={t('home.hero.show', { index: index + 1, total: slides.length, title: slide.title })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => scrollTo(index)}
            />
          ))}
        </div>
        {!reducedMotion && (
          <button type="button" className="hero-pause" onClick={togglePaused}>
            {paused ? t('home.hero.play') : t('home.hero.pause')}
          </button>
        )}
      </div>
    </section>
  );
}
