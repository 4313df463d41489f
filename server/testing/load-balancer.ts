/**
 * A small round-robin HTTP load balancer for the several-instances test (issue 34): each request
 * goes to the next upstream port in turn, over a fresh upstream connection, with the client's
 * address in X-Forwarded-For (the instances run with TRUST_PROXY_HOPS=1, as behind a real
 * balancer). A test may send its own X-Forwarded-For to stand for different clients; it is
 * passed on as it is. Counts the requests each upstream got.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type LoadBalancer = {
  port: number;
  /** Requests sent to each upstream port so far. */
  counts: Map<number, number>;
  close(): Promise<void>;
};

/** Starts the balancer on 127.0.0.1 (a free port) in front of `upstreams` (ports). */
export async function startLoadBalancer(upstreams: number[]): Promise<LoadBalancer> {
  const counts = new Map(upstreams.map((p) => [p, 0]));
  let next = 0;
  const server = http.createServer((req, res) => {
    const port = upstreams[next % upstreams.length] as number;
    next += 1;
    counts.set(port, (counts.get(port) ?? 0) + 1);
    const headers = { ...req.headers };
    headers["x-forwarded-for"] ??= req.socket.remoteAddress ?? "127.0.0.1";
    const upstream = http.request(
      { host: "127.0.0.1", port, method: req.method, path: req.url, headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
