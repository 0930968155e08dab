/**
 * A loopback SMTP server (RFC 5321 subset: EHLO/HELO, AUTH PLAIN/LOGIN, MAIL, RCPT, DATA, RSET,
 * NOOP, QUIT) that records every accepted message, for tests of the real nodemailer client.
 * `failRcpt` makes it refuse recipients with 550, to test the product's handling of a refusing server.
 */
import type { Socket } from "bun";

export type ReceivedMail = { from: string; to: string[]; data: string; auth: string | null };

type Session = { buffer: string; inData: boolean; from: string; to: string[]; data: string[]; auth: string | null; authStep: "none" | "login-user" | "login-pass"; loginUser: string };

export async function startFakeSmtp(opts: { user?: string; password?: string } = {}) {
  const received: ReceivedMail[] = [];
  const state = { failRcpt: false };
  const sessions = new WeakMap<Socket<undefined>, Session>();
  const reply = (s: Socket<undefined>, line: string) => s.write(`${line}\r\n`);
  const checkAuth = (user: string, pass: string) => !opts.user || (user === opts.user && pass === opts.password);

  function handleLine(sock: Socket<undefined>, ses: Session, line: string) {
    if (ses.inData) {
      if (line === ".") {
        ses.inData = false;
        received.push({ from: ses.from, to: ses.to, data: ses.data.join("\r\n"), auth: ses.auth });
        ses.data = [];
        ses.to = [];
        return reply(sock, "250 2.0.0 OK queued");
      }
      ses.data.push(line.startsWith("..") ? line.slice(1) : line);
      return;
    }
    if (ses.authStep === "login-user") {
      ses.loginUser = Buffer.from(line, "base64").toString();
      ses.authStep = "login-pass";
      return reply(sock, `334 ${Buffer.from("Password:").toString("base64")}`);
    }
    if (ses.authStep === "login-pass") {
      ses.authStep = "none";
      if (!checkAuth(ses.loginUser, Buffer.from(line, "base64").toString())) return reply(sock, "535 5.7.8 Authentication failed");
      ses.auth = ses.loginUser;
      return reply(sock, "235 2.7.0 Authentication successful");
    }
    const [verb = "", ...rest] = line.split(" ");
    const arg = rest.join(" ");
    switch (verb.toUpperCase()) {
      case "EHLO":
        sock.write("250-fake-smtp.local\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250-AUTH PLAIN LOGIN\r\n250 SIZE 10485760\r\n");
        return;
      case "HELO":
        return reply(sock, "250 fake-smtp.local");
      case "AUTH": {
        const [mech = "", initial] = arg.split(" ");
        if (mech.toUpperCase() === "PLAIN" && initial) {
          const [, user = "", pass = ""] = Buffer.from(initial, "base64").toString().split("\0");
          if (!checkAuth(user, pass)) return reply(sock, "535 5.7.8 Authentication failed");
          ses.auth = user;
          return reply(sock, "235 2.7.0 Authentication successful");
        }
        if (mech.toUpperCase() === "LOGIN") {
          ses.authStep = "login-user";
          return reply(sock, `334 ${Buffer.from("Username:").toString("base64")}`);
        }
        return reply(sock, "504 5.5.4 Unrecognized authentication type");
      }
      case "MAIL":
        if (opts.user && !ses.auth) return reply(sock, "530 5.7.0 Authentication required");
        ses.from = arg.replace(/^FROM:\s*/i, "").replace(/[<>]/g, "").split(" ")[0] ?? "";
        return reply(sock, "250 2.1.0 OK");
      case "RCPT":
        if (state.failRcpt) return reply(sock, "550 5.1.1 Mailbox unavailable");
        ses.to.push(arg.replace(/^TO:\s*/i, "").replace(/[<>]/g, "").split(" ")[0] ?? "");
        return reply(sock, "250 2.1.5 OK");
      case "DATA":
        if (ses.to.length === 0) return reply(sock, "503 5.5.1 RCPT first");
        ses.inData = true;
        return reply(sock, "354 End data with <CR><LF>.<CR><LF>");
      case "RSET":
        ses.from = "";
        ses.to = [];
        return reply(sock, "250 2.0.0 OK");
      case "NOOP":
        return reply(sock, "250 2.0.0 OK");
      case "QUIT":
        reply(sock, "221 2.0.0 Bye");
        sock.end();
        return;
      default:
        return reply(sock, "502 5.5.2 Command not recognized");
    }
  }

  const server = Bun.listen<undefined>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(sock) {
        sessions.set(sock, { buffer: "", inData: false, from: "", to: [], data: [], auth: null, authStep: "none", loginUser: "" });
        reply(sock, "220 fake-smtp.local ESMTP ready");
      },
      data(sock, chunk) {
        const ses = sessions.get(sock);
        if (!ses) return;
        ses.buffer += chunk.toString();
        let idx = ses.buffer.indexOf("\r\n");
        while (idx >= 0) {
          const line = ses.buffer.slice(0, idx);
          ses.buffer = ses.buffer.slice(idx + 2);
          handleLine(sock, ses, line);
          idx = ses.buffer.indexOf("\r\n");
        }
      },
    },
  });

  return {
    port: server.port,
    received,
    state,
    stop: () => server.stop(true),
  };
}

/** Decodes a quoted-printable body part enough to search for links and pt-BR text. */
export function decodeQuotedPrintable(raw: string) {
  return Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}
