import { useEffect, useRef, useState } from "react";

const mmss = (ms: number) => {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
};

/**
 * The time left of a limited attempt; at zero it calls onExpire once (the page submits what is marked).
 * The server holds the real deadline: this clock only warns.
 */
export function QuizTimer({ deadline, onExpire }: { deadline: number; onExpire: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef(false);
  const left = deadline - now;
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  useEffect(() => {
    if (left <= 0 && !fired.current) {
      fired.current = true;
      onExpire();
    }
  }, [left, onExpire]);
  const urgent = left < 60_000;
  return (
    <div role="timer" aria-label="Tempo restante" className={`badge badge-lg gap-1 tabular-nums ${urgent ? "badge-error" : "badge-neutral"}`}>
      Tempo restante: {mmss(left)}
    </div>
  );
}
