/** The shop's name as every message writes it, in every language (a name is not translated). */
export const SHOP_NAME = 'Bharat Bazaar';
