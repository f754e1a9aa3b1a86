/**
 * Texts of the admin portal's shell and its personal and team pages, in English. They load with
 * `<auth-admin-portal>`, not with the sign-in page (the login box's size budget), and join the page's
 * dictionary as the `portal` section when they load: a host overrides them like any other section
 * (`{ portal: { users: { next: '...' } } }`), before or after the portal loads (./localize.ts).
 */
import {
  portalPictureTexts,
  portalVerifiedPhoneTexts,
  portalPasswordTexts,
  portalSessionsTexts,
} from './en-portal-profile';
import {
  portalPortalConfigurationTexts,
  portalAccountSettingsTexts,
  portalCustomLoginTexts,
  portalAuditsTexts,
} from './en-portal-account';
import { portalSecurityTexts } from './en-portal-security';
import { portalUsersTexts, portalSubAccountsTexts } from './en-portal-team';
import { registerLazyTexts } from './localize';

export const enPortal = {
  portal: {
    title: 'Account settings',
    profileTitle: 'Profile',
    signInFirst: 'Sign in to manage your account.',
    signIn: 'Sign in',
    name: 'Name',
    email: 'Email',
    account: 'Account',
    roles: 'Roles',
    navLabel: 'Account settings sections',
    openMenu: 'Menu',
    pageTitles: {
      profile: 'Profile',
      privacy: 'Privacy & security',
      account: 'Account',
      users: 'Users',
      groups: 'Groups',
      roles: 'Roles',
      personalApiTokens: 'Personal API tokens',
      apiTokens: 'API tokens',
      security: 'Security',
      sso: 'Single sign-on',
      provisioning: 'Provisioning',
      audits: 'Audit logs',
      securityCenter: 'Security centre',
      webhooks: 'Webhooks',
      usage: 'Usage',
      subscriptions: 'Subscriptions',
      allAccounts: 'All accounts',
      portalConfiguration: 'Portal configuration',
    },
    portalConfiguration: portalPortalConfigurationTexts,
    pageLoadFailed: 'This page could not be loaded. Check your connection and try again.',
    retry: 'Try again',
    noPermission: "You don't have permission to see this page. Ask an administrator of your account.",
    phoneNumber: 'Phone number',
    address: 'Address',
    jobTitle: 'Job title',
    save: 'Save changes',
    saving: 'Saving…',
    saved: 'Your profile was saved.',
    nameRequired: 'Enter your name.',
    phoneInvalid: 'Enter a phone number with digits, spaces, +, -, ( or ) only.',
    tooLong: (max: number) => `Use at most ${max} characters.`,
    picture: portalPictureTexts,
    verifiedPhone: portalVerifiedPhoneTexts,
    password: portalPasswordTexts,
    sessions: portalSessionsTexts,
    accountSettings: portalAccountSettingsTexts,
    users: portalUsersTexts,
    subAccounts: portalSubAccountsTexts,
    customLogin: portalCustomLoginTexts,
    audits: portalAuditsTexts,
    security: portalSecurityTexts,
    tabsLabel: 'Account sections',
    viewOnly: 'View only',
  },
} as const;

registerLazyTexts(enPortal);
