/** Absolute path of the built app: index.html and its assets (made by `vite build`). */
export declare const webAppDir: string;
