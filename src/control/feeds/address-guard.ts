import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** A feed address refused because it reaches a private, loopback or link-local network. */
export class PrivateAddressError extends Error {
  constructor(host: string, address: string, range: string) {
    super(
      `${host === address ? address : `${host} resolves to ${address}, which`} is a ${range} address: feeds are fetched from public addresses only (AISLE_ALLOW_PRIVATE_FEEDS allows others)`,
    );
    this.name = 'PrivateAddressError';
  }
}

/** Which private addresses a fetch may reach: none, all, or the listed addresses and ranges. */
export type PrivateAllowance = boolean | readonly string[];

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * Decides which addresses a feed fetch may connect to. Public (unicast) addresses always; the
 * special ranges ipaddr.js names (private, loopback, link-local, unique local, carrier-grade NAT,
 * reserved, multicast...) only as the allowance says. An IPv4 address written as IPv6
 * (::ffff:127.0.0.1) is judged as the IPv4 address it is.
 */
export class AddressGuard {
  readonly #allowAll: boolean;
  readonly #allowed: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]>;

  constructor(allowance: PrivateAllowance) {
    this.#allowAll = allowance === true;
    this.#allowed = Array.isArray(allowance) ? allowance.map(parseRange) : [];
  }

  get allowsAll(): boolean {
    return this.#allowAll;
  }

  /** The refusal of an address reached through `host`, or undefined when it may be reached. */
  refusal(host: string, address: string): PrivateAddressError | undefined {
    if (this.#allowAll) return undefined;
    if (!ipaddr.isValid(address)) return new PrivateAddressError(host, address, 'unreadable');
    const parsed = ipaddr.process(address);
    const range = parsed.range();
    if (range === 'unicast') return undefined;
    if (
      this.#allowed.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits))
    ) {
      return undefined;
    }
    return new PrivateAddressError(host, address, range.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
  }

  /** Refuses a URL whose host is a literal address that may not be reached; names are checked as they resolve. */
  checkLiteral(url: URL): void {
    const bare = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (!isIP(bare)) return;
    const refused = this.refusal(bare, bare);
    if (refused) throw refused;
  }

  /**
   * A DNS lookup for outgoing connections that fails when a name resolves to an address that may
   * not be reached (any of them). It runs when the connection is made, so the address checked is
   * the one connected to: a name cannot resolve to a public address for a check and a private one after.
   */
  readonly lookup = (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ): void => {
    dnsLookup(hostname, { family: options.family as number, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const refused = this.refusal(hostname, address);
        if (refused) return callback(refused as NodeJS.ErrnoException, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(
          Object.assign(new Error(`${hostname} resolves to no address`), { code: 'ENOTFOUND' }),
          [],
        );
      return callback(null, first.address, first.family);
    });
  };
}

/** An address or a range in CIDR notation, as ipaddr.js matches it. */
export function parseRange(text: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const trimmed = text.trim();
  if (trimmed.includes('/')) return ipaddr.parseCIDR(trimmed);
  const address = ipaddr.parse(trimmed);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}
