/** Routes: a member's notifications (core/domain/notifications.ts), their own in the active account. */
import * as s from '../schemas';
import { PERSON } from './descriptor';
import type { RouteDescriptor } from './descriptor';

const ID_BODY = { body: s.strictObject({ notificationId: s.uuid }, ['notificationId']) };

export const getNotifications: RouteDescriptor = {
  method: 'GET',
  path: '/notification',
  access: PERSON,
  // The client SDK sends its page as one JSON text: params={"count":20,"offset":0}.
  request: { querystring: s.strictObject({ params: { type: 'string', maxLength: 200 } }) },
};

export const putNotificationStatus: RouteDescriptor = {
  method: 'PUT',
  path: '/notification/status',
  access: PERSON,
  request: {
    body: s.strictObject(
      {
        params: s.strictObject(
          { notificationId: s.uuid, status: { type: 'string', enum: ['read', 'unread', 'archived'] } },
          ['notificationId', 'status'],
        ),
      },
      ['params'],
    ),
  },
};

export const putNotificationPin: RouteDescriptor = {
  method: 'PUT',
  path: '/notification/pin',
  access: PERSON,
  request: ID_BODY,
};

export const putNotificationUnpin: RouteDescriptor = {
  method: 'PUT',
  path: '/notification/unpin',
  access: PERSON,
  request: ID_BODY,
};

export const postNotificationsMarkAllRead: RouteDescriptor = {
  method: 'POST',
  path: '/notification/status/mark-all-read',
  access: PERSON,
};
