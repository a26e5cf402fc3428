/** Placeholder (lead): helper C replaces this file with the full list. */
export const searchSynonyms: Readonly<Record<string, readonly string[]>> = {
  ghadi: ['watch'],
  mobile: ['phone', 'smartphone'],
  fridge: ['refrigerator'],
};
