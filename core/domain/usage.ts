/**
 * The account's usage (issue 28 item 3; spec 001 §2 names the page "usage", §6 its permission
 * fe.usage.read, §2 its flag fe-usage-page, and nothing more; the client SDK 3.1.18 has no usage
 * call). What a tenant admin asks of it, from what the server records: members (seats), members who
 * signed in over the last 30 days, API tokens (the account's and its members' personal ones),
 * sub-accounts below the account, and sign-ins per day. Read once for both backends over the
 * storage port (`usageOver`): counts, one statement each. A sign-in is what the
 * audit log records as one (core/contract/routes/descriptor.ts `signIn`), so the page and the audit
 * log agree.
 */
import { signIn } from '../contract/routes/descriptor';
import { AUDITS } from './audit-log';
import { API_TOKENS } from './group-token-tables';
import { MEMBERSHIPS } from './membership-tables';
import { between, from, inRows, oneOf, stamp, type Tables } from './tables';
import { TENANTS } from './tenant-tables';

/** How many days the page looks back (today, UTC, included). */
const USAGE_WINDOW_DAYS = 30;

/** The audit log's action of a successful sign-in, which the sign-in counts read. */
const SIGN_IN_ACTION = signIn('any').action;

export interface UsageCounts {
  members: number;
  /** Members with a sign-in into the account since the window's start. */
  activeMembers: number;
  accountApiTokens: number;
  personalApiTokens: number;
  /** Accounts below this one, at any depth. */
  subAccounts: number;
}

export interface UsageRepository {
  counts(tenantId: string, since: Date): Promise<UsageCounts>;
  /** Sign-ins into the account since `since`, by UTC day (`YYYY-MM-DD`); days without any left out. */
  signInsByDay(tenantId: string, since: Date): Promise<Array<{ date: string; count: number }>>;
}

export interface UsageAnswer {
  windowDays: number;
  members: number;
  activeMembers: number;
  apiTokens: { account: number; personal: number };
  subAccounts: number;
  /** One entry a day, oldest first, ending today (UTC); 0 on a day without sign-ins. */
  signInsPerDay: Array<{ date: string; count: number }>;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The usage of `tenantId` as of `now`. */
export async function readUsage(repo: UsageRepository, tenantId: string, now: Date): Promise<UsageAnswer> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (USAGE_WINDOW_DAYS - 1) * DAY_MS);
  const [counts, byDay] = await Promise.all([
    repo.counts(tenantId, since),
    repo.signInsByDay(tenantId, since),
  ]);
  const found = new Map(byDay.map((d) => [d.date, d.count]));
  const signInsPerDay = Array.from({ length: USAGE_WINDOW_DAYS }, (_, i) => {
    const date = dayOf(since.getTime() + i * DAY_MS);
    return { date, count: found.get(date) ?? 0 };
  });
  return {
    windowDays: USAGE_WINDOW_DAYS,
    members: counts.members,
    activeMembers: counts.activeMembers,
    apiTokens: { account: counts.accountApiTokens, personal: counts.personalApiTokens },
    subAccounts: counts.subAccounts,
    signInsPerDay,
  };
}

/** The ids of the live accounts below `rootId`, at any depth: one read a level. */
async function accountsBelow(tables: Tables, rootId: string): Promise<string[]> {
  const below: string[] = [];
  let level = [rootId];
  while (level.length > 0) {
    const children = await tables
      .of(TENANTS)
      .rows({ where: { parentTenantId: oneOf(level), deletedAt: null } });
    level = children.map((t) => t.id).filter((id) => id !== rootId && !below.includes(id));
    below.push(...level);
  }
  return below;
}

/** The usage's reads over `tables`, the same on both backends. */
export function usageOver(tables: Tables): UsageRepository {
  const signIns = (tenantId: string) => ({ tenantId, action: SIGN_IN_ACTION });
  const tokens = (tenantId: string, type: 'tenant' | 'user') =>
    tables.of(API_TOKENS).count({ where: { tenantId, type } });
  return {
    async counts(tenantId, since) {
      // Active: a current member with a sign-in recorded in this account since `since`.
      const [members, active, accountApiTokens, personalApiTokens, below] = await Promise.all([
        tables.of(MEMBERSHIPS).count({ where: { tenantId } }),
        tables.of(AUDITS).countBy('actorUserId', {
          where: {
            ...signIns(tenantId),
            createdAt: from(stamp(since.getTime())),
            actorUserId: inRows(MEMBERSHIPS, 'userId', { tenantId }),
          },
        }),
        tokens(tenantId, 'tenant'),
        tokens(tenantId, 'user'),
        accountsBelow(tables, tenantId),
      ]);
      return {
        members,
        activeMembers: active.size,
        accountApiTokens,
        personalApiTokens,
        subAccounts: below.length,
      };
    },
    async signInsByDay(tenantId, since) {
      // A count a day of the window (the audits' index by account and time), days without any left out.
      const days = Array.from({ length: USAGE_WINDOW_DAYS }, (_, i) => since.getTime() + i * DAY_MS);
      const counts = await Promise.all(
        days.map((start) =>
          tables.of(AUDITS).count({
            where: { ...signIns(tenantId), createdAt: between(stamp(start), stamp(start + DAY_MS)) },
          }),
        ),
      );
      return days.flatMap((start, i) => (counts[i] ? [{ date: dayOf(start), count: counts[i] }] : []));
    },
  };
}
