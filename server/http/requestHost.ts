import type { Request } from 'express';

/**
 * The host a request was sent to, as the router that chose this app saw it: the Host header,
 * without its port, in lower case. Never X-Forwarded-Host, which Express's req.hostname reads
 * behind TRUST_PROXY and which any client may send: it must not move the editor to the public
 * host, nor the public pages to the editor's.
 */
export function requestHost(req: Request): string {
  const host = (req.headers.host ?? '').toLowerCase();
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
}
