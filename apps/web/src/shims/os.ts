// Browser stand-in for node:os.
export const tmpdir = (): string => '/tmp';
