/**
 * The error catalogue, part 2: users and members, invitations, roles, groups, tokens, accounts,
 * the portal, impersonation, hosted login, security policies and sign-in methods. See
 * core/contract/errors.ts.
 */
export const ADMIN_ERRORS = {
  // Users, members, grants
  USER_NOT_FOUND: { status: 401, message: 'User not found' },
  MEMBER_NOT_FOUND: { status: 404, message: 'User not found in this account' },
  CUSTOM_DATA_TOO_LARGE: { status: 400, message: 'Custom data is limited to 4 KB' },
  ROLES_UNKNOWN: { status: 400, message: 'Some roles do not exist in this account' },
  USERS_NOT_MEMBERS: { status: 400, message: 'Some users are not members of this account' },
  GRANT_NOT_HELD: {
    status: 403,
    message: 'You cannot grant the {permission} permission: you do not hold it',
  },
  MEMBER_ABOVE: {
    status: 403,
    message: 'This member holds permissions you do not have: you cannot change them',
  },
  OWN_ROLES: { status: 400, message: 'You cannot change your own roles' },
  REMOVE_SELF: { status: 400, message: 'You cannot remove yourself from the account' },
  DENY_SELF: { status: 400, message: 'You cannot deny your own access to the account you are signed in to' },
  USER_IDS_INVALID: { status: 400, message: 'ids must be 1 to 200 user ids separated by commas' },
  LIST_OTHER_ACCOUNT: { status: 403, message: 'You can only list the users of your active account' },
  PRESET_PARAMS_NOT_OBJECT: { status: 400, message: '_presetParams must be a JSON object' },
  PRESET_PARAMS_UNKNOWN_FIELD: { status: 400, message: 'Unknown field "{field}" in _presetParams' },
  MAX_INACTIVE_NOT_WHOLE: { status: 400, message: '_maxInactiveSeconds must be a whole number of seconds' },
  MAX_INACTIVE_TWICE: { status: 400, message: '_maxInactiveSeconds is given twice with different values' },
  MAX_INACTIVE_NEEDS_PRESET: { status: 400, message: '_maxInactiveSeconds needs _preset=INACTIVE' },
  NAME_EMPTY: { status: 400, message: 'Name must not be empty' },
  PROFILE_NAME_EMPTY: { status: 400, message: 'name must not be empty' },
  // Metadata
  METADATA_NOT_OBJECT: { status: 400, message: 'Metadata must be a JSON object' },
  METADATA_TOO_DEEP: { status: 400, message: 'Metadata must not nest deeper than {n} levels' },
  METADATA_TOO_LARGE: { status: 400, message: 'Metadata must be at most {n} bytes' },
  METADATA_NUL: { status: 400, message: 'Metadata must not contain U+0000 characters' },
  // Invitations and invite links
  ALREADY_INVITED: {
    status: 409,
    message: 'This user is already invited to this account: resend the invitation instead',
  },
  ALREADY_MEMBER: { status: 409, message: 'A user with this email is already a member of this account' },
  INVITATION_ACCEPTED: { status: 400, message: 'This user has already accepted the invitation' },
  INVITATION_NONE_PENDING: { status: 404, message: 'This user has no pending invitation in your accounts' },
  INVITATION_INVALID: {
    status: 410,
    message: 'This invitation is invalid or has expired. Ask the account administrator for a new one.',
  },
  INVITE_LINK_NONE: { status: 404, message: 'This account has no invite link' },
  INVITE_LINK_INVALID: {
    status: 400,
    message: 'This invite link is invalid or has expired. Ask the account administrator for a new one.',
  },
  // Roles, permissions, groups
  ROLE_NOT_FOUND: { status: 404, message: 'Role not found in this account' },
  ROLE_VENDOR_WIDE: {
    status: 403,
    message: 'This role is defined for every account and cannot be changed here',
  },
  ROLES_VENDOR_WIDE: { status: 403, message: 'Roles defined for every account cannot be changed here' },
  ROLE_KEY_EXISTS: { status: 409, message: 'A role with this key already exists' },
  PERMISSIONS_UNKNOWN: { status: 400, message: 'Some permissions do not exist' },
  PERMISSION_NOT_FOUND: { status: 404, message: 'Permission not found' },
  GROUP_NOT_FOUND: { status: 404, message: 'Group not found in this account' },
  GROUP_NAME_EXISTS: { status: 409, message: 'A group with this name already exists' },
  // API tokens
  API_TOKENS_CANNOT_CREATE: { status: 403, message: 'API tokens cannot create API tokens' },
  API_TOKENS_DISABLED: { status: 403, message: 'API tokens are turned off for this application' },
  API_TOKEN_NOT_FOUND: { status: 404, message: 'API token not found' },
  ACCESS_TOKEN_NOT_FOUND: { status: 404, message: 'Access token not found' },
  // Profile picture
  PROFILE_IMAGE_NOT_MULTIPART: {
    status: 400,
    message: 'Send the picture as multipart/form-data with one file',
  },
  PROFILE_IMAGE_TOO_LARGE: { status: 400, message: 'The picture must be at most 1 MB' },
  PROFILE_IMAGE_TYPE: { status: 400, message: 'The picture must be a PNG, JPEG, WebP or GIF image' },
  PROFILE_IMAGE_NOT_FOUND: { status: 404, message: 'Picture not found' },
  SSO_STATE_ONCE: { status: 400, message: 'Send the sign-in state once, as RelayState or state' },
  NOT_AN_IP_ADDRESS: { status: 400, message: 'Not an IP address' },
  API_TOKEN_CREDENTIALS_INVALID: { status: 401, message: 'Invalid API token credentials' },
  // Accounts, sub-accounts, settings, portal
  ACCOUNT_NOT_FOUND: { status: 404, message: 'Account not found' },
  COMPANY_NAME_EMPTY: { status: 400, message: 'The company name must not be empty' },
  TIME_ZONE_UNKNOWN: { status: 400, message: 'Unknown time zone "{zone}"' },
  ACCOUNT_LOGO_TYPE: { status: 400, message: 'The logo must be a PNG, JPEG, WebP or GIF image' },
  ACCOUNT_LOGO_TOO_LARGE: { status: 400, message: 'The logo must be at most {kb} KB' },
  ACCOUNT_METADATA_INVALID: { status: 400, message: 'Account metadata must be a JSON object of text values' },
  ACCOUNT_METADATA_KEY: {
    status: 400,
    message: 'Metadata key "{key}" must be 1 to 64 letters, digits, dots, dashes or underscores',
  },
  ACCOUNT_METADATA_TOO_BIG: {
    status: 400,
    message: 'Account metadata holds at most {keys} keys, each value at most {length} characters',
  },
  SUB_ACCOUNT_NOT_FOUND: { status: 404, message: 'Sub-account not found' },
  SUB_ACCOUNT_RENAME_OWN: { status: 400, message: 'Rename your own account in the account settings' },
  SUB_ACCOUNT_DELETE_OWN: { status: 400, message: 'You cannot delete the account you are signed in to' },
  SUB_ACCOUNT_USER_NOT_FOUND: { status: 404, message: 'User not found in this sub-account' },
  SUB_ACCOUNT_NO_SUCH_MEMBER: {
    status: 404,
    message: 'No member of your account or of an account above this one has this email',
  },
  SUB_ACCOUNT_ALREADY_MEMBER: { status: 409, message: 'This user is already a member of the sub-account' },
  SUB_ACCOUNT_NAME_REQUIRED: { status: 400, message: 'Enter a name for the sub-account' },
  SUB_ACCOUNT_NAMED_TWICE: { status: 400, message: 'Each account may be named once' },
  SUB_ACCOUNT_ID_TAKEN: { status: 409, message: 'An account with this id already exists' },
  PORTAL_VENDOR_ONLY: {
    status: 403,
    message: 'Only a vendor administrator can change the portal configuration',
  },
  FLAGS_VENDOR_ONLY: { status: 403, message: 'Only a vendor administrator can change feature flags' },
  FLAG_NOT_FOUND: { status: 404, message: 'Feature flag not found' },
  CUSTOM_LOGIN_DISABLED: { status: 403, message: 'Custom login per account is not enabled' },
  LOGIN_ALIAS_REQUIRED: { status: 400, message: 'Choose a login alias to turn custom login on' },
  LOGIN_ALIAS_TAKEN: { status: 409, message: 'This login alias is already used by another account' },
  // Custom login at sign-in (core/domain/login-alias.ts)
  LOGIN_ALIAS_UNKNOWN: { status: 404, message: 'This sign-in address is not in use' },
  LOGIN_ALIAS_NOT_MEMBER: { status: 403, message: 'This sign-in address is for members of its account only' },
  PORTAL_VALUE_NOT_ALLOWED: { status: 400, message: '{path} must be one of {values}' },
  PORTAL_PAGE_UNKNOWN: { status: 400, message: 'Unknown page "{page}"' },
  PORTAL_SECTION_UNKNOWN: { status: 400, message: 'Unknown section "{section}"' },
  PORTAL_FIELD_UNKNOWN: { status: 400, message: 'Unknown {kind} "{name}" in {section}' },
  PORTAL_PATH_UNKNOWN: { status: 400, message: 'Unknown metadata path "{path}"' },
  // Impersonation (server/domain/impersonation.ts)
  IMPERSONATION_CHAINED: {
    status: 403,
    message: 'You are already impersonating a user. Sign out and sign in as yourself first',
  },
  IMPERSONATION_OTHER_ACCOUNT: {
    status: 403,
    message: 'You can only impersonate members of your active account',
  },
  IMPERSONATION_SELF: { status: 400, message: 'You cannot impersonate yourself' },
  IMPERSONATION_NOT_ACTIVATED: { status: 400, message: 'This user has not activated their account yet' },
  IMPERSONATION_SUPER_USER: { status: 403, message: 'Super users cannot be impersonated' },
  IMPERSONATION_ESCALATION: {
    status: 403,
    message: 'This user has permissions you do not have, so you cannot impersonate them',
  },
  IMPERSONATION_STAYS: {
    status: 403,
    message: 'An impersonated session stays in the account it was opened in',
  },
  IMPERSONATION_API_TOKEN: { status: 403, message: 'API tokens cannot impersonate users' },
  // Hosted login (OAuth 2.0; the RFC 6749 `error` field stays beside these)
  OAUTH_CLIENT_UNKNOWN: { status: 401, message: 'Unknown client_id' },
  OAUTH_APPLICATION_UNKNOWN: { status: 400, message: 'Unknown application' },
  OAUTH_REDIRECT_INVALID: { status: 400, message: 'Invalid redirect address' },
  OAUTH_LOGOUT_INVALID: { status: 400, message: 'The sign-out request is not valid' },
  OAUTH_LOGOUT_ADDRESS_NOT_REGISTERED: {
    status: 400,
    message: 'The address this application asked to return to after sign-out is not registered for it',
  },
  OAUTH_USER_GONE: { status: 400, message: 'The user no longer exists' },
  OAUTH_REFRESH_INVALID: { status: 400, message: 'The refresh token is invalid' },
  OAUTH_REFRESH_EXPIRED: { status: 400, message: 'The refresh token is invalid or has expired' },
  OAUTH_CODE_INVALID: { status: 400, message: 'The authorization code is invalid' },
  OAUTH_CODE_USED: { status: 400, message: 'The authorization code is invalid or has already been used' },
  OAUTH_CODE_EXPIRED: { status: 400, message: 'The authorization code has expired' },
  OAUTH_CODE_OTHER_CLIENT: { status: 400, message: 'The authorization code was issued to another client' },
  OAUTH_REDIRECT_MISMATCH: { status: 400, message: 'redirect_uri does not match the authorization request' },
  OAUTH_VERIFIER_REQUIRED: { status: 400, message: 'code_verifier is required' },
  OAUTH_VERIFIER_MISMATCH: { status: 400, message: 'code_verifier does not match the code challenge' },
  OAUTH_SIGN_IN_ENDED: { status: 400, message: 'The sign-in behind this code has ended' },
  // The security page (issue 15): policies and restrictions, and what they refuse
  ACCOUNT_LOCKED: {
    status: 403,
    message: 'This account is locked. Ask an administrator of your account to unlock it.',
  },
  PASSWORD_REUSED: {
    status: 400,
    message: 'This password was used recently. Choose a password you have not used before.',
  },
  IP_NOT_ALLOWED: { status: 403, message: 'Your IP address is not allowed to access this account.' },
  EMAIL_DOMAIN_NOT_ALLOWED: {
    status: 403,
    message: 'Email addresses of this domain cannot join this account.',
  },
  IP_RESTRICTION_NOT_FOUND: { status: 404, message: 'IP restriction not found' },
  DOMAIN_RESTRICTION_NOT_FOUND: { status: 404, message: 'Domain restriction not found' },
  IP_INVALID: { status: 400, message: '"{value}" is not an IP address or CIDR range' },
  DOMAIN_INVALID: { status: 400, message: '"{value}" is not a domain name' },
  // Sign-in methods and the captcha policy (issue 15, core/domain/sign-in-methods.ts, server/domain/captcha.ts)
  SIGN_IN_METHOD_OFF: { status: 403, message: 'Signing in with {method} is turned off.' },
  SIGN_IN_METHOD_OFF_FOR_ACCOUNT: {
    status: 403,
    message: 'Your account does not allow signing in with {method}.',
  },
  SIGN_IN_METHODS_EMPTY: { status: 400, message: 'Keep at least one sign-in method on.' },
  SIGN_IN_NO_LOCAL_ALONE: {
    status: 400,
    message: 'NoLocalAuthentication cannot be combined with other sign-in methods.',
  },
  SIGN_IN_NO_LOCAL_PASSKEYS: {
    status: 400,
    message: 'Passkeys are a local sign-in method: turn them off with NoLocalAuthentication.',
  },
  SIGN_IN_NO_LOCAL_NEEDS_SSO: {
    status: 400,
    message: 'Set up SSO or a social login before turning local sign-in off: nobody could sign in.',
  },
  SIGN_IN_SECONDARY_UNSUPPORTED: {
    status: 400,
    message: 'Only the Passkeys secondary strategy can be turned on.',
  },
  SIGN_IN_METHOD_VENDOR_OFF: {
    status: 400,
    message: 'This sign-in method is turned off for the whole application.',
  },
  SIGN_IN_METHODS_VENDOR_ONLY: {
    status: 403,
    message: 'Only a vendor administrator can change the application-wide sign-in settings',
  },
  CAPTCHA_REQUIRED: { status: 400, message: 'Complete the captcha check.' },
  CAPTCHA_FAILED: { status: 400, message: 'The captcha check failed. Try again.' },
  CAPTCHA_UNAVAILABLE: { status: 503, message: 'The captcha check is unavailable. Try again in a moment.' },
  CAPTCHA_NEEDS_KEYS: {
    status: 400,
    message: 'A captcha policy needs a site key and a secret key to be turned on.',
  },
  CAPTCHA_VENDOR_ONLY: { status: 403, message: 'Only a vendor administrator can change the captcha policy' },
  // Roles, hierarchy and team members of the client SDK's calls
  DEFAULT_ROLE_VENDOR_ONLY: {
    status: 400,
    message: 'The default role is set by the vendor, not per account',
  },
  ROLE_PERMISSIONS_BOTH: { status: 400, message: 'Send permissions or permissionIds, not both' },
  TOO_MANY_ACCOUNTS: { status: 400, message: 'Ask for at most 200 accounts at once' },
  USER_ALREADY_ACTIVATED: { status: 400, message: 'This user has already activated their account' },
} as const;
