import net from 'node:net';
import { isCurrencyCode } from '#shared/currencies.ts';
import type { GeoCurrency } from '#shared/rates.ts';
import { findCountry } from '../places/places.service.ts';

/**
 * The visitor's currency from their IP address through GEOIP_URL (docs/product/currency-and-places.md), asked by the server so the
 * browser talks only to us (CSP `connect-src 'self'`). Silent: unset, unreachable, slow (2 s), private
 * address or an answer we cannot read all give nulls and the web falls through to the browser locale.
 *
 * GEOIP_URL: `{ip}` in it is replaced by the visitor's address (`https://ipapi.co/{ip}/json/`); without it,
 * `ip=<address>` is added to the query. The answer is JSON with a `currency` code (ipapi.co) and/or a
 * country code or name (`country_code`, `countryCode`, `country`), from which the country's currency is
 * taken.
 */

export const NO_GEO: GeoCurrency = Object.freeze({ currency: null, country: null });

export function geoUrlFor(geoipUrl: string, ip: string): string {
  if (geoipUrl.includes('{ip}')) return geoipUrl.replaceAll('{ip}', encodeURIComponent(ip));
  const url = new URL(geoipUrl);
  url.searchParams.set('ip', ip);
  return url.toString();
}

/** Loopback, private, link-local and unique-local addresses: no service can place them. */
export function isPublicIp(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (net.isIPv4(v4)) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    if (a === 10 || a === 127 || a === 0) return false;
    if (a === 172 && b >= 16 && b <= 31) return false;
    if (a === 192 && b === 168) return false;
    if (a === 169 && b === 254) return false;
    if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
    return true;
  }
  if (net.isIPv6(ip)) {
    const x = ip.toLowerCase();
    return !(x === '::1' || x === '::' || x.startsWith('fc') || x.startsWith('fd') || x.startsWith('fe80'));
  }
  return false;
}

/** Reads a geo service's answer: its currency when it names one of ours, else its country's currency. */
export function readGeoAnswer(json: unknown): GeoCurrency {
  if (typeof json !== 'object' || json === null) return NO_GEO;
  const o = json as Record<string, unknown>;
  const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string).trim() : '');
  const countryKey = str('country_code') || str('countryCode') || str('country_code_iso2') || str('country');
  const country = countryKey ? findCountry(countryKey) : undefined;
  const stated = str('currency').toUpperCase() || str('currency_code').toUpperCase();
  const currency = isCurrencyCode(stated)
    ? stated
    : country && isCurrencyCode(country.currency)
      ? country.currency
      : null;
  return { currency, country: country?.isoCode ?? null };
}

export type GeoOptions = { timeoutMs?: number; log?: { warn: (obj: object, msg: string) => void } };

export async function lookupGeoCurrency(
  geoipUrl: string | undefined,
  ip: string,
  opts: GeoOptions = {},
): Promise<GeoCurrency> {
  if (!geoipUrl || !isPublicIp(ip)) return NO_GEO;
  try {
    const res = await fetch(geoUrlFor(geoipUrl, ip), {
      signal: AbortSignal.timeout(opts.timeoutMs ?? 2000),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) {
      await res.body?.cancel();
      return NO_GEO;
    }
    const text = await res.text();
    if (text.length > 100_000) return NO_GEO;
    return readGeoAnswer(JSON.parse(text));
  } catch (err) {
    opts.log?.warn({ err }, 'geo lookup failed; the browser locale decides the currency');
    return NO_GEO;
  }
}
