// The financial data mock's world (reference/financial-data.md, "Mock world"): partners (id,
// secret, app key), issued tokens, customers, consumers, businesses, and a seeded catalogue of
// institutions (routing numbers; branding for some, none for others) and merchant locations.
import { randomBytes } from 'node:crypto';
import type { Account, InstitutionLogin, Transaction } from './portfolio.js';

export interface Partner { id: string; secret: string; initialSecret: string; failures: number; locked: boolean }
export interface IssuedToken { partnerId: string; issuedMs: number }
export interface Customer {
  id: string; partnerId: string; username: string; firstName?: string; lastName?: string; phone?: string; email?: string;
  applicationId?: string; type: 'testing' | 'active'; createdDate: number; disputed?: boolean;
}
export interface Consumer { id: string; customerId: string; partnerId: string; createdDate: number; fields: Record<string, any> }
export interface Business { id: string; customerId: string; fields: Record<string, any>; createdDate: string; modifiedDate: string }
export interface Institution {
  id: string; name: string; routingNumbers: string[]; rssd: number; branding?: Record<string, string>;
  products: Record<string, boolean>;
}
/** A merchant location (provider 1.35.0: LocationDetail; idType / idValue are the lookup keys). */
export interface Location { locationId: string; merchantName: string; streetAddress: string; city: string; state: string; postalCode: string; countryCode: string; idType: string; idValue: string }

export interface FdWorld {
  appKeys: string[];
  partners: Map<string, Partner>;
  tokens: Map<string, IssuedToken>;
  customers: Map<string, Customer>;
  consumers: Map<string, Consumer>;
  businesses: Map<string, Business>;
  institutions: Institution[];
  locations: Location[];
  /** Linked data of customers (mocks/financial-data/portfolio.ts): logins, accounts, transactions. */
  logins: Map<number, InstitutionLogin>;
  accounts: Map<string, Account>;
  transactions: Map<number, Transaction>;
  /**
   * Secondary indexes, so that no request's cost grows with the store (the store growth benchmark: the duplicate
   * username check scanned every customer): partner + username -> customer id, customer id ->
   * consumer id, customer id -> business ids.
   */
  usernames: Map<string, string>;
  consumerOf: Map<string, string>;
  businessesOf: Map<string, Set<string>>;
  /** Customers under a security freeze (PSI generation and report operations answer 403). */
  frozen: Set<string>;
  nextId: () => string;
}

/** Key of the username index: usernames are unique per partner. */
export const usernameKey = (partnerId: string, username: string) => `${partnerId}\u0000${username}`;

// Recognisable prefixes, so fixtures/leak-patterns.ts can spot any that escape redaction.
export const newAppKey = () => `fdak_${randomBytes(18).toString('hex')}`;
export const newToken = () => `fdtk_${randomBytes(24).toString('base64url')}`;
const newSecret = () => `fdPs!${randomBytes(12).toString('hex')}9`;

const PRODUCTS = ['transAgg', 'ach', 'stateAgg', 'voi', 'voa', 'aha', 'availBalance', 'accountOwner'] as const;
const products = (mask: number) => Object.fromEntries(PRODUCTS.map((p, i) => [p, Boolean(mask & (1 << i))]));
const brand = (slug: string) => ({
  logo: `https://branding.example.com/${slug}/logo.svg`, icon: `https://branding.example.com/${slug}/icon.svg`,
  alternateLogo: `https://branding.example.com/${slug}/alt.svg`, tile: `https://branding.example.com/${slug}/tile.svg`, primaryColor: '#1a4d8f',
});

function institutions(): Institution[] {
  return [
    { id: '101732', name: 'FinBank Profiles - A', routingNumbers: ['021000021', '011000015'], rssd: 852218, branding: brand('finbank-a'), products: products(0xff) },
    { id: '102105', name: 'FinBank Profiles - B', routingNumbers: ['011000015'], rssd: 480228, branding: brand('finbank-b'), products: products(0x3f) },
    { id: '102168', name: 'FinBank Billable', routingNumbers: ['122000247'], rssd: 451965, products: products(0x0f) },
    { id: '102176', name: 'Prairie Credit Union', routingNumbers: ['071000013'], rssd: 210434, products: products(0x03) },
    { id: '170778', name: 'Harbor Savings Bank', routingNumbers: ['026009593'], rssd: 1073757, branding: brand('harbor'), products: products(0xc1) },
    { id: '16441', name: 'Summit Trust', routingNumbers: ['091000019'], rssd: 1120754, products: products(0x81) },
  ];
}

function locations(): Location[] {
  const at = (n: number, merchantName: string) => ({
    // provider 1.35.0: locationId is a UUID
    locationId: `5f0c1a2e-0000-4000-8000-00000000000${n}`, merchantName, streetAddress: `${100 + n} Main Street`, city: 'Springfield', state: 'IL',
    postalCode: '62701', countryCode: 'USA', idType: 'EIN', idValue: `12-345678${n}`,
  });
  return [at(1, 'Corner Coffee'), at(2, 'Corner Coffee Roasters'), at(3, 'Corner Coffee Express'), at(4, 'Corner Coffee Kiosk'), at(5, 'Hardware Hub')];
}

export function createFdWorld(): FdWorld {
  let counter = 1005060000;
  const partner = (id: string): Partner => {
    const secret = newSecret();
    return { id, secret, initialSecret: secret, failures: 0, locked: false };
  };
  // The suite's partner, and a spare one for the destructive checks (lock, secret change).
  const partners = new Map([partner('2445580001'), partner('2445580002')].map((p) => [p.id, p]));
  const world: FdWorld = {
    appKeys: [newAppKey()], partners, tokens: new Map(), customers: new Map(), consumers: new Map(), businesses: new Map(),
    institutions: institutions(), locations: locations(), logins: new Map(), accounts: new Map(), transactions: new Map(),
    usernames: new Map(), consumerOf: new Map(), businessesOf: new Map(), frozen: new Set(), nextId: () => String(++counter),
  };
  // A testing and an active customer of the suite's partner, and one with a disputed statement (403).
  const seed = (username: string, type: Customer['type'], disputed = false) => {
    const id = world.nextId();
    world.customers.set(id, { id, partnerId: '2445580001', username, firstName: 'Seeded', lastName: type, type, createdDate: 1_700_000_000, disputed });
    world.usernames.set(usernameKey('2445580001', username), id);
  };
  seed('seed.testing.customer', 'testing');
  seed('seed.active.customer', 'active');
  seed('seed.disputed.customer', 'testing', true);
  return world;
}

/** Restores every partner's secret and lifts locks (control surface reset and unlock). */
export function restorePartners(world: FdWorld, partnerId?: string): void {
  for (const p of world.partners.values()) {
    if (partnerId && p.id !== partnerId) continue;
    p.failures = 0;
    p.locked = false;
    if (!partnerId) p.secret = p.initialSecret;
  }
}
