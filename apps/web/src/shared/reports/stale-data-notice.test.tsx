import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { StaleDataNotice } from './stale-data-notice.tsx';

/** Serves `GET relatorio/atualizacao` with `dadosAte`; returns the paths asked. */
function serve(dadosAte: string | null) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      paths.push(new URL(String(input), 'http://localhost').pathname);
      return new Response(JSON.stringify({ dadosAte }), { status: 200 });
    }),
  );
  return paths;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StaleDataNotice', () => {
  it('says "Dados até" with the standby replay time in São Paulo time while the read side lags', async () => {
    const paths = serve('2026-11-26T13:05:00.000Z');
    renderWithProviders(<StaleDataNotice />);
    expect((await screen.findByRole('status')).textContent).toContain('Dados até 26/11/2026 10:05');
    expect(paths).toEqual(['/api/core-api/relatorio/atualizacao']);
  });

  it('shows nothing when the data is current', async () => {
    const paths = serve(null);
    renderWithProviders(<StaleDataNotice />);
    await waitFor(() => expect(paths.length).toBe(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks English in en-US', async () => {
    serve('2026-11-26T13:05:00.000Z');
    renderWithProviders(<StaleDataNotice />, { language: 'en-US' });
    expect((await screen.findByRole('status')).textContent).toContain('Data up to 26/11/2026 10:05');
  });
});
