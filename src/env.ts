import { z } from "zod";

/** The only reader of process.env. Parsed once at boot; a bad value stops the start with a clear message. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  APP_SECRET: z.string().min(32, "APP_SECRET deve ter pelo menos 32 caracteres").optional(),
  /** Public base URL used in emailed links; defaults to http://localhost:PORT */
  APP_URL: z.url().optional(),
  PUBLIC_SITE_URL: z.string().default("/login"),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: z.enum(["true", "false"]).optional(),
  SMTP_FROM: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  /** The free plan's credits, given once per person to their first workspace (db/seed.ts sets the plan from it). */
  FREE_PLAN_CREDITS: z.coerce.number().int().min(0).default(100),
  /** Accounts one address may register per hour (free-credit farming). */
  REGISTER_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** When true, login is refused until the email is verified and register does not sign in. */
  REQUIRE_EMAIL_VERIFICATION: z.enum(["true", "false"]).default("false"),
  /** Public chat budget (denial of wallet): messages per minute per visitor and per agent. */
  PUBLIC_CHAT_VISITOR_PER_MIN: z.coerce.number().int().min(1).default(20),
  PUBLIC_CHAT_AGENT_PER_MIN: z.coerce.number().int().min(1).default(600),
  /** Embedder of training and retrieval: "offline" (local, default) or "provider" (the AI provider's /v1/embeddings). */
  EMBEDDINGS: z.enum(["offline", "provider"]).default("offline"),
  EMBEDDINGS_MODEL: z.string().default("text-embedding-3-small"),
  /** Largest document an owner may upload, in MB. */
  TRAINING_MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(200).default(20),
  /** Largest academy lesson video an admin may upload, in MB (streamed to disk, never buffered). */
  ACADEMY_VIDEO_MAX_MB: z.coerce.number().int().min(1).max(8192).default(1024),
  /** Training bounds (src/knowledge/limits.ts): what a DOCX may inflate to, text and chunks per source and workspace. */
  TRAINING_MAX_UNZIPPED_MB: z.coerce.number().int().min(1).max(1024).default(50),
  TRAINING_MAX_SOURCE_CHARS: z.coerce.number().int().min(1000).default(2_000_000),
  TRAINING_MAX_SOURCE_CHUNKS: z.coerce.number().int().min(1).default(5000),
  TRAINING_MAX_WORKSPACE_CHUNKS: z.coerce.number().int().min(1).default(50_000),
  /** Documents are read in a subprocess with this memory limit and time limit: a bad file cannot take the server down. */
  TRAINING_EXTRACT_MEMORY_MB: z.coerce.number().int().min(256).max(65_536).default(1024),
  TRAINING_EXTRACT_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(180),
  /** "false" runs background jobs on the main thread (no Worker): for constrained hosts and debugging. */
  JOBS_WORKER: z.enum(["true", "false"]).default("true"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Secure cookies: "auto" sets Secure when the request arrived over https (or X-Forwarded-Proto=https). */
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  /** With TRUST_PROXY: how many proxies append to X-Forwarded-For; the client is that many entries from the right. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  /** WhatsApp Cloud API (Meta Graph): base URL (a loopback fake in tests) and pinned version. */
  WHATSAPP_GRAPH_BASE: z.url().default("https://graph.facebook.com"),
  WHATSAPP_GRAPH_VERSION: z.string().regex(/^v\d+\.\d+$/).default("v21.0"),
  /** Telegram Bot API base URL (a loopback fake in tests). */
  TELEGRAM_API_BASE: z.url().default("https://api.telegram.org"),
  /** Instagram messaging (Graph API) base URL (a loopback fake in tests). */
  INSTAGRAM_GRAPH_BASE: z.url().default("https://graph.facebook.com"),
  INSTAGRAM_GRAPH_VERSION: z.string().regex(/^v\d+\.\d+$/).default("v21.0"),
  /** Stripe API base (a loopback fake in tests): stripe-node gets its host, port and protocol from it. */
  STRIPE_API_BASE: z.url().default("https://api.stripe.com"),
  /** Google Places API (New) base, for the Leads Hunter (a loopback fake in tests). */
  GOOGLE_PLACES_API_BASE: z.url().default("https://places.googleapis.com"),
  /** USD→BRL quote API (AwesomeAPI's GET /json/last/USD-BRL) for /admin/configuracoes/creditos (a loopback fake in tests). */
  EXCHANGE_RATE_API_BASE: z.url().default("https://economia.awesomeapi.com.br"),
  /** Messages a customer sends within this window are answered as one (a burst of short messages). */
  CHANNEL_BURST_WINDOW_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** After a person answers (inbox or the business phone), the AI stays silent this long unless handed back. */
  HUMAN_TAKEOVER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** Channel jobs (turns, sends) run this many at a time in the worker; one conversation is never run twice at once. */
  /** A running job's lease, renewed every third of it while it runs; after a crash its job runs again once this passes. */
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  CHANNEL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /**
   * Tests and demos only: campaigns run on a simulated clock, "2026-11-23T10:00:00-03:00@60" = starts
   * at that instant and runs 60× faster (src/services/campaigns/clock.ts). Unset: the real clock.
   */
  CAMPAIGN_CLOCK: z
    .string()
    .regex(/^[0-9T:.+\-Z]+@\d+(\.\d+)?$/, "CAMPAIGN_CLOCK: use <instante ISO>@<velocidade>")
    .optional(),
  /** How often an idle job runner looks for jobs that fell due (an enqueue wakes it at once). */
  JOB_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(300),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Parsed once per process: zod's eval-compiled fast path would cost more to build than it saves.
  const parsed = envSchema.safeParse(source, { jitless: true });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
