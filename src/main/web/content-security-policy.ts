/**
 * The page's CSP, the same in both modes: only our own scripts, no eval, workers from blob:
 * as Monaco needs, WebSocket only back to this server.
 */
export function contentSecurityPolicy(connectSrc: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    `connect-src 'self' ${connectSrc.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
