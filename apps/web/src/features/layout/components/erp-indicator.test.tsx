import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { ErpIndicator } from './erp-indicator.tsx';

describe('ErpIndicator', () => {
  it('is titled with the percentage in pt-BR with two decimals and coloured by the SPEC thresholds', () => {
    const cases: [number, string, string][] = [
      [76.92, 'Integração com o ERP: 76,92%', 'success'],
      [75, 'Integração com o ERP: 75,00%', 'warning'],
      [50, 'Integração com o ERP: 50,00%', 'warning'],
      [23.08, 'Integração com o ERP: 23,08%', 'error'],
    ];
    for (const [percent, title, color] of cases) {
      const { unmount } = renderWithProviders(<ErpIndicator percent={percent} />);
      const status = screen.getByRole('status', { name: title });
      expect(status.getAttribute('data-color')).toBe(color);
      expect(status.textContent).toContain(`${title.split(': ')[1]}`);
      unmount();
    }
  });

  it('is grey with a dash while the value is unknown', () => {
    renderWithProviders(<ErpIndicator percent={null} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('data-color')).toBe('default');
    expect(status.getAttribute('aria-label')).toBe('Integração com o ERP: —');
  });
});
