// "date", "time", "date-time", "iso-time", "iso-date-time", "duration" (RFC 3339), with
// ajv-formats' extras: "t"/"T" or any whitespace as the separator, zone "+HH" / "+HHMM",
// a leap second only at 23:59 UTC. Anchored expressions without nested repetition: linear.

/** RFC 3339 full-date, with real month lengths and leap years. */
export function isDate(text: string): boolean {
  const parts = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text);
  if (!parts) return false;
  const year = Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (monthDays[month - 1] ?? 0);
}

/** RFC 3339 partial-time + time-offset; `zoneRequired` false gives ajv's "iso-time". */
function timeOfDay(text: string, zoneRequired: boolean): boolean {
  const parts = /^([0-9]{2}):([0-9]{2}):([0-9]{2}(?:\.[0-9]+)?)(z|([+-])([0-9]{2})(?::?([0-9]{2}))?)?$/i.exec(text);
  if (!parts) return false;
  const [, hourText, minuteText, secondText, zone, signText, zoneHourText, zoneMinuteText] = parts;
  const hour = Number(hourText);
  const minute = Number(minuteText);
  const second = Number(secondText);
  const zoneHour = Number(zoneHourText ?? 0);
  const zoneMinute = Number(zoneMinuteText ?? 0);
  if (zoneHour > 23 || zoneMinute > 59 || (zoneRequired && zone === undefined)) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second (second 60) is only valid at 23:59 UTC (RFC 3339 §5.7).
  const sign = signText === "-" ? -1 : 1;
  const utcMinute = minute - sign * zoneMinute;
  const utcHour = hour - sign * zoneHour - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

export function isTime(text: string): boolean {
  return timeOfDay(text, true);
}

export function isIsoTime(text: string): boolean {
  return timeOfDay(text, false);
}

function dateAndTime(text: string, zoneRequired: boolean): boolean {
  const halves = text.split(/t|\s/i);
  return halves.length === 2 && isDate(halves[0] ?? "") && timeOfDay(halves[1] ?? "", zoneRequired);
}

export function isDateTime(text: string): boolean {
  return dateAndTime(text, true);
}

export function isIsoDateTime(text: string): boolean {
  return dateAndTime(text, false);
}

/** RFC 3339 Appendix A duration: weeks alone, or date units then "T" and time units. */
export function isDuration(text: string): boolean {
  if (/^P[0-9]+W$/.test(text)) return true;
  const parts = /^P([0-9]+Y)?([0-9]+M)?([0-9]+D)?(?:T([0-9]+H)?([0-9]+M)?([0-9]+S)?)?$/.exec(text);
  if (!parts || text === "P") return false;
  const timeAt = text.indexOf("T");
  return timeAt < 0 || /^[0-9]/.test(text.slice(timeAt + 1));
}
