/**
 * The category tree of docs/product/screens.md as data: six top levels, their listed sub-categories, and up to five levels
 * in all. Every leaf carries an HSN code and a GST rate (percent), inherited from the nearest node that
 * names one. The database holds one row per leaf path (schema/catalog.ts `categories`).
 *
 * Apparel (HSN 61, 62, 63) and leather footwear (6403) list 12 %: the order code replaces it with 5 % at or
 * under ₹1000 (docs/product/pricing-and-tax.md). Other rates are the usual Indian GST rates for the goods.
 */

export type CategoryNode = {
  name: string;
  hsn?: string;
  tax?: number;
  children?: CategoryNode[];
};

export type CategoryRow = {
  category: string;
  subCategory: string;
  levelThreeCategory: string | null;
  levelFourCategory: string | null;
  levelFiveCategory: string | null;
  hsn: string;
  /** GST rate in percent, as NUMERIC text. */
  tax: string;
};

/** A node whose leaves are taxed as `hsn` at `tax` % unless a descendant says otherwise. */
const n = (
  name: string,
  hsn: string | null,
  tax: number | null,
  children: CategoryNode[] = [],
): CategoryNode => ({
  name,
  ...(hsn !== null && tax !== null ? { hsn, tax } : {}),
  ...(children.length ? { children } : {}),
});
/** A node that inherits its HSN code and rate. */
const g = (name: string, children: CategoryNode[] = []) => n(name, null, null, children);
/** Leaves that inherit their HSN code and rate. */
const leaves = (...names: string[]) => names.map((name) => g(name));

export const CATEGORY_TREE: readonly CategoryNode[] = [
  g('Fashion & Accessories', [
    n('Women Bags', '4202', 18, [
      g('Handbags', leaves('Tote Bags', 'Shoulder Bags', 'Sling Bags')),
      g('Clutches & Potlis', leaves('Embroidered Clutches', 'Potli Bags')),
      g('Backpacks'),
      n('Wallets', '4202', 18),
    ]),
    n('Women Shoes', '6403', 12, [
      g('Flats', leaves('Ballerinas', 'Juttis & Mojaris', 'Kolhapuris')),
      g('Heels', leaves('Block Heels', 'Stilettos', 'Wedges')),
      g('Sports Shoes', leaves('Running Shoes', 'Walking Shoes')),
      n('Sandals', '6402', 18),
    ]),
    n('Women Clothes', '6204', 12, [
      g('Ethnic Wear', [
        n(
          'Kurtas & Suits',
          '6211',
          12,
          leaves('Straight Kurtas', 'Anarkali Kurtas', 'A-Line Kurtas', 'Salwar Suits'),
        ),
        g('Sarees', [
          n('Silk Sarees', '5007', 5),
          n('Cotton Sarees', '5208', 5),
          n('Handloom Sarees', '5208', 5),
        ]),
        g('Lehengas', leaves('Bridal Lehengas', 'Festive Lehengas')),
        n('Dupattas', '6214', 12),
      ]),
      g('Western Wear', [
        n('Tops', '6206', 12, leaves('Casual Tops', 'Shirts & Blouses')),
        g('Dresses', leaves('Maxi Dresses', 'Midi Dresses')),
        n('T-Shirts', '6109', 12, leaves('Round Neck', 'V-Neck')),
        g('Jeans', leaves('Skinny Jeans', 'Straight Jeans')),
      ]),
      n('Nightwear', '6108', 12),
    ]),
    n('Men Bags', '4202', 18, [
      g('Backpacks', leaves('Laptop Backpacks', 'Travel Backpacks')),
      g('Wallets'),
      g('Messenger Bags'),
      g('Duffel Bags'),
    ]),
    n('Men Clothes', '6203', 12, [
      g('Topwear', [
        n('T-Shirts', '6109', 12, [...leaves('Round Neck', 'V-Neck'), n('Polo', '6105', 12)]),
        n('Shirts', '6205', 12, leaves('Casual Shirts', 'Formal Shirts')),
        n('Sweatshirts & Hoodies', '6110', 12),
      ]),
      g('Bottomwear', [
        g('Jeans', leaves('Slim Fit', 'Regular Fit')),
        g('Trousers', leaves('Chinos', 'Formal Trousers')),
        g('Shorts'),
      ]),
      g('Ethnic Wear', [
        n('Kurtas', '6211', 12, leaves('Cotton Kurtas', 'Silk Kurtas')),
        n('Kurta Sets', '6211', 12),
        g('Nehru Jackets'),
        g('Sherwanis'),
      ]),
      g('Suits & Blazers'),
      n('Innerwear', '6107', 12),
    ]),
    n('Men Shoes', '6403', 12, [
      g('Casual Shoes', leaves('Sneakers', 'Loafers')),
      g('Formal Shoes', leaves('Oxfords', 'Derbies')),
      g('Sports Shoes', leaves('Running Shoes', 'Training Shoes')),
      g('Ethnic Footwear', leaves('Kolhapuri Chappals', 'Mojaris')),
      n('Sandals & Floaters', '6402', 18),
    ]),
    g('Fashion Accessories', [
      n('Jewellery', '7117', 3, leaves('Earrings', 'Necklaces', 'Bangles')),
      n('Sunglasses', '9004', 18),
      n('Belts', '4203', 18),
      n('Scarves & Stoles', '6214', 12),
      n('Caps & Hats', '6505', 5),
    ]),
    n('Muslim Fashion', '6204', 12, [
      g('Women', [...leaves('Abayas'), n('Hijabs', '6214', 12)]),
      g('Men', [n('Kurta Pajama', '6211', 12), n('Prayer Caps', '6505', 5)]),
    ]),
    n('Baby & Kids Fashion', '6111', 5, [
      g('Boys Clothing', [n('T-Shirts', '6109', 12), n('Ethnic Sets', '6211', 12)]),
      g('Girls Clothing', [n('Frocks & Dresses', '6204', 12), n('Lehenga Cholis', '6204', 12)]),
      g('Baby Clothing', leaves('Rompers', 'Jhablas')),
      n('Kids Footwear', '6404', 12),
    ]),
    n('Watches', '9102', 18, [
      g('Men Watches', leaves('Analog', 'Chronograph')),
      g('Women Watches', leaves('Analog', 'Bracelet')),
      n('Smart Watches', '8517', 18),
    ]),
  ]),
  g('Electronics & Gadgets', [
    n('Mobile & Gadgets', '8517', 18, [
      g('Mobile Phones', leaves('Smartphones', 'Feature Phones')),
      n('Tablets', '8471', 18),
      g('Wearables', leaves('Fitness Bands')),
      g('Mobile Accessories', [
        n('Chargers', '8504', 18),
        n('Power Banks', '8507', 18),
        n('Cases & Covers', '3926', 18),
      ]),
    ]),
    n('Computers & Accessories', '8471', 18, [
      g('Laptops', leaves('Everyday Laptops', 'Gaming Laptops')),
      g('Desktops'),
      g('Peripherals', [...leaves('Keyboards', 'Mice'), n('Monitors', '8528', 18)]),
      g('Storage', [...leaves('External Hard Drives'), n('Pen Drives', '8523', 18)]),
      n('Printers', '8443', 18),
    ]),
    n('Gaming & Consoles', '9504', 18, [g('Consoles'), g('Controllers'), n('Video Games', '8523', 18)]),
    n('Cameras & Drones', '8525', 18, [
      g('Cameras', leaves('DSLR Cameras', 'Mirrorless Cameras', 'Action Cameras')),
      n('Drones', '8806', 18),
      g('Camera Accessories', [n('Lenses', '9002', 18), n('Tripods', '9620', 18)]),
    ]),
    n('Audio', '8518', 18, [
      g('Headphones', leaves('Over-Ear Headphones', 'True Wireless Earbuds', 'Neckbands')),
      g('Speakers', leaves('Bluetooth Speakers', 'Soundbars')),
      g('Home Theatre'),
    ]),
  ]),
  g('Home & Living', [
    g('Home & Living', [
      n('Bed Linen', '6302', 12, [
        ...leaves('Bedsheets', 'Pillow Covers'),
        n('Quilts & Blankets', '6301', 12),
      ]),
      n('Bath Linen', '6302', 12, leaves('Towels', 'Bath Mats')),
      n('Curtains', '6303', 12),
      n('Cushion Covers', '6304', 12),
      g('Home Decor', [n('Wall Art', '9701', 12), n('Candles', '3406', 12), n('Vases', '6913', 12)]),
      g('Kitchen & Dining', [
        n('Cookware', '7323', 12),
        n('Dinnerware', '6911', 12),
        n('Water Bottles', '3924', 18),
      ]),
      n('Furniture', '9403', 18),
    ]),
    n('Home Appliances', '8516', 18, [
      g('Kitchen Appliances', [
        n('Mixer Grinders', '8509', 18),
        ...leaves('Electric Kettles', 'Induction Cooktops'),
      ]),
      g('Large Appliances', [n('Refrigerators', '8418', 18), n('Washing Machines', '8450', 18)]),
      n('Air Conditioners', '8415', 28),
      n('Fans', '8414', 18),
      g('Irons'),
      n('Water Purifiers', '8421', 18),
    ]),
  ]),
  g('Food & Beverage', [
    g('Snacks', [n('Namkeen', '2106', 12), n('Biscuits & Cookies', '1905', 18), n('Chips', '2005', 12)]),
    n('Sweets', '2106', 5, leaves('Mithai', 'Chocolates')),
    g('Beverages', [n('Tea', '0902', 5), n('Coffee', '0901', 5), n('Soft Drinks', '2202', 28)]),
    g('Staples', [n('Rice', '1006', 5), n('Atta & Flours', '1101', 5), n('Dals & Pulses', '0713', 5)]),
    n('Spices & Masalas', '0910', 5, leaves('Whole Spices', 'Masala Blends')),
    n('Dry Fruits & Nuts', '0802', 12),
    g('Ghee & Oils', [n('Ghee', '0405', 12), n('Cooking Oils', '1508', 5)]),
    n('Honey', '0409', 5),
  ]),
  g('Sports & Outdoors', [
    n('Cricket', '9506', 12, leaves('Bats', 'Balls', 'Protective Gear')),
    n('Fitness', '9506', 12, leaves('Yoga Mats', 'Dumbbells', 'Resistance Bands')),
    n('Racquet Sports', '9506', 12, [g('Badminton', leaves('Rackets', 'Shuttlecocks')), g('Tennis')]),
    n('Football', '9506', 12),
    n('Cycling', '8712', 12, leaves('Bicycles', 'Helmets')),
    g('Camping & Hiking', [n('Tents', '6306', 12), n('Rucksacks', '4202', 18)]),
    n('Sportswear', '6112', 12, leaves('Track Pants', 'Jerseys')),
  ]),
  g('Crafts & Books', [
    g('Hobbies & Collections', [
      g('Art Supplies', [n('Paints', '3213', 18), n('Brushes', '9603', 18), n('Canvas', '5901', 12)]),
      g('Musical Instruments', [
        n('Guitars', '9202', 18),
        n('Harmoniums', '9205', 18),
        n('Tablas', '9206', 18),
      ]),
      g('Handicrafts', [
        n('Wooden Crafts', '4420', 12),
        n('Brass Idols', '8306', 12),
        n('Pottery', '6913', 12),
      ]),
      n('Collectibles', '9704', 12, leaves('Coins', 'Stamps')),
      n('Board Games & Puzzles', '9504', 12),
    ]),
    n('Books & Magazines', '4901', 0, [
      g('Books', [
        g('Fiction', leaves('Indian Fiction', 'Classics', 'Thrillers')),
        g('Non-Fiction', leaves('Biographies', 'Self-Help', 'History')),
        g("Children's Books"),
        g('Academic', leaves('Engineering', 'Competitive Exams')),
      ]),
      n('Magazines', '4902', 0),
      n('Comics', '4901', 0),
    ]),
    g('Stationery', [
      n('Notebooks & Diaries', '4820', 12),
      n('Pens & Pencils', '9608', 18),
      g('Office Supplies', [n('Files & Folders', '4820', 12), n('Staplers', '8472', 18)]),
      g('School Supplies', [n('Geometry Boxes', '9017', 12), n('Crayons', '9609', 12)]),
    ]),
  ]),
];

/** The top-level names, in the order of docs/product/screens.md. */
export const TOP_LEVEL_CATEGORIES: readonly string[] = CATEGORY_TREE.map((c) => c.name);

/** The marketplace's markup per top-level category, in percent (category_markups). */
export const CATEGORY_MARKUPS: Readonly<Record<string, string>> = {
  'Fashion & Accessories': '15.00',
  'Electronics & Gadgets': '8.00',
  'Home & Living': '12.00',
  'Food & Beverage': '6.00',
  'Sports & Outdoors': '10.00',
  'Crafts & Books': '10.00',
};

/** One row per leaf path, with the HSN code and rate inherited down the tree. */
export function categoryRows(tree: readonly CategoryNode[] = CATEGORY_TREE): CategoryRow[] {
  const rows: CategoryRow[] = [];
  const walk = (node: CategoryNode, path: string[], hsn?: string, tax?: number) => {
    const here = [...path, node.name];
    const h = node.hsn ?? hsn;
    const t = node.tax ?? tax;
    if (node.children?.length) {
      if (here.length >= 5) throw new Error(`Category tree deeper than five levels at ${here.join(' > ')}`);
      for (const child of node.children) walk(child, here, h, t);
      return;
    }
    if (here.length < 2) throw new Error(`Top-level category ${node.name} has no sub-categories`);
    if (h === undefined || t === undefined)
      throw new Error(`No HSN code or GST rate for ${here.join(' > ')}`);
    rows.push({
      category: here[0] as string,
      subCategory: here[1] as string,
      levelThreeCategory: here[2] ?? null,
      levelFourCategory: here[3] ?? null,
      levelFiveCategory: here[4] ?? null,
      hsn: h,
      tax: t.toFixed(2),
    });
  };
  for (const top of tree) walk(top, []);
  return rows;
}

/** "Top > Sub > …" for a row: how the seed names the leaf a product belongs to. */
export const categoryPathOf = (row: CategoryRow): string =>
  [row.category, row.subCategory, row.levelThreeCategory, row.levelFourCategory, row.levelFiveCategory]
    .filter((p): p is string => p !== null)
    .join(' > ');
