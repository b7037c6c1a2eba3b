// Prices in whole Danish kroner. `amount: null` means the price is agreed case by case;
// `amountNote` then says how.

export interface Price {
  id: string;
  label: string;
  amount: number | null;
  amountNote?: string;
  duration?: string;
  description?: string;
}

export interface PriceGroup {
  id: string;
  heading: string;
  prices: Price[];
}

export const therapyPrices: PriceGroup = {
  id: 'terapi',
  heading: 'Terapi',
  prices: [
    { id: 'individuel', label: 'Individuel terapi', amount: 1200, duration: '50 min.' },
    { id: 'par', label: 'Parterapi', amount: 2400, duration: '75 min.' },
    { id: 'familie', label: 'Familieterapi', amount: 2400, duration: '75 min.' },
    { id: 'boern', label: 'Individuel samtale med børn', amount: 1200, duration: 'op til 50 min.' },
  ],
};

export const supervisionPrices: PriceGroup = {
  id: 'supervision',
  heading: 'Supervision',
  prices: [
    { id: 'supervision-individuel', label: 'Individuel supervision', amount: 1200, duration: '60 min.' },
    {
      id: 'supervisionspakke',
      label: 'Supervisionspakke på 40 timer',
      amount: null,
      amountNote: 'Pris efter aftale',
      description: 'Et samlet forløb mod autorisation, tilrettelagt efter dine behov og Psykolognævnets krav.',
    },
    {
      id: 'gruppesupervision',
      label: 'Gruppesupervision',
      amount: null,
      amountNote: 'Pris afhænger af gruppens størrelse og forløbet',
    },
  ],
};

export const priceGroups: PriceGroup[] = [therapyPrices, supervisionPrices];
