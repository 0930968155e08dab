/**
 * "Chrome 131 · Windows" from a User-Agent, for the request's meta on /admin/suporte/{id} (the full
 * header stays beside it). Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
 */
const BROWSERS: [string, RegExp][] = [
  ["Edge", /Edg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /OPR\/(\d+)/],
  ["Firefox", /(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /(?:Chrome|CriOS)\/(\d+)/],
  ["Safari", /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];
const SYSTEMS: [string, RegExp][] = [
  ["Android", /Android/],
  ["iOS", /iPhone|iPad|iPod/],
  ["Windows", /Windows/],
  ["macOS", /Mac OS X|Macintosh/],
  ["ChromeOS", /CrOS/],
  ["Linux", /Linux/],
];

export function browserLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.map(([name, re]) => [name, re.exec(userAgent)?.[1]] as const).find(([, v]) => v);
  const system = SYSTEMS.find(([, re]) => re.test(userAgent))?.[0];
  const parts = [browser ? `${browser[0]} ${browser[1]}` : null, system ?? null].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}
