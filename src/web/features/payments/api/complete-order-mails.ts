import { COMPLETION_AUDIENCES, type CompletionMails } from '#shared/schemas/payment.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /api/orders/email/{buyer,seller,distributors}/complete_order/:id — queue the completion mails
 * (SPEC §4, cash on delivery). The server sends each at most once, so calling again is harmless; a
 * failure is ignored (SPEC §8: notification failures are silent).
 */
export async function requestCompletionMails(orderId: string): Promise<void> {
  await Promise.allSettled(
    COMPLETION_AUDIENCES.map((audience) =>
      api.post<CompletionMails>(
        `/api/orders/email/${audience}/complete_order/${encodeURIComponent(orderId)}`,
      ),
    ),
  );
}
