import type { Field } from './votes.js';

/**
 * Column names read by their parts, in the languages shops write their exports in (English,
 * German, Dutch, French, Spanish, Italian). A name is cut into words ("Prix TTC", "URL des images
 * (x,y,z...)", "pricing.list"), and a German or Dutch compound into its head and what comes before
 * it ("Artikelbezeichnung" is "Artikel" + "bezeichnung", "Verkaufspreis" "Verkauf" + "preis"). The
 * words are the ordinary words for what a column holds; none names a product or a shop, so the
 * reading holds for any shop written in these languages.
 */

type Role =
  | Field
  /** The thing a column describes, when it is not the product itself ("Marke" of "Markenname"). */
  | 'of_brand'
  | 'of_category'
  | 'of_image'
  | 'of_images'
  | 'of_parent'
  | 'of_product'
  | 'of_search_engines'
  /** An identifying number or code ("Nr.", "No.", "Référence"). */
  | 'number'
  /** Price qualifiers. */
  | 'regular'
  | 'sale'
  | 'discount'
  | 'percent'
  | 'net'
  | 'gross'
  | 'cost'
  /** The start and end of something dated ("Réduction de (aaaa-mm-jj)"). */
  | 'from'
  | 'until'
  | 'date';

const WORDS: [Role, string[]][] = [
  [
    'title',
    [
      'name',
      'naam',
      'nom',
      'nombre',
      'nome',
      'titel',
      'title',
      'titre',
      'titulo',
      'titolo',
      'bezeichnung',
      'benennung',
      'designation',
      'denominacion',
      'libelle',
    ],
  ],
  [
    'description',
    [
      'description',
      'beschreibung',
      'beschrijving',
      'omschrijving',
      'descripcion',
      'descrizione',
      'descricao',
      'resume',
      'langtext',
    ],
  ],
  [
    'of_brand',
    [
      'brand',
      'marke',
      'marken',
      'merk',
      'marque',
      'marca',
      'hersteller',
      'fabricant',
      'fabricante',
      'produttore',
      'manufacturer',
      'vendor',
    ],
  ],
  [
    'of_category',
    [
      'category',
      'categories',
      'kategorie',
      'kategorien',
      'categorie',
      'categoria',
      'categorias',
      'rubrik',
      'warengruppe',
      'productgroep',
    ],
  ],
  [
    'price',
    ['price', 'prices', 'pricing', 'preis', 'preise', 'prijs', 'prix', 'precio', 'prezzo', 'preco', 'tarif'],
  ],
  [
    'stock',
    [
      'stock',
      'bestand',
      'voorraad',
      'quantite',
      'quantity',
      'qty',
      'cantidad',
      'existencias',
      'menge',
      'inventory',
      'quantita',
    ],
  ],
  [
    'of_image',
    [
      'image',
      'bild',
      'afbeelding',
      'foto',
      'photo',
      'imagen',
      'immagine',
      'picture',
      'img',
      'cover',
      'media',
      'thumbnail',
    ],
  ],
  [
    'of_images',
    [
      'images',
      'bilder',
      'afbeeldingen',
      'fotos',
      'photos',
      'imagenes',
      'immagini',
      'pictures',
      'gallery',
      'galerie',
      'medien',
    ],
  ],
  ['url', ['url', 'urls', 'link', 'permalink', 'lien', 'enlace', 'deeplink', 'file', 'src']],
  ['currency', ['currency', 'waehrung', 'wahrung', 'valuta', 'devise', 'moneda', 'divisa']],
  [
    'availability',
    [
      'availability',
      'verfugbarkeit',
      'verfuegbarkeit',
      'lieferbarkeit',
      'beschikbaarheid',
      'disponibilite',
      'disponibilidad',
      'disponibilita',
    ],
  ],
  [
    'keywords',
    [
      'keywords',
      'tags',
      'schlagworte',
      'stichworte',
      'suchbegriffe',
      'trefwoorden',
      'zoekwoorden',
      'mots',
      'palabras',
      'etiquetas',
    ],
  ],
  ['delivery_days', ['lieferzeit', 'levertijd', 'delai', 'plazo']],
  [
    'status',
    [
      'status',
      'active',
      'aktiv',
      'actief',
      'actif',
      'activo',
      'attivo',
      'enabled',
      'published',
      'veroffentlicht',
      'gepubliceerd',
      'publie',
      'online',
      'estado',
    ],
  ],
  [
    'visibility',
    [
      'visibility',
      'visible',
      'sichtbar',
      'sichtbarkeit',
      'zichtbaar',
      'zichtbaarheid',
      'visibilite',
      'visibilidad',
    ],
  ],
  ['of_parent', ['parent', 'eltern', 'ouder', 'padre', 'master']],
  [
    'of_product',
    [
      'product',
      'produkt',
      'artikel',
      'article',
      'item',
      'produit',
      'producto',
      'prodotto',
      'art',
      'ware',
      'waren',
      'unit',
    ],
  ],
  ['of_search_engines', ['seo', 'meta', 'balise']],
  [
    'number',
    [
      'id',
      'sku',
      'nummer',
      'nr',
      'no',
      'number',
      'num',
      'code',
      'ref',
      'reference',
      'referenz',
      'referentie',
      'referencia',
      'n',
    ],
  ],
  [
    'regular',
    [
      'list',
      'regular',
      'retail',
      'rrp',
      'msrp',
      'uvp',
      'was',
      'old',
      'original',
      'compare',
      'normal',
      'advies',
      'liste',
      'listen',
      'streich',
    ],
  ],
  [
    'sale',
    [
      'sale',
      'offer',
      'special',
      'reduced',
      'promo',
      'promotion',
      'angebot',
      'aktion',
      'sonder',
      'verkauf',
      'verkoop',
      'aanbieding',
      'actie',
      'solde',
      'soldes',
      'oferta',
      'rebajado',
      'venta',
      'vente',
    ],
  ],
  ['discount', ['discount', 'reduction', 'remise', 'rabatt', 'nachlass', 'korting', 'descuento', 'sconto']],
  ['percent', ['percent', 'percentage', 'pourcentage', 'prozent', 'procent', 'porcentaje', 'pct']],
  ['net', ['net', 'netto', 'ht', 'excl', 'exkl', 'exclusive', 'excluding', 'exclu', 'sin', 'hors', 'ohne']],
  ['gross', ['gross', 'brutto', 'ttc', 'incl', 'inkl', 'inclusive', 'including', 'inclus', 'con']],
  [
    'cost',
    ['purchase', 'cost', 'einkauf', 'ek', 'inkoop', 'achat', 'compra', 'wholesale', 'cogs', 'grosshandel'],
  ],
  ['from', ['from', 'de', 'von', 'vanaf', 'desde', 'start', 'starts', 'debut', 'ab']],
  ['until', ['to', 'a', 'bis', 'tot', 'hasta', 'end', 'ends', 'fin']],
  ['date', ['aaaa', 'yyyy', 'jjjj', 'mm', 'dd', 'jj', 'date', 'datum', 'fecha']],
];

const ROLE = new Map<string, Role>();
for (const [role, words] of WORDS) for (const word of words) if (!ROLE.has(word)) ROLE.set(word, role);
/**
 * Words German and Dutch put last in a compound ("Verkaufspreis", "Produktbild", "Lagerbestand"),
 * long enough that an ending is the word and not a piece of another.
 */
const COMPOUND_ROLES = new Set<Role>([
  'title',
  'description',
  'price',
  'stock',
  'of_image',
  'of_images',
  'of_category',
  'of_brand',
  'number',
]);
const HEADS = [...ROLE]
  .filter(([word, role]) => word.length >= 4 && COMPOUND_ROLES.has(role))
  .map(([word]) => word)
  .sort((a, b) => b.length - a.length);

/** What a name's parts say: the field, the words that said it, and settings the name implies. */
export interface PartsReading {
  field: Field;
  words: string[];
  /** "(x,y,z...)" after a name: the cell lists values separated by commas. */
  separator?: string;
  /** A price net of tax (shoppers see prices with tax, where a column gives them). */
  net?: boolean;
}

/**
 * The field a (normalized) column name names by its parts, when it is not a known name as a whole.
 * The last word that names a field is the head; a word before it naming another thing (a brand, a
 * category, an image, a parent) makes the column that thing's ("Markenname" is the brand, "URL des
 * images" the images, "parent_id" the group), and price words are qualified by the words around
 * them (regular, sale, net of tax, purchase).
 */
export function readNameParts(normalized: string): PartsReading | undefined {
  const hint = /(?:^|_)x_y_z$/.test(normalized);
  const words = (hint ? normalized.replace(/_?x_y_z$/, '') : normalized)
    .split('_')
    .filter((word) => word !== '');
  const roles: { role: Role; word: string }[] = [];
  for (const word of words) roles.push(...rolesOf(word));
  if (roles.length === 0) return undefined;
  const has = (role: Role) => roles.some((part) => part.role === role);
  const said = roles.map((part) => part.word);
  const reading = (field: Field, extra: Partial<PartsReading> = {}): PartsReading => ({
    field,
    words: said,
    ...(hint ? { separator: ',' } : {}),
    ...extra,
  });

  if (has('of_search_engines')) return reading('ignore');
  // A sale's dates: "Réduction de (aaaa-mm-jj)", "Date sale price starts".
  const dated = has('date') && (has('from') || has('until'));
  if ((has('discount') || has('sale')) && dated) {
    if (has('from')) return reading('sale_from');
    if (has('until')) return reading('sale_until');
  }
  const head = [...roles].reverse().find((part) => !part.role.startsWith('of_') && isField(part.role));
  // The currency of a price ("pricing.currency") is the currency.
  if (has('price') && head?.role !== 'currency') {
    if (has('cost')) return reading('ignore');
    if (has('discount') || has('sale')) return reading('sale_price');
    return reading('price', has('net') ? { net: true } : {});
  }
  if (has('discount')) return reading(has('percent') ? 'sale_percent' : 'sale_discount');
  if (has('cost')) return reading('ignore');
  if (has('of_parent') && has('number')) return reading('group_id');
  // The number of a brand, a category or an image ("manufacturer_number", "cover_media_id") is no
  // field of the product's own: such a column becomes an attribute.
  if (has('number') && (has('of_brand') || has('of_category') || has('of_image') || has('of_images')))
    return undefined;
  if (has('of_images')) return reading('images');
  if (has('of_image')) return reading('image');
  if (has('of_brand')) return reading('brand');
  if (has('of_category')) return reading('categories');
  if (head) return reading(head.role as Field);
  // "Item No.", "Artikelnummer", "Référence": a product's number or code is its id.
  if (has('number') && (has('of_product') || roles.length === 1)) return reading('id');
  return undefined;
}

const QUALIFIERS = new Set<Role>([
  'number',
  'regular',
  'sale',
  'discount',
  'percent',
  'net',
  'gross',
  'cost',
  'from',
  'until',
  'date',
]);

function isField(role: Role): boolean {
  return !QUALIFIERS.has(role);
}

/** The roles of one word: itself, or the head of a compound and what comes before it. */
function rolesOf(word: string): { role: Role; word: string }[] {
  const role = ROLE.get(word);
  if (role) return [{ role, word }];
  const head = HEADS.find((candidate) => word.endsWith(candidate) && word.length - candidate.length >= 2);
  if (!head) return [];
  const before = word.slice(0, word.length - head.length);
  // German compounds join with an s ("Verkaufs-preis"); Dutch ones sometimes too.
  const modifier = ROLE.get(before) ?? ROLE.get(before.replace(/s$/, ''));
  const parts: { role: Role; word: string }[] = [];
  if (modifier) parts.push({ role: modifier, word: before });
  parts.push({ role: ROLE.get(head)!, word: head });
  return parts;
}
