import type { Locale } from '../../../shared/locales';
import type { WithTranslations } from '../../i18n/content';
import { htmlToText } from '../../lib/text';

const firstWords = (html: string) => htmlToText(html).slice(0, 200);

/**
 * A post as the blog list keeps it: the first words of its text only (full bodies would triple the
 * HTML a phone downloads), and of its translations only the page's language's, cut the same way.
 */
export function listedPost<P extends { description: string } & WithTranslations>(post: P, locale: Locale): P {
  const own = post.translations?.[locale];
  const translated =
    own === undefined
      ? {}
      : {
          [locale]: {
            ...own,
            ...(typeof own.description === 'string' ? { description: firstWords(own.description) } : {}),
          },
        };
  return {
    ...post,
    description: firstWords(post.description),
    ...(post.translations ? { translations: translated } : {}),
  };
}
