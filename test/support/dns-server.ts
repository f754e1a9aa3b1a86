/**
 * A tiny authoritative DNS server for tests (UDP, 127.0.0.1): answers TXT questions from a table
 * the test fills, NXDOMAIN for names it does not know. The server validates tenants' SSO domains
 * through it (`sso.dnsServers`, SSO_DNS_SERVERS): a real lookup by Node's resolver, nothing mocked.
 * Packets are encoded and decoded by `dns-packet`.
 */
import { createSocket } from 'node:dgram';
import { decode, encode, type Answer, type Packet } from 'dns-packet';

export interface TestDnsServer {
  /** `127.0.0.1:{port}`, for `sso.dnsServers`. */
  address: string;
  port: number;
  /** TXT records by lower-case name; set, replace or delete entries at any time. */
  txt: Map<string, string[]>;
  /** Names asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

export async function startDnsServer(port = 0): Promise<TestDnsServer> {
  const socket = createSocket('udp4');
  const txt = new Map<string, string[]>();
  const asked: string[] = [];
  socket.on('message', (message, remote) => {
    let query: Packet;
    try {
      query = decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    asked.push(name);
    const values = txt.get(name);
    const answers: Answer[] =
      question.type === 'TXT' && values
        ? values.map((data) => ({ type: 'TXT', name: question.name, ttl: 1, class: 'IN', data }))
        : [];
    const response = encode({
      type: 'response',
      id: query.id,
      // Authoritative answer, recursion desired/available echoed; NXDOMAIN (rcode 3) for unknown names.
      flags: (1 << 10) | (1 << 8) | (1 << 7) | (values ? 0 : 3),
      questions: query.questions,
      answers,
    });
    socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  const bound = socket.address().port;
  return {
    address: `127.0.0.1:${bound}`,
    port: bound,
    txt,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
