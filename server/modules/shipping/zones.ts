/**
 * Courier zones: how far a parcel travels, as Indian couriers price it. Pure: it reads the two
 * places' facts (city, district, state) as the pincode list or the warehouse records them.
 */

export const ZONES = ['city', 'state', 'metro', 'rest', 'special'] as const;
export type Zone = (typeof ZONES)[number];

export const ZONE_LABELS: Record<Zone, string> = {
  city: 'Within city',
  state: 'Within state',
  metro: 'Metro to metro',
  rest: 'Rest of India',
  special: 'North-east, Jammu & Kashmir and Ladakh',
};

/** A place as the pincode list knows it; `city` and `district` may be empty when unknown. */
export type Place = { city: string; district: string; state: string };

/** Destinations couriers price as special zones: the north-east, Jammu and Kashmir, Ladakh. */
const SPECIAL_STATES = new Set(
  [
    'Assam',
    'Arunachal Pradesh',
    'Manipur',
    'Meghalaya',
    'Mizoram',
    'Nagaland',
    'Tripura',
    'Sikkim',
    'Jammu and Kashmir',
    'Ladakh',
  ].map((state) => state.toLowerCase()),
);

/** The metro cities, by the names the pincode directory and people use (old names too). */
const METRO_NAMES: Record<string, string> = {
  delhi: 'delhi',
  'new delhi': 'delhi',
  mumbai: 'mumbai',
  bombay: 'mumbai',
  kolkata: 'kolkata',
  calcutta: 'kolkata',
  chennai: 'chennai',
  madras: 'chennai',
  bengaluru: 'bengaluru',
  bangalore: 'bengaluru',
  hyderabad: 'hyderabad',
  ahmedabad: 'ahmedabad',
  pune: 'pune',
};

/** "Bengaluru Urban", "Mumbai Suburban", "Hyderabad City" name the same city as their first word(s). */
function plainName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\b(urban|suburban|city|district)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The metro a place is in, if any. Every part of the Delhi union territory is Delhi. */
export function metroOf(place: Place): string | null {
  if (place.state.toLowerCase() === 'delhi') return 'delhi';
  for (const name of [place.city, place.district]) {
    const metro = METRO_NAMES[plainName(name)];
    if (metro) return metro;
  }
  return null;
}

function sameCity(from: Place, to: Place): boolean {
  const fromMetro = metroOf(from);
  if (fromMetro && fromMetro === metroOf(to)) return true;
  const same = (a: string, b: string) => plainName(a) !== '' && plainName(a) === plainName(b);
  return same(from.city, to.city) || same(from.district, to.district);
}

/**
 * The zone of a parcel from `from` to `to`, in the order couriers apply them: the same city (or
 * district, or metro) is 'city'; the same state 'state'; two metro cities 'metro'; a destination
 * in the north-east, Jammu and Kashmir or Ladakh 'special'; anything else 'rest'.
 */
export function zoneOf(from: Place, to: Place): Zone {
  const sameState = from.state.toLowerCase() === to.state.toLowerCase();
  if (sameState && sameCity(from, to)) return 'city';
  if (sameState) return 'state';
  if (metroOf(from) && metroOf(to)) return 'metro';
  if (SPECIAL_STATES.has(to.state.toLowerCase())) return 'special';
  return 'rest';
}
