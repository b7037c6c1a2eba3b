import { closeOthers } from '../views/components/accordion';

describe('therapy cards: one open at a time', () => {
  const cards = (...open: boolean[]) => open.map((o) => ({ open: o }));

  test('opening a card closes every other open card', () => {
    const group = cards(true, false, true, false);
    group[1]!.open = true;
    closeOthers(group[1]!, group);
    expect(group.map((c) => c.open)).toEqual([false, true, false, false]);
  });
  test('closing a card leaves the others as they are', () => {
    const group = cards(true, false, true);
    closeOthers(group[1]!, group);
    expect(group.map((c) => c.open)).toEqual([true, false, true]);
  });
});
