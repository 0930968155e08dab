/**
 * Bun closes a connection idle for 10 s by default. A server-sent-events response may be quiet
 * longer than that (a slow model before its first words, an inbox with nothing new), so it opts out
 * for that request; heartbeats or the end of the answer bound it.
 */
export function keepOpen(server: unknown, req: Request) {
  const s = server as { timeout?: (r: Request, seconds: number) => void } | null;
  if (s && typeof s.timeout === "function") s.timeout(req, 0);
}
