/**
 * English texts of the audit log page's streams section (issue 28 item 16). They load with the
 * page's chunk and join the dictionary as the `auditStreams` section: a host overrides them like any
 * other section (`{ auditStreams: { title: '...' } }`).
 */
import { registerLazyTexts } from './localize';

export const auditStreams = {
  title: 'Audit streams',
  intro:
    'Send every new event of this audit log to your own security tools as it happens: an https address that receives one signed JSON body per event.',
  add: 'Add stream',
  empty: 'No streams yet.',
  list: 'List of audit streams',
  loadFailed: 'The audit streams could not be loaded.',
  columns: { name: 'Name', url: 'Address', format: 'Format', state: 'Status' },
  formats: {
    json: 'Generic JSON',
    'splunk-hec': 'Splunk HTTP Event Collector',
    datadog: 'Datadog logs',
  } as Record<string, string>,
  states: { active: 'Active', paused: 'Paused' } as Record<string, string>,
  failing: (since: string) => `Failing since ${since}`,
  actions: (name: string) => `Actions for ${name}`,
  actionsColumn: 'Actions',
  pause: 'Pause',
  resume: 'Resume',
  log: 'Delivery log',
  backfill: 'Back-fill',
  remove: 'Delete',
  removeTitle: 'Delete this stream?',
  removeBody: (name: string) =>
    `${name} stops receiving events at once, and its waiting events and delivery log are deleted.`,
  removing: 'Deleting…',
  addTitle: 'Add an audit stream',
  name: 'Name',
  nameRequired: 'Enter a name.',
  url: 'Receiver address',
  urlHint:
    'An https address. Splunk: …/services/collector/event. Datadog: https://http-intake.logs.datadoghq.com/api/v2/logs.',
  urlInvalid: 'Enter an https address.',
  format: 'Format',
  token: 'Collector token',
  tokenHint:
    'Sent as the Splunk or Datadog key, or as a bearer token. It is stored encrypted and never shown again.',
  tokenRequired: 'This format needs the collector token.',
  adding: 'Adding…',
  secretTitle: 'Stream added',
  secretBody:
    'Every body is signed with this secret (header x-audit-stream-signature). Copy it now: it is not shown again.',
  secret: 'Signing secret',
  copySecret: 'Copy the signing secret',
  done: 'Done',
  logTitle: (name: string) => `Delivery log of ${name}`,
  counts: (pending: number, delivered: number, failed: number) =>
    `${pending} waiting, ${delivered} delivered, ${failed} given up.`,
  logEmpty: 'Nothing was sent yet.',
  logColumns: { time: 'Time', event: 'Event', attempt: 'Attempt', result: 'Result' },
  delivered: (status: number) => `Delivered (${status})`,
  failedWith: (status: number) => (status ? `Failed (${status})` : 'No answer'),
  notSent: 'Not sent',
  body: 'Body',
  demoNote:
    'Demo mode cannot send anything over the network: a back-fill records here the body each event would carry.',
  backfillTitle: (name: string) => `Back-fill ${name}`,
  backfillBody:
    'Send this account’s events again from a date: the oldest first, each with its own idempotency key, so a receiver that already has one can skip it.',
  from: 'From',
  fromInvalid: 'Choose a date in the past.',
  backfilling: 'Queueing…',
  queued: (count: number) => `${count} ${count === 1 ? 'event' : 'events'} queued.`,
  close: 'Close',
  logPagination: 'Delivery log pages',
};

registerLazyTexts({ auditStreams });
