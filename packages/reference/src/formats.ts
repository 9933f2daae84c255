import { isDate, isDateTime, isEmail, isHostname, isIpv4, isIpv6, isTime, isUri, isUuid } from "../../runtime/src/check/formats";

/** The interpreter finds a format's check by the name JSON Schema gives it; the generated checks call each by its helper name. */
export const FORMAT_CHECKS: Readonly<Record<string, (value: string) => boolean>> = {
  "date-time": isDateTime,
  date: isDate,
  time: isTime,
  email: isEmail,
  hostname: isHostname,
  ipv4: isIpv4,
  ipv6: isIpv6,
  uri: isUri,
  uuid: isUuid,
};

/** An unknown format passes, as in JSON Schema (the transformer only emits the ones above). */
export function checkFormat(format: string, value: string): boolean {
  const check = FORMAT_CHECKS[format];
  return check ? check(value) : true;
}
