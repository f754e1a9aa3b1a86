/** Success answers of the connectivity routes (core/contract/routes/connectivity.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/connectivity';
import {
  CATEGORY,
  CHANNEL_MAP,
  EMAIL_SMS,
  LOG,
  RESULT,
  SLACK_CHANNEL,
  SLACK_SUBSCRIPTION,
  WEBHOOK,
} from '../route-schemas/connectivity';
import { EMPTY, NO_BODY, any, arr, int, obj, str } from '../route-schemas/common';
import type { ResponseTable } from './index';

export const CONNECTIVITY_RESPONSES: ResponseTable = [
  [routes.getEventConfigurationsCategories, { 200: arr(CATEGORY) }],
  [routes.getEventConfigurations, { 200: arr(CHANNEL_MAP) }],
  [routes.getWebhook, { 200: arr(WEBHOOK) }],
  [routes.postWebhookCustom, { 201: WEBHOOK }],
  [routes.patchWebhookById, { 200: WEBHOOK }],
  [routes.deleteWebhookById, { 200: EMPTY }],
  [routes.postWebhookTest, { 200: RESULT }],
  [routes.postWebhookLogsByIdRetries, { 202: RESULT }],
  [
    routes.getIntegrationsConfigurationsSlack,
    {
      200: obj({ id: str, slackSubscriptions: arr(SLACK_SUBSCRIPTION) }, ['id', 'slackSubscriptions']),
    },
  ],
  [
    routes.getIntegrationsConfigurationsSlackApplications,
    { 200: obj({ clientId: any, mode: str }, ['clientId']) },
  ],
  [routes.getIntegrationsConfigurationsSlackChannels, { 200: arr(SLACK_CHANNEL) }],
  [routes.postIntegrationsConfigurationsSlackChannels, { 201: SLACK_CHANNEL }],
  [routes.deleteIntegrationsConfigurationsSlackChannelsById, { 200: EMPTY }],
  [routes.postIntegrationsConfigurationsSlackSubscriptions, { 201: SLACK_SUBSCRIPTION }],
  [routes.patchIntegrationsConfigurationsSlackSubscriptionById, { 200: SLACK_SUBSCRIPTION }],
  [routes.deleteIntegrationsConfigurationsSlackSubscriptionsById, { 200: EMPTY }],
  [routes.getWebhookLogs, { 200: obj({ count: int, rows: arr(LOG) }, ['count', 'rows']) }],
  [routes.getWebhookLogsSlash, { 200: obj({ count: int, rows: arr(LOG) }, ['count', 'rows']) }],
  [routes.getIntegrationsConfigurationsEmails, { 200: arr(EMAIL_SMS) }],
  [routes.postIntegrationsConfigurationsEmailsByEventKey, { 201: EMPTY }],
  [routes.patchIntegrationsConfigurationsEmailsByEventKey, { 200: EMPTY }],
  [routes.putIntegrationsConfigurationsEmailsByEventKeySubscriptionsById, { 200: EMPTY }],
  [routes.deleteIntegrationsConfigurationsEmailsByEventKeySubscriptionsById, { 200: EMPTY }],
  [routes.deleteIntegrationsConfigurationsEmailsByEventKey, { 200: EMPTY }],
  [routes.getIntegrationsConfigurationsSms, { 200: arr(EMAIL_SMS) }],
  [routes.postIntegrationsConfigurationsSmsByEventKey, { 201: EMPTY }],
  [routes.patchIntegrationsConfigurationsSmsByEventKey, { 200: EMPTY }],
  [routes.putIntegrationsConfigurationsSmsByEventKeySubscriptionsById, { 200: EMPTY }],
  [routes.deleteIntegrationsConfigurationsSmsByEventKeySubscriptionsById, { 200: EMPTY }],
  [routes.deleteIntegrationsConfigurationsSmsByEventKey, { 200: EMPTY }],
];

/** Bodies of calls that read none, documented. */
export const CONNECTIVITY_BODIES: ResponseTable = [[routes.postWebhookLogsByIdRetries, NO_BODY]];
