import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CURRENCIES } from '#shared/currencies.ts';
import { currencySchema } from '#shared/schemas/currency.ts';
import {
  citySchema,
  countryParams,
  countrySchema,
  postalCodeQuery,
  postalCodeResult,
  stateParams,
  stateSchema,
} from '#shared/schemas/places.ts';
import type { App } from '../../lib/types.ts';
import * as places from './places.service.ts';

/**
 * The data only changes with a deploy: let browsers and proxies keep it for a day, and serve a stale copy
 * for a week while revalidating. Set only on success, so a 404 is never cached.
 */
const STATIC_DATA_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
const cacheable = (reply: FastifyReply) => reply.header('cache-control', STATIC_DATA_CACHE);

/**
 * Countries, states, cities, postal codes and the currency table (docs/product/currency-and-places.md). Public, read-only.
 * The lists are shared, frozen arrays: handlers return a shallow copy, the mutable array the reply type wants.
 */
export default async function placesRoutes(app: App) {
  app.get(
    '/places/countries',
    {
      schema: {
        tags: ['places'],
        summary: 'All countries, by name',
        response: { 200: z.array(countrySchema) },
      },
    },
    async (_req, reply) => {
      cacheable(reply);
      return [...places.listCountries()];
    },
  );

  app.get(
    '/places/countries/:iso2/states',
    {
      schema: {
        tags: ['places'],
        summary: "A country's states (Hong Kong, Macau, Taiwan: their state of China)",
        params: countryParams,
        response: { 200: z.array(stateSchema) },
      },
    },
    async (req, reply) => {
      const states = places.listStates(req.params.iso2);
      cacheable(reply);
      return [...states];
    },
  );

  app.get(
    '/places/countries/:iso2/states/:stateCode/cities',
    {
      schema: {
        tags: ['places'],
        summary: "A state's cities",
        params: stateParams,
        response: { 200: z.array(citySchema) },
      },
    },
    async (req, reply) => {
      const cities = places.listCities(req.params.iso2, req.params.stateCode);
      cacheable(reply);
      return [...cities];
    },
  );

  app.get(
    '/places/postal-code',
    {
      schema: {
        tags: ['places'],
        summary: "Whether a postal code matches the country's pattern",
        querystring: postalCodeQuery,
        response: { 200: postalCodeResult },
      },
    },
    async (req, reply) => {
      cacheable(reply);
      return { valid: places.checkPostalCode(req.query.country, req.query.code) };
    },
  );

  app.get(
    '/currencies',
    {
      schema: {
        tags: ['currency'],
        summary: 'The currency table',
        response: { 200: z.array(currencySchema) },
      },
    },
    async (_req, reply) => {
      cacheable(reply);
      return [...CURRENCIES];
    },
  );
}
