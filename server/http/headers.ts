import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { MAP_ORIGIN } from '../../views/map';

// Strict headers on every answer: scripts and styles only from this origin, the map frame the one
// exception; no camera, microphone, location or the like for anyone.

const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), display-capture=(), browsing-topics=()';

export function headers({ production }: { production: boolean }): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: [MAP_ORIGIN],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          baseUri: ["'none'"],
          objectSrc: ["'none'"],
          ...(production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: production ? { maxAge: 63072000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The same as frame-ancestors 'none', for browsers that predate CSP.
      xFrameOptions: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    }),
    (_req, res, next) => {
      res.set('Permissions-Policy', PERMISSIONS_POLICY);
      next();
    },
  ];
}
