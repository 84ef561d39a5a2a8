import { describe, expect, it } from 'vitest';
import { baseURL, openPage, screenshot } from './support.ts';

describe('smoke: the app as `npm start` serves it', () => {
  it('serves the home page with the site header', async () => {
    const page = await openPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toMatch(/Haat/);
    const header = page.getByRole('banner');
    await header.waitFor({ state: 'visible' });
    await expect(header.innerText()).resolves.toMatch(/Haat/);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'home');
  });

  it('answers /healthz once the database is up', async () => {
    const res = await fetch(`${baseURL}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI documentation at /api/docs', async () => {
    const res = await fetch(`${baseURL}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const spec = await fetch(`${baseURL}/api/docs/json`);
    expect(spec.status).toBe(200);
    expect(await spec.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  it('answers an unknown /api path with a JSON 404, not the web app', async () => {
    const res = await fetch(`${baseURL}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    // The request id is the one in the X-Request-Id header (docs/operations.md, Logs).
    expect(await res.json()).toEqual({
      message: expect.any(String),
      code: 'not_found',
      requestId: res.headers.get('x-request-id'),
    });
  });

  it('falls back to the web app for client routes', async () => {
    const res = await fetch(`${baseURL}/some/client/route`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });
});
