/**
 * Connectivity's constants (spec 001 §3, §4, §9) and the events catalogue: what the server emits,
 * the demo backend serves and the page lists, one list for all (core/api/connectivity.ts re-exports
 * them for the page; the rules in core/domain/connectivity.ts read them here).
 */
/** Spec 001 §9 "Webhook logs default offset 0, limit 10". */
export const WEBHOOK_LOGS_PAGE_SIZE = 10;
/** Spec 001 §4 "Webhook test succeeds on 200 or 201." */
export const WEBHOOK_TEST_SUCCESS = [200, 201] as const;
/** Spec 001 §4 "Webhook retry succeeds only on status 202." */
export const WEBHOOK_RETRY_SUCCESS = 202;
/** Spec 001 §3 "Channels: email, slack, sms, webhook." */
export const CHANNELS = ['email', 'slack', 'sms', 'webhook'] as const;

/**
 * The events the reference server really emits (server/domain/connectivity.ts `emitEvent`), by
 * category: [key, display name, description].
 */
export const EVENT_CATALOGUE: ReadonlyArray<{
  category: string;
  events: ReadonlyArray<readonly [key: string, displayName: string, description: string]>;
}> = [
  {
    category: 'Authentication',
    events: [
      ['user.signedIn', 'User signed in', 'A user signed in to the account'],
      ['user.signedUp', 'User signed up', 'A new user signed up and created an account'],
      ['user.mfaEnrolled', 'MFA enrolled', 'A user enrolled a second factor'],
      ['user.passwordChanged', 'Password changed', 'A user changed their password'],
      ['user.passwordReset', 'Password reset', 'A user set a new password through a reset link'],
    ],
  },
  {
    category: 'Team',
    events: [
      ['user.invited', 'User invited', 'A user was invited to the account'],
      ['user.removed', 'User removed', 'A user was removed from the account'],
      ['user.rolesChanged', 'Roles changed', "A member's roles in the account changed"],
    ],
  },
  {
    category: 'Security',
    events: [
      ['apiToken.created', 'API token created', 'An API token of the account was created'],
      ['apiToken.deleted', 'API token deleted', 'An API token of the account was deleted'],
      ['securityPolicy.changed', 'Security policy changed', "One of the account's security policies changed"],
    ],
  },
];

export const EVENT_KEYS: readonly string[] = EVENT_CATALOGUE.flatMap((c) => c.events.map(([key]) => key));
