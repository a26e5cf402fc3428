import { Link } from 'wouter';
import { heroSlides } from './home-content';
import { useAutoplayCarousel } from './use-carousel';

/**
 * The main banner: three slides, one every 5 s, dots to pick one, BUY NOW to the
 * store. The first slide's picture is the page's largest element, so it loads at once with high
 * priority; the others load lazily.
 */
export function HeroCarousel() {
  const { viewportRef, selected, scrollTo, paused, reducedMotion, togglePaused, rootProps } =
    useAutoplayCarousel(5000);

  return (
    <section className="hero" aria-roledescription="carousel" aria-label="Offers" {...rootProps}>
      <div className="hero-viewport" ref={viewportRef}>
        <div className="hero-track">
          {heroSlides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: a slide is a group, not a form fieldset.
            <div
              key={slide.title}
              className={`hero-slide hero-slide--${slide.tone}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${heroSlides.length}`}
            >
              <div className="hero-copy">
                <p className="hero-eyebrow">{slide.eyebrow}</p>
                <h2 className="hero-title">{slide.title}</h2>
                <p className="hero-text">{slide.text}</p>
                <Link
                  href="/product"
                  className="button button--primary hero-cta"
                  aria-label={`Buy now: ${slide.title}`}
                  tabIndex={index === selected ? undefined : -1}
                >
                  BUY NOW
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
          {heroSlides.map((slide, index) => (
            <button
              key={slide.title}
              type="button"
              className="hero-dot"
              aria-label={`Show slide ${index + 1} of ${heroSlides.length}: ${slide.title}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => scrollTo(index)}
            />
          ))}
        </div>
        {!reducedMotion && (
          <button type="button" className="hero-pause" onClick={togglePaused}>
            {paused ? 'Play slideshow' : 'Pause slideshow'}
          </button>
        )}
      </div>
    </section>
  );
}
