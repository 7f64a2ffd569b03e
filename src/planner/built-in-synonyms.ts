import type { SynonymDictionary } from '../contracts/release-files/index.js';

/**
 * aisle's built-in shopping vocabulary per language: things shops and shoppers name differently
 * (a shopper types laptop where the catalog says notebook). Only words that mean the same thing
 * when shopping, whatever the shop sells; a shop whose words mean otherwise keeps them apart with a
 * `never` entry, or switches the vocabulary off (synonyms.json `built_in`). Regional words of a
 * language (trainers, sneakers) are in the language's list: each finds the other.
 */
export const BUILT_IN_SYNONYMS: Readonly<Record<string, SynonymDictionary>> = {
  en: {
    groups: [
      { words: ['laptop', 'notebook'] },
      { words: ['tv', 'television'] },
      { words: ['cell phone', 'cellphone', 'mobile phone'] },
      { words: ['headphones', 'headset'] },
      { words: ['earbuds', 'earphones', 'in-ear headphones'] },
      { words: ['hard drive', 'hard disk', 'hdd'] },
      { words: ['ssd', 'solid state drive'] },
      { words: ['usb stick', 'usb flash drive', 'pen drive', 'thumb drive'] },
      { words: ['power bank', 'powerbank', 'portable charger'] },
      { words: ['camcorder', 'video camera'] },
      { words: ['loudspeaker', 'speaker'] },
      { words: ['wifi', 'wi-fi', 'wlan', 'wireless lan'] },
      { words: ['games console', 'game console', 'gaming console'] },
      { words: ['ps4', 'playstation 4'] },
      { words: ['ps5', 'playstation 5'] },
      { words: ['fridge', 'refrigerator'] },
      { words: ['freezer', 'deep freezer'] },
      { words: ['vacuum cleaner', 'hoover'] },
      { words: ['sofa', 'couch', 'settee'] },
      { words: ['rug', 'carpet'] },
      { words: ['wardrobe', 'closet'] },
      { words: ['flashlight', 'torch'] },
      { words: ['trash can', 'garbage can', 'rubbish bin'] },
      { words: ['sneakers', 'trainers'] },
      { words: ['pants', 'trousers'] },
      { words: ['sweater', 'jumper', 'pullover'] },
      { words: ['hoodie', 'hooded sweatshirt'] },
      { words: ['t-shirt', 'tshirt'] },
      { words: ['stroller', 'pushchair', 'pram'] },
      { words: ['diapers', 'nappies'] },
      { words: ['eggplant', 'aubergine'] },
      { words: ['zucchini', 'courgette'] },
      { words: ['cookies', 'biscuits'] },
    ],
    one_way: [
      { from: 'pc', to: ['computer'] },
      { from: 'mice', to: ['mouse'] },
    ],
    never: [],
  },
  de: {
    groups: [
      { words: ['laptop', 'notebook'] },
      { words: ['fernseher', 'fernsehgerät', 'tv'] },
      { words: ['handy', 'mobiltelefon'] },
      { words: ['kopfhörer', 'headset'] },
      { words: ['computer', 'rechner'] },
      { words: ['festplatte', 'hdd'] },
      { words: ['usb-stick', 'speicherstick'] },
      { words: ['powerbank', 'akkupack', 'zusatzakku'] },
      { words: ['camcorder', 'videokamera'] },
      { words: ['wlan', 'wifi', 'wi-fi'] },
      { words: ['spielkonsole', 'videospielkonsole'] },
      { words: ['ps4', 'playstation 4'] },
      { words: ['ps5', 'playstation 5'] },
      { words: ['kühlschrank', 'kühlgerät'] },
      { words: ['waschmaschine', 'waschautomat'] },
      { words: ['sofa', 'couch'] },
      { words: ['turnschuhe', 'sneaker'] },
      { words: ['pullover', 'pulli'] },
      { words: ['kinderwagen', 'buggy'] },
      { words: ['windeln', 'babywindeln'] },
    ],
    one_way: [
      { from: 'smartphone', to: ['handy'] },
      { from: 'pc', to: ['computer'] },
    ],
    never: [],
  },
};
