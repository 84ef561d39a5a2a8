import { isAdmin } from '#shared/permissions.ts';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import { IDEMPOTENCY_HEADER, placeOrderHeaders } from '#shared/schemas/order.ts';
import {
  adjustmentForm,
  adjustmentResponse,
  commissionRuleForm,
  commissionRuleListResponse,
  commissionRuleSchema,
  endRuleBody,
  settlementSettingsForm,
  settlementSettingsSchema,
} from '#shared/schemas/settlements.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as rules from './rules.service.ts';

const ruleIdParams = idParams('Commission rule not found');

/** Settlements: commission rules, settlement settings, adjustments (ADR 0123). All Admin. */
export default async function rulesRoutes(app: App) {
  const tags = ['settlements'];
  const admin = requirePermission(isAdmin);
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

  app.get(
    '/admin/commission-rules',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Every commission rule, newest first, with what it applies to and in words (Admin)',
        response: { 200: commissionRuleListResponse, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => rules.listRules(signedIn(req)),
  );

  app.post(
    '/admin/commission-rules',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'A commission rule for a seller, a category, a product or a seller within a category, from today (India) or later (Admin)',
        body: commissionRuleForm,
        response: { 201: commissionRuleSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await rules.createRule(signedIn(req), req.body)),
  );

  app.put(
    '/admin/commission-rules/:id/end',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'End a commission rule on a day not before its start nor before today (Admin)',
        params: ruleIdParams,
        body: endRuleBody,
        response: { 200: commissionRuleSchema, ...errors, 409: errorSchema },
      },
    },
    async (req) => rules.endRule(signedIn(req), req.params.id, req.body.effectiveTo),
  );

  app.get(
    '/admin/settlement-settings',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Settlement settings: sale moment, cycle, TCS/TDS rates, COD fee, payout rail and minimum (Admin)',
        response: { 200: settlementSettingsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => rules.getSettings(signedIn(req)),
  );

  app.put(
    '/admin/settlement-settings',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Change the settlement settings; they apply to events from now on (Admin)',
        body: settlementSettingsForm,
        response: { 200: settlementSettingsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => rules.putSettings(signedIn(req), req.body),
  );

  app.post(
    '/admin/ledger-adjustments',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          "A signed correction of a seller's balance with a reason, one ledger entry (Admin; 201, or 200 with the first for a repeated Idempotency-Key)",
        headers: placeOrderHeaders,
        body: adjustmentForm,
        response: { 200: adjustmentResponse, 201: adjustmentResponse, ...errors },
      },
    },
    async (req, reply) => {
      const { entry, created } = await rules.createAdjustment(
        signedIn(req),
        req.body,
        req.headers[IDEMPOTENCY_HEADER] ?? null,
      );
      return reply.status(created ? 201 : 200).send({ entry });
    },
  );
}
