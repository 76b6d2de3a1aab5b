// Which proxy a request goes through: --proxy, else https_proxy/HTTPS_PROXY for https URLs and
// http_proxy/HTTP_PROXY for http ones, else all_proxy/ALL_PROXY; NO_PROXY/no_proxy lists hosts that
// go direct. Upper-case HTTP_PROXY is read as Go, Python requests and undici read it, except under
// CGI (REQUEST_METHOD set), where a server sets it from the request's Proxy header ("httpoxy").

type Env = Readonly<Record<string, string | undefined>>;

const variable = (env: Env, name: string, upperToo = true): string | undefined =>
  env[name.toLowerCase()] || (upperToo ? env[name.toUpperCase()] : undefined) || undefined;

/** Whether NO_PROXY sends this host (and port) direct: "*", a host, a domain suffix, host:port. */
export function bypassesProxy(url: URL, env: Env): boolean {
  const list = variable(env, 'no_proxy');
  if (!list) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return list
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const match = /^(.*?)(?::(\d+))?$/.exec(entry.toLowerCase())!;
      const name = match[1]!.replace(/^\*?\.?/, '').replace(/^\[|\]$/g, '');
      if (match[2] && match[2] !== port) return false;
      return host === name || host.endsWith(`.${name}`);
    });
}

/** The proxy URL for a request to `target`, or undefined to go direct. */
export function proxyFor(target: string, env: Env, override?: string): string | undefined {
  const url = new URL(target);
  if (bypassesProxy(url, env)) return undefined;
  if (override) return override;
  const underCgi = env.REQUEST_METHOD !== undefined;
  const own = url.protocol === 'https:' ? variable(env, 'https_proxy') : variable(env, 'http_proxy', !underCgi);
  const chosen = own ?? variable(env, 'all_proxy');
  if (!chosen) return undefined;
  return chosen.includes('://') ? chosen : `http://${chosen}`;
}

/** The secrets a proxy URL carries (user and password), to be redacted like the key. */
export function proxySecrets(proxy: string | undefined): string[] {
  if (!proxy) return [];
  try {
    const url = new URL(proxy);
    const password = decodeURIComponent(url.password);
    const user = decodeURIComponent(url.username);
    return [password, url.password, user && password ? `${user}:${password}` : '']
      .concat(user && password ? [Buffer.from(`${user}:${password}`).toString('base64')] : [])
      .filter((secret) => secret.length > 0);
  } catch {
    return [];
  }
}
