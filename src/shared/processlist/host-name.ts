/**
 * A processlist HOST without its client port: `10.0.0.5:53122` → `10.0.0.5`,
 * `[::1]:4000` → `::1`. Hosts without a port (`localhost`, a bare IPv6 address) are unchanged.
 */
export function hostWithoutPort(host: string): string {
  const bracketed = /^\[([^\]]*)\]:\d+$/.exec(host);
  if (bracketed) return bracketed[1]!;
  const m = /^([^:]+):\d+$/.exec(host);
  return m ? m[1]! : host;
}
