/**
 * Who may talk to a server over HTTP, by the names a browser puts in `Host` and `Origin`: DNS
 * rebinding protection, as the MCP specification asks of a local server (a page on evil.example
 * that resolves to 127.0.0.1 reaches the port with its own name). Names compare case-insensitively,
 * ports and schemes exactly. Not access control: that is `authorize`.
 */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

export interface Addressed {
  /** `host[:port]` values a request's `Host` may carry, lower case. */
  readonly hosts: ReadonlySet<string>;
  /** Host names allowed on any port (an `allowedHosts` entry without a port), lower case. */
  readonly anyPort: ReadonlySet<string>;
  /** Origins (`scheme://host:port`) a request's `Origin` may carry; none is fine too (not a browser). */
  readonly origins: ReadonlySet<string>;
}

/** The server's own names on `port`, and the `allowedHosts`/`allowedOrigins` it was given. */
export function addressed(port: number, allowedHosts: readonly string[] = [], allowedOrigins: readonly string[] = []): Addressed {
  // On port 80 a browser leaves the port out of both.
  const own = LOOPBACK_NAMES.flatMap((name) => (port === 80 ? [name, `${name}:80`] : [`${name}:${port}`]));
  const allowed = allowedHosts.map((host) => host.trim().toLowerCase());
  const withPort = (host: string) => /:\d+$/.test(host);
  const hosts = new Set([...own, ...allowed.filter(withPort)]);
  const anyPort = new Set(allowed.filter((host) => !withPort(host)));
  const origins = new Set([
    ...LOOPBACK_NAMES.map((name) => originOf(`http://${name}:${port}`)),
    ...allowedOrigins.map((origin) => {
      try {
        return originOf(origin);
      } catch {
        throw new Error(
          `serveHttp: allowedOrigins' ${JSON.stringify(origin)} is not an origin; write it as scheme://host[:port], e.g. https://app.example.com`,
        );
      }
    }),
  ]);
  return { hosts, anyPort, origins };
}

/** Why a request may not be answered, or undefined when it may. */
export function refusal(names: Addressed, host: string | undefined, origin: string | undefined): string | undefined {
  if (host === undefined || !hostAllowed(names, host.trim().toLowerCase())) return `Host ${JSON.stringify(host ?? "")} is not one this server answers`;
  if (origin === undefined) return undefined;
  let normalized: string;
  try {
    normalized = originOf(origin);
  } catch {
    return `Origin ${JSON.stringify(origin)} is not a URL`;
  }
  return names.origins.has(normalized) ? undefined : `Origin ${JSON.stringify(origin)} is not one this server answers`;
}

/** `name:port` is allowed as itself, or when `name` was allowed on any port. */
function hostAllowed(names: Addressed, host: string): boolean {
  return names.hosts.has(host) || names.anyPort.has(host.replace(/:\d+$/, ""));
}

/** `scheme://host:port` as URL writes it (lower case; a default port left out, as browsers send it). */
function originOf(value: string): string {
  const origin = new URL(value).origin;
  if (origin === "null") throw new TypeError(`${value} has no origin`);
  return origin;
}

/** Whether `host` (as `listen` takes it) reaches only this machine. */
export const isLoopback = (host: string): boolean => host === "localhost" || host === "::1" || host.startsWith("127.");
