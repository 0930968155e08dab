/**
 * A loopback stand-in for the USD→BRL quote API (AwesomeAPI: GET /json/last/USD-BRL, numbers as
 * strings). The bid, an error status or a malformed body are set by the test; requests are counted.
 */
export type FakeExchangeRate = {
  url: string;
  requests: string[];
  setBid: (bid: string) => void;
  /** Answer the next requests with this status (0 = back to normal). */
  failWith: (status: number) => void;
  /** Answer a body without the USDBRL quote. */
  malformed: (on: boolean) => void;
  stop: () => void;
};

export function startFakeExchangeRate(initialBid = "5.4321"): FakeExchangeRate {
  const requests: string[] = [];
  let bid = initialBid;
  let status = 0;
  let broken = false;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      const path = new URL(req.url).pathname;
      requests.push(path);
      if (path !== "/json/last/USD-BRL") return Response.json({ status: 404, code: "CoinNotExists", message: "moeda nao encontrada" }, { status: 404 });
      if (status) return Response.json({ message: "indisponível" }, { status });
      if (broken) return Response.json({ outra: "coisa" });
      return Response.json({
        USDBRL: { code: "USD", codein: "BRL", name: "Dólar Americano/Real Brasileiro", high: bid, low: bid, varBid: "0", pctChange: "0", bid, ask: bid, timestamp: "1764150000", create_date: "2026-11-26 09:00:00" },
      });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    setBid: (b) => {
      bid = b;
    },
    failWith: (s) => {
      status = s;
    },
    malformed: (on) => {
      broken = on;
    },
    stop: () => server.stop(true),
  };
}
