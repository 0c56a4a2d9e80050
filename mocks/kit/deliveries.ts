// Outbound deliveries, recorded for the control surface and sent for real: a routing table maps public host names to loopback
// receivers, so contract rules on URLs (HTTPS, ports) stay enforced while the bytes stay on this machine.
export interface Delivery {
  id: number;
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  at: string;
  status?: number;
  error?: string;
}

export class Deliveries {
  private items: Delivery[] = [];
  private next = 1;
  /** public origin (https://issuer.example.test) -> loopback origin (http://127.0.0.1:5123) */
  readonly routes = new Map<string, string>();
  /** Where a delivery off this machine goes when no route names it; undefined sends it where it is addressed. */
  divertTo?: string;

  list(): Delivery[] {
    return this.items;
  }

  clear(): void {
    this.items = [];
  }

  route(publicOrigin: string, loopbackOrigin: string): void {
    // Each kept as its origin as WHATWG URL writes it: send() looks a target up by origin and joins the loopback one with its path.
    this.routes.set(new URL(publicOrigin).origin, new URL(loopbackOrigin).origin);
  }

  async send(url: string, method: string, headers: Record<string, string>, body: unknown, at: Date): Promise<Delivery> {
    const delivery: Delivery = { id: this.next++, url, method, headers, body, at: at.toISOString() };
    this.items.push(delivery);
    const target = new URL(url);
    const offMachine = !/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(target.hostname);
    const routed = this.routes.get(target.origin) ?? (offMachine ? this.divertTo : undefined);
    const actual = routed ? routed + target.pathname + target.search : url;
    try {
      const response = await fetch(actual, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
      delivery.status = response.status;
    } catch (error) {
      delivery.error = (error as Error).message;
    }
    return delivery;
  }
}
