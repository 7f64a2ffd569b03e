import { fold } from './fold.js';
import { languageOf } from './locale.js';

/**
 * Nouns that name a thing made to go with another thing, per language: in a title, the words just
 * before one of them name what it goes with, not what it is ("mouse" in "Gel Mouse Pad", "monitor"
 * in "Monitor Arm", "laptop" in "Laptop Cooling Stand"). A noun phrase's head is its last noun, so
 * a shopper who types "mouse" looks for a mouse; one who wants the pad types "pad".
 *
 * Only words that name an add-on in any shop and hardly ever the product a shopper names by the
 * word before them: no consumables that are the product itself (toner, ink, cartridge, refill),
 * nothing that is as often a kind of product of its own (kit, set, lamp).
 */
const ACCESSORY_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: [
    'accessory',
    'accessories',
    'adapter',
    'adapters',
    'adaptor',
    'adaptors',
    'arm',
    'arms',
    'bag',
    'bags',
    'battery',
    'batteries',
    'bracket',
    'brackets',
    'cable',
    'cables',
    'cap',
    'caps',
    'case',
    'cases',
    'charger',
    'chargers',
    'cleaner',
    'cleaning',
    'converter',
    'converters',
    'cord',
    'cords',
    'cover',
    'covers',
    'cradle',
    'cradles',
    'dock',
    'docking',
    'docks',
    'extension',
    'extensions',
    'filter',
    'filters',
    'holder',
    'holders',
    'hood',
    'hoods',
    'lens',
    'lenses',
    'mat',
    'mats',
    'mount',
    'mounting',
    'mounts',
    'pad',
    'pads',
    'pillow',
    'pouch',
    'pouches',
    'protector',
    'protectors',
    'rest',
    'rests',
    'replacement',
    'shelf',
    'shelves',
    'skin',
    'skins',
    'sleeve',
    'sleeves',
    'spare',
    'splitter',
    'splitters',
    'stand',
    'stands',
    'sticker',
    'stickers',
    'strap',
    'straps',
    'support',
    'tray',
    'trays',
  ],
  de: [
    'abdeckung',
    'adapter',
    'akku',
    'akkus',
    'ersatzteil',
    'ersatzteile',
    'etui',
    'folie',
    'halter',
    'halterung',
    'halterungen',
    'hulle',
    'hullen',
    'kabel',
    'ladegerat',
    'ladegerate',
    'matte',
    'schutzfolie',
    'schutzhulle',
    'stander',
    'tasche',
    'taschen',
    'unterlage',
    'zubehor',
  ],
};

/** How far after a word an accessory noun still makes it a modifier: "mouse wrist pillow". */
export const MODIFIER_REACH = 2;

/** The accessory nouns of the given languages, folded as the index folds words. */
export function accessoryWords(languages: readonly string[]): ReadonlySet<string> {
  const words = new Set<string>();
  for (const language of languages) {
    for (const word of ACCESSORY_WORDS[languageOf(language)] ?? []) words.add(fold(word));
  }
  return words;
}
