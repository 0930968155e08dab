/**
 * Address and host-name classification for safe-fetch: which IPs and names a server-side fetch of a
 * user URL must never reach. Returns a short English reason (for logs) or null when the target is
 * public. IPv6 is allowed only inside global unicast 2000::/3; addresses that embed an IPv4
 * (mapped, compatible, NAT64, 6to4) are judged by the IPv4 they carry.
 */
import { isIPv4, isIPv6 } from "node:net";

type Range = { bytes: number[]; prefix: number; reason: string };

function cidr4(spec: string, reason: string): Range {
  const [ip = "", len = "32"] = spec.split("/");
  return { bytes: ip.split(".").map(Number), prefix: Number(len), reason };
}

// Order matters: the first match names the reason, so narrow ranges come before the wide ones.
const V4_BLOCKED: Range[] = [
  cidr4("169.254.169.254/32", "metadata"),
  cidr4("255.255.255.255/32", "broadcast"),
  cidr4("0.0.0.0/8", "this-network"),
  cidr4("10.0.0.0/8", "private"),
  cidr4("100.64.0.0/10", "cgnat"),
  cidr4("127.0.0.0/8", "loopback"),
  cidr4("169.254.0.0/16", "link-local"),
  cidr4("172.16.0.0/12", "private"),
  cidr4("192.0.0.0/24", "ietf-protocol"),
  cidr4("192.0.2.0/24", "documentation"),
  cidr4("192.88.99.0/24", "6to4-relay"),
  cidr4("192.168.0.0/16", "private"),
  cidr4("198.18.0.0/15", "benchmarking"),
  cidr4("198.51.100.0/24", "documentation"),
  cidr4("203.0.113.0/24", "documentation"),
  cidr4("224.0.0.0/4", "multicast"),
  cidr4("240.0.0.0/4", "reserved"),
];

function inRange(bytes: ArrayLike<number>, r: Range): boolean {
  let bits = r.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((r.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** 16 bytes of an IPv6 address (dotted tail allowed); null if it is not one. Zone ids are dropped. */
export function parseIPv6(input: string): Uint8Array | null {
  const text = input.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!isIPv6(text)) return null;
  let head = text;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = dotted[1].split(".").map(Number);
    tail.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
    head = text.slice(0, -dotted[1].length);
    if (head.endsWith(":") && !head.endsWith("::")) head = head.slice(0, -1);
  }
  const [left = "", right] = head.split("::");
  const parse = (s: string) => (s ? s.split(":").map((h) => Number.parseInt(h, 16)) : []);
  const l = parse(left);
  const r = [...parse(right ?? ""), ...tail];
  const fill = right === undefined ? [] : new Array(8 - l.length - r.length).fill(0);
  const words = right === undefined ? [...l, ...tail] : [...l, ...fill, ...r];
  if (words.length !== 8) return null;
  const out = new Uint8Array(16);
  words.forEach((w, i) => {
    out[i * 2] = w >> 8;
    out[i * 2 + 1] = w & 0xff;
  });
  return out;
}

const v6 = (hex: string, prefix: number, reason: string): Range => {
  const b = parseIPv6(hex);
  if (!b) throw new Error(`bad range ${hex}`);
  return { bytes: [...b], prefix, reason };
};

// IPv6 ranges whose last 32 bits (or bits 16..48 for 6to4) are an IPv4 address to judge instead.
const V6_EMBEDDING: { range: Range; at: number }[] = [
  { range: v6("::ffff:0:0", 96, "ipv4-mapped"), at: 12 },
  { range: v6("::ffff:0:0:0", 96, "ipv4-translated"), at: 12 },
  { range: v6("::", 96, "ipv4-compatible"), at: 12 },
  { range: v6("64:ff9b::", 96, "nat64"), at: 12 },
  { range: v6("2002::", 16, "6to4"), at: 2 },
];

const V6_BLOCKED: Range[] = [
  v6("fd00:ec2::254", 128, "metadata"),
  v6("64:ff9b:1::", 48, "nat64-local"),
  v6("2001::", 23, "ietf-protocol"),
  v6("2001:db8::", 32, "documentation"),
  v6("3fff::", 20, "documentation"),
  v6("fc00::", 7, "private"),
  v6("fe80::", 10, "link-local"),
  v6("fec0::", 10, "site-local"),
  v6("ff00::", 8, "multicast"),
];
const V6_GLOBAL = v6("2000::", 3, "global");

function classifyV4Bytes(b: ArrayLike<number>): string | null {
  return V4_BLOCKED.find((r) => inRange(b, r))?.reason ?? null;
}

/** Why this IP literal must not be fetched, or null if it is a public address. */
export function blockedAddressReason(ip: string): string | null {
  if (isIPv4(ip)) return classifyV4Bytes(ip.split(".").map(Number));
  const b = parseIPv6(ip);
  if (!b) return "not-an-ip";
  if (b.every((x, i) => x === (i === 15 ? 1 : 0))) return "loopback";
  for (const { range, at } of V6_EMBEDDING) {
    if (!inRange(b, range)) continue;
    const inner = classifyV4Bytes(b.subarray(at, at + 4));
    return inner ? `${range.reason}:${inner}` : null;
  }
  const hit = V6_BLOCKED.find((r) => inRange(b, r));
  if (hit) return hit.reason;
  return inRange(b, V6_GLOBAL) ? null : "reserved";
}

/** True when `host` (no brackets) is an IP literal. */
export const isIpLiteral = (host: string) => isIPv4(host) || isIPv6(host.replace(/%.*$/, ""));

const METADATA_NAMES = new Set(["metadata", "metadata.google.internal", "metadata.goog", "instance-data", "metadata.azure.com"]);
const BLOCKED_SUFFIXES = [".localhost", ".local", ".internal", ".localdomain", ".arpa"];

/**
 * Why a host name must not be fetched before even resolving it: loopback and metadata names, and
 * single-label names that only make sense on an internal network. `name` is lower-case, no dot at the end.
 */
export function blockedNameReason(name: string): string | null {
  if (name === "localhost" || name === "localhost.localdomain") return "loopback-name";
  if (METADATA_NAMES.has(name)) return "metadata-name";
  if (BLOCKED_SUFFIXES.some((s) => name.endsWith(s))) return "internal-name";
  if (!name.includes(".")) return "single-label-name";
  return null;
}
