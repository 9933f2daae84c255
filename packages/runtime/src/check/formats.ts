/**
 * The string formats schemaof emits, with the meaning ajv-formats gives them in its default
 * ("full") mode, so a value passes here exactly when it passes there. Written from the RFCs:
 * RFC 3339 (date, time, date-time), RFC 5321 dot-atom (email), RFC 1123 (hostname),
 * RFC 4291 (ipv6), RFC 3986 (uri), RFC 4122 (uuid).
 */
// Some are built with `new RegExp` from shared parts, each inside a function marked pure: a bundler
// then drops the ones nothing calls (a pure call alone would still evaluate its arguments).
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(z|([+-])(\d{2})(?::?(\d{2}))?)?$/i;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const year = +m[1];
  const month = +m[2];
  const day = +m[3];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS[month]);
}

/** A time with its offset; `23:59:60` only where it is a leap second in UTC. */
export function isTime(value: string): boolean {
  const m = TIME.exec(value);
  if (!m || !m[4]) return false;
  const [hour, minute, second] = [+m[1], +m[2], +m[3]];
  const sign = m[5] === "-" ? -1 : 1;
  const offsetHour = +(m[6] ?? 0);
  const offsetMinute = +(m[7] ?? 0);
  if (offsetHour > 23 || offsetMinute > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  const utcMinute = minute - offsetMinute * sign;
  const utcHour = hour - offsetHour * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

export function isDateTime(value: string): boolean {
  const parts = value.split(/t|\s/i);
  return parts.length === 2 && isDate(parts[0]) && isTime(parts[1]);
}

const ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";
const EMAIL = /* @__PURE__ */ (() => new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LABEL}$`, "i"))();
const HOSTNAME = /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = /* @__PURE__ */ (() => new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`))();
/** RFC 3986's dec-octet as ajv-formats' `uri` pattern writes it: leading zeros allowed. */
const URI_OCTET = "(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)";
const URI_IPV4 = /* @__PURE__ */ (() => new RegExp(`^${URI_OCTET}(?:\\.${URI_OCTET}){3}$`))();
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/** Eight 16-bit groups, `::` once for a run of zeros, the last two may be an IPv4 address. */
export const isIpv6 = (value: string): boolean => ipv6With(value, IPV4);

/**
 * An IPv6 address whose IPv4 tail is checked by `ipv4`: ajv-formats' `ipv6` takes dotted octets
 * without leading zeros, while its `uri` takes `01` and `001` inside brackets (RFC 3986's
 * dec-octet, as its pattern writes it).
 */
function ipv6With(value: string, ipv4: RegExp): boolean {
  const halves = value.split("::");
  if (halves.length > 2) return false;
  const groups = (text: string) => (text === "" ? [] : text.split(":"));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const all = [...head, ...tail];
  let count = all.length;
  // Only the very last group may be an IPv4 address, never one before a trailing "::".
  const lastGroups = halves.length === 2 ? tail : head;
  const last = lastGroups[lastGroups.length - 1];
  if (last !== undefined && last.includes(".")) {
    if (!ipv4.test(last)) return false;
    all.pop();
    count++;
  }
  if (!all.every((group) => HEX_GROUP.test(group))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

// RFC 3986 character classes.
const UNRESERVED_SUB = "a-z0-9\\-._~!$&'()*+,;=";
const PCT = "%[0-9a-f]{2}";
const PCHAR = /* @__PURE__ */ (() => `(?:[${UNRESERVED_SUB}:@]|${PCT})`)();
const SCHEME = /^[a-z][a-z0-9+\-.]*$/i;
const USERINFO = /* @__PURE__ */ (() => new RegExp(`^(?:[${UNRESERVED_SUB}:]|${PCT})*$`, "i"))();
const REG_NAME = /* @__PURE__ */ (() => new RegExp(`^(?:[${UNRESERVED_SUB}]|${PCT})*$`, "i"))();
const SEGMENT = /* @__PURE__ */ (() => new RegExp(`^${PCHAR}*$`, "i"))();
const QUERY = /* @__PURE__ */ (() => new RegExp(`^(?:[${UNRESERVED_SUB}:@/?]|${PCT})*$`, "i"))();
const IP_FUTURE = /* @__PURE__ */ (() => new RegExp(`^v[0-9a-f]+\\.[${UNRESERVED_SUB}:]+$`, "i"))();

/**
 * An absolute URI as ajv-formats' `uri` takes it: RFC 3986's `scheme ":" hier-part ["?" query]
 * ["#" fragment]`, with its pattern's two departures: the hier-part is never empty (`urn:` and
 * `a:#f` are refused), and one slash may already open an authority (`a:/[::1]:80/` is taken), so
 * a hier-part that starts with a slash passes when it reads as an authority and a path after one
 * slash or after two, or as an absolute path.
 */
export function isUri(value: string): boolean {
  if (!/[/:]/.test(value)) return false;
  const colon = value.indexOf(":");
  if (colon < 1 || !SCHEME.test(value.slice(0, colon))) return false;
  let rest = value.slice(colon + 1);
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    if (!QUERY.test(rest.slice(hash + 1))) return false;
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf("?");
  if (question >= 0) {
    if (!QUERY.test(rest.slice(question + 1))) return false;
    rest = rest.slice(0, question);
  }
  if (!rest.startsWith("/")) return rest !== "" && isPath(rest);
  return authorityThenPath(rest.slice(1)) || (rest.startsWith("//") && authorityThenPath(rest.slice(2))) || (rest[1] !== "/" && isPath(rest.slice(1)));
}

/** Segments of pchars between slashes, each maybe empty. */
const isPath = (path: string): boolean => path.split("/").every((segment) => SEGMENT.test(segment));

/** An authority up to the first slash, then the path from there. */
function authorityThenPath(text: string): boolean {
  const slash = text.indexOf("/");
  return slash < 0 ? isAuthority(text) : isAuthority(text.slice(0, slash)) && isPath(text.slice(slash + 1));
}

function isAuthority(authority: string): boolean {
  let host = authority;
  const at = host.lastIndexOf("@");
  if (at >= 0) {
    if (!USERINFO.test(host.slice(0, at))) return false;
    host = host.slice(at + 1);
  }
  if (host.startsWith("[")) {
    const close = host.indexOf("]");
    if (close < 0) return false;
    const literal = host.slice(1, close);
    if (!(ipv6With(literal, URI_IPV4) || IP_FUTURE.test(literal))) return false;
    host = host.slice(close + 1);
    return host === "" || /^:\d*$/.test(host);
  }
  const port = host.lastIndexOf(":");
  if (port >= 0) {
    if (!/^\d*$/.test(host.slice(port + 1))) return false;
    host = host.slice(0, port);
  }
  return REG_NAME.test(host);
}

export const isEmail = (value: string): boolean => EMAIL.test(value);
export const isHostname = (value: string): boolean => HOSTNAME.test(value);
export const isIpv4 = (value: string): boolean => IPV4.test(value);
export const isUuid = (value: string): boolean => UUID.test(value);
