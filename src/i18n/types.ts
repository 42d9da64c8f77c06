import type { fr } from './fr.ts';

/** Every key of the interface, as defined by the French reference dictionary. */
export type MessageKey = keyof typeof fr;
/** A complete dictionary: one string for every key (checked at compile time for en.ts and ln.ts). */
export type Dictionary = Record<MessageKey, string>;
/** Values for `{name}` placeholders. */
export type Params = Readonly<Record<string, string | number>>;
/** Looks a key up and fills its placeholders. */
export type Translate = (key: MessageKey, params?: Params) => string;
/** The keys that come in .one / .other pairs, without the suffix (e.g. 'catalogue.count'). */
export type PluralBase = MessageKey extends infer K ? (K extends `${infer B}.one` ? B : never) : never;
