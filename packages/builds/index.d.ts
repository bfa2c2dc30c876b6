/** Absolute path of the shipped registry: `manifest.json` and one folder per build. */
export declare const shippedBuildsDir: string;
