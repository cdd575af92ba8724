/**
 * The demo logos: a square SVG badge with initials. The seed stores one per merchant and payment
 * method; the mocks answer a payment method's logo with the same drawing.
 */

function xml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A square SVG logo: rounded background, a lighter ring, and the initials. */
export function logoSvg(initials: string, background: string, foreground = '#ffffff'): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<rect width="96" height="96" rx="20" fill="${xml(background)}"/>`,
    `<circle cx="48" cy="48" r="34" fill="none" stroke="${xml(foreground)}" stroke-opacity="0.35" stroke-width="4"/>`,
    `<text x="48" y="58" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="30" font-weight="700" fill="${xml(foreground)}">${xml(initials)}</text>`,
    '</svg>',
  ].join('');
}

/** A demo payment method's logo: the first two letters of its code in its colour. */
export function paymentMethodLogoSvg(method: { readonly code: string; readonly color: string }): string {
  return logoSvg(method.code.slice(0, 2), method.color);
}
