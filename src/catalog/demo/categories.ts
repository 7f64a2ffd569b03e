import type { Department } from './brands.js';

/** A category of the demo shop. Leaves carry what their products are made of. */
export interface DemoCategory {
  id: string;
  title: string;
  parent?: string;
  department: Department;
  products?: ProductSpec;
}

export interface ProductSpec {
  /** What the product is, as its title names it. */
  kinds: string[];
  /** Price range in EUR. */
  price: [number, number];
  keywords: string[];
  /** Phrases the description praises. */
  features: string[];
  materials: string[];
  /** A measured attribute and its values with units, such as capacity "128 GB". */
  measure?: { code: string; values: string[] };
  /** Sizes sold as variants (fashion): each product offers a run of them. */
  sizes?: string[];
}

const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];

function root(id: string, title: string, department: Department): DemoCategory {
  return { id, title, department };
}

function node(id: string, title: string, parent: DemoCategory): DemoCategory {
  return { id, title, parent: parent.id, department: parent.department };
}

function leaf(id: string, title: string, parent: DemoCategory, products: ProductSpec): DemoCategory {
  return { ...node(id, title, parent), products };
}

const electronics = root('electronics', 'Electronics', 'electronics');
const audio = node('audio', 'Audio', electronics);
const computers = node('computers', 'Computers', electronics);
const phones = node('phones', 'Phones', electronics);
const tvVideo = node('tv-video', 'TV & Video', electronics);
const home = root('home', 'Home', 'home');
const kitchen = node('kitchen', 'Kitchen', home);
const furniture = node('furniture', 'Furniture', home);
const lighting = node('lighting', 'Lighting', home);
const fashion = root('fashion', 'Fashion', 'fashion');
const women = node('women', 'Women', fashion);
const men = node('men', 'Men', fashion);

/** Parents before children, as the catalog lists them. */
export const CATEGORIES: DemoCategory[] = [
  electronics,
  audio,
  leaf('headphones', 'Headphones', audio, {
    kinds: ['Over-Ear Headphones', 'Wireless Earbuds', 'On-Ear Headphones', 'Gaming Headset'],
    price: [29, 449],
    keywords: ['headphones', 'bluetooth', 'wireless', 'noise cancelling', 'earphones', 'audio'],
    features: ['active noise cancelling', 'a 30-hour battery', 'multipoint Bluetooth', 'deep, balanced bass'],
    materials: ['plastic', 'aluminium', 'leather'],
    measure: { code: 'battery_life', values: ['20 h', '30 h', '40 h', '60 h'] },
  }),
  leaf('speakers', 'Speakers', audio, {
    kinds: ['Bluetooth Speaker', 'Smart Speaker', 'Bookshelf Speakers', 'Party Speaker'],
    price: [39, 599],
    keywords: ['speaker', 'bluetooth', 'portable', 'waterproof', 'wifi', 'audio'],
    features: ['360-degree sound', 'an IP67 waterproof body', 'voice assistant support', 'stereo pairing'],
    materials: ['fabric', 'plastic', 'wood'],
    measure: { code: 'power', values: ['10 W', '20 W', '40 W', '100 W'] },
  }),
  leaf('soundbars', 'Soundbars', audio, {
    kinds: ['Soundbar', 'Soundbar with Subwoofer', 'Dolby Atmos Soundbar'],
    price: [99, 999],
    keywords: ['soundbar', 'tv sound', 'dolby atmos', 'home cinema', 'hdmi arc'],
    features: ['Dolby Atmos', 'a wireless subwoofer', 'HDMI eARC', 'clear dialogue mode'],
    materials: ['fabric', 'metal'],
    measure: { code: 'channels', values: ['2.1', '3.1', '5.1', '7.1.4'] },
  }),
  computers,
  leaf('laptops', 'Laptops', computers, {
    kinds: ['Laptop', 'Ultrabook', 'Gaming Laptop', '2-in-1 Laptop'],
    price: [399, 2899],
    keywords: ['laptop', 'notebook', 'ultrabook', 'windows', 'ssd', 'computer'],
    features: ['a fast SSD', 'an all-day battery', 'a bright IPS display', 'a backlit keyboard'],
    materials: ['aluminium', 'magnesium', 'plastic'],
    measure: { code: 'storage', values: ['256 GB', '512 GB', '1 TB', '2 TB'] },
  }),
  leaf('monitors', 'Monitors', computers, {
    kinds: ['Monitor', 'Gaming Monitor', 'Curved Monitor', '4K Monitor'],
    price: [119, 1299],
    keywords: ['monitor', 'display', 'screen', '4k', 'usb-c', 'hdr'],
    features: ['a 144 Hz refresh rate', 'USB-C with power delivery', 'HDR10', 'a height-adjustable stand'],
    materials: ['plastic', 'aluminium'],
    measure: { code: 'screen_size', values: ['24 in', '27 in', '32 in', '34 in'] },
  }),
  leaf('keyboards', 'Keyboards', computers, {
    kinds: ['Mechanical Keyboard', 'Wireless Keyboard', 'Compact Keyboard'],
    price: [25, 229],
    keywords: ['keyboard', 'mechanical', 'wireless', 'rgb', 'gaming'],
    features: ['hot-swappable switches', 'per-key RGB lighting', 'a quiet typing feel', 'a detachable cable'],
    materials: ['aluminium', 'plastic'],
  }),
  leaf('mice', 'Mice', computers, {
    kinds: ['Wireless Mouse', 'Gaming Mouse', 'Ergonomic Mouse'],
    price: [15, 149],
    keywords: ['mouse', 'wireless', 'ergonomic', 'gaming', 'bluetooth'],
    features: ['a 26,000 DPI sensor', 'silent clicks', 'an ergonomic shape', 'a rechargeable battery'],
    materials: ['plastic', 'rubber'],
  }),
  phones,
  leaf('smartphones', 'Smartphones', phones, {
    kinds: ['Smartphone', '5G Smartphone', 'Rugged Smartphone'],
    price: [149, 1499],
    keywords: ['smartphone', 'phone', 'mobile', '5g', 'android', 'dual sim'],
    features: ['a triple camera', 'an OLED display', 'fast charging', 'a 5,000 mAh battery'],
    materials: ['glass', 'aluminium'],
    measure: { code: 'storage', values: ['64 GB', '128 GB', '256 GB', '512 GB'] },
  }),
  leaf('chargers', 'Chargers & Cables', phones, {
    kinds: ['USB-C Charger', 'Wireless Charger', 'USB-C Cable', 'Power Bank'],
    price: [9, 89],
    keywords: ['charger', 'cable', 'usb-c', 'fast charging', 'power bank'],
    features: ['GaN technology', '65 W fast charging', 'a braided cable', 'foreign object detection'],
    materials: ['nylon', 'plastic'],
    measure: { code: 'power', values: ['20 W', '30 W', '65 W', '100 W'] },
  }),
  leaf('phone-cases', 'Phone Cases', phones, {
    kinds: ['Phone Case', 'Wallet Case', 'Clear Case'],
    price: [9, 59],
    keywords: ['case', 'cover', 'protection', 'magsafe', 'shockproof'],
    features: ['drop protection', 'raised camera edges', 'magnetic charging support', 'a slim profile'],
    materials: ['silicone', 'leather', 'polycarbonate'],
  }),
  tvVideo,
  leaf('televisions', 'Televisions', tvVideo, {
    kinds: ['4K Smart TV', 'OLED TV', 'QLED TV', 'LED TV'],
    price: [249, 3999],
    keywords: ['tv', 'television', 'smart tv', '4k', 'oled', 'hdr'],
    features: ['Dolby Vision', 'a 120 Hz panel', 'built-in streaming apps', 'a slim bezel'],
    materials: ['metal', 'plastic'],
    measure: { code: 'screen_size', values: ['43 in', '50 in', '55 in', '65 in', '77 in'] },
  }),
  leaf('projectors', 'Projectors', tvVideo, {
    kinds: ['Home Cinema Projector', 'Portable Projector', 'Short Throw Projector'],
    price: [199, 2499],
    keywords: ['projector', 'beamer', 'home cinema', '4k', 'portable'],
    features: ['3,000 lumens', 'auto keystone correction', 'a built-in speaker', 'low input lag'],
    materials: ['plastic', 'metal'],
  }),
  leaf('cameras', 'Cameras', electronics, {
    kinds: ['Mirrorless Camera', 'Action Camera', 'Compact Camera', 'Instant Camera'],
    price: [89, 2999],
    keywords: ['camera', 'photo', 'video', '4k', 'mirrorless', 'vlog'],
    features: ['a full-frame sensor', 'image stabilisation', '4K video at 60 fps', 'fast autofocus'],
    materials: ['magnesium', 'plastic'],
    measure: { code: 'resolution', values: ['20 MP', '24 MP', '33 MP', '45 MP'] },
  }),
  leaf('storage', 'Storage', electronics, {
    kinds: ['External SSD', 'USB Flash Drive', 'microSD Card', 'Portable Hard Drive'],
    price: [9, 399],
    keywords: ['ssd', 'storage', 'usb', 'memory card', 'backup', 'hard drive'],
    features: ['USB 3.2 speeds', 'hardware encryption', 'a shock-resistant shell', 'a five-year warranty'],
    materials: ['aluminium', 'plastic'],
    measure: { code: 'capacity', values: ['64 GB', '128 GB', '256 GB', '512 GB', '1 TB', '2 TB'] },
  }),
  home,
  kitchen,
  leaf('coffee-machines', 'Coffee Machines', kitchen, {
    kinds: ['Espresso Machine', 'Bean-to-Cup Coffee Machine', 'Filter Coffee Maker', 'Capsule Machine'],
    price: [49, 1499],
    keywords: ['coffee', 'espresso', 'coffee maker', 'barista', 'milk frother'],
    features: ['a 15-bar pump', 'a built-in grinder', 'a steam wand', 'a programmable timer'],
    materials: ['stainless steel', 'plastic'],
    measure: { code: 'capacity', values: ['1 l', '1.2 l', '1.5 l', '1.8 l'] },
  }),
  leaf('blenders', 'Blenders', kitchen, {
    kinds: ['Stand Blender', 'Hand Blender', 'Smoothie Maker'],
    price: [25, 399],
    keywords: ['blender', 'smoothie', 'mixer', 'kitchen', 'food processor'],
    features: ['a 1,200 W motor', 'six stainless blades', 'a pulse function', 'dishwasher-safe parts'],
    materials: ['glass', 'tritan', 'stainless steel'],
    measure: { code: 'power', values: ['600 W', '800 W', '1200 W', '1500 W'] },
  }),
  leaf('cookware', 'Cookware', kitchen, {
    kinds: ['Frying Pan', 'Saucepan Set', 'Casserole Dish', 'Wok'],
    price: [19, 349],
    keywords: ['pan', 'pot', 'cookware', 'induction', 'non-stick'],
    features: ['a non-stick coating', 'induction compatibility', 'oven-safe handles', 'even heat spread'],
    materials: ['cast iron', 'stainless steel', 'aluminium', 'copper'],
    measure: { code: 'diameter', values: ['20 cm', '24 cm', '28 cm', '32 cm'] },
  }),
  leaf('kettles', 'Kettles', kitchen, {
    kinds: ['Electric Kettle', 'Gooseneck Kettle', 'Temperature Control Kettle'],
    price: [19, 179],
    keywords: ['kettle', 'tea', 'water boiler', 'kitchen'],
    features: ['variable temperature', 'a keep-warm function', 'a limescale filter', 'a cordless base'],
    materials: ['stainless steel', 'glass', 'plastic'],
    measure: { code: 'capacity', values: ['0.8 l', '1 l', '1.5 l', '1.7 l'] },
  }),
  furniture,
  leaf('sofas', 'Sofas', furniture, {
    kinds: ['Three-Seater Sofa', 'Corner Sofa', 'Sofa Bed', 'Loveseat'],
    price: [299, 2999],
    keywords: ['sofa', 'couch', 'living room', 'sofa bed', 'corner sofa'],
    features: ['removable covers', 'pocket-sprung cushions', 'a solid wood frame', 'deep seats'],
    materials: ['velvet', 'linen', 'leather', 'boucle'],
  }),
  leaf('office-chairs', 'Office Chairs', furniture, {
    kinds: ['Office Chair', 'Ergonomic Chair', 'Gaming Chair'],
    price: [89, 1199],
    keywords: ['chair', 'office chair', 'ergonomic', 'desk chair', 'lumbar support'],
    features: ['adjustable lumbar support', '4D armrests', 'a breathable mesh back', 'a synchronous tilt'],
    materials: ['mesh', 'leather', 'fabric'],
  }),
  leaf('desks', 'Desks', furniture, {
    kinds: ['Standing Desk', 'Writing Desk', 'Corner Desk'],
    price: [129, 1499],
    keywords: ['desk', 'standing desk', 'home office', 'table', 'height adjustable'],
    features: ['dual motors', 'a memory keypad', 'cable management', 'a scratch-resistant top'],
    materials: ['oak', 'walnut', 'steel', 'bamboo'],
    measure: { code: 'width', values: ['120 cm', '140 cm', '160 cm', '180 cm'] },
  }),
  lighting,
  leaf('lamps', 'Lamps', lighting, {
    kinds: ['Floor Lamp', 'Table Lamp', 'Desk Lamp', 'Pendant Light'],
    price: [19, 599],
    keywords: ['lamp', 'light', 'lighting', 'dimmable', 'led'],
    features: ['a dimmable LED', 'adjustable colour temperature', 'a weighted base', 'a linen shade'],
    materials: ['brass', 'steel', 'ceramic', 'glass', 'rattan'],
  }),
  leaf('light-bulbs', 'Light Bulbs', lighting, {
    kinds: ['Smart Bulb', 'LED Bulb', 'Filament Bulb'],
    price: [4, 59],
    keywords: ['bulb', 'led', 'smart bulb', 'e27', 'warm white'],
    features: ['app control', 'warm white light', 'a 25,000-hour life', 'an E27 base'],
    materials: ['glass', 'plastic'],
    measure: { code: 'power', values: ['5 W', '7 W', '9 W', '12 W'] },
  }),
  leaf('bedding', 'Bedding', home, {
    kinds: ['Duvet Cover Set', 'Pillow', 'Duvet', 'Fitted Sheet'],
    price: [15, 299],
    keywords: ['bedding', 'duvet', 'pillow', 'bed linen', 'sheets'],
    features: ['a 400 thread count', 'hypoallergenic filling', 'hidden button closures', 'breathable weave'],
    materials: ['cotton', 'linen', 'bamboo', 'silk'],
    measure: { code: 'size', values: ['135 x 200 cm', '155 x 220 cm', '200 x 200 cm', '240 x 220 cm'] },
  }),
  leaf('vacuums', 'Vacuum Cleaners', home, {
    kinds: ['Cordless Vacuum', 'Robot Vacuum', 'Bagless Vacuum Cleaner'],
    price: [79, 1299],
    keywords: ['vacuum', 'hoover', 'cordless', 'robot vacuum', 'cleaning'],
    features: ['strong suction', 'a HEPA filter', 'lidar navigation', 'a 60-minute runtime'],
    materials: ['plastic', 'aluminium'],
  }),
  fashion,
  women,
  leaf('dresses', 'Dresses', women, {
    kinds: ['Midi Dress', 'Maxi Dress', 'Shirt Dress', 'Wrap Dress'],
    price: [29, 249],
    keywords: ['dress', 'summer dress', 'women', 'midi', 'evening'],
    features: ['a flattering wrap cut', 'hidden pockets', 'a soft drape', 'adjustable straps'],
    materials: ['cotton', 'linen', 'viscose', 'silk'],
    sizes: CLOTHING_SIZES,
  }),
  leaf('women-shoes', "Women's Shoes", women, {
    kinds: ['Ankle Boots', 'Sneakers', 'Loafers', 'Sandals'],
    price: [39, 299],
    keywords: ['shoes', 'women', 'boots', 'sneakers', 'footwear'],
    features: ['a cushioned insole', 'a grippy rubber sole', 'hand-stitched uppers', 'a padded collar'],
    materials: ['leather', 'suede', 'canvas'],
    sizes: SHOE_SIZES.slice(0, 7),
  }),
  leaf('handbags', 'Handbags', women, {
    kinds: ['Tote Bag', 'Crossbody Bag', 'Shoulder Bag', 'Clutch'],
    price: [35, 499],
    keywords: ['bag', 'handbag', 'tote', 'crossbody', 'women'],
    features: ['an adjustable strap', 'an inner zip pocket', 'gold-tone hardware', 'a magnetic closure'],
    materials: ['leather', 'canvas', 'vegan leather'],
  }),
  men,
  leaf('shirts', 'Shirts', men, {
    kinds: ['Oxford Shirt', 'Linen Shirt', 'Flannel Shirt', 'Polo Shirt'],
    price: [25, 149],
    keywords: ['shirt', 'men', 'oxford', 'button down', 'casual'],
    features: ['a regular fit', 'mother-of-pearl buttons', 'a button-down collar', 'a soft brushed finish'],
    materials: ['cotton', 'linen', 'flannel'],
    sizes: CLOTHING_SIZES,
  }),
  leaf('jeans', 'Jeans', men, {
    kinds: ['Slim Fit Jeans', 'Straight Jeans', 'Relaxed Jeans'],
    price: [39, 189],
    keywords: ['jeans', 'denim', 'men', 'slim fit', 'trousers'],
    features: ['a touch of stretch', 'a classic five-pocket design', 'selvedge denim', 'a mid rise'],
    materials: ['denim', 'organic cotton'],
    sizes: ['28', '30', '32', '34', '36', '38'],
  }),
  leaf('men-shoes', "Men's Shoes", men, {
    kinds: ['Chelsea Boots', 'Running Shoes', 'Derby Shoes', 'Sneakers'],
    price: [45, 329],
    keywords: ['shoes', 'men', 'boots', 'sneakers', 'running'],
    features: ['a Goodyear welt', 'responsive foam', 'a waterproof membrane', 'a removable insole'],
    materials: ['leather', 'suede', 'mesh'],
    sizes: SHOE_SIZES.slice(4),
  }),
  leaf('jackets', 'Jackets', fashion, {
    kinds: ['Rain Jacket', 'Puffer Jacket', 'Denim Jacket', 'Wool Coat'],
    price: [49, 499],
    keywords: ['jacket', 'coat', 'outerwear', 'waterproof', 'winter'],
    features: ['a waterproof shell', 'recycled down fill', 'a detachable hood', 'taped seams'],
    materials: ['nylon', 'wool', 'denim', 'polyester'],
    sizes: CLOTHING_SIZES,
  }),
  leaf('watches', 'Watches', fashion, {
    kinds: ['Automatic Watch', 'Chronograph', 'Smartwatch', 'Dress Watch'],
    price: [59, 1299],
    keywords: ['watch', 'wristwatch', 'smartwatch', 'automatic', 'chronograph'],
    features: ['sapphire crystal', 'a 100 m water resistance', 'a quick-release strap', 'a luminous dial'],
    materials: ['stainless steel', 'titanium', 'leather'],
    measure: { code: 'case_size', values: ['36 mm', '38 mm', '40 mm', '42 mm', '44 mm'] },
  }),
];
