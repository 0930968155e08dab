/**
 * The public chat's limits, without zod: the chat page (web/chat.tsx) imports them, and a module
 * that builds zod schemas at its top level would pull all of zod into the visitor's download.
 */
export const MAX_MESSAGE_CHARS = 4000;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
export const MAX_HISTORY_ITEMS = 50;
