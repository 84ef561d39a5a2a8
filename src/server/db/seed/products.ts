import type { ArtKind } from './art.ts';

/**
 * The demo shop's products (docs/product/deployment-safety.md#demo-shop). `category` names a leaf of seed/categories.ts as
 * "Top > Sub > …"; `seller` is `kavya` (seller@haat.test, Kavya Textiles) or `meera` (seller2@haat.test,
 * Meera Handlooms). Prices are INR as NUMERIC text. `sizes` defaults by category (seed/demo.ts).
 */
export type DemoProduct = {
  name: string;
  brand: string;
  price: string;
  category: string;
  seller: 'kavya' | 'meera';
  countInStock: number;
  description: string;
  art: ArtKind;
  colour: string;
  /** Number of pictures, 1 or 2. */
  images?: 1 | 2;
  sizes?: string[];
  /**
   * Colours it comes in: every size in every colour, the stock split evenly (docs/decisions/0102-product-variants.md).
   * Left out: one variant per size, without colour.
   */
  colours?: string[];
  /** false: listed but switched off by its seller. */
  status?: boolean;
};

const COTTON_CARE =
  'Fabric and care: the cotton is pre-washed, so it keeps its size after the first wash. Wash in cold water with similar colours, ' +
  'turn inside out before drying in the shade, and iron on a medium setting while slightly damp. Do not bleach or tumble dry: ' +
  'natural dyes stay bright longest when they are dried away from direct sun.';
const SILK_CARE =
  'Fabric and care: dry clean only for the first three washes. Store folded in a muslin cloth, away from naphthalene balls, and ' +
  'refold along different lines every few months so the zari does not crack. Iron on the reverse at a low silk setting.';
const HANDLOOM_NOTE =
  'Because every piece is woven by hand, small irregularities in the weave and slight differences in colour from the photograph ' +
  'are the mark of a handloom and not a defect. Each purchase supports a weaver family in Kanchipuram directly.';
const SIZE_GUIDE =
  'Size and fit: S fits a 38 inch chest, M 40, L 42, XL 44 and XXL 46, each larger size adding two inches. The model is ' +
  '5 feet 11 inches tall and wears M. If you are between two sizes, choose the larger one. Not sure? Write to us from the ' +
  'order page and we will exchange the size free of charge within 15 days, as long as the tags are still on.';
const WARRANTY = (years: number) =>
  `Warranty and support: ${years} year${years > 1 ? 's' : ''} of manufacturer warranty from the date of delivery, with service at ` +
  'authorised centres across India. Keep the invoice that comes with the order; it is your proof of purchase. ' +
  'In the box: the product, the charging cable where applicable, a quick start guide and the warranty card.';
const FOOD_NOTE =
  'Storage: keep in a cool, dry place and close the pack tightly after opening. Best before nine months from the date of packing ' +
  'printed on the pack. Packed in a facility that also handles nuts, milk and gluten.';
const BOOK_NOTE =
  'Paperback, printed on acid-free paper in India. Ships in a protective sleeve so the corners arrive sharp.';

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // ——— Kavya Textiles: men's and women's clothing ———
  {
    name: 'Jaipur Block Print Cotton Kurta',
    brand: 'Kavya Textiles',
    price: '1299.00',
    category: 'Fashion & Accessories > Men Clothes > Ethnic Wear > Kurtas > Cotton Kurtas',
    seller: 'kavya',
    countInStock: 40,
    art: 'kurta',
    colour: '#c0392b',
    images: 2,
    sizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL'],
    description:
      'A straight-cut kurta in soft mulmul cotton, hand block printed in Sanganer with a small buti pattern in madder red. ' +
      'It has a mandarin collar, a five-button placket and side slits for easy movement, and falls just below the knee. ' +
      'Wear it with white pyjamas for a festive morning or with jeans on a warm afternoon.\n\n' +
      COTTON_CARE,
  },
  {
    name: 'Indigo Dabu Print Kurta',
    brand: 'Kavya Textiles',
    price: '1499.00',
    category: 'Fashion & Accessories > Men Clothes > Ethnic Wear > Kurtas > Cotton Kurtas',
    seller: 'kavya',
    countInStock: 25,
    art: 'kurta',
    colour: '#1f3a93',
    sizes: ['M', 'L', 'XL', 'XXL'],
    description:
      'Dabu is a mud-resist print from Rajasthan: the pattern is stamped in clay before the cloth is dipped in indigo, which gives ' +
      'these soft, slightly cracked lines. Regular fit, full sleeves with roll-up tabs, and two side pockets.',
  },
  {
    name: 'Banarasi Silk Festive Kurta',
    brand: 'Kavya Textiles',
    price: '3499.00',
    category: 'Fashion & Accessories > Men Clothes > Ethnic Wear > Kurtas > Silk Kurtas',
    seller: 'kavya',
    countInStock: 12,
    art: 'kurta',
    colour: '#b9770e',
    images: 2,
    sizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL'],
    description:
      'Woven in Varanasi from art silk with a subtle self-jacquard, this kurta has a gold-toned zari border at the hem and collar. ' +
      'Made for weddings, pujas and Diwali evenings. It comes with matching churidar pyjamas.\n\n' +
      SILK_CARE +
      '\n\n' +
      SIZE_GUIDE,
  },
  {
    name: 'Cotton Kurta Pyjama Set for Men',
    brand: 'Kavya Textiles',
    price: '1899.00',
    category: 'Fashion & Accessories > Men Clothes > Ethnic Wear > Kurta Sets',
    seller: 'kavya',
    countInStock: 30,
    art: 'kurta',
    colour: '#f5f5dc',
    sizes: ['M', 'L', 'XL', 'XXL', '3XL'],
    description:
      'An off-white kurta with thread embroidery on the yoke, paired with a drawstring pyjama. Breathable cotton for long summer ' +
      'functions and an easy, relaxed fit.',
  },
  {
    name: 'Printed Nehru Jacket',
    brand: 'Rangrez',
    price: '1799.00',
    category: 'Fashion & Accessories > Men Clothes > Ethnic Wear > Nehru Jackets',
    seller: 'kavya',
    countInStock: 18,
    art: 'shirt',
    colour: '#196f3d',
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    description:
      'A sleeveless bandhgala jacket in bottle green with a woven paisley print. Throw it over a plain kurta to dress it up; ' +
      'it has two welt pockets and a satin lining.',
  },
  {
    name: 'Classic Round Neck T-Shirt',
    brand: 'Urban Desi',
    price: '499.00',
    category: 'Fashion & Accessories > Men Clothes > Topwear > T-Shirts > Round Neck',
    seller: 'kavya',
    countInStock: 120,
    art: 'tshirt',
    colour: '#2e86c1',
    images: 2,
    sizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'],
    colours: ['Black', 'White', 'Navy'],
    description:
      'Everyday t-shirt in 180 GSM combed cotton with a ribbed neck that keeps its shape. Pre-shrunk, soft from the first wear, ' +
      'and dyed with azo-free colours.',
  },
  {
    name: 'Graphic Print Round Neck T-Shirt',
    brand: 'Urban Desi',
    price: '599.00',
    category: 'Fashion & Accessories > Men Clothes > Topwear > T-Shirts > Round Neck',
    seller: 'kavya',
    countInStock: 75,
    art: 'tshirt',
    colour: '#212f3d',
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    description:
      'A black t-shirt with a screen-printed truck art motif inspired by the highways of Punjab. Regular fit, half sleeves, ' +
      'and a print that does not crack in the wash.',
  },
  {
    name: 'Henley V-Neck T-Shirt',
    brand: 'Urban Desi',
    price: '649.00',
    category: 'Fashion & Accessories > Men Clothes > Topwear > T-Shirts > V-Neck',
    seller: 'kavya',
    countInStock: 0,
    art: 'tshirt',
    colour: '#7d3c98',
    sizes: ['M', 'L', 'XL'],
    description:
      'A slim-fit v-neck in a cotton-modal blend that drapes well and stays cool. Currently sold out in every size.',
  },
  {
    name: 'Pique Polo T-Shirt',
    brand: 'Urban Desi',
    price: '899.00',
    category: 'Fashion & Accessories > Men Clothes > Topwear > T-Shirts > Polo',
    seller: 'kavya',
    countInStock: 60,
    art: 'tshirt',
    colour: '#117864',
    sizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL'],
    colours: ['Green', 'Navy', 'White'],
    description:
      'A polo in breathable cotton pique with a two-button placket and a flat-knit collar. Smart enough for a Friday at work, ' +
      'easy enough for the weekend.',
  },
  {
    name: 'Oxford Cotton Formal Shirt',
    brand: 'Kavya Textiles',
    price: '1399.00',
    category: 'Fashion & Accessories > Men Clothes > Topwear > Shirts > Formal Shirts',
    seller: 'kavya',
    countInStock: 45,
    art: 'shirt',
    colour: '#85c1e9',
    images: 2,
    sizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL'],
    description:
      'A sky blue formal shirt in oxford weave cotton with a button-down collar and a single chest pocket. Tailored fit with a ' +
      'curved hem that stays tucked in. Easy to iron.' +
      '\n\n' +
      SIZE_GUIDE,
  },
  {
    name: 'Linen Casual Shirt',
    brand: 'Kavya Textiles',
    price: '1699.00',
    category: 'Fashion & Accessories > Men Clothes > Topwear > Shirts > Casual Shirts',
    seller: 'kavya',
    countInStock: 22,
    art: 'shirt',
    colour: '#d4ac0d',
    sizes: ['M', 'L', 'XL', 'XXL'],
    description:
      'Pure linen in mustard yellow, cut loose with a camp collar for hot days. Linen softens with every wash and dries quickly.\n\n' +
      'Fabric and care: machine wash cold on a gentle cycle, dry in the shade and iron while damp. Linen creases easily; that ' +
      'lived-in look is part of its charm. The shirt is cut with a little room so it does not cling in humid weather, and the ' +
      'coconut shell buttons are sewn on with a shank so they do not pull the fabric.',
  },
  {
    name: 'Fleece Hooded Sweatshirt',
    brand: 'Urban Desi',
    price: '1599.00',
    category: 'Fashion & Accessories > Men Clothes > Topwear > Sweatshirts & Hoodies',
    seller: 'kavya',
    countInStock: 35,
    art: 'shirt',
    colour: '#566573',
    sizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL'],
    description:
      'A brushed fleece hoodie with a kangaroo pocket and a lined hood. Warm enough for Delhi winters without being heavy.',
  },
  {
    name: 'Slim Fit Stretch Jeans',
    brand: 'Denim Desh',
    price: '1799.00',
    category: 'Fashion & Accessories > Men Clothes > Bottomwear > Jeans > Slim Fit',
    seller: 'kavya',
    countInStock: 50,
    art: 'jeans',
    colour: '#1b4f72',
    images: 2,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    description:
      'Mid-rise slim jeans in a dark indigo wash, made from cotton with two percent elastane so they move with you. Five pockets, ' +
      'a zip fly and a tapered leg.' +
      '\n\n' +
      SIZE_GUIDE,
  },
  {
    name: 'Regular Fit Light Wash Jeans',
    brand: 'Denim Desh',
    price: '1499.00',
    category: 'Fashion & Accessories > Men Clothes > Bottomwear > Jeans > Regular Fit',
    seller: 'kavya',
    countInStock: 28,
    art: 'jeans',
    colour: '#5dade2',
    sizes: ['M', 'L', 'XL', 'XXL', '3XL'],
    description:
      'Straight-leg jeans in a light stone wash. Rigid cotton denim that softens and fades in its own way over time.',
  },
  {
    name: 'Cotton Chinos',
    brand: 'Denim Desh',
    price: '1299.00',
    category: 'Fashion & Accessories > Men Clothes > Bottomwear > Trousers > Chinos',
    seller: 'kavya',
    countInStock: 40,
    art: 'jeans',
    colour: '#a04000',
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    description:
      'Khaki-brown chinos with a flat front and a slim leg. Smart casual trousers that go from office to dinner.',
  },
  // ——— Kavya Textiles: women's clothing ———
  {
    name: 'Anarkali Kurta with Gota Work',
    brand: 'Kavya Textiles',
    price: '2499.00',
    category: 'Fashion & Accessories > Women Clothes > Ethnic Wear > Kurtas & Suits > Anarkali Kurtas',
    seller: 'kavya',
    countInStock: 20,
    art: 'dress',
    colour: '#c2185b',
    images: 2,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    description:
      'A flared anarkali in rani pink georgette with gota patti lace along the yoke and hem, finished by artisans in Jaipur. ' +
      'Fully lined, with three-quarter sleeves and a concealed side zip. Pair it with the matching dupatta from our store.\n\n' +
      'Fabric and care: dry clean recommended. Store on a padded hanger so the flare keeps its fall, and keep the gota work away ' +
      'from perfume, which can tarnish the metallic lace. The kurta has a generous hem allowance that your tailor can let out ' +
      'by up to two inches.' +
      '\n\n' +
      SIZE_GUIDE,
  },
  {
    name: 'Straight Cotton Kurta for Women',
    brand: 'Kavya Textiles',
    price: '899.00',
    category: 'Fashion & Accessories > Women Clothes > Ethnic Wear > Kurtas & Suits > Straight Kurtas',
    seller: 'kavya',
    countInStock: 65,
    art: 'kurta',
    colour: '#16a085',
    sizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', '6XL', '7XL'],
    description:
      'A calf-length straight kurta in teal cotton with white hand block print. Round neck, three-quarter sleeves and pockets ' +
      'on both sides. Made in sizes up to 7XL.' +
      '\n\n' +
      SIZE_GUIDE,
  },
  {
    name: 'A-Line Chikankari Kurta',
    brand: 'Lucknowi Lace',
    price: '1999.00',
    category: 'Fashion & Accessories > Women Clothes > Ethnic Wear > Kurtas & Suits > A-Line Kurtas',
    seller: 'kavya',
    countInStock: 0,
    art: 'kurta',
    colour: '#fdfefe',
    sizes: ['S', 'M', 'L', 'XL'],
    description:
      'Hand embroidered chikankari from Lucknow on white cotton voile: shadow work, phanda knots and jaali on the front panel. ' +
      'Each kurta takes an embroiderer about two weeks. Out of stock until the next batch is finished.',
  },
  {
    name: 'Printed Cotton Salwar Suit Set',
    brand: 'Kavya Textiles',
    price: '2199.00',
    category: 'Fashion & Accessories > Women Clothes > Ethnic Wear > Kurtas & Suits > Salwar Suits',
    seller: 'kavya',
    countInStock: 15,
    art: 'dress',
    colour: '#e67e22',
    sizes: ['M', 'L', 'XL', 'XXL'],
    description:
      'Kurta, salwar and a chiffon dupatta in marigold orange with a bagru print. A complete three-piece set, stitched.',
  },
  {
    name: 'Festive Lehenga Choli',
    brand: 'Kavya Textiles',
    price: '6999.00',
    category: 'Fashion & Accessories > Women Clothes > Ethnic Wear > Lehengas > Festive Lehengas',
    seller: 'kavya',
    countInStock: 6,
    art: 'dress',
    colour: '#922b21',
    images: 2,
    sizes: ['S', 'M', 'L', 'XL'],
    description:
      'A maroon lehenga with a four-metre flare, mirror work and zari embroidery, a semi-stitched blouse and a net dupatta. ' +
      'Made for sangeet nights and festive dinners.\n\n' +
      SILK_CARE +
      '\n\n' +
      SIZE_GUIDE,
  },
  {
    name: 'Mul Cotton Dupatta',
    brand: 'Kavya Textiles',
    price: '499.00',
    category: 'Fashion & Accessories > Women Clothes > Ethnic Wear > Dupattas',
    seller: 'kavya',
    countInStock: 80,
    art: 'saree',
    colour: '#f7dc6f',
    sizes: ['N/A'],
    description:
      'A light mulmul dupatta, 2.25 metres long, with tassels on both ends. Goes with any plain kurta.',
  },
  {
    name: 'Floral Maxi Dress',
    brand: 'Urban Desi',
    price: '1599.00',
    category: 'Fashion & Accessories > Women Clothes > Western Wear > Dresses > Maxi Dresses',
    seller: 'kavya',
    countInStock: 24,
    art: 'dress',
    colour: '#af7ac5',
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    description:
      'A tiered rayon maxi with a floral print, a smocked back and flutter sleeves. Light, swishy and made for holidays.',
  },
  {
    name: "Women's Round Neck T-Shirt",
    brand: 'Urban Desi',
    price: '449.00',
    category: 'Fashion & Accessories > Women Clothes > Western Wear > T-Shirts > Round Neck',
    seller: 'kavya',
    countInStock: 90,
    art: 'tshirt',
    colour: '#f1948a',
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    colours: ['Pink', 'White', 'Black'],
    description:
      'A soft cotton t-shirt in blush pink with a relaxed fit and dropped shoulders.' +
      ' Pre-shrunk, so it keeps its length after washing.',
  },
  {
    name: 'High Rise Skinny Jeans',
    brand: 'Denim Desh',
    price: '1699.00',
    category: 'Fashion & Accessories > Women Clothes > Western Wear > Jeans > Skinny Jeans',
    seller: 'kavya',
    countInStock: 33,
    art: 'jeans',
    colour: '#2c3e50',
    sizes: ['S', 'M', 'L', 'XL'],
    description:
      'High-waisted skinny jeans in a deep blue-black wash, with enough stretch to sit comfortably all day.' +
      ' The waistband has a hidden inner elastic at the back, so it does not gape when you sit.',
  },
  // ——— Kavya Textiles: shoes, bags, watches, accessories ———
  {
    name: 'Everyday Canvas Sneakers',
    brand: 'Chalo',
    price: '1299.00',
    category: 'Fashion & Accessories > Men Shoes > Casual Shoes > Sneakers',
    seller: 'kavya',
    countInStock: 44,
    art: 'shoe',
    colour: '#ecf0f1',
    images: 2,
    description:
      'Low-top canvas sneakers with a vulcanised rubber sole and a cushioned footbed. White goes with everything, and the ' +
      'canvas can go in the washing machine.',
  },
  {
    name: 'Leather Penny Loafers',
    brand: 'Agra Leather Co.',
    price: '2799.00',
    category: 'Fashion & Accessories > Men Shoes > Casual Shoes > Loafers',
    seller: 'kavya',
    countInStock: 16,
    art: 'shoe',
    colour: '#784212',
    description:
      'Full-grain leather loafers made in Agra, with a leather lining and a stitched rubber sole for grip.' +
      ' They mould to your feet within a week; a shoe horn is included.',
  },
  {
    name: 'Formal Oxford Shoes',
    brand: 'Agra Leather Co.',
    price: '3299.00',
    category: 'Fashion & Accessories > Men Shoes > Formal Shoes > Oxfords',
    seller: 'kavya',
    countInStock: 10,
    art: 'shoe',
    colour: '#1c1c1c',
    description:
      'Black cap-toe oxfords in polished leather. Goodyear-welted, so they can be resoled for years.',
  },
  {
    name: 'Lightweight Running Shoes',
    brand: 'Chalo',
    price: '2499.00',
    category: 'Fashion & Accessories > Men Shoes > Sports Shoes > Running Shoes',
    seller: 'kavya',
    countInStock: 38,
    art: 'shoe',
    colour: '#e74c3c',
    description:
      'Running shoes with a breathable knit upper and an EVA midsole that weighs just 240 grams per shoe. Good for daily runs ' +
      'up to 10 km on road and track.',
  },
  {
    name: 'Kolhapuri Leather Chappals',
    brand: 'Kolhapur Karigar',
    price: '899.00',
    category: 'Fashion & Accessories > Men Shoes > Ethnic Footwear > Kolhapuri Chappals',
    seller: 'kavya',
    countInStock: 0,
    art: 'heel',
    colour: '#a0522d',
    description:
      'Hand-stitched Kolhapuris in vegetable-tanned leather with a braided toe strap. Sold out for now.',
  },
  {
    name: 'Embroidered Juttis',
    brand: 'Kavya Textiles',
    price: '999.00',
    category: 'Fashion & Accessories > Women Shoes > Flats > Juttis & Mojaris',
    seller: 'kavya',
    countInStock: 26,
    art: 'heel',
    colour: '#d4af37',
    description:
      'Punjabi juttis with thread and bead embroidery on a golden base. Padded insole for comfort through long celebrations.',
  },
  {
    name: 'Block Heel Sandals',
    brand: 'Chalo',
    price: '1499.00',
    category: 'Fashion & Accessories > Women Shoes > Heels > Block Heels',
    seller: 'kavya',
    countInStock: 19,
    art: 'heel',
    colour: '#c39bd3',
    description:
      'Lilac block heels, 6 cm high, with an ankle strap and a cushioned footbed. Steady enough to dance in.',
  },
  {
    name: 'Leather Tote Bag',
    brand: 'Kavya Textiles',
    price: '2999.00',
    category: 'Fashion & Accessories > Women Bags > Handbags > Tote Bags',
    seller: 'kavya',
    countInStock: 14,
    art: 'handbag',
    colour: '#a93226',
    images: 2,
    description:
      'A roomy tote in soft pebbled leather with an inner zip pocket, a laptop sleeve up to 14 inches and a magnetic closure. ' +
      'The handles have a 24 cm drop, long enough to carry on the shoulder.',
  },
  {
    name: 'Zardozi Potli Bag',
    brand: 'Kavya Textiles',
    price: '799.00',
    category: 'Fashion & Accessories > Women Bags > Clutches & Potlis > Potli Bags',
    seller: 'kavya',
    countInStock: 30,
    art: 'pouch',
    colour: '#8e44ad',
    description:
      'A velvet drawstring potli with zardozi embroidery and a beaded handle. Holds a phone, keys and a lipstick.',
  },
  {
    name: 'Laptop Backpack 30L',
    brand: 'Safar',
    price: '1899.00',
    category: 'Fashion & Accessories > Men Bags > Backpacks > Laptop Backpacks',
    seller: 'kavya',
    countInStock: 42,
    art: 'backpack',
    colour: '#34495e',
    description:
      'A water-resistant backpack with a padded compartment for a 15.6 inch laptop, an organiser pocket and a luggage strap. ' +
      'Padded shoulder straps with an air-mesh back keep you cool on the commute.',
  },
  {
    name: 'Leather Bifold Wallet',
    brand: 'Agra Leather Co.',
    price: '699.00',
    category: 'Fashion & Accessories > Men Bags > Wallets',
    seller: 'kavya',
    countInStock: 70,
    art: 'wallet',
    colour: '#6e2c00',
    description:
      'A slim bifold in genuine leather with six card slots, a coin pocket and RFID blocking lining.' +
      ' It comes in a gift box with a note card, ready to give.',
  },
  {
    name: 'Classic Analog Watch for Men',
    brand: 'Samay',
    price: '3499.00',
    category: 'Fashion & Accessories > Watches > Men Watches > Analog',
    seller: 'kavya',
    countInStock: 12,
    art: 'watch',
    colour: '#1d8348',
    images: 2,
    description:
      'A 40 mm stainless steel case, a green sunray dial and a brown leather strap. Japanese quartz movement, mineral glass, ' +
      'and water resistance to 50 metres.\n\n' +
      WARRANTY(1),
  },
  {
    name: 'Rose Gold Bracelet Watch',
    brand: 'Samay',
    price: '2799.00',
    category: 'Fashion & Accessories > Watches > Women Watches > Bracelet',
    seller: 'kavya',
    countInStock: 9,
    art: 'watch',
    colour: '#e8a598',
    description:
      'A petite 28 mm watch on a rose gold bracelet with a mother-of-pearl dial.' +
      ' The bracelet has a fold-over clasp and can be shortened at any watch shop.',
  },
  {
    name: 'Fitness Smart Watch',
    brand: 'Pulse',
    price: '4999.00',
    category: 'Fashion & Accessories > Watches > Smart Watches',
    seller: 'kavya',
    countInStock: 27,
    art: 'watch',
    colour: '#17202a',
    description:
      'A 1.8 inch AMOLED smart watch with heart rate and SpO2 tracking, 100 sports modes, Bluetooth calling and up to 7 days ' +
      'of battery on a charge.\n\n' +
      WARRANTY(1),
  },
  {
    name: 'Polarised Aviator Sunglasses',
    brand: 'Dhoop',
    price: '1199.00',
    category: 'Fashion & Accessories > Fashion Accessories > Sunglasses',
    seller: 'kavya',
    countInStock: 36,
    art: 'sunglasses',
    colour: '#27ae60',
    description:
      'Metal aviators with polarised green lenses that block UV400, with a hard case and a cleaning cloth.' +
      ' The spring hinges keep them snug without pinching behind the ears.',
  },
  {
    name: 'Kundan Necklace Set',
    brand: 'Kavya Textiles',
    price: '1599.00',
    category: 'Fashion & Accessories > Fashion Accessories > Jewellery > Necklaces',
    seller: 'kavya',
    countInStock: 11,
    art: 'necklace',
    colour: '#148f77',
    description:
      'A gold-plated kundan necklace with emerald-green stones and matching earrings. Nickel free.',
  },
  // ——— Kavya Textiles: electronics ———
  {
    name: 'Smartphone 5G 128 GB',
    brand: 'Nova',
    price: '17999.00',
    category: 'Electronics & Gadgets > Mobile & Gadgets > Mobile Phones > Smartphones',
    seller: 'kavya',
    countInStock: 20,
    art: 'phone',
    colour: '#2874a6',
    images: 2,
    description:
      'A 6.7 inch 120 Hz display, a 50 MP main camera, 8 GB RAM with 128 GB storage and a 5000 mAh battery with 33 W charging. ' +
      'Dual SIM with 5G on both slots, and three years of Android updates promised by the maker.\n\n' +
      WARRANTY(1) +
      '\n\n' +
      'Delivery: ships sealed in the original box within two working days, insured in transit. Open-box delivery is ' +
      'available in metro cities: the courier waits while you check the seal and switch the device on.',
  },
  {
    name: 'Feature Phone with Big Battery',
    brand: 'Nova',
    price: '1499.00',
    category: 'Electronics & Gadgets > Mobile & Gadgets > Mobile Phones > Feature Phones',
    seller: 'kavya',
    countInStock: 55,
    art: 'phone',
    colour: '#515a5a',
    description:
      'A dual-SIM keypad phone with a 2500 mAh battery that lasts a week, a torch, FM radio and loud speakers.' +
      ' Menus are in English and Hindi, with large keys that are easy to read for older parents.',
  },
  {
    name: '20000 mAh Power Bank',
    brand: 'Urja',
    price: '1799.00',
    category: 'Electronics & Gadgets > Mobile & Gadgets > Mobile Accessories > Power Banks',
    seller: 'kavya',
    countInStock: 48,
    art: 'phone',
    colour: '#1a5276',
    description:
      'Charges two devices at once, with 22.5 W fast charging over USB-C. Charges most phones four times over.',
  },
  {
    name: 'Thin and Light Laptop 14"',
    brand: 'Kalam',
    price: '54990.00',
    category: 'Electronics & Gadgets > Computers & Accessories > Laptops > Everyday Laptops',
    seller: 'kavya',
    countInStock: 7,
    art: 'laptop',
    colour: '#839192',
    images: 2,
    description:
      'A 1.3 kg aluminium laptop with a 14 inch full HD IPS screen, a 12-core processor, 16 GB RAM and a 512 GB SSD. ' +
      'Backlit keyboard, a fingerprint reader and up to 12 hours of battery.\n\n' +
      WARRANTY(1) +
      '\n\n' +
      'Delivery: ships sealed in the original box within two working days, insured in transit. Open-box delivery is ' +
      'available in metro cities: the courier waits while you check the seal and switch the device on.',
  },
  {
    name: 'Wireless Keyboard and Mouse Combo',
    brand: 'Kalam',
    price: '1299.00',
    category: 'Electronics & Gadgets > Computers & Accessories > Peripherals > Keyboards',
    seller: 'kavya',
    countInStock: 0,
    art: 'laptop',
    colour: '#5d6d7e',
    description:
      'A full-size keyboard with Hindi and English legends and a silent mouse, on one USB receiver.' +
      ' Runs for a year on the included AA batteries and connects with no drivers.',
  },
  {
    name: 'True Wireless Earbuds',
    brand: 'Sur',
    price: '2499.00',
    category: 'Electronics & Gadgets > Audio > Headphones > True Wireless Earbuds',
    seller: 'kavya',
    countInStock: 64,
    art: 'headphones',
    colour: '#f4f6f7',
    description:
      'Earbuds with active noise cancellation, 40 hours of battery with the case, and low-latency mode for games.' +
      ' Three sizes of silicone tips are in the box for a snug fit.',
  },
  {
    name: 'Over-Ear Bluetooth Headphones',
    brand: 'Sur',
    price: '3999.00',
    category: 'Electronics & Gadgets > Audio > Headphones > Over-Ear Headphones',
    seller: 'kavya',
    countInStock: 21,
    art: 'headphones',
    colour: '#7b241c',
    description:
      'Closed-back headphones with 40 mm drivers, memory foam cushions and 60 hours of playback. Fold flat into the travel case.\n\n' +
      WARRANTY(1),
  },
  {
    name: 'Portable Bluetooth Speaker',
    brand: 'Sur',
    price: '2199.00',
    category: 'Electronics & Gadgets > Audio > Speakers > Bluetooth Speakers',
    seller: 'kavya',
    countInStock: 31,
    art: 'speaker',
    colour: '#d35400',
    description:
      'A 20 W speaker, IPX7 waterproof, with 15 hours of playback and a strap to hang it anywhere.' +
      ' Pair two of them for stereo sound.',
  },
  {
    name: 'Mirrorless Camera with 18-55 mm Lens',
    brand: 'Drishti',
    price: '58999.00',
    category: 'Electronics & Gadgets > Cameras & Drones > Cameras > Mirrorless Cameras',
    seller: 'kavya',
    countInStock: 5,
    art: 'camera',
    colour: '#273746',
    description:
      'A 24 MP APS-C mirrorless camera with 4K video, eye-tracking autofocus and a flip screen, with an 18-55 mm kit lens.\n\n' +
      WARRANTY(2),
  },
  {
    name: 'Game Console Controller',
    brand: 'Khel',
    price: '3499.00',
    category: 'Electronics & Gadgets > Gaming & Consoles > Controllers',
    seller: 'kavya',
    countInStock: 23,
    art: 'gamepad',
    colour: '#2e4053',
    description:
      'A wireless controller with hall-effect sticks, rumble and a 30-hour battery. Works with PC and Android.',
  },
  // ——— Meera Handlooms: sarees and women's wear ———
  {
    name: 'Kanchipuram Pure Silk Saree',
    brand: 'Meera Handlooms',
    price: '12499.00',
    category: 'Fashion & Accessories > Women Clothes > Ethnic Wear > Sarees > Silk Sarees',
    seller: 'meera',
    countInStock: 4,
    art: 'saree',
    colour: '#8e1b3a',
    images: 2,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    description:
      'A mulberry silk saree woven on a pit loom in Kanchipuram, in deep arakku red with a contrasting mustard korvai border ' +
      'and a rich pallu of temple motifs in pure zari. The saree is 6.3 metres including an unstitched blouse piece; choose ' +
      'your size and we will have the blouse stitched to it.\n\n' +
      SILK_CARE +
      '\n\n' +
      HANDLOOM_NOTE,
  },
  {
    name: 'Soft Silk Saree in Peacock Blue',
    brand: 'Meera Handlooms',
    price: '6999.00',
    category: 'Fashion & Accessories > Women Clothes > Ethnic Wear > Sarees > Silk Sarees',
    seller: 'meera',
    countInStock: 9,
    art: 'saree',
    colour: '#1f618d',
    sizes: ['S', 'M', 'L', 'XL'],
    description:
      'A lightweight soft silk saree that drapes easily, with a small zari border and buttas across the body. Comfortable enough ' +
      'for a whole day of a family wedding.\n\n' +
      HANDLOOM_NOTE,
  },
  {
    name: 'Chettinad Cotton Saree',
    brand: 'Meera Handlooms',
    price: '1899.00',
    category: 'Fashion & Accessories > Women Clothes > Ethnic Wear > Sarees > Cotton Sarees',
    seller: 'meera',
    countInStock: 18,
    art: 'saree',
    colour: '#d68910',
    images: 2,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    description:
      'Chettinad cotton in turmeric yellow with a checked body and a thick contrast border. Crisp, breathable and easy to ' +
      'drape for everyday wear.\n\n' +
      COTTON_CARE,
  },
  {
    name: 'Handloom Linen Saree',
    brand: 'Meera Handlooms',
    price: '3299.00',
    category: 'Fashion & Accessories > Women Clothes > Ethnic Wear > Sarees > Handloom Sarees',
    seller: 'meera',
    countInStock: 0,
    art: 'saree',
    colour: '#a9cce3',
    sizes: ['S', 'M', 'L', 'XL'],
    description:
      'Handwoven linen in powder blue with a silver zari border. The next weave will be ready in three weeks.',
  },
  {
    name: 'Handloom Cotton Kurta for Women',
    brand: 'Meera Handlooms',
    price: '1199.00',
    category: 'Fashion & Accessories > Women Clothes > Ethnic Wear > Kurtas & Suits > Straight Kurtas',
    seller: 'meera',
    countInStock: 27,
    art: 'kurta',
    colour: '#7b7d7d',
    sizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL'],
    description:
      'A charcoal handloom cotton kurta with a kantha-stitched neckline. Cut straight with side slits and pockets.',
  },
  {
    name: 'Cotton Nightwear Set',
    brand: 'Meera Handlooms',
    price: '999.00',
    category: 'Fashion & Accessories > Women Clothes > Nightwear',
    seller: 'meera',
    countInStock: 40,
    art: 'shirt',
    colour: '#aed6f1',
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    description: 'A soft cotton shirt and pyjama set with a small block print. Breathable for summer nights.',
  },
  {
    name: 'Kids Cotton Kurta Pyjama',
    brand: 'Meera Handlooms',
    price: '799.00',
    category: 'Fashion & Accessories > Baby & Kids Fashion > Boys Clothing > Ethnic Sets',
    seller: 'meera',
    countInStock: 22,
    art: 'kurta',
    colour: '#f39c12',
    sizes: ['S', 'M', 'L'],
    description:
      'A festive kurta pyjama for boys aged 2 to 8, in soft cotton that does not itch. Snap buttons for quick dressing.',
  },
  {
    name: 'Cotton Stole with Tassels',
    brand: 'Meera Handlooms',
    price: '599.00',
    category: 'Fashion & Accessories > Fashion Accessories > Scarves & Stoles',
    seller: 'meera',
    countInStock: 35,
    art: 'saree',
    colour: '#48c9b0',
    sizes: ['N/A'],
    description:
      'A handwoven cotton stole, 2 metres long, in sea green with ikat bands at both ends.' +
      ' Light enough for summer and warm enough for an air-conditioned office.',
  },
  // ——— Meera Handlooms: home, crafts, books, food, sports, stationery ———
  {
    name: 'Handloom Cotton Double Bedsheet',
    brand: 'Meera Handlooms',
    price: '1499.00',
    category: 'Home & Living > Home & Living > Bed Linen > Bedsheets',
    seller: 'meera',
    countInStock: 30,
    art: 'linen',
    colour: '#5499c7',
    images: 2,
    description:
      'A double bedsheet (90 × 108 inches) with two pillow covers, woven from 100 percent cotton in a classic blue check. ' +
      'Gets softer with every wash.\n\n' +
      COTTON_CARE,
  },
  {
    name: 'Jaipuri Razai Quilt',
    brand: 'Meera Handlooms',
    price: '2499.00',
    category: 'Home & Living > Home & Living > Bed Linen > Quilts & Blankets',
    seller: 'meera',
    countInStock: 12,
    art: 'linen',
    colour: '#cb4335',
    description:
      'A light but warm Jaipuri razai filled with fine cotton, in a hand block printed cover. Double bed size.',
  },
  {
    name: 'Cotton Bath Towel Set of 2',
    brand: 'Meera Handlooms',
    price: '899.00',
    category: 'Home & Living > Home & Living > Bath Linen > Towels',
    seller: 'meera',
    countInStock: 50,
    art: 'linen',
    colour: '#76d7c4',
    description:
      'Two 500 GSM cotton towels, 70 × 140 cm, quick to dry and soft on the skin.' +
      ' Woven in Solapur from combed cotton yarn, with a hanging loop on each towel.',
  },
  {
    name: 'Ikat Cushion Covers Set of 5',
    brand: 'Meera Handlooms',
    price: '999.00',
    category: 'Home & Living > Home & Living > Cushion Covers',
    seller: 'meera',
    countInStock: 24,
    art: 'cushion',
    colour: '#1a5276',
    description:
      'Five 16 × 16 inch cushion covers in handwoven ikat with hidden zips.' +
      " The fabric is woven in Pochampally and the covers are stitched by a women's cooperative. Inserts not included.",
  },
  {
    name: 'Hand Painted Terracotta Vase',
    brand: 'Mitti',
    price: '749.00',
    category: 'Home & Living > Home & Living > Home Decor > Vases',
    seller: 'meera',
    countInStock: 15,
    art: 'vase',
    colour: '#a04000',
    description:
      'A 30 cm terracotta vase painted by hand in Khurja. For dry flowers; the inside is not glazed for water.',
  },
  {
    name: 'Copper Bottom Steel Kadai',
    brand: 'Rasoi',
    price: '1299.00',
    category: 'Home & Living > Home & Living > Kitchen & Dining > Cookware',
    seller: 'meera',
    countInStock: 20,
    art: 'jar',
    colour: '#b87333',
    description:
      'A 2.5 litre stainless steel kadai with a copper base that spreads heat evenly. Works on gas and induction.',
  },
  {
    name: 'Electric Kettle 1.5 L',
    brand: 'Rasoi',
    price: '1199.00',
    category: 'Home & Living > Home Appliances > Kitchen Appliances > Electric Kettles',
    seller: 'meera',
    countInStock: 34,
    art: 'kettle',
    colour: '#cacfd2',
    description:
      'A 1500 W stainless steel kettle with auto shut-off and boil-dry protection. Boils a litre in about four minutes.',
  },
  {
    name: 'Mixer Grinder 750 W',
    brand: 'Rasoi',
    price: '3499.00',
    category: 'Home & Living > Home Appliances > Kitchen Appliances > Mixer Grinders',
    seller: 'meera',
    countInStock: 13,
    art: 'kettle',
    colour: '#c0392b',
    description:
      'A 750 W mixer grinder with three stainless steel jars for dosa batter, chutneys and dry masalas, and overload protection.\n\n' +
      WARRANTY(2),
  },
  {
    name: 'Brass Ganesha Idol',
    brand: 'Moradabad Crafts',
    price: '1899.00',
    category: 'Crafts & Books > Hobbies & Collections > Handicrafts > Brass Idols',
    seller: 'meera',
    countInStock: 8,
    art: 'vase',
    colour: '#b7950b',
    description:
      'A 15 cm Ganesha cast in solid brass by craftsmen in Moradabad, with an antique finish. Weighs 900 grams.',
  },
  {
    name: 'Channapatna Wooden Toy Set',
    brand: 'Channapatna Toys',
    price: '649.00',
    category: 'Crafts & Books > Hobbies & Collections > Handicrafts > Wooden Crafts',
    seller: 'meera',
    countInStock: 25,
    art: 'box',
    colour: '#e74c3c',
    description:
      'Lacquered wooden toys turned by hand in Channapatna and coloured with vegetable dyes. Safe for little hands.',
  },
  {
    name: 'Acrylic Paint Set of 24',
    brand: 'Rang',
    price: '549.00',
    category: 'Crafts & Books > Hobbies & Collections > Art Supplies > Paints',
    seller: 'meera',
    countInStock: 40,
    art: 'box',
    colour: '#5b2c6f',
    description:
      'Twenty-four 12 ml tubes of artist acrylics that dry fast and stay bright on canvas, paper and wood.' +
      ' Non-toxic and water-based, so brushes wash clean with soap.',
  },
  {
    name: 'The Weavers of Kanchi',
    brand: 'Tara Books',
    price: '399.00',
    category: 'Crafts & Books > Books & Magazines > Books > Fiction > Indian Fiction',
    seller: 'meera',
    countInStock: 45,
    art: 'book',
    colour: '#922b21',
    description:
      'A novel that follows three generations of a weaving family in Kanchipuram, from the handloom strikes of the 1950s to the ' +
      'power looms of today. Warm, funny and sad by turns.\n\n' +
      BOOK_NOTE,
  },
  {
    name: 'A Short History of Indian Textiles',
    brand: 'Tara Books',
    price: '699.00',
    category: 'Crafts & Books > Books & Magazines > Books > Non-Fiction > History',
    seller: 'meera',
    countInStock: 17,
    art: 'book',
    colour: '#1e8449',
    description:
      'From the cotton of the Indus valley to khadi and beyond, with 120 colour plates of weaves, prints and dyes.' +
      ' Written for curious readers rather than specialists, with a glossary of weaving terms. Hardcover, 320 pages.',
  },
  {
    name: 'Panchatantra Stories for Children',
    brand: 'Tara Books',
    price: '299.00',
    category: "Crafts & Books > Books & Magazines > Books > Children's Books",
    seller: 'meera',
    countInStock: 60,
    art: 'book',
    colour: '#f4d03f',
    description:
      'Twenty-five fables retold for ages 5 to 9, with big illustrations on every page.' +
      ' Each story ends with a few questions to talk about together. Paperback, 96 pages.',
  },
  {
    name: 'Handmade Paper Journal',
    brand: 'Kagaz',
    price: '449.00',
    category: 'Crafts & Books > Stationery > Notebooks & Diaries',
    seller: 'meera',
    countInStock: 55,
    art: 'book',
    colour: '#935116',
    description:
      'A 200-page journal of handmade cotton rag paper with a leather-look cover and a wrap-around tie.' +
      ' The pages take fountain pen ink with little bleed-through.',
  },
  {
    name: 'Fountain Pen with Ink Bottle',
    brand: 'Kagaz',
    price: '599.00',
    category: 'Crafts & Books > Stationery > Pens & Pencils',
    seller: 'meera',
    countInStock: 30,
    art: 'pen',
    colour: '#154360',
    description:
      'A piston-fill fountain pen with a medium steel nib, with a 30 ml bottle of blue-black ink.' +
      ' The barrel is made in Rajahmundry from ebonite, turned by hand.',
  },
  {
    name: 'Assam Tea Leaf 500 g',
    brand: 'Chai Bagh',
    price: '349.00',
    category: 'Food & Beverage > Beverages > Tea',
    seller: 'meera',
    countInStock: 100,
    art: 'pouch',
    colour: '#6e2c00',
    description:
      'Strong, malty CTC tea from a single estate in Dibrugarh. Brews a bright cup that stands up to milk and ginger.\n\n' +
      FOOD_NOTE,
  },
  {
    name: 'Filter Coffee Powder 500 g',
    brand: 'Kaapi Kadai',
    price: '399.00',
    category: 'Food & Beverage > Beverages > Coffee',
    seller: 'meera',
    countInStock: 70,
    art: 'pouch',
    colour: '#4a235a',
    description:
      'An 80:20 blend of Chikmagalur coffee and chicory, roasted dark and ground for a South Indian filter.' +
      ' Use three spoons in the upper chamber of your filter for a strong decoction.',
  },
  {
    name: 'Kashmiri Mirch and Garam Masala Combo',
    brand: 'Masala Dabba',
    price: '299.00',
    category: 'Food & Beverage > Spices & Masalas > Masala Blends',
    seller: 'meera',
    countInStock: 85,
    art: 'jar',
    colour: '#c0392b',
    description:
      'Kashmiri chilli powder for colour and a home-style garam masala, 200 grams each, ground in small batches.' +
      ' No colours, no fillers and no salt added.',
  },
  {
    name: 'Kaju Katli 500 g',
    brand: 'Mithaas',
    price: '649.00',
    category: 'Food & Beverage > Sweets > Mithai',
    seller: 'meera',
    countInStock: 0,
    art: 'box',
    colour: '#d5dbdb',
    description:
      'Cashew fudge made with pure ghee and finished with silver varq. Made fresh to order; back soon.',
  },
  {
    name: 'Wild Forest Honey 500 g',
    brand: 'Madhu',
    price: '449.00',
    category: 'Food & Beverage > Honey',
    seller: 'meera',
    countInStock: 44,
    art: 'jar',
    colour: '#d4ac0d',
    description:
      'Raw, unprocessed honey collected from the forests of the Nilgiris. It may crystallise in winter; that is natural.',
  },
  {
    name: 'English Willow Cricket Bat',
    brand: 'Meerut Sports',
    price: '7499.00',
    category: 'Sports & Outdoors > Cricket > Bats',
    seller: 'meera',
    countInStock: 6,
    art: 'bat',
    colour: '#f5cba7',
    images: 2,
    description:
      'A grade 2 English willow bat with 8 to 10 straight grains, a thick edge and a mid-low sweet spot. Knocked in and ready ' +
      'to play, with a cover.',
  },
  {
    name: 'Leather Cricket Ball',
    brand: 'Meerut Sports',
    price: '599.00',
    category: 'Sports & Outdoors > Cricket > Balls',
    seller: 'meera',
    countInStock: 60,
    art: 'ball',
    colour: '#a93226',
    description:
      'A four-piece, hand-stitched red leather ball for club matches, 156 grams.' +
      ' Approved for under-19 and club matches; keep it dry between games.',
  },
  {
    name: 'Anti-Slip Yoga Mat 6 mm',
    brand: 'Prana',
    price: '899.00',
    category: 'Sports & Outdoors > Fitness > Yoga Mats',
    seller: 'meera',
    countInStock: 38,
    art: 'mat',
    colour: '#7d3c98',
    description:
      'A 6 mm TPE mat with a textured surface on both sides, a carry strap and alignment lines.' +
      ' Free of latex and PVC, and it wipes clean with a damp cloth.',
  },
  {
    name: 'Football Size 5',
    brand: 'Goal',
    price: '799.00',
    category: 'Sports & Outdoors > Football',
    seller: 'meera',
    countInStock: 29,
    art: 'football',
    colour: '#f0f3f4',
    description:
      'A machine-stitched size 5 football for grass and turf, with a butyl bladder that holds air for weeks.' +
      ' Ships deflated with a needle; pump to 9 psi before play.',
  },
  // ——— Inactive listings (switched off by their sellers) ———
  {
    name: 'Winter Wool Shawl',
    brand: 'Kavya Textiles',
    price: '2299.00',
    category: 'Fashion & Accessories > Fashion Accessories > Scarves & Stoles',
    seller: 'kavya',
    countInStock: 10,
    art: 'saree',
    colour: '#5d4037',
    sizes: ['N/A'],
    status: false,
    description:
      'A warm wool shawl with a paisley border. Switched off until the winter collection goes live.',
  },
  {
    name: 'Old Model Wired Earphones',
    brand: 'Sur',
    price: '399.00',
    category: 'Electronics & Gadgets > Audio > Headphones > Neckbands',
    seller: 'kavya',
    countInStock: 3,
    art: 'headphones',
    colour: '#424949',
    status: false,
    description: 'Wired earphones with an inline mic. Discontinued by the maker.',
  },
  {
    name: 'Silk Kurta for Boys',
    brand: 'Meera Handlooms',
    price: '1099.00',
    category: 'Fashion & Accessories > Baby & Kids Fashion > Boys Clothing > Ethnic Sets',
    seller: 'meera',
    countInStock: 0,
    art: 'kurta',
    colour: '#b03a2e',
    sizes: ['S', 'M'],
    status: false,
    description: 'A silk kurta set for boys. Not being made this season.',
  },
  {
    name: 'Mango Pickle 1 kg',
    brand: 'Achaar Ghar',
    price: '349.00',
    category: 'Food & Beverage > Spices & Masalas > Masala Blends',
    seller: 'meera',
    countInStock: 12,
    art: 'jar',
    colour: '#d68910',
    status: false,
    description: 'Homemade raw mango pickle in mustard oil. Off the shelf until the new season of mangoes.',
  },
];

/** Discounts on some products (by name): all active, ending some weeks from now. */
export const DEMO_DISCOUNTS: readonly {
  product: string;
  unit: 'percentage' | 'amount';
  value: string;
  days: number;
  couponCode?: string;
}[] = [
  {
    product: 'Jaipur Block Print Cotton Kurta',
    unit: 'percentage',
    value: '10.00',
    days: 30,
    couponCode: 'WELCOME10',
  },
  { product: 'Classic Round Neck T-Shirt', unit: 'percentage', value: '20.00', days: 21 },
  { product: 'Kanchipuram Pure Silk Saree', unit: 'amount', value: '1500.00', days: 45 },
  { product: 'Slim Fit Stretch Jeans', unit: 'percentage', value: '15.00', days: 28 },
  { product: 'Smartphone 5G 128 GB', unit: 'amount', value: '2000.00', days: 14 },
  { product: 'Everyday Canvas Sneakers', unit: 'amount', value: '300.00', days: 35 },
  { product: 'Handloom Cotton Double Bedsheet', unit: 'percentage', value: '25.00', days: 21 },
  { product: 'True Wireless Earbuds', unit: 'percentage', value: '30.00', days: 14 },
  { product: 'Assam Tea Leaf 500 g', unit: 'amount', value: '50.00', days: 60 },
  { product: 'Festive Lehenga Choli', unit: 'percentage', value: '12.00', days: 40 },
];

export type Reviewer = 'buyer' | 'distributor' | 'auditor' | 'admin';

/** Reviews by the demo accounts: one per product and reviewer. */
export const DEMO_REVIEWS: readonly { product: string; by: Reviewer; rating: number; comment: string }[] = [
  {
    product: 'Jaipur Block Print Cotton Kurta',
    by: 'buyer',
    rating: 5,
    comment: 'Beautiful print and the cotton is so soft. Fits true to size.',
  },
  {
    product: 'Jaipur Block Print Cotton Kurta',
    by: 'distributor',
    rating: 4,
    comment: 'Good quality, colour a little lighter than the photo.',
  },
  {
    product: 'Jaipur Block Print Cotton Kurta',
    by: 'auditor',
    rating: 4,
    comment: 'Comfortable for office wear. Slight shrinkage in the sleeves.',
  },
  {
    product: 'Kanchipuram Pure Silk Saree',
    by: 'buyer',
    rating: 5,
    comment: 'Bought it for my sister’s wedding. The zari is rich and the weave is even. Worth every rupee.',
  },
  {
    product: 'Kanchipuram Pure Silk Saree',
    by: 'admin',
    rating: 5,
    comment: 'Genuine silk mark certificate came with it.',
  },
  {
    product: 'Classic Round Neck T-Shirt',
    by: 'buyer',
    rating: 4,
    comment: 'Nice thick fabric. Neck has not stretched after ten washes.',
  },
  {
    product: 'Classic Round Neck T-Shirt',
    by: 'distributor',
    rating: 3,
    comment: 'Decent, but XL runs a bit short.',
  },
  {
    product: 'Slim Fit Stretch Jeans',
    by: 'buyer',
    rating: 4,
    comment: 'Comfortable stretch, colour has held up well.',
  },
  {
    product: 'Smartphone 5G 128 GB',
    by: 'buyer',
    rating: 4,
    comment: 'Great screen and battery. Camera is average in low light.',
  },
  {
    product: 'Smartphone 5G 128 GB',
    by: 'auditor',
    rating: 5,
    comment: 'Fast delivery and the phone is excellent for the price.',
  },
  {
    product: 'Smartphone 5G 128 GB',
    by: 'distributor',
    rating: 2,
    comment: 'Heats up while gaming. Otherwise fine.',
  },
  {
    product: 'Handloom Cotton Double Bedsheet',
    by: 'buyer',
    rating: 5,
    comment: 'Lovely handloom feel, got softer after washing.',
  },
  {
    product: 'Chettinad Cotton Saree',
    by: 'auditor',
    rating: 4,
    comment: 'Crisp cotton, lovely border. Needs starching.',
  },
  {
    product: 'Everyday Canvas Sneakers',
    by: 'buyer',
    rating: 3,
    comment: 'Looks good but took a week to break in.',
  },
  {
    product: 'True Wireless Earbuds',
    by: 'buyer',
    rating: 4,
    comment: 'ANC works well on the metro. Case is a bit bulky.',
  },
  { product: 'True Wireless Earbuds', by: 'admin', rating: 5, comment: 'Excellent battery life.' },
  {
    product: 'Assam Tea Leaf 500 g',
    by: 'distributor',
    rating: 5,
    comment: 'Strong and fragrant, exactly like the tea at home in Assam.',
  },
  {
    product: 'Anarkali Kurta with Gota Work',
    by: 'buyer',
    rating: 5,
    comment: 'The flare is gorgeous and the gota work is neat.',
  },
  {
    product: 'The Weavers of Kanchi',
    by: 'auditor',
    rating: 5,
    comment: 'Could not put it down. A lovely gift.',
  },
  {
    product: 'English Willow Cricket Bat',
    by: 'buyer',
    rating: 4,
    comment: 'Good ping off the middle. Needed a little more knocking.',
  },
  {
    product: 'Classic Analog Watch for Men',
    by: 'distributor',
    rating: 4,
    comment: 'Elegant dial, strap is stiff at first.',
  },
  {
    product: 'Laptop Backpack 30L',
    by: 'buyer',
    rating: 5,
    comment: 'Fits my laptop and lunch box with room to spare.',
  },
];
