// Covers: createWebhookSubscription, getWebhookSubscriptionById, updateWebhookSubscription,
// deleteWebhookSubscription, changeWebhookSubscriptionStatus, listWebhookSubscriptions (offset,
// limit; count, total) - seed 002, Webhook subscriptions, States and transitions, Errors 404;
// provider 1.35.0 Subscriptions. Random sequences by two partners, each answer compared with the
// reference model (fixtures/models/financial-data/webhooks.model.ts): status, the URL, every event
// and the states through both readers, the list's pages and counts, ownership.
import { rules, runModel, test, webhooksModel } from '../../fixtures/financial-data.js';

test(
  'every sequence of webhook subscription calls by two partners answers as the subscriptions model says @property',
  rules(
    'FD-WEBHOOK-CREATE@wh-created',
    'FD-WEBHOOK-CREATE@wh-by-id',
    'FD-WEBHOOK-CREATE@wh-list',
    'FD-WEBHOOK-UPDATE@wh-by-id',
    'FD-WEBHOOK-UPDATE@wh-list',
    'FD-WEBHOOK-DELETE@wh-by-id',
    'FD-WEBHOOK-DELETE@wh-list',
    'FD-WEBHOOK-SUB-STATUS@wh-by-id',
    'FD-WEBHOOK-SUB-STATUS@wh-list',
    'FD-WEBHOOK-OWNER',
    'FD-WEBHOOK-PAGE-OFFSET:accept',
    'FD-WEBHOOK-PAGE-PAST-END',
  ),
  async ({ fdModelTarget }, testInfo) => {
    await runModel({
      commands: webhooksModel.webhookCommands(),
      setup: async () => ({ model: await webhooksModel.newWebhookModel(fdModelTarget), real: fdModelTarget }),
      teardown: webhooksModel.tearDownWebhookModel,
      testInfo,
    });
  },
);
