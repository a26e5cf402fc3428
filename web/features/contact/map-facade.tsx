import { useState } from 'react';
import { MapPinIcon } from '../../components/ui/icons';
import { useLocale, useT } from '../../i18n/i18n';
// A file of its own (not inlined into the script): the script stays small and the picture is cached.
import mapPicture from './map-facade.svg?no-inline';

const place = 'Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103';
/** The map in the page's language (Google's `hl`); English as it always was. */
const embedUrl = (locale: string) =>
  `https://www.google.com/maps?${new URLSearchParams({ q: place, ...(locale === 'en' ? {} : { hl: locale }), output: 'embed' })}`;
const mapsUrl = `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query: place })}`;

/**
 * A click-to-load map: a light drawing of the neighbourhood until the shopper asks for the real
 * map, so Google's heavy frame (and its cookies) only load for those who want it.
 */
export function MapFacade() {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  return (
    <div className="map-facade">
      {open ? (
        <iframe
          className="map-frame"
          title={t('contact.map.frameTitle')}
          src={embedUrl(locale)}
          width="800"
          height="450"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      ) : (
        <>
          <img
            className="map-picture"
            src={mapPicture}
            width="800"
            height="450"
            alt={t('contact.map.pictureAlt')}
            decoding="async"
          />
          <div className="map-actions">
            <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
              <MapPinIcon size={18} />
              {t('contact.map.show')}
            </button>
            <a className="map-link" href={mapsUrl} target="_blank" rel="noopener noreferrer">
              {t('contact.map.open')}
              <span className="visually-hidden"> {t('contact.map.newTab')}</span>
            </a>
          </div>
        </>
      )}
    </div>
  );
}
