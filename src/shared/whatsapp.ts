/** A wa.me link opening a chat, the message typed in advance (no configuration: the browser uses it too). */
export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
