// The connections a run uses: keep-alive agents per target scheme, or per proxy (a CONNECT tunnel
// for https targets), and the TLS settings for the target: extra trusted authorities (--ca-file,
// NODE_EXTRA_CA_CERTS), no verification (--insecure), a client certificate (mutual TLS).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { proxyFor } from './proxy.js';

export interface TransportOptions {
  /** PEM files of authorities to trust besides the usual ones. */
  readonly caFiles?: readonly string[];
  /** No certificate verification at all. */
  readonly insecure?: boolean;
  readonly clientCert?: string;
  readonly clientKey?: string;
  /** --proxy: overrides the proxy environment variables (NO_PROXY still applies). */
  readonly proxy?: string;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read (process.env by default). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface TlsSettings {
  readonly ca?: string[];
  readonly rejectUnauthorized?: boolean;
  readonly cert?: string;
  readonly key?: string;
}

/** Reads the TLS files once, up front: a missing file is an error before anything is sent. */
export function tlsSettings(options: TransportOptions, env = process.env): TlsSettings {
  const extra = [...(env.NODE_EXTRA_CA_CERTS ? [env.NODE_EXTRA_CA_CERTS] : []), ...(options.caFiles ?? [])];
  return {
    // Given authorities are added to the usual ones (a ca option alone would replace them).
    ...(extra.length > 0 ? { ca: [...rootCertificates, ...extra.map((file) => readFileSync(file, 'utf8'))] } : {}),
    ...(options.insecure ? { rejectUnauthorized: false } : {}),
    ...(options.clientCert ? { cert: readFileSync(options.clientCert, 'utf8') } : {}),
    ...(options.clientKey ? { key: readFileSync(options.clientKey, 'utf8') } : {}),
  };
}

export class Agents {
  private readonly direct: { http: http.Agent; https: https.Agent };
  private readonly proxied = new Map<string, http.Agent>();
  readonly tls: TlsSettings;

  constructor(
    private readonly concurrency: number,
    private readonly options: TransportOptions = {},
  ) {
    this.tls = tlsSettings(options);
    this.direct = {
      http: new http.Agent({ keepAlive: true, maxSockets: concurrency }),
      https: new https.Agent({ keepAlive: true, maxSockets: concurrency, ...this.tls }),
    };
  }

  /** The agent for a request to `url`: direct, or through the proxy curl would use. */
  for(url: URL): http.Agent {
    const secure = url.protocol === 'https:';
    const proxy = proxyFor(url.href, this.options.env ?? process.env, this.options.proxy);
    if (!proxy) return secure ? this.direct.https : this.direct.http;
    const key = `${secure ? 'https' : 'http'} ${proxy}`;
    let agent = this.proxied.get(key);
    if (!agent) {
      const common = { keepAlive: true, maxSockets: this.concurrency };
      agent = secure ? new HttpsProxyAgent(proxy, { ...common, ...this.tls }) : new HttpProxyAgent(proxy, common);
      this.proxied.set(key, agent);
    }
    return agent;
  }

  destroy(): void {
    this.direct.http.destroy();
    this.direct.https.destroy();
    for (const agent of this.proxied.values()) agent.destroy();
  }
}
