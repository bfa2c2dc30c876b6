// @sente/builds: the engine builds that ship with sente, as data. The folder is found relative to
// this module, so it works the same in the repository and in a project that installed the package.
import { fileURLToPath } from 'node:url';

/** Absolute path of the shipped registry: `manifest.json` and one folder per build. */
export const shippedBuildsDir = fileURLToPath(new URL('./registry', import.meta.url));

/** Absolute path of the shipped Go move priors (Bradley-Terry feature weights, with a checksum). */
export const shippedGoPriorsFile = fileURLToPath(new URL('./go/priors.json', import.meta.url));
