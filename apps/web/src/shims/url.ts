// Browser stand-in for node:url.
export const fileURLToPath = (url: string | URL): string => new URL(url).pathname;
