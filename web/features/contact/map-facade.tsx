import { useState } from 'react';
import { MapPinIcon } from '../../components/ui/icons';
// A file of its own (not inlined into the script): the script stays small and the picture is cached.
import mapPicture from './map-facade.svg?no-inline';

const place = 'Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103';
const embedUrl = `https://www.google.com/maps?${new URLSearchParams({ q: place, output: 'embed' })}`;
const mapsUrl = `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query: place })}`;

/**
 * A click-to-load map: a light drawing of the neighbourhood until the shopper asks for the real
 * map, so Google's heavy frame (and its cookies) only load for those who want it.
 */
export function MapFacade() {
  const [open, setOpen] = useState(false);
  return (
    <div className="map-facade">
      {open ? (
        <iframe
          className="map-frame"
          title="Map of Bharat Bazaar, Prestige Tech Park, Bengaluru"
          src={embedUrl}
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
            alt="Drawing of the area around Prestige Tech Park on the Outer Ring Road, Bengaluru, where our office is"
            decoding="async"
          />
          <div className="map-actions">
            <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
              <MapPinIcon size={18} />
              Show map
            </button>
            <a className="map-link" href={mapsUrl} target="_blank" rel="noopener noreferrer">
              Open in Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
        </>
      )}
    </div>
  );
}
