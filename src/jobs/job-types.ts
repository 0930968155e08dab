/**
 * The name of every durable job type, in a module that imports nothing: /api/v1/health asks the
 * queue about these types at every probe, and importing them from their handlers would load the
 * whole app at start (issue 12: start time, idle RSS). The runner's handler table is keyed by
 * exactly this list (test/job-types.test.ts). Each domain re-exports its own name.
 */
export const TRAIN_JOB = "train-source";
export const CHANNEL_INBOUND_JOB = "channel-inbound";
export const CHANNEL_REPLY_JOB = "channel-reply";
export const CHANNEL_OUTBOX_JOB = "channel-outbox";
export const FOLLOW_UP_JOB = "channel-follow-up";
export const CHANNEL_SEND_JOB = "channel-send";
export const CONTACT_IMPORT_JOB = "contact-import";
export const STRIPE_EVENT_JOB = "stripe-event";
export const CAMPAIGN_TICK_JOB = "campaign-tick";
export const LEAD_SEARCH_JOB = "lead-search";
export const VALIDATION_JOB = "validation-run";
export const TURN_INSIGHTS_JOB = "turn-insights";
export const CONVERSATION_SUMMARY_JOB = "conversation-summary";
export const HANDOFF_TIMEOUT_JOB = "handoff-timeout";
export const LESSON_VIDEO_JOB = "academy-lesson-video";

export const JOB_TYPES: readonly string[] = [
  TRAIN_JOB,
  CHANNEL_INBOUND_JOB,
  CHANNEL_REPLY_JOB,
  CHANNEL_OUTBOX_JOB,
  FOLLOW_UP_JOB,
  CHANNEL_SEND_JOB,
  CONTACT_IMPORT_JOB,
  STRIPE_EVENT_JOB,
  CAMPAIGN_TICK_JOB,
  LEAD_SEARCH_JOB,
  VALIDATION_JOB,
  TURN_INSIGHTS_JOB,
  CONVERSATION_SUMMARY_JOB,
  HANDOFF_TIMEOUT_JOB,
  LESSON_VIDEO_JOB,
];
