// CPU time per request for the server-load bench (issue 27): what the server process (and its
// cluster workers), the database's backends and the load client itself spent over one figure,
// from /proc (Linux only; elsewhere the figures are left out). CPU per request varies much less
// with a busy machine's load than requests per second do.
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of `pid` in ms; 0 once it is gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields after it start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** `pid` and its descendants (cluster workers). */
function withDescendants(pid: number): number[] {
  const found = [pid];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) found.push(...withDescendants(Number(child)));
    }
  } catch {
    // gone meanwhile
  }
  return found;
}

export const cpuAccountingAvailable = (() => {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
})();

export interface CpuSources {
  /** The server's process id (its cluster workers are found below it). */
  server: number;
  /** The process ids of the database backends serving the bench's database, now. */
  databaseBackends: () => Promise<number[]>;
}

export interface CpuPerRequest {
  server: number;
  database: number;
  client: number;
}

/** Starts counting; `stop(requests)` answers the CPU ms per request of each side. */
export async function startCpuCount(sources: CpuSources) {
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + processCpuMs(pid), 0);
  const serverPids = withDescendants(sources.server);
  const backendsBefore = await sources.databaseBackends();
  const server0 = sum(serverPids);
  const db0 = new Map(backendsBefore.map((pid) => [pid, processCpuMs(pid)]));
  const client0 = process.cpuUsage();
  return async (requests: number): Promise<CpuPerRequest> => {
    const client = process.cpuUsage(client0);
    const server = sum(serverPids) - server0;
    // Backends opened during the figure count from 0; those that closed are lost (pools keep theirs).
    const backends = await sources.databaseBackends();
    const database = backends.reduce((total, pid) => total + processCpuMs(pid) - (db0.get(pid) ?? 0), 0);
    const per = (ms: number) => (requests ? ms / requests : NaN);
    return {
      server: per(server),
      database: per(database),
      client: per((client.user + client.system) / 1000),
    };
  };
}
