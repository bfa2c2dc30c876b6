/** Absolute path of the built app: index.html and its assets (made by `vite build`). */
export declare const webAppDir: string;

/**
 * A build as the server's API (and a static build's sente-config.json) describes it to the page:
 * one definition for the server (apps/cli/src/serve/builds-info.ts) and the page (src/api.ts).
 */
export interface BuildInfo {
  id: string;
  origin: string;
  parent: string | null;
  created: string;
  games: number;
  positions: number;
  validationError: number | null;
  /** Mean absolute error in discs on the shipped test set (one set for every build), when measured. */
  testSetMae: number | null;
  elo: number | null;
  eloLow: number | null;
  eloHigh: number | null;
  notes: string;
  lineage: string[];
  hasBook: boolean;
  hasTraining: boolean;
  tableUrl: string;
  bookUrl?: string;
  trainingUrl?: string;
}
