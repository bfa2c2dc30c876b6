/** Absolute path of the shipped registry: `manifest.json` and one folder per build. */
export declare const shippedBuildsDir: string;
/** Absolute path of the shipped Go move priors (Bradley-Terry feature weights, with a checksum). */
export declare const shippedGoPriorsFile: string;
