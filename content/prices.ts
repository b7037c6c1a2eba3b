// Prices in whole Danish kroner and session lengths in minutes, the same in every language.
// `amount: null` means the price is agreed case by case (each language's prices.ts says how).
// The names of the prices are in each language's prices.ts, by id.

export type PriceId =
  | 'individuel'
  | 'par'
  | 'familie'
  | 'boern'
  | 'supervision-individuel'
  | 'supervisionspakke'
  | 'gruppesupervision';

export interface Price {
  id: PriceId;
  amount: number | null;
  /** The session's length; `upTo`: at most that long. */
  minutes?: number;
  upTo?: boolean;
}

type PriceGroupId = 'therapy' | 'supervision';

export interface PriceGroup {
  id: PriceGroupId;
  prices: Price[];
}

const therapyPrices: PriceGroup = {
  id: 'therapy',
  prices: [
    { id: 'individuel', amount: 1200, minutes: 50 },
    { id: 'par', amount: 2400, minutes: 75 },
    { id: 'familie', amount: 2400, minutes: 75 },
    { id: 'boern', amount: 1200, minutes: 50, upTo: true },
  ],
};

const supervisionPrices: PriceGroup = {
  id: 'supervision',
  prices: [
    { id: 'supervision-individuel', amount: 1200, minutes: 60 },
    { id: 'supervisionspakke', amount: null },
    { id: 'gruppesupervision', amount: null },
  ],
};

export const priceGroups: PriceGroup[] = [therapyPrices, supervisionPrices];

/** A price by its id, from whichever group has it. */
export const priceById = (id: PriceId): Price | undefined =>
  priceGroups.flatMap((group) => group.prices).find((price) => price.id === id);
