/** The account, audit-log and portal-configuration pages' texts: sections of ./en-portal.ts. */
// The vendor's own page (a vendor super user only): which pages tenants see, and the flags that gate them.
export const portalPortalConfigurationTexts = {
  description:
    'Choose which pages the portal shows to the accounts of your application, and turn on the feature flags that gate pages. Only vendor administrators see this page.',
  pagesTitle: 'Pages',
  pagesIntro:
    'Always: every member sees the page. By permissions: only members whose role holds the page’s permission. Hidden: nobody.',
  visibilities: { always: 'Always', byPermissions: 'By permissions', hidden: 'Hidden' },
  needsFlag: (flag: string) => `Shown only while the flag ${flag} is on.`,
  savePages: 'Save page visibility',
  pagesSaved: 'Page visibility saved.',
  nothingChanged: 'Nothing changed.',
  flagsTitle: 'Feature flags',
  flagsIntro: 'A flag turned on here is on for every account and user.',
  gates: (what: string) => `Gates: ${what}`,
  customLoginTab: 'the Account page’s custom-login tab',
  flagOn: 'On',
  flagOff: 'Off',
  flagSaved: (flag: string, on: boolean) => `${flag} turned ${on ? 'on' : 'off'}.`,
  loadFailed: 'The portal configuration could not be loaded.',
};

export const portalAccountSettingsTexts = {
  settingsTab: 'Settings',
  companyName: 'Company name',
  address: 'Address',
  website: 'Website',
  websiteHint: 'Starts with https:// or http://',
  timezone: 'Time zone',
  timezoneUnset: 'Not set',
  currency: 'Currency',
  save: 'Save changes',
  saved: 'Your account settings were saved.',
  noChanges: 'No changes to update',
  nameRequired: 'Enter the company name.',
  websiteInvalid: 'Enter a web address that starts with https:// or http://.',
  loadFailed: 'The account settings could not be loaded.',
};

export const portalCustomLoginTexts = {
  tab: 'Custom login',
  intro: 'Give this account its own sign-in address.',
  enabled: 'Use a custom login for this account',
  alias: 'Login alias',
  aliasHint: '3 to 40 lowercase letters, digits and dashes',
  aliasInvalid: 'Use 3 to 40 lowercase letters, digits and single dashes.',
  aliasRequired: 'Choose a login alias to turn custom login on.',
  address: (url: string) => `Sign-in address: ${url}`,
  save: 'Save custom login',
  saved: 'Your custom login was saved.',
  loadFailed: 'The custom login settings could not be loaded.',
};

export const portalAuditsTexts = {
  description:
    'Every security-relevant event in this account: sign-ins, changes to members, roles, policies, restrictions and tokens.',
  stats: 'Audit log summary',
  totalToday: 'Events today',
  severeThisWeek: 'Severe events this week',
  statsFailed: 'The summary could not be loaded.',
  search: 'Search',
  filtersLabel: 'Filters',
  filters: { email: 'User', action: 'Action', ip: 'IP address', severity: 'Severity', createdAt: 'Date' },
  anySeverity: 'Any severity',
  clearFilters: 'Clear filters',
  total: (count: number) => (count === 1 ? '1 event' : `${count.toLocaleString('en')} events`),
  /** The total past the server's count limit (AUDIT_COUNT_LIMIT). */
  totalMany: '10,000+ events',
  empty: 'No events yet.',
  noMatch: 'No events match these filters.',
  loadFailed: 'The audit log could not be loaded.',
  pagination: 'Audit log pages',
  details: 'Details',
  detailsOf: (action: string, time: string) => `Details of ${action}, ${time}`,
  detailsTitle: 'Event details',
  noDetails: 'No further details.',
  export: 'Export CSV',
  exporting: 'Exporting…',
  exported: 'audits.csv was downloaded.',
  exportFailed: 'The export failed.',
  severities: { Info: 'Info', Medium: 'Medium', High: 'High', Critical: 'Critical' } as Record<
    string,
    string
  >,
};
