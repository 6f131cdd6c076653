/**
 * A replication error's time as the server printed it, in one form: `YYYY-MM-DD hh:mm:ss`
 * (with the fraction performance_schema gives, if any). SHOW REPLICA STATUS prints
 * `Last_SQL_Error_Timestamp` as `YYMMDD hh:mm:ss` (`261127 14:03:22`), which reads as a number
 * rather than a date; performance_schema's zero time means none. Anything else is kept as
 * printed: a form this does not know is still the server's word.
 */
export function replicationErrorTime(printed: string): string {
  const text = printed.trim();
  if (/^0000-00-00 00:00:00(\.0+)?$/.test(text)) return '';
  const short = /^(\d{2})(\d{2})(\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text);
  if (short) return `20${short[1]}-${short[2]}-${short[3]} ${short[4]}`;
  return text;
}
