import amounts from './facts/prices.json';
import type { PricesJson } from './schema/facts';

// Prices in whole Danish kroner and session lengths in minutes, the same in every language
// (content/facts/prices.json: the owner edits them there).
// `amount: null` means the price is agreed case by case (each language's prices.json says how).
// The names of the prices are in each language's prices.json, by id; content/schema/facts.ts declares these.

export type PriceId = keyof PricesJson;

/** A price by its id: the amount (null: agreed case by case), the session's length, `upTo`: at most that long. */
export type Price = { id: PriceId } & PricesJson[PriceId];

type PriceGroupId = 'therapy' | 'supervision';

export interface PriceGroup {
  id: PriceGroupId;
  prices: Price[];
}

/** The amounts and lengths by id (content/facts/prices.json); the groups and their order are code. */
const facts: PricesJson = amounts;

const group = (id: PriceGroupId, ids: PriceId[]): PriceGroup => ({
  id,
  prices: ids.map((price) => ({ id: price, ...facts[price] })),
});

export const priceGroups: PriceGroup[] = [
  group('therapy', ['individuel', 'par', 'familie', 'boern']),
  group('supervision', ['supervision-individuel', 'supervisionspakke', 'gruppesupervision']),
];

/** A price by its id, from whichever group has it. */
export const priceById = (id: PriceId): Price | undefined =>
  priceGroups.flatMap((group) => group.prices).find((price) => price.id === id);
