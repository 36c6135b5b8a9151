import { afterEach } from 'vitest';
import { fixtureCleanup } from '@open-wc/testing';

// @open-wc fixtures only clean themselves up under Web Test Runner.
afterEach(() => {
  fixtureCleanup();
});
