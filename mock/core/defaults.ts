// The mock's defaults, in one place: the CLI, its help text, the library and the scripts read them.
export const DEFAULT_API_KEY = 'dev-key';
export const DEFAULT_PORT = 4010;
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** An upstream answer past this size passes the validating proxy unjudged (it is streamed, not held). */
export const DEFAULT_PROXY_JUDGE_LIMIT = 10 * 1024 * 1024;
export const DEFAULT_MAX_ITEMS = 100_000;
/** The most JSON text one collection holds, in characters (a byte each in ASCII); creations past it
 * get 400 store_full: the count of items cannot see a client filling memory with 1 MiB bodies. */
export const MAX_LIST_CHARS = 1024 * 2 ** 20;
export const DEFAULT_UNSPECIFIED_STATUS = 501;
export const SESSION_HEADER = 'x-mock-session';
