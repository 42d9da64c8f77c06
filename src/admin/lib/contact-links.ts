import { whatsappDigits } from '../../shared/phone.ts';

/**
 * A chat with a visitor on WhatsApp: their number as typed ("0812…") made international, since wa.me refuses
 * a national number; the "Demandes" inbox and the visit requests' list both link this way.
 */
export const whatsappChat = (phone: string) => `https://wa.me/${whatsappDigits(phone)}`;
