import sharp from 'sharp';

/**
 * Product pictures for the demo shop, drawn locally (no network, no fonts needed): a simple silhouette
 * of the kind of product in the product's colour on a soft gradient, as SVG rendered by sharp.
 * The second picture of a product is a close-up on a patterned background.
 */
export const ART_KINDS = [
  'tshirt',
  'shirt',
  'kurta',
  'saree',
  'dress',
  'jeans',
  'shoe',
  'heel',
  'handbag',
  'backpack',
  'wallet',
  'watch',
  'phone',
  'laptop',
  'headphones',
  'speaker',
  'camera',
  'gamepad',
  'book',
  'pen',
  'jar',
  'pouch',
  'ball',
  'football',
  'bat',
  'linen',
  'cushion',
  'kettle',
  'necklace',
  'sunglasses',
  'vase',
  'mat',
  'box',
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const v = Number.parseInt(m[1], 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
const toHex = (c: Rgb) =>
  `#${c
    .map((x) =>
      Math.round(Math.max(0, Math.min(255, x)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
/** Mix towards white (amount > 0) or black (amount < 0). */
const shade = (hex: string, amount: number) => {
  const c = parseHex(hex);
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  return toHex(c.map((x) => x + (target - x) * a) as Rgb);
};

/** The shape of each kind in a 1000×1000 box: body in `c` (main colour), details in `d` (dark) and `l` (light). */
function shape(kind: ArtKind, c: string, d: string, l: string, accent: string): string {
  const body = `fill="${c}" stroke="${d}" stroke-width="8" stroke-linejoin="round"`;
  const line = (w = 8, colour = d) =>
    `fill="none" stroke="${colour}" stroke-width="${w}" stroke-linecap="round"`;
  switch (kind) {
    case 'tshirt':
      return `<path ${body} d="M360 200 L430 170 Q500 240 570 170 L640 200 L800 330 L730 430 L660 380 L660 830 L340 830 L340 380 L270 430 L200 330 Z"/>
        <path ${line()} d="M430 170 Q500 240 570 170"/><path ${line(6, l)} d="M340 790 L660 790"/>`;
    case 'shirt':
      return `<path ${body} d="M370 190 L440 160 L500 220 L560 160 L630 190 L760 300 L800 700 L720 710 L680 420 L670 840 L330 840 L320 420 L280 710 L200 700 L240 300 Z"/>
        <path fill="${l}" stroke="${d}" stroke-width="6" d="M440 160 L500 220 L470 260 L420 200 Z M560 160 L500 220 L530 260 L580 200 Z"/>
        <path ${line(6)} d="M500 220 L500 840"/>${[300, 400, 500, 600, 700].map((y) => `<circle cx="518" cy="${y}" r="9" fill="${d}"/>`).join('')}
        <rect x="360" y="330" width="80" height="70" rx="6" ${line(5)}/>`;
    case 'kurta':
      return `<path ${body} d="M380 150 L450 130 Q500 175 550 130 L620 150 L770 320 L710 380 L640 310 L670 890 L330 890 L360 310 L290 380 L230 320 Z"/>
        <path ${line(6)} d="M500 160 L500 380"/>${[200, 250, 300, 350].map((y) => `<circle cx="500" cy="${y}" r="8" fill="${accent}"/>`).join('')}
        <path ${line(14, accent)} d="M335 850 L665 850"/><path ${line(10, accent)} d="M450 135 Q500 185 550 135"/>`;
    case 'saree':
      return `<path ${body} d="M300 260 Q500 200 700 260 L740 880 L260 880 Z"/>
        ${[340, 400, 460, 520, 580, 640].map((x) => `<path ${line(5)} d="M${x} 300 L${x + (x - 500) * 0.08} 870"/>`).join('')}
        <path fill="${shade(c, -0.15)}" stroke="${d}" stroke-width="6" d="M520 230 L700 260 L760 560 L600 520 Z"/>
        <path ${line(22, accent)} d="M270 850 L730 850"/><path ${line(16, accent)} d="M600 520 L760 560"/>
        ${[300, 380, 460, 540, 620, 700].map((x) => `<circle cx="${x}" cy="800" r="10" fill="${accent}"/>`).join('')}`;
    case 'dress':
      return `<path ${body} d="M420 150 L470 150 Q500 190 530 150 L580 150 L610 350 L780 870 L220 870 L390 350 Z"/>
        <path ${line(18, accent)} d="M393 350 L607 350"/>${[450, 550, 650, 750].map((y) => `<path ${line(5, l)} d="M${300 + (870 - y) * 0.1} ${y} Q500 ${y + 30} ${700 - (870 - y) * 0.1} ${y}"/>`).join('')}`;
    case 'jeans':
      return `<path ${body} d="M330 150 L670 150 L710 870 L560 870 L500 380 L440 870 L290 870 Z"/>
        <path fill="${shade(c, -0.2)}" d="M330 150 L670 150 L673 200 L327 200 Z"/><path ${line(5, l)} d="M380 210 Q400 280 460 280 M620 210 Q600 280 540 280 M500 200 L500 380"/>
        <path ${line(4, l)} stroke-dasharray="12 10" d="M300 830 L435 830 M565 830 L700 830"/>`;
    case 'shoe':
      return `<path ${body} d="M170 650 Q180 480 320 470 L420 460 Q470 550 570 570 L770 610 Q850 630 850 700 L850 730 L170 730 Z"/>
        <path fill="${l}" stroke="${d}" stroke-width="6" d="M160 720 L860 720 L860 770 Q860 790 840 790 L180 790 Q160 790 160 770 Z"/>
        ${[0, 1, 2, 3].map((i) => `<path ${line(7, l)} d="M${400 + i * 45} ${520 + i * 14} L${440 + i * 45} ${490 + i * 14}"/>`).join('')}
        <path ${line(10, accent)} d="M250 640 Q450 600 620 660"/>`;
    case 'heel':
      return `<path ${body} d="M200 560 Q260 470 360 520 L560 640 Q640 680 760 650 Q830 640 840 700 L830 740 L520 740 Q420 700 300 650 L290 820 L250 820 L240 640 Z"/>
        <path ${line(10, accent)} d="M360 520 Q520 560 600 660"/>`;
    case 'handbag':
      return `<path ${line(26, d)} d="M380 430 Q380 220 500 220 Q620 220 620 430"/>
        <path ${body} d="M250 420 L750 420 L810 830 Q810 850 790 850 L210 850 Q190 850 190 830 Z"/>
        <path fill="${shade(c, -0.15)}" d="M250 420 L750 420 L760 520 L240 520 Z"/><rect x="470" y="500" width="60" height="50" rx="8" fill="${accent}"/>`;
    case 'backpack':
      return `<path ${line(22)} d="M430 230 Q430 160 500 160 Q570 160 570 230"/>
        <rect x="280" y="220" width="440" height="640" rx="110" ${body}/>
        <rect x="340" y="560" width="320" height="220" rx="40" fill="${shade(c, -0.15)}" stroke="${d}" stroke-width="6"/>
        <path ${line(8, accent)} d="M360 600 L640 600"/><path ${line(6, l)} d="M330 330 Q500 290 670 330"/>`;
    case 'wallet':
      return `<rect x="220" y="330" width="560" height="380" rx="40" ${body}/>
        <path fill="${shade(c, -0.15)}" stroke="${d}" stroke-width="6" d="M560 450 L780 450 L780 590 L560 590 Q520 520 560 450 Z"/>
        <circle cx="610" cy="520" r="20" fill="${accent}"/><path ${line(4, l)} stroke-dasharray="10 10" d="M250 360 L750 360"/>`;
    case 'watch':
      return `<rect x="420" y="120" width="160" height="260" rx="30" fill="${shade(c, -0.2)}" stroke="${d}" stroke-width="6"/>
        <rect x="420" y="620" width="160" height="260" rx="30" fill="${shade(c, -0.2)}" stroke="${d}" stroke-width="6"/>
        <circle cx="500" cy="500" r="190" ${body}/><circle cx="500" cy="500" r="150" fill="${l}" stroke="${d}" stroke-width="4"/>
        ${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => `<circle cx="${500 + 125 * Math.sin((i * Math.PI) / 6)}" cy="${500 - 125 * Math.cos((i * Math.PI) / 6)}" r="7" fill="${d}"/>`).join('')}
        <path ${line(10)} d="M500 500 L500 400 M500 500 L570 540"/><circle cx="500" cy="500" r="12" fill="${accent}"/>`;
    case 'phone':
      return `<rect x="330" y="130" width="340" height="740" rx="50" ${body}/><rect x="355" y="200" width="290" height="580" rx="12" fill="${l}"/>
        <rect x="440" y="160" width="120" height="14" rx="7" fill="${d}"/><circle cx="500" cy="825" r="22" fill="none" stroke="${d}" stroke-width="5"/>
        <rect x="385" y="240" width="230" height="120" rx="10" fill="${accent}" opacity="0.7"/>
        ${[400, 460, 520, 580, 640].map((y) => `<rect x="385" y="${y}" width="${150 + ((y * 7) % 80)}" height="24" rx="8" fill="${shade(c, 0.5)}"/>`).join('')}`;
    case 'laptop':
      return `<rect x="240" y="220" width="520" height="360" rx="20" ${body}/><rect x="270" y="250" width="460" height="300" rx="6" fill="${l}"/>
        <path fill="${shade(c, -0.15)}" stroke="${d}" stroke-width="8" stroke-linejoin="round" d="M240 580 L760 580 L860 730 L140 730 Z"/>
        <rect x="430" y="680" width="140" height="26" rx="8" fill="${d}" opacity="0.5"/>
        <rect x="300" y="280" width="180" height="110" rx="8" fill="${accent}" opacity="0.7"/>
        ${[420, 460, 500].map((y) => `<rect x="300" y="${y}" width="360" height="20" rx="8" fill="${shade(c, 0.5)}"/>`).join('')}`;
    case 'headphones':
      return `<path ${line(40, c)} d="M270 560 Q270 200 500 200 Q730 200 730 560"/><path ${line(8, d)} d="M250 540 Q250 180 500 180 Q750 180 750 540"/>
        <rect x="200" y="500" width="150" height="250" rx="60" ${body}/><rect x="650" y="500" width="150" height="250" rx="60" ${body}/>
        <rect x="320" y="540" width="40" height="170" rx="18" fill="${accent}"/><rect x="640" y="540" width="40" height="170" rx="18" fill="${accent}"/>`;
    case 'speaker':
      return `<rect x="300" y="150" width="400" height="700" rx="60" ${body}/><circle cx="500" cy="330" r="90" fill="${d}"/><circle cx="500" cy="330" r="40" fill="${l}"/>
        <circle cx="500" cy="620" r="150" fill="${d}"/><circle cx="500" cy="620" r="70" fill="${shade(c, -0.1)}"/><circle cx="500" cy="620" r="25" fill="${accent}"/>`;
    case 'camera':
      return `<path fill="${shade(c, -0.15)}" stroke="${d}" stroke-width="8" d="M380 300 L420 230 L580 230 L620 300 Z"/>
        <rect x="180" y="290" width="640" height="440" rx="50" ${body}/><circle cx="500" cy="510" r="170" fill="${d}"/>
        <circle cx="500" cy="510" r="120" fill="${shade(c, -0.4)}" stroke="${l}" stroke-width="10"/><circle cx="460" cy="470" r="30" fill="${l}" opacity="0.8"/>
        <rect x="680" y="330" width="90" height="50" rx="10" fill="${accent}"/>`;
    case 'gamepad':
      return `<path ${body} d="M300 360 L700 360 Q850 360 870 560 Q890 760 780 770 Q700 780 640 640 L360 640 Q300 780 220 770 Q110 760 130 560 Q150 360 300 360 Z"/>
        <path fill="${d}" d="M270 470 h40 v50 h50 v40 h-50 v50 h-40 v-50 h-50 v-40 h50 Z"/>
        <circle cx="690" cy="470" r="26" fill="${accent}"/><circle cx="750" cy="530" r="26" fill="${l}"/><circle cx="630" cy="530" r="26" fill="${l}"/><circle cx="690" cy="590" r="26" fill="${accent}"/>`;
    case 'book':
      return `<path fill="${l}" stroke="${d}" stroke-width="6" d="M330 190 L740 190 L740 850 L330 850 Z"/>
        <rect x="270" y="160" width="440" height="680" rx="14" ${body}/><rect x="270" y="160" width="60" height="680" rx="10" fill="${shade(c, -0.2)}"/>
        <rect x="380" y="300" width="260" height="40" rx="10" fill="${accent}"/><rect x="380" y="370" width="200" height="24" rx="8" fill="${l}"/>
        <circle cx="510" cy="580" r="90" fill="none" stroke="${l}" stroke-width="12"/><path ${line(10, accent)} d="M440 580 L580 580 M510 510 L510 650"/>`;
    case 'pen':
      return `<g transform="rotate(-35 500 500)"><rect x="460" y="130" width="80" height="620" rx="30" ${body}/>
        <path fill="${l}" stroke="${d}" stroke-width="6" d="M460 750 L540 750 L500 870 Z"/><rect x="530" y="170" width="24" height="220" rx="10" fill="${accent}"/>
        <rect x="456" y="300" width="88" height="30" fill="${d}" opacity="0.4"/></g>`;
    case 'jar':
      return `<rect x="340" y="180" width="320" height="110" rx="20" fill="${accent}" stroke="${d}" stroke-width="8"/>
        <path ${body} d="M330 290 L670 290 Q740 330 740 430 L740 800 Q740 860 680 860 L320 860 Q260 860 260 800 L260 430 Q260 330 330 290 Z"/>
        <rect x="300" y="480" width="400" height="230" rx="20" fill="${l}"/><circle cx="500" cy="595" r="70" fill="${shade(c, -0.1)}"/>`;
    case 'pouch':
      return `<path ${body} d="M280 220 L720 220 L740 300 Q780 560 740 860 L260 860 Q220 560 260 300 Z"/>
        <path ${line(10, d)} d="M270 270 L730 270"/><path fill="${l}" d="M330 420 L670 420 L680 700 L320 700 Z"/>
        <circle cx="500" cy="560" r="90" fill="${accent}"/>${[0, 1, 2].map((i) => `<circle cx="${440 + i * 60}" cy="560" r="18" fill="${shade(accent, -0.3)}"/>`).join('')}`;
    case 'ball':
      return `<circle cx="500" cy="520" r="300" ${body}/><path ${line(10, l)} d="M320 280 Q520 520 320 760 M680 280 Q480 520 680 760"/>
        <path ${line(5, l)} stroke-dasharray="14 12" d="M345 275 Q545 520 345 765 M655 275 Q455 520 655 765"/><circle cx="400" cy="400" r="50" fill="${l}" opacity="0.35"/>`;
    case 'football': {
      // A central pentagon with five more around it, clipped to the ball.
      const pent = (cx: number, cy: number, r: number, turn: number) =>
        Array.from({ length: 5 }, (_, k) => {
          const a = turn + (k * 2 * Math.PI) / 5;
          return `${(cx + r * Math.sin(a)).toFixed(1)},${(cy - r * Math.cos(a)).toFixed(1)}`;
        }).join(' ');
      const ring = Array.from({ length: 5 }, (_, k) => {
        const a = (k * 2 * Math.PI) / 5 + Math.PI / 5;
        return `<polygon points="${pent(500 + 230 * Math.sin(a), 520 - 230 * Math.cos(a), 80, a + Math.PI)}" fill="${d}"/>`;
      }).join('');
      return `<clipPath id="ballclip"><circle cx="500" cy="520" r="300"/></clipPath><circle cx="500" cy="520" r="300" ${body}/>
        <g clip-path="url(#ballclip)"><polygon points="${pent(500, 520, 95, 0)}" fill="${d}"/>${ring}</g>
        <circle cx="500" cy="520" r="300" fill="none" stroke="${d}" stroke-width="8"/>`;
    }
    case 'bat':
      return `<g transform="rotate(30 500 500)"><rect x="470" y="80" width="60" height="260" rx="26" fill="${accent}" stroke="${d}" stroke-width="6"/>
        ${[110, 150, 190, 230, 270, 310].map((y) => `<path ${line(5)} d="M472 ${y} L528 ${y}"/>`).join('')}
        <path ${body} d="M440 340 L560 340 Q600 360 600 420 L590 900 Q590 930 560 930 L440 930 Q410 930 410 900 L400 420 Q400 360 440 340 Z"/>
        <rect x="430" y="520" width="140" height="90" rx="10" fill="${l}"/></g>`;
    case 'linen':
      return [720, 590, 460, 330]
        .map(
          (
            y,
            i,
          ) => `<rect x="200" y="${y}" width="600" height="140" rx="24" fill="${shade(c, i * 0.12)}" stroke="${d}" stroke-width="6"/>
        <path ${line(10, accent)} d="M220 ${y + 110} L780 ${y + 110}"/>${[0, 1, 2, 3, 4].map((k) => `<circle cx="${270 + k * 115}" cy="${y + 55}" r="16" fill="${l}"/>`).join('')}`,
        )
        .join('');
    case 'cushion':
      return `<path ${body} d="M220 240 Q500 300 780 240 Q720 520 780 800 Q500 740 220 800 Q280 520 220 240 Z"/>
        <path fill="none" stroke="${accent}" stroke-width="14" d="M500 350 L650 520 L500 690 L350 520 Z"/><circle cx="500" cy="520" r="40" fill="${l}"/>`;
    case 'kettle':
      return `<path ${line(30, d)} d="M660 420 Q820 420 760 640"/><path fill="${shade(c, -0.2)}" stroke="${d}" stroke-width="8" d="M330 300 L300 240 L260 250 L300 380 Z"/>
        <path ${body} d="M340 300 L660 300 Q720 560 700 800 L300 800 Q280 560 340 300 Z"/><rect x="260" y="790" width="480" height="70" rx="20" fill="${d}"/>
        <rect x="430" y="230" width="140" height="70" rx="20" fill="${accent}"/><rect x="360" y="520" width="60" height="160" rx="20" fill="${l}" opacity="0.6"/>`;
    case 'necklace':
      return `<path ${line(10, d)} d="M230 230 Q230 700 500 720 Q770 700 770 230"/>
        ${Array.from({ length: 15 }, (_, i) => {
          const t = (i + 1) / 16;
          const a = Math.PI * t;
          return `<circle cx="${500 - 270 * Math.cos(a)}" cy="${230 + 480 * Math.sin(a)}" r="${i === 7 ? 0 : 22}" fill="${i % 2 ? accent : c}" stroke="${d}" stroke-width="4"/>`;
        }).join('')}
        <path ${body} d="M500 700 L570 790 L500 900 L430 790 Z"/><circle cx="500" cy="795" r="30" fill="${accent}"/>`;
    case 'sunglasses':
      return `<path ${line(16, d)} d="M470 480 Q500 450 530 480 M170 440 L90 400 M830 440 L910 400"/>
        <path ${body} d="M170 430 L470 430 Q480 640 330 650 Q180 650 170 430 Z"/><path ${body} d="M530 430 L830 430 Q820 650 670 650 Q520 640 530 430 Z"/>
        <path ${line(14, l)} d="M220 480 L300 560 M580 480 L660 560"/>`;
    case 'vase':
      return `<path ${body} d="M420 180 L580 180 L570 260 Q760 380 720 620 Q690 830 500 860 Q310 830 280 620 Q240 380 430 260 Z"/>
        <path ${line(14, accent)} d="M300 470 Q500 520 700 470 M290 640 Q500 690 710 640"/>${[380, 460, 540, 620].map((x) => `<circle cx="${x}" cy="555" r="16" fill="${l}"/>`).join('')}`;
    case 'mat':
      return `<rect x="150" y="520" width="560" height="260" rx="20" ${body}/><circle cx="710" cy="560" r="200" ${body}/>
        <circle cx="710" cy="560" r="140" fill="none" stroke="${d}" stroke-width="6"/><circle cx="710" cy="560" r="80" fill="none" stroke="${d}" stroke-width="6"/>
        <circle cx="710" cy="560" r="24" fill="${shade(c, -0.3)}"/><path ${line(10, accent)} d="M180 700 L640 700"/>`;
    case 'box':
      return `<path ${body} d="M220 380 L780 380 L760 850 L240 850 Z"/><rect x="190" y="300" width="620" height="110" rx="12" fill="${shade(c, -0.12)}" stroke="${d}" stroke-width="8"/>
        <rect x="465" y="300" width="70" height="550" fill="${accent}"/><path fill="${accent}" stroke="${d}" stroke-width="6" d="M500 300 Q380 160 330 240 Q300 300 500 300 Q620 160 670 240 Q700 300 500 300 Z"/>`;
  }
}

/**
 * An SVG picture of a product: `view` 0 is the product on a gradient, 1 a close-up on a dotted background.
 */
export function productSvg(kind: ArtKind, colour: string, view: 0 | 1 = 0): string {
  const c = colour;
  const d = shade(c, -0.45);
  const l = shade(c, 0.75);
  // A warm gold reads as trim on most colours; on yellows use a deep red instead.
  const [r, g, b] = parseHex(c);
  const accent = r > 180 && g > 150 && b < 120 ? '#b22234' : '#e0a526';
  // A very light product would vanish on its own tint: put it on a soft slate instead.
  const light = 0.2126 * r + 0.7152 * g + 0.0722 * b > 215;
  const bgTop = light ? '#d6dde3' : shade(c, 0.9);
  const bgBottom = light ? '#aab7c4' : shade(c, 0.7);
  const art = shape(kind, c, d, l, accent);
  const background =
    view === 0
      ? `<rect width="1000" height="1000" fill="url(#bg)"/><ellipse cx="500" cy="905" rx="330" ry="38" fill="${d}" opacity="0.18"/>`
      : `<rect width="1000" height="1000" fill="${bgBottom}"/><rect width="1000" height="1000" fill="url(#dots)"/>`;
  const placed =
    view === 0
      ? art
      : `<g transform="translate(500 520) scale(1.12) rotate(-8) translate(-500 -520)">${art}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient>
    <pattern id="dots" width="60" height="60" patternUnits="userSpaceOnUse"><circle cx="30" cy="30" r="7" fill="${bgTop}"/></pattern>
  </defs>
  ${background}
  ${placed}
</svg>`;
}

/** Render a product picture to a JPEG (what a seller would typically upload). */
export async function renderProductImage(
  kind: ArtKind,
  colour: string,
  view: 0 | 1 = 0,
  size = 1000,
): Promise<Buffer> {
  return sharp(Buffer.from(productSvg(kind, colour, view)), { density: 72 * (size / 1000) })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A wide banner or a square picture for a shop, in the shop's colour, as WebP. */
export async function renderShopImage(
  kind: 'banner' | 'picture',
  colour: string,
  motif: ArtKind,
): Promise<Buffer> {
  const l = shade(colour, 0.8);
  const d = shade(colour, -0.35);
  const svg =
    kind === 'banner'
      ? `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400" viewBox="0 0 1600 400">
  <defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${d}"/></linearGradient>
  <pattern id="p" width="80" height="80" patternUnits="userSpaceOnUse"><path d="M40 8 L72 40 L40 72 L8 40 Z" fill="none" stroke="${l}" stroke-width="3" opacity="0.35"/></pattern></defs>
  <rect width="1600" height="400" fill="url(#b)"/><rect width="1600" height="400" fill="url(#p)"/>
  <g transform="translate(1150 20) scale(0.36)">${shape(motif, l, d, colour, '#e0a526')}</g>
</svg>`
      : `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 1000 1000">
  <rect width="1000" height="1000" fill="${l}"/><circle cx="500" cy="500" r="430" fill="${colour}"/>
  <g transform="translate(500 500) scale(0.7) translate(-500 -500)">${shape(motif, l, d, colour, '#e0a526')}</g>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}

/** A stand-in scan of an identity document (kept private, like a real one). */
export async function renderKycDocument(colour: string): Promise<Buffer> {
  const l = shade(colour, 0.85);
  const d = shade(colour, -0.4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540" viewBox="0 0 856 540">
  <rect width="856" height="540" rx="28" fill="${l}" stroke="${d}" stroke-width="6"/>
  <rect x="0" y="0" width="856" height="90" rx="28" fill="${colour}"/><rect x="0" y="60" width="856" height="30" fill="${colour}"/>
  <rect x="48" y="140" width="200" height="250" rx="12" fill="${shade(colour, 0.5)}" stroke="${d}" stroke-width="4"/>
  <circle cx="148" cy="230" r="55" fill="${d}"/><path d="M68 380 Q148 270 228 380 Z" fill="${d}"/>
  ${[160, 215, 270, 325].map((y, i) => `<rect x="290" y="${y}" width="${440 - i * 60}" height="24" rx="10" fill="${shade(colour, 0.3)}"/>`).join('')}
  <rect x="290" y="420" width="500" height="56" rx="8" fill="none" stroke="${d}" stroke-width="4" stroke-dasharray="18 10"/>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
