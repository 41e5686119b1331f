/**
 * Configuration, read once from the environment at the edge (main.ts), validated, and passed in.
 */
import { z } from 'zod';
import { compileTrustProxy } from './http/client-ip.js';
import { productionRefusals } from './production-refusals.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  EMBEDDED_STORE_THREAD: z.enum(['worker', 'main']).default('worker'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  OPERATOR_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[A-Za-z0-9._~+/-]+=*$/, 'must be a bearer token: letters, digits and . _ ~ + / - only')
    .optional(),
  MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  DUAL_CONTROL: z.enum(['on', 'off']).optional(),
  ORDER_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  ALLOW_PRIVATE_CALLBACKS: booleanFlag.default(false),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  SANDBOX_PAYOUT_DELAY_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  DEMO_MERCHANT: booleanFlag.default(true),
  WORKER_ID: z.string().optional(),
  PAYER_RATE_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
  EVENT_STREAM_HEARTBEAT_SECONDS: z.coerce.number().min(0.1).max(300).default(20),
  CLAIM_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(90 * 86_400)
    .default(86_400),
  UNCONFIRMED_CREDIT_HOLD_HOURS: z.coerce
    .number()
    .min(0)
    .max(90 * 24)
    .optional(),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .superRefine((list, ctx) => {
      try {
        compileTrustProxy(list);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `${error instanceof Error ? error.message : String(error)} (want addresses, CIDR ranges, loopback, linklocal or uniquelocal, separated by commas)`,
        });
      }
    }),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  RESTORE_FROM: z.string().min(1).optional(),
  CONSOLE_SESSION_HOURS: z.coerce.number().positive().max(168).default(12),
  PAYOUT_DEBIT_OVERDUE_HOURS: z.coerce.number().positive().max(720).default(24),
  CLAIM_ATTENTION_MINUTES: z.coerce
    .number()
    .positive()
    .max(7 * 24 * 60)
    .default(30),
  SOURCE_SILENCE_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(7 * 24 * 60)
    .default(30),
  ALERT_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALERT_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
  RAZORPAYX_KEY_ID: z
    .string()
    .regex(/^rzp_(?:test|live)_[A-Za-z0-9]{6,40}$/, 'must be a Razorpay key id (rzp_live_… or rzp_test_…)')
    .optional(),
  RAZORPAYX_KEY_SECRET: z.string().min(8).max(200).optional(),
  RAZORPAYX_ACCOUNT_NUMBER: z
    .string()
    .regex(/^[0-9]{8,20}$/, 'must be the RazorpayX account number (digits)')
    .optional(),
  RAZORPAYX_WEBHOOK_SECRET: z.string().min(8).max(200).optional(),
  RAZORPAYX_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.razorpay.com'),
  ALLOW_INSECURE_PUBLIC_URL: booleanFlag.default(false),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(10),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(120),
});

/** The RazorpayX credentials: all of them or none (docs/decisions/0024-payout-provider.md). */
const RAZORPAYX_VARIABLES = [
  'RAZORPAYX_KEY_ID',
  'RAZORPAYX_KEY_SECRET',
  'RAZORPAYX_ACCOUNT_NUMBER',
  'RAZORPAYX_WEBHOOK_SECRET',
] as const;

export interface RazorpayxConfig {
  readonly keyId: string;
  readonly keySecret: string;
  /** Our RazorpayX account, the one payouts are debited from (not the payee's). */
  readonly accountNumber: string;
  readonly webhookSecret: string;
  readonly apiUrl: string;
}

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly publicBaseUrl: string;
  /** Production on a plain-http public URL, allowed by ALLOW_INSECURE_PUBLIC_URL: said at start. */
  readonly insecurePublicUrl: boolean;
  /** DATA_DIR: the embedded store, its lock and the sandbox operator token; created when missing. */
  readonly dataDir: string;
  readonly store:
    | { readonly kind: 'pglite'; readonly dataDir: string; readonly thread: 'worker' | 'main' }
    | { readonly kind: 'postgres'; readonly url: string };
  readonly operatorToken: string | undefined;
  readonly mode: 'sandbox' | 'production';
  readonly orderTtlSeconds: number;
  readonly allowPrivateCallbacks: boolean;
  /** 32-byte key that seals merchants' API secrets at rest. */
  readonly secretKey: Buffer;
  readonly sandboxPayoutDelaySeconds: number;
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  readonly demoMerchant: boolean;
  readonly workerId: string;
  /** Multiplies the burst and refill rate of the per-IP payer limits (benchmarks from one address). */
  readonly payerRateLimitScale: number;
  /** Seconds between the payer event streams' heartbeat comments (benchmarks shorten it). */
  readonly eventStreamHeartbeatSeconds: number;
  /** A processing collection with no matching credit fails this long after its expiry. */
  readonly claimGraceSeconds: number;
  /**
   * UNCONFIRMED_CREDIT_HOLD_HOURS: how long the money of a credit known only from a bank's text
   * (SMS, e-mail) stays pending when no statement line confirms it (24 h in production, 0 in sandbox).
   */
  readonly unconfirmedCreditHoldSeconds: number;
  /**
   * Manual money actions wait for a second operator (docs/money-controls.md, Approvals): on in
   * production unless DUAL_CONTROL=off, off in sandbox unless DUAL_CONTROL=on.
   */
  readonly dualControl: boolean;
  /** Trusted proxies (TRUST_PROXY); empty: proxy headers are ignored. */
  readonly trustProxy: readonly string[];
  /** When set, /metrics is served there (on metricsHost) and not on the main port. */
  readonly metricsPort: number | undefined;
  readonly metricsHost: string;
  /** Service processes on one port (node:cluster); more than one needs PostgreSQL. */
  readonly workers: number;
  /** A backup file to start an empty embedded store from (RESTORE_FROM). */
  readonly restoreFrom: string | undefined;
  /** How long an operator console session lasts after sign-in (absolute, not sliding). */
  readonly consoleSessionSeconds: number;
  /** A bank-file payout uploaded this long ago with no debit on a statement is listed for operators. */
  readonly payoutDebitOverdueSeconds: number;
  /** A claimed UTR that no bank credit names this long after the claim is listed for operators. */
  readonly claimAttentionSeconds: number;
  /** An SMS source expected to be active with no text or heartbeat this long is silent. */
  readonly sourceSilenceSeconds: number;
  /** Where silent and recovered credit sources are announced, signed with its secret (notify/alert-webhook.ts). */
  readonly alertWebhook: { readonly url: string; readonly secret: string } | undefined;
  /** RazorpayX Payouts, when its credentials are set. */
  readonly razorpayx: RazorpayxConfig | undefined;
  /** A connection whose whole header has not arrived in this time is closed (http/http-server.ts). */
  readonly headersTimeoutMs: number;
  /** A request whose body has not arrived in this time is answered 408 and closed. */
  readonly requestTimeoutMs: number;
}

/** Used only in sandbox mode when SECRET_KEY is unset; production refuses to start without one. */
const SANDBOX_SECRET_KEY = '73616e64626f782d6f6e6c792d6b65792d6e6f742d666f722d70726f64756374';

export type ConfigResult =
  | { readonly ok: true; readonly config: Config }
  | { readonly ok: false; readonly errors: string[] };

export function loadConfig(env: Readonly<Record<string, string | undefined>>): ConfigResult {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    };
  }
  const e = parsed.data;
  const errors: string[] = [];
  if (Boolean(e.ALERT_WEBHOOK_URL) !== Boolean(e.ALERT_WEBHOOK_SECRET)) {
    errors.push('ALERT_WEBHOOK_URL and ALERT_WEBHOOK_SECRET: set both or neither');
  }
  if (e.MODE === 'production') {
    if (!e.SECRET_KEY) errors.push('SECRET_KEY: required in production mode');
    if (!e.OPERATOR_TOKEN) errors.push('OPERATOR_TOKEN: required in production mode');
    if (!e.PUBLIC_BASE_URL) errors.push('PUBLIC_BASE_URL: required in production mode');
    if (e.ALLOW_PRIVATE_CALLBACKS) errors.push('ALLOW_PRIVATE_CALLBACKS: not allowed in production mode');
    if (e.SECRET_KEY && e.OPERATOR_TOKEN && e.PUBLIC_BASE_URL) {
      errors.push(
        ...productionRefusals({
          operatorToken: e.OPERATOR_TOKEN,
          secretKeyHex: e.SECRET_KEY,
          publicBaseUrl: e.PUBLIC_BASE_URL,
          allowInsecurePublicUrl: e.ALLOW_INSECURE_PUBLIC_URL,
          sandboxSecretKeyHex: SANDBOX_SECRET_KEY,
        }),
      );
    }
  }
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    errors.push('WORKERS: more than 1 needs DATABASE_URL (the embedded store allows one process)');
  if (e.RESTORE_FROM && e.DATABASE_URL)
    errors.push('RESTORE_FROM: only for the embedded store; restore PostgreSQL with pg_restore');
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
    errors.push('METRICS_PORT: must differ from PORT');
  const razorpayxSet = RAZORPAYX_VARIABLES.filter((name) => e[name] !== undefined);
  if (razorpayxSet.length > 0 && razorpayxSet.length < RAZORPAYX_VARIABLES.length) {
    const missing = RAZORPAYX_VARIABLES.filter((name) => e[name] === undefined);
    errors.push(
      `${missing.join(', ')}: required with ${razorpayxSet.join(', ')} (set all RazorpayX credentials or none)`,
    );
  }
  if (e.REQUEST_TIMEOUT_SECONDS < e.HEADERS_TIMEOUT_SECONDS)
    errors.push(
      'REQUEST_TIMEOUT_SECONDS: must not be below HEADERS_TIMEOUT_SECONDS (a request includes its header)',
    );
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      insecurePublicUrl:
        e.MODE === 'production' &&
        e.PUBLIC_BASE_URL !== undefined &&
        new URL(e.PUBLIC_BASE_URL).protocol === 'http:',
      dataDir: e.DATA_DIR.replace(/\/+$/, '') || '/',
      store: e.DATABASE_URL
        ? { kind: 'postgres', url: e.DATABASE_URL }
        : {
            kind: 'pglite',
            dataDir: `${e.DATA_DIR.replace(/\/+$/, '')}/pglite`,
            thread: e.EMBEDDED_STORE_THREAD,
          },
      operatorToken: e.OPERATOR_TOKEN,
      mode: e.MODE,
      orderTtlSeconds: e.ORDER_TTL_SECONDS,
      allowPrivateCallbacks: e.ALLOW_PRIVATE_CALLBACKS,
      secretKey: Buffer.from(e.SECRET_KEY ?? SANDBOX_SECRET_KEY, 'hex'),
      sandboxPayoutDelaySeconds: e.SANDBOX_PAYOUT_DELAY_SECONDS,
      logLevel: e.LOG_LEVEL,
      demoMerchant: e.DEMO_MERCHANT && e.MODE === 'sandbox',
      workerId: e.WORKER_ID ?? `${process.pid}`,
      payerRateLimitScale: e.PAYER_RATE_LIMIT_SCALE,
      eventStreamHeartbeatSeconds: e.EVENT_STREAM_HEARTBEAT_SECONDS,
      claimGraceSeconds: e.CLAIM_GRACE_SECONDS,
      unconfirmedCreditHoldSeconds: Math.round(
        (e.UNCONFIRMED_CREDIT_HOLD_HOURS ?? (e.MODE === 'production' ? 24 : 0)) * 3600,
      ),
      dualControl: e.DUAL_CONTROL === undefined ? e.MODE === 'production' : e.DUAL_CONTROL === 'on',
      trustProxy: e.TRUST_PROXY,
      metricsPort: e.METRICS_PORT,
      metricsHost: e.METRICS_HOST,
      workers: e.WORKERS,
      restoreFrom: e.RESTORE_FROM,
      consoleSessionSeconds: Math.round(e.CONSOLE_SESSION_HOURS * 3600),
      payoutDebitOverdueSeconds: Math.round(e.PAYOUT_DEBIT_OVERDUE_HOURS * 3600),
      claimAttentionSeconds: Math.round(e.CLAIM_ATTENTION_MINUTES * 60),
      sourceSilenceSeconds: Math.round(e.SOURCE_SILENCE_MINUTES * 60),
      alertWebhook:
        e.ALERT_WEBHOOK_URL && e.ALERT_WEBHOOK_SECRET
          ? { url: e.ALERT_WEBHOOK_URL, secret: e.ALERT_WEBHOOK_SECRET }
          : undefined,
      razorpayx:
        e.RAZORPAYX_KEY_ID &&
        e.RAZORPAYX_KEY_SECRET &&
        e.RAZORPAYX_ACCOUNT_NUMBER &&
        e.RAZORPAYX_WEBHOOK_SECRET
          ? {
              keyId: e.RAZORPAYX_KEY_ID,
              keySecret: e.RAZORPAYX_KEY_SECRET,
              accountNumber: e.RAZORPAYX_ACCOUNT_NUMBER,
              webhookSecret: e.RAZORPAYX_WEBHOOK_SECRET,
              apiUrl: e.RAZORPAYX_API_URL.replace(/\/+$/, ''),
            }
          : undefined,
      headersTimeoutMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
      requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
    },
  };
}
