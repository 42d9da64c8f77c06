import { whatsappLink } from './whatsapp.ts';

/** Where the share menu sends a page (one menu for a listing, a favourites list and a comparison). */
export interface ShareLinks {
  facebook: string;
  twitter: string;
  whatsapp: string;
}

/** The share menu's links for an address and the text that goes with it. */
export function shareLinks(url: string, text: string): ShareLinks {
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    twitter: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`,
    whatsapp: whatsappLink('', `${text} ${url}`),
  };
}
