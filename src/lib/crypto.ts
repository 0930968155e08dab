import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** Random URL-safe token for emailed links and session cookies (256 bits). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

/** Tokens are stored hashed: a database leak yields no usable link or session. */
export const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * Secrets at rest (channel tokens, API keys, SMTP password): AES-256-GCM under a key derived
 * from APP_SECRET. Format: "enc:v1:" + base64url(iv | tag | ciphertext).
 */
export class SecretBox {
  private readonly key: Buffer;
  constructor(appSecret: string) {
    this.key = createHash("sha256").update(`atenda-secret-box:${appSecret}`).digest();
  }
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return `enc:v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
  }
  decrypt(stored: string): string {
    if (!stored.startsWith("enc:v1:")) throw new Error("valor não cifrado");
    const raw = Buffer.from(stored.slice(7), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  }
}
