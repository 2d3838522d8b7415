import type { Config } from '../config/config';

type Sources = { script: string[]; style: string[]; font: string[]; connect: string[]; frame: string[] };

const none: Sources = { script: [], style: [], font: [], connect: [], frame: [] };

/**
 * With a maps key, the browser loads the Maps JavaScript API (Places autocomplete) and its
 * suggestions, fonts and styles from Google's domains, as Google's CSP guide lists them.
 */
function googleMapsSources(config: Config): Sources {
  if (!config.googleMapsApiKey) return none;
  return {
    ...none,
    script: ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com'],
    style: ['https://fonts.googleapis.com'],
    font: ['https://fonts.gstatic.com'],
    connect: ['https://*.googleapis.com', '*.google.com', 'https://*.gstatic.com'],
  };
}

/**
 * With Stripe, the payment screen runs Stripe.js and its card iframes (Stripe's CSP guide);
 * card data then goes from the browser to Stripe only.
 */
function stripeSources(config: Config): Sources {
  if (!config.stripe) return none;
  return {
    ...none,
    script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    connect: ['https://api.stripe.com'],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  };
}

/** Same origin only, plus exactly what the configured third parties need. */
export function contentSecurityPolicy(config: Config) {
  const thirdParties = [googleMapsSources(config), stripeSources(config)];
  const all = (key: keyof Sources) => thirdParties.flatMap((sources) => sources[key]);
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...all('script')],
      styleSrc: ["'self'", "'unsafe-inline'", ...all('style')],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:', ...all('font')],
      connectSrc: ["'self'", 'ws:', 'wss:', ...all('connect')],
      frameSrc: ["'self'", ...all('frame')],
      // Self-hosters often serve plain http on a LAN; upgrading would break every asset.
      upgradeInsecureRequests: null,
    },
  };
}
