/**
 * English texts of the admin portal's security centre (issue 15). They load with the page's chunk,
 * not with the sign-in page or the portal's shell, and join the dictionary as the `securityCenter`
 * section: a host overrides them like any other section (`{ securityCenter: { score: '...' } }`).
 */
import { registerLazyTexts } from './localize';

export const securityCenter = {
  description:
    'How well this account is protected: a score, what to improve, and the members who need attention.',
  score: 'Security score',
  outOf: 'out of 100',
  scoreFailed: 'The security score could not be loaded.',
  recommendations: 'Recommendations',
  noRecommendations: 'Nothing to improve: every recommendation is followed.',
  insights: 'Insights',
  insightsFailed: 'The insights could not be loaded.',
  severities: { SEVERE: 'Severe', WARNING: 'Warning', INFO: 'Info' } as Record<string, string>,
  categories: {
    MFA: 'MFA',
    SESSIONS: 'Sessions',
    PASSWORD: 'Passwords',
    INACTIVITY: 'Inactivity',
    IP: 'IP addresses',
    DOMAIN: 'Email domains',
    SSO: 'Single sign-on',
    AUDIT: 'Audit log',
  } as Record<string, string>,
  recommendationTexts: {
    FORCE_MFA: 'Require multi-factor authentication for every member.',
    BREACHED_PASSWORDS_EXIST: 'Some members sign in with a password that appeared in a data breach.',
    ENABLE_USER_LOCKOUT: 'Lock members out after repeated failed sign-ins.',
    STRENGTHEN_USER_LOCKOUT: 'Lock members out after fewer failed sign-ins.',
    ENABLE_PASSWORD_HISTORY: 'Stop members from reusing their recent passwords.',
    STRENGTHEN_PASSWORD_HISTORY: 'Remember more of each member’s previous passwords.',
    ENABLE_FORCE_RELOGIN: 'Ask members to sign in again after a set time.',
    SET_FORCE_RELOGIN: 'Ask members to sign in again sooner.',
    ENABLE_SESSION_CONCURRENCY: 'Limit how many sessions a member may have at once.',
    SET_SESSION_CONCURRENCY: 'Allow fewer sessions at once.',
    ENABLE_IDLE_SESSION: 'End sessions that stay idle.',
    SET_IDLE_SESSION: 'End idle sessions sooner.',
    ENABLE_IP_RESTRICTIONS: 'Restrict the IP addresses that may reach this account.',
    CHANGE_IP_TO_ALLOWLIST: 'Use an allow list of IP addresses rather than a block list.',
    ENABLE_DOMAIN_RESTRICTIONS: 'Restrict who may join by email domain.',
    CHANGE_DOMAIN_TO_ALLOWLIST: 'Use an allow list of email domains rather than a block list.',
    CONFIGURE_SSO: 'Set up single sign-on with your identity provider.',
    AUDIT_STREAM_FAILING:
      'An audit stream has been failing to deliver records: check its receiver on the audit log page.',
  } as Record<string, string>,
  insightTexts: {
    MFA_FORCED: 'Multi-factor authentication is required for everyone.',
    PARTIALLY_FORCED_MFA: 'Multi-factor authentication is required, except for single sign-on.',
    PARTIAL_MFA_USAGE: 'Some members have no second factor.',
    FULL_MFA_USAGE: 'Every member has a second factor.',
    BREACHED_PASSWORD_USERS_EXIST: 'Some members’ passwords appeared in a data breach.',
    IMPROVE_LOCKOUT_POLICY: 'The lockout policy could be stricter.',
    IMPROVE_PASSWORD_HISTORY_POLICY: 'The password history could be longer.',
    NO_SESSION_SETTINGS: 'No session limits are set.',
    PARTIAL_SESSION_SETTINGS: 'Some session limits are set.',
    FULL_SESSION_SETTINGS: 'Every session limit is set.',
    NO_IP_RESTRICTIONS: 'Any IP address may reach this account.',
    IP_ALLOWLIST: 'Only listed IP addresses may reach this account.',
    IP_DENYLIST: 'Listed IP addresses are blocked.',
    NO_DOMAIN_RESTRICTIONS: 'Anyone may join, whatever their email domain.',
    DOMAIN_ALLOWLIST: 'Only listed email domains may join.',
    DOMAIN_DENYLIST: 'Listed email domains may not join.',
    FULL_PASSWORD_SETTINGS: 'Password policies are as recommended.',
  } as Record<string, string>,
  /** The figure behind an insight, when it has one. */
  usage: (enrolled: number, total: number) => `${enrolled} of ${total} members have a second factor.`,
  stale: (count: number) =>
    `${count} ${count === 1 ? 'member has' : 'members have'} not signed in for 90 days.`,
  neverSignedIn: (count: number) =>
    count ? `${count} ${count === 1 ? 'member has' : 'members have'} never signed in.` : '',
  breachedCount: (count: number) => `${count} ${count === 1 ? 'member' : 'members'}.`,
  tables: {
    breached: {
      title: 'Breached passwords',
      empty: 'No member signs in with a breached password.',
    },
    mfa: { title: 'Without MFA', empty: 'Every member has a second factor.' },
    inactive: {
      title: 'Inactive for 90 days',
      empty: 'No member who signed in before has been away for 90 days.',
    },
    never: { title: 'Never signed in', empty: 'Every member has signed in at least once.' },
  },
  search: 'Search by name or email',
  noMatch: 'No members match your search.',
  loadFailed: 'This list could not be loaded.',
  total: (count: number) => (count === 1 ? '1 member' : `${count.toLocaleString('en')} members`),
  pagination: (title: string) => `${title} pages`,
  columns: { name: 'Name', email: 'Email', roles: 'Roles', lastLogin: 'Last sign-in', added: 'Added' },
  noRoles: 'No role',
  never: 'Never',
  sendResets: 'Send reset emails',
  confirmTitle: 'Send password reset emails?',
  confirmBody: (count: number) =>
    `Every member whose password appeared in a data breach (${count}) gets an email with a link to choose a new password. Their current password keeps working until they do.`,
  sending: 'Sending…',
  sent: (sent: number, skipped: number) =>
    `Reset emails sent to ${sent} ${sent === 1 ? 'member' : 'members'}.` +
    (skipped ? ` ${skipped} skipped: they received too many emails recently.` : ''),
};

registerLazyTexts({ securityCenter });
