/** Routes: connectivity. */
import * as s from '../schemas';
import {
  httpUrl,
  secret,
  slackSubscription,
  subscription,
  webhook,
  webhookLogs,
} from '../requests-connectivity';
import { audit, perm } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const getEventConfigurationsCategories: RouteDescriptor = {
  method: 'GET',
  path: '/event/resources/configurations/v1/categories',
  access: perm('fe.connectivity.read.webhooks', 'account'),
};

export const getEventConfigurations: RouteDescriptor = {
  method: 'GET',
  path: '/event/resources/configurations/v1',
  access: perm('fe.connectivity.read.webhooks', 'account'),
  request: {
    querystring: s.strictObject({ channels: { type: 'string', maxLength: 100 } }),
  },
};

export const getWebhook: RouteDescriptor = {
  method: 'GET',
  path: '/webhook',
  access: perm('fe.connectivity.read.webhooks', 'account'),
};

export const postWebhookCustom: RouteDescriptor = {
  method: 'POST',
  path: '/webhook/custom',
  access: perm('fe.connectivity.write.webhooks', 'account'),
  request: webhook,
  audit: audit('connectivity', 'Webhook created', 'Medium'),
};

export const patchWebhookById: RouteDescriptor = {
  method: 'PATCH',
  path: '/webhook/:id',
  access: perm('fe.connectivity.write.webhooks', 'resource'),
  request: webhook,
  audit: audit('connectivity', 'Webhook changed', 'Medium', { idName: 'webhook' }),
};

export const deleteWebhookById: RouteDescriptor = {
  method: 'DELETE',
  path: '/webhook/:id',
  access: perm('fe.connectivity.write.webhooks', 'resource'),
  audit: audit('connectivity', 'Webhook deleted', 'Medium', { idName: 'webhook' }),
};

export const postWebhookTest: RouteDescriptor = {
  method: 'POST',
  path: '/webhook/test',
  access: perm('fe.connectivity.write.webhooks', 'account'),
  request: {
    body: s.strictObject({ url: httpUrl, secret, payload: { type: 'object' } }, ['url']),
  },
};

export const postWebhookLogsByIdRetries: RouteDescriptor = {
  method: 'POST',
  path: '/webhook/logs/:id/retries',
  access: perm('fe.connectivity.write.webhooks', 'resource'),
};

export const getIntegrationsConfigurationsSlack: RouteDescriptor = {
  method: 'GET',
  path: '/integrations/resources/configurations/v1/slack',
  access: perm('fe.connectivity.read.webhooks', 'account'),
};

export const getIntegrationsConfigurationsSlackApplications: RouteDescriptor = {
  method: 'GET',
  path: '/integrations/resources/configurations/v1/slack/applications',
  access: perm('fe.connectivity.read.webhooks', 'account'),
};

export const getIntegrationsConfigurationsSlackChannels: RouteDescriptor = {
  method: 'GET',
  path: '/integrations/resources/configurations/v1/slack/channels',
  access: perm('fe.connectivity.read.webhooks', 'account'),
};

export const postIntegrationsConfigurationsSlackChannels: RouteDescriptor = {
  method: 'POST',
  path: '/integrations/resources/configurations/v1/slack/channels',
  access: perm('fe.connectivity.write.webhooks', 'account'),
  request: {
    body: s.strictObject({ name: { type: 'string', minLength: 1, maxLength: 100 }, url: httpUrl }, [
      'name',
      'url',
    ]),
  },
};

export const deleteIntegrationsConfigurationsSlackChannelsById: RouteDescriptor = {
  method: 'DELETE',
  path: '/integrations/resources/configurations/v1/slack/channels/:id',
  access: perm('fe.connectivity.write.webhooks', 'resource'),
};

export const postIntegrationsConfigurationsSlackSubscriptions: RouteDescriptor = {
  method: 'POST',
  path: '/integrations/resources/configurations/v1/slack/subscriptions',
  access: perm('fe.connectivity.write.webhooks', 'resource'),
  request: slackSubscription,
};

export const patchIntegrationsConfigurationsSlackSubscriptionById: RouteDescriptor = {
  method: 'PATCH',
  path: '/integrations/resources/configurations/v1/slack/subscription/:id',
  access: perm('fe.connectivity.write.webhooks', 'resource'),
  request: slackSubscription,
};

export const deleteIntegrationsConfigurationsSlackSubscriptionsById: RouteDescriptor = {
  method: 'DELETE',
  path: '/integrations/resources/configurations/v1/slack/subscriptions/:id',
  access: perm('fe.connectivity.write.webhooks', 'resource'),
};

export const getWebhookLogs: RouteDescriptor = {
  method: 'GET',
  path: '/webhook/logs',
  access: perm('fe.connectivity.read.webhooks', 'resource'),
  request: webhookLogs,
};

export const getWebhookLogsSlash: RouteDescriptor = {
  method: 'GET',
  path: '/webhook/logs/',
  access: perm('fe.connectivity.read.webhooks', 'resource'),
  request: webhookLogs,
};

export const getIntegrationsConfigurationsEmails: RouteDescriptor = {
  method: 'GET',
  path: '/integrations/resources/configurations/v1/emails',
  access: perm('fe.connectivity.read.webhooks', 'account'),
};

export const postIntegrationsConfigurationsEmailsByEventKey: RouteDescriptor = {
  method: 'POST',
  path: '/integrations/resources/configurations/v1/emails/:eventKey',
  access: perm('fe.connectivity.write.webhooks', 'account'),
  request: {
    body: s.strictObject({
      enabled: { type: 'boolean' },
      subscriptions: { type: 'array', items: subscription, maxItems: 20 },
    }),
  },
};

export const patchIntegrationsConfigurationsEmailsByEventKey: RouteDescriptor = {
  method: 'PATCH',
  path: '/integrations/resources/configurations/v1/emails/:eventKey',
  access: perm('fe.connectivity.write.webhooks', 'account'),
  request: { body: s.strictObject({ enabled: { type: 'boolean' } }, ['enabled']) },
};

export const putIntegrationsConfigurationsEmailsByEventKeySubscriptionsById: RouteDescriptor = {
  method: 'PUT',
  path: '/integrations/resources/configurations/v1/emails/:eventKey/subscriptions/:id',
  access: perm('fe.connectivity.write.webhooks', 'resource'),
  request: { body: subscription },
};

export const deleteIntegrationsConfigurationsEmailsByEventKeySubscriptionsById: RouteDescriptor = {
  method: 'DELETE',
  path: '/integrations/resources/configurations/v1/emails/:eventKey/subscriptions/:id',
  access: perm('fe.connectivity.write.webhooks', 'resource'),
};

export const deleteIntegrationsConfigurationsEmailsByEventKey: RouteDescriptor = {
  method: 'DELETE',
  path: '/integrations/resources/configurations/v1/emails/:eventKey',
  access: perm('fe.connectivity.write.webhooks', 'account'),
};

export const getIntegrationsConfigurationsSms: RouteDescriptor = {
  method: 'GET',
  path: '/integrations/resources/configurations/v2/sms',
  access: perm('fe.connectivity.read.webhooks', 'account'),
};

export const postIntegrationsConfigurationsSmsByEventKey: RouteDescriptor = {
  method: 'POST',
  path: '/integrations/resources/configurations/v2/sms/:eventKey',
  access: perm('fe.connectivity.write.webhooks', 'account'),
  request: {
    body: s.strictObject({
      enabled: { type: 'boolean' },
      subscriptions: { type: 'array', items: subscription, maxItems: 20 },
    }),
  },
};

export const patchIntegrationsConfigurationsSmsByEventKey: RouteDescriptor = {
  method: 'PATCH',
  path: '/integrations/resources/configurations/v2/sms/:eventKey',
  access: perm('fe.connectivity.write.webhooks', 'account'),
  request: { body: s.strictObject({ enabled: { type: 'boolean' } }, ['enabled']) },
};

export const putIntegrationsConfigurationsSmsByEventKeySubscriptionsById: RouteDescriptor = {
  method: 'PUT',
  path: '/integrations/resources/configurations/v2/sms/:eventKey/subscriptions/:id',
  access: perm('fe.connectivity.write.webhooks', 'resource'),
  request: { body: subscription },
};

export const deleteIntegrationsConfigurationsSmsByEventKeySubscriptionsById: RouteDescriptor = {
  method: 'DELETE',
  path: '/integrations/resources/configurations/v2/sms/:eventKey/subscriptions/:id',
  access: perm('fe.connectivity.write.webhooks', 'resource'),
};

export const deleteIntegrationsConfigurationsSmsByEventKey: RouteDescriptor = {
  method: 'DELETE',
  path: '/integrations/resources/configurations/v2/sms/:eventKey',
  access: perm('fe.connectivity.write.webhooks', 'account'),
};
