import { toggleOpen } from '../views/components/accordion';

describe('therapy cards: one open at a time', () => {
  test('toggling a closed card opens it', () => {
    expect(toggleOpen(null, 'angst')).toBe('angst');
  });
  test('opening another card closes the open one', () => {
    expect(toggleOpen('angst', 'stress')).toBe('stress');
  });
  test('toggling the open card closes it', () => {
    expect(toggleOpen('angst', 'angst')).toBeNull();
  });
});
