/** Invented brands per department, with the other spellings shoppers type for them. */
export type Department = 'electronics' | 'home' | 'fashion';

export interface DemoBrand {
  name: string;
  aliases: string[];
}

function brands(entries: ReadonlyArray<readonly [string, ...string[]]>): DemoBrand[] {
  return entries.map(([name, ...aliases]) => ({ name, aliases }));
}

export const BRANDS: Record<Department, DemoBrand[]> = {
  electronics: brands([
    ['Sonora', 'sonorra'],
    ['Voltix', 'voltex', 'volt-x'],
    ['Lumatek', 'lumatec'],
    ['Auralis', 'auralys'],
    ['Nexora', 'nexxora'],
    ['Kestrel', 'kestral'],
    ['Quantix', 'quantics'],
    ['Veyra', 'vayra'],
    ['Orbitec', 'orbitek'],
    ['Zentro', 'zentroh'],
    ['Helix', 'helics'],
    ['Novatone', 'nova tone'],
    ['Corvan', 'korvan'],
    ['Ampere Labs', 'ampere', 'amperelabs'],
    ['Brightwave', 'bright wave'],
    ['Stratos', 'stratus'],
    ['Pixelon', 'pixellon'],
    ['Tekton', 'tecton'],
    ['Zephyr', 'zephir', 'zefyr'],
    ['Vantage', 'vantag'],
    ['Arcana', 'arkana'],
    ['Cirrus', 'cirus'],
    ['Mobius', 'möbius', 'moebius'],
    ['Trion', 'tryon'],
  ]),
  home: brands([
    ['Nordhaus', 'nordhouse', 'nord haus'],
    ['Casalina', 'casa lina'],
    ['Brenner', 'brener'],
    ['Holmgard', 'holmgaard'],
    ['Vesta', 'vesta home'],
    ['Kettleby', 'ketleby'],
    ['Ambra', 'ambra living'],
    ['Fjordlys', 'fjord lys'],
    ['Oakridge', 'oak ridge'],
    ['Maison Clair', 'maisonclair'],
    ['Lindqvist', 'lindquist', 'lindkvist'],
    ['Terrazo', 'terrazzo'],
    ['Duravo', 'durravo'],
    ['Heimwerk', 'heim werk'],
    ['Bellacasa', 'bella casa'],
    ['Copperfield', 'copper field'],
    ['Saltmarsh', 'salt marsh'],
    ['Kalmo', 'calmo'],
  ]),
  fashion: brands([
    ['Marlowe', 'marlow'],
    ['Ashby & Co', 'ashby and co', 'ashby'],
    ['Vireo', 'vireo studio'],
    ['Hollis', 'holis'],
    ['Brava', 'brava milano'],
    ['Loom & Lark', 'loom and lark'],
    ['Northcote', 'north cote'],
    ['Serafin', 'seraphin'],
    ['Halden', 'haldon'],
    ['Rue Margot', 'ruemargot'],
    ['Kaito', 'kaitō'],
    ['Wilder', 'wylder'],
    ['Tessaro', 'tesaro'],
    ['Eastbrook', 'east brook'],
    ['Calloway', 'callaway'],
    ['Juniper Row', 'juniper'],
    ['Solenne', 'solene'],
    ['Fenwick', 'fennwick'],
  ]),
};
