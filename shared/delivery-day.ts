/**
 * A delivery day as the shop writes it: "Tue, 2 Dec" for `2026-12-02` (a calendar day in India,
 * YYYY-MM-DD), the same words on the server (e-mails, the order's timeline) and in the browser.
 * In Hindi "मंगल, 2 दिसंबर": weekdays as Indian calendars shorten them, months in full.
 */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS_HI = ['रवि', 'सोम', 'मंगल', 'बुध', 'गुरु', 'शुक्र', 'शनि'] as const;
/** The months in Hindi, written in full as Hindi dates are (the storefront's dates read them too). */
export const MONTHS_HI = [
  'जनवरी',
  'फ़रवरी',
  'मार्च',
  'अप्रैल',
  'मई',
  'जून',
  'जुलाई',
  'अगस्त',
  'सितंबर',
  'अक्टूबर',
  'नवंबर',
  'दिसंबर',
] as const;

/** The day in a shop language ('en', 'hi'; any other is English). */
export function formatDeliveryDayIn(locale: string, day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const [weekdays, months] = locale === 'hi' ? [WEEKDAYS_HI, MONTHS_HI] : [WEEKDAYS, MONTHS];
  return `${weekdays[date.getUTCDay()]}, ${date.getUTCDate()} ${months[date.getUTCMonth()]}`;
}

/** The day in English (one argument: `days.map(formatDeliveryDay)`). */
export function formatDeliveryDay(day: string): string {
  return formatDeliveryDayIn('en', day);
}

/**
 * A day the server wrote in English ("Tue, 2 Dec", as in an order's timeline) in a page's
 * language; anything else as it is.
 */
export function deliveryDayIn(locale: string, written: string): string {
  if (locale !== 'hi') return written;
  const found = /^(\w{3}), (\d{1,2}) (\w{3})$/.exec(written);
  const weekday = WEEKDAYS.indexOf(found?.[1] as (typeof WEEKDAYS)[number]);
  const month = MONTHS.indexOf(found?.[3] as (typeof MONTHS)[number]);
  if (!found || weekday < 0 || month < 0) return written;
  return `${WEEKDAYS_HI[weekday]}, ${found[2]} ${MONTHS_HI[month]}`;
}
