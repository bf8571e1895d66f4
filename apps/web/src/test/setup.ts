import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor poll for what the user waits for (a lazily loaded grid, a response) and stop
// as soon as it shows; the default 1 s bound failed on a CI machine with a load average of 20
// while the grid's chunk was still being transformed. The bound only matters when a test fails.
configure({ asyncUtilTimeout: 8_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
