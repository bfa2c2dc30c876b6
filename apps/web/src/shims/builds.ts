// Browser stand-in for @sente/builds: the shipped tables are fetched, not read from a folder.
export const shippedBuildsDir = '/shipped-builds';
export const shippedGoPriorsFile = '/shipped-builds/go/priors.json';
