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

const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/**
 * A price as the pages and mails may show it: an amount or a length that is not a whole number
 * from 0 (a text typed into the file, which the content check refuses before any build but
 * `npm run dev` reads as it is) is taken as none, so that no page ever says "NaN kr.".
 */
export function shownPrice(id: PriceId, { amount, minutes, upTo }: PricesJson[PriceId]): Price {
  return {
    id,
    amount: whole(amount) ? amount : null,
    ...(whole(minutes) && minutes > 0 ? { minutes } : {}),
    ...(upTo === true ? { upTo } : {}),
  };
}

const group = (id: PriceGroupId, ids: PriceId[]): PriceGroup => ({
  id,
  prices: ids.map((price) => shownPrice(price, facts[price])),
});

export const priceGroups: PriceGroup[] = [
  group('therapy', ['individuel', 'par', 'familie', 'boern']),
  group('supervision', ['supervision-individuel', 'supervisionspakke', 'gruppesupervision']),
];

/** A price by its id, from whichever group has it. */
export const priceById = (id: PriceId): Price | undefined =>
  priceGroups.flatMap((group) => group.prices).find((price) => price.id === id);
