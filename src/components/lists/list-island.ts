// What the pages of a visitor's own lists (favourites, comparison) hand their island: the same links, rates and
// card words, so the two lists show their cards alike.
import { buildRates } from '../../build/api.ts';
import { CARD_MESSAGES, islandMessages, pageTools } from '../../build/page.ts';
import type { Lang } from '../../i18n/index.ts';

/** The island's props; `prefixes` are the page's own message keys, beside the cards' and the share menu's. */
export async function listIslandProps(lang: Lang, prefixes: readonly string[]) {
  const { href } = pageTools(lang);
  return {
    lang,
    messages: islandMessages(lang, [...prefixes, 'share.ignored', ...CARD_MESSAGES]),
    propertyPath: href('/property/'),
    catalogue: href('/properties'),
    rates: await buildRates(),
  };
}
