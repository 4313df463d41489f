/**
 * A TCP proxy in front of PostgreSQL for outage tests and `npm run chaos` (issue 14): `forward`
 * passes traffic through; `swallow` accepts connections and reads but never answers (a server or
 * network that hangs); `down()` drops every connection and refuses new ones (a server restart),
 * `up()` listens again on the same port.
 */
import net from "node:net";

export type ProxyMode = "forward" | "swallow";

export class TcpProxy {
  mode: ProxyMode = "forward";
  #server: net.Server | null = null;
  #sockets = new Set<net.Socket>();
  #port = 0;

  readonly targetHost: string;
  readonly targetPort: number;

  constructor(targetHost: string, targetPort: number) {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
  }

  /** The listening port (after `up()`). */
  get port(): number {
    return this.#port;
  }

  /** Starts listening on 127.0.0.1 (`port` 0 = any free port the first time). */
  async up(port = this.#port): Promise<number> {
    const server = net.createServer((client) => this.#accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.#server = server;
    this.#port = (server.address() as net.AddressInfo).port;
    return this.#port;
  }

  /** Stops listening and resets every open connection (both sides see the connection drop). */
  async down(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  #track(socket: net.Socket) {
    this.#sockets.add(socket);
    socket.on("close", () => this.#sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  }

  #accept(client: net.Socket) {
    this.#track(client);
    if (this.mode === "swallow") {
      client.resume(); // read and drop
      return;
    }
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.#track(upstream);
    // Data is dropped, not buffered, while swallowing: the peer waits for an answer in vain.
    client.on("data", (chunk) => {
      if (this.mode === "forward") upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (this.mode === "forward") client.write(chunk);
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  }
}
