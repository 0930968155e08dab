import { describe, expect, test } from "bun:test";
import { appVersion, bugSubject, supportForm } from "./send-request";

describe("the bug report's request", () => {
  test("the subject is the description's first line, cut at 80 characters, or 'Bug report'", () => {
    expect(bugSubject("")).toBe("Bug report");
    expect(bugSubject("   \n  ")).toBe("Bug report");
    expect(bugSubject("\n  O gráfico não carrega  \nDetalhes depois")).toBe("O gráfico não carrega");
    const long = "x".repeat(120);
    expect(bugSubject(long)).toHaveLength(80);
    expect(bugSubject(long).endsWith("…")).toBe(true);
  });

  test("the multipart carries every field and each attachment under 'attachments'", async () => {
    const png = new File([new Uint8Array([1, 2, 3])], "tela.png", { type: "image/png" });
    const webm = new File([new Uint8Array([4, 5])], "screen-recording.webm", { type: "video/webm" });
    const form = supportForm(
      { type: "bug", subject: "Bug report", description: "Falhou", priority: "medium", attachments: [png, webm] },
      { pageUrl: "http://localhost/dashboard", appVersion: "web-abc123" },
    );
    expect(form.get("type")).toBe("bug");
    expect(form.get("priority")).toBe("medium");
    expect(form.get("subject")).toBe("Bug report");
    expect(form.get("pageUrl")).toBe("http://localhost/dashboard");
    expect(form.get("appVersion")).toBe("web-abc123");
    const files = form.getAll("attachments") as File[];
    expect(files.map((f) => f.name)).toEqual(["tela.png", "screen-recording.webm"]);
  });

  test("the app version is the build's content hash in the entry script's name", () => {
    const doc = (srcs: string[]) => ({
      querySelectorAll: () => srcs.map((src) => ({ getAttribute: () => src })) as unknown as NodeListOf<HTMLScriptElement>,
    });
    expect(appVersion(doc(["/assets/index-svsq9d7e.js"]) as unknown as Document)).toBe("web-svsq9d7e");
    expect(appVersion(doc(["/main.tsx"]) as unknown as Document)).toBe("dev");
  });
});
