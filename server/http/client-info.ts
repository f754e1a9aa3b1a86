/** Who is calling: the user agent and IP that sessions and audit details record. */
import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../domain/auth';

/** The client details stored with a session. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : undefined, ip: request.ip };
}
