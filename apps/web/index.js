// @sente/web: the built front end of `sente serve`, as data. The folder is found relative to this
// module, so the server finds it the same way in the repository and in an installed package.
import { fileURLToPath } from 'node:url';

/** Absolute path of the built app: index.html and its assets (made by `vite build`). */
export const webAppDir = fileURLToPath(new URL('./dist', import.meta.url));
