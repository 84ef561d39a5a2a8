/** HTTP plumbing shared by the real provider clients. */

/** Raised when a provider cannot be reached or answers with an error; routes map it to 502. */
export class ProviderError extends Error {
  constructor(
    readonly provider: 'RazorPay' | 'PayPal',
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}

/** fetch with a timeout, turning network failures and non-2xx answers into ProviderError. */
export async function providerFetch(
  provider: 'RazorPay' | 'PayPal',
  url: string,
  init: RequestInit & { timeoutMs?: number },
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 20_000) });
  } catch (err) {
    throw new ProviderError(provider, `request failed: ${(err as Error).message}`);
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text for the error
  }
  return { status: res.status, body };
}
