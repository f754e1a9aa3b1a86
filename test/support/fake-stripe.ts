/**
 * A small Stripe-compatible API server for the Stripe adapter's tests (server/billing/stripe.ts):
 * Stripe's own mock server is not available here. It answers the calls the adapter makes through
 * the official `stripe` SDK, with Stripe's shapes for the fields the adapter reads, and nothing else:
 *
 * - POST /v1/customers
 * - POST /v1/setup_intents, GET /v1/setup_intents/:id, POST /v1/setup_intents/:id/confirm (what
 *   Stripe.js does in the browser; the tests call it with a test payment method: pm_card_visa,
 *   pm_card_mastercard or pm_card_chargeDeclined, the last one declined at the first charge)
 * - GET and POST /v1/payment_methods/:id (billing details)
 * - POST /v1/subscriptions, GET and POST /v1/subscriptions/:id (price change, default payment
 *   method, cancel_at_period_end; `expand[]=latest_invoice` honoured; a paid invoice per charge)
 * - the Idempotency-Key header: a POST repeated with a key answers the first answer, unchanged
 * - errors in Stripe's `{ error: { type, code, message } }` shape (card_error with 402, 404)
 *
 * Not covered: webhooks sent by the server (the tests sign events themselves with the SDK's
 * generateTestHeaderString), proration amounts, taxes, 3-D Secure, list endpoints, API versions.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, unknown>;

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
function parseForm(body: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Obj = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[i + 1]!) ? ([] as unknown as Obj) : {}) as Obj;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

const TEST_METHODS: Record<string, { brand: string; last4: string; declines: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', declines: false },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', declines: false },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0341', declines: true },
};

export interface FakeStripe {
  url: string;
  /** Every object made, by kind, and the requests seen (method and path). */
  customers: Map<string, Obj>;
  setupIntents: Map<string, Obj>;
  paymentMethods: Map<string, Obj & { declines: boolean }>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const customers = new Map<string, Obj>();
  const setupIntents = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj & { declines: boolean }>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const requests: string[] = [];

  const fail = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });
  const publicMethod = ({ declines: _declines, ...method }: Obj & { declines: boolean }) => method;

  function invoiceFor(subscription: Obj, priceId: string): Obj {
    const invoice = {
      id: id('in'),
      object: 'invoice',
      subscription: subscription.id,
      status: 'paid',
      amount_paid: 0,
      currency: 'usd',
      lines: { object: 'list', data: [{ price: { id: priceId } }] },
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }
  const withInvoice = (subscription: Obj, expand: unknown) =>
    Array.isArray(expand) && expand.includes('latest_invoice')
      ? { ...subscription, latest_invoice: invoices.get(subscription.latest_invoice as string) }
      : subscription;

  function route(method: string, path: string, form: Obj): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        name: form.name,
        email: form.email,
        metadata: form.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      if (!customers.has(String(form.customer)))
        return fail(404, 'invalid_request_error', 'No such customer', 'resource_missing');
      const intentId = id('seti');
      const intent = {
        id: intentId,
        object: 'setup_intent',
        customer: form.customer,
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        status: 'requires_payment_method',
        payment_method: null,
        usage: form.usage ?? 'off_session',
      };
      setupIntents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if ((m = /^\/v1\/setup_intents\/([^/]+)(\/confirm)?$/.exec(path))) {
      const intent = setupIntents.get(m[1]!);
      if (!intent) return fail(404, 'invalid_request_error', 'No such setupintent', 'resource_missing');
      if (method === 'GET' && !m[2]) return { status: 200, body: intent };
      if (method !== 'POST' || !m[2]) return fail(404, 'invalid_request_error', 'Unrecognized request URL');
      const test = TEST_METHODS[String(form.payment_method)];
      if (!test) return fail(400, 'invalid_request_error', 'No such PaymentMethod', 'resource_missing');
      const pm = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        customer: intent.customer,
        card: {
          brand: test.brand,
          last4: test.last4,
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 3,
        },
        billing_details: { name: null, email: null, address: null },
        declines: test.declines,
      };
      paymentMethods.set(pm.id, pm);
      Object.assign(intent, { status: 'succeeded', payment_method: pm.id });
      return { status: 200, body: intent };
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      const pm = paymentMethods.get(m[1]!);
      if (!pm) return fail(404, 'invalid_request_error', 'No such PaymentMethod', 'resource_missing');
      if (method === 'POST' && form.billing_details) {
        pm.billing_details = { ...(pm.billing_details as Obj), ...(form.billing_details as Obj) };
      }
      return { status: 200, body: publicMethod(pm) };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const items = (form.items as Obj[] | undefined) ?? [];
      const pm = paymentMethods.get(String(form.default_payment_method));
      if (!customers.has(String(form.customer)))
        return fail(404, 'invalid_request_error', 'No such customer', 'resource_missing');
      if (!pm) return fail(400, 'invalid_request_error', 'No such PaymentMethod', 'resource_missing');
      if (pm.declines) return fail(402, 'card_error', 'Your card was declined.', 'card_declined');
      const priceId = String(items[0]?.price ?? '');
      const subscription: Obj = {
        id: id('sub'),
        object: 'subscription',
        customer: form.customer,
        status: 'active',
        cancel_at_period_end: false,
        default_payment_method: pm.id,
        items: { object: 'list', data: [{ id: id('si'), price: { id: priceId } }] },
        current_period_start: now(),
      };
      subscription.latest_invoice = invoiceFor(subscription, priceId).id;
      subscriptions.set(subscription.id as string, subscription);
      return { status: 200, body: withInvoice(subscription, form.expand) };
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(m[1]!);
      if (!subscription)
        return fail(404, 'invalid_request_error', 'No such subscription', 'resource_missing');
      if (method === 'GET') return { status: 200, body: subscription };
      if (form.cancel_at_period_end !== undefined)
        subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
      if (form.default_payment_method) {
        const pm = paymentMethods.get(String(form.default_payment_method));
        if (!pm) return fail(400, 'invalid_request_error', 'No such PaymentMethod', 'resource_missing');
        if (pm.declines) return fail(402, 'card_error', 'Your card was declined.', 'card_declined');
        subscription.default_payment_method = pm.id;
      }
      const items = form.items as Obj[] | undefined;
      if (items?.[0]?.price) {
        const priceId = String(items[0].price);
        (subscription.items as { data: Obj[] }).data[0]!.price = { id: priceId };
        subscription.latest_invoice = invoiceFor(subscription, priceId).id;
      }
      return { status: 200, body: withInvoice(subscription, form.expand) };
    }
    return fail(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      request.on('data', (chunk: Buffer) => (data += chunk.toString()));
      request.on('end', () => resolve(data));
    });

  const server: Server = createServer(async (request, response) => {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    requests.push(`${method} ${url.pathname}`);
    const form = parseForm(method === 'GET' ? url.searchParams.toString() : await read(request));
    const send = ({ status, body }: { status: number; body: unknown }) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    };
    if (!/^Bearer sk_test_/.test(request.headers.authorization ?? ''))
      return send(fail(401, 'invalid_request_error', 'Invalid API Key provided'));
    const key = request.headers['idempotency-key'];
    if (method === 'POST' && typeof key === 'string') {
      const earlier = replies.get(key);
      if (earlier) return send(earlier);
      const reply = route(method, url.pathname, form);
      replies.set(key, reply);
      return send(reply);
    }
    return send(route(method, url.pathname, form));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    customers,
    setupIntents,
    paymentMethods,
    subscriptions,
    invoices,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
