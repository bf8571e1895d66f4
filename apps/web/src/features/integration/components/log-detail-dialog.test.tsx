import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { IntegrationLogDetail } from '@acervo/contracts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LogDetailDialog } from './log-detail-dialog.tsx';

const row: IntegrationLogDetail = {
  id: 42,
  data: '2026-11-20T12:00:00.000Z',
  tipo: 'SIMULADOR',
  operacao: 'ENVIAR_PRODUTO',
  entidade: null,
  idEmpresa: 1,
  nomeEmpresa: 'Distribuidora Acervo Ltda',
  status: 'ERRO',
  metodo: 'POST',
  url: 'http://erp/api/v1/empresas/DEMO01/produtos',
  codigoHttp: 502,
  duracaoMs: 87,
  registros: null,
  mensagem: 'HTTP 502',
  requisicao: '{"ean":"9786500000019","titulo":"Memórias"}',
  resposta: '<html>502 Bad Gateway</html>',
};

afterEach(() => vi.unstubAllGlobals());

describe('LogDetailDialog', () => {
  it('asks for the row and shows a JSON body pretty-printed and a non-JSON body as text', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        urls.push(new URL(String(input), 'http://localhost').pathname);
        return new Response(JSON.stringify(row), { status: 200 });
      }),
    );
    renderWithProviders(<LogDetailDialog id={42} onClose={() => undefined} />);
    const request = await screen.findByLabelText('Requisição', { selector: 'pre' });
    expect(request.textContent).toBe('{\n  "ean": "9786500000019",\n  "titulo": "Memórias"\n}');
    expect(screen.getByLabelText('Resposta', { selector: 'pre' }).textContent).toBe('<html>502 Bad Gateway</html>');
    expect(screen.getByText('Texto (não é JSON)')).toBeTruthy();
    expect(screen.getByText('Erro')).toBeTruthy();
    expect(screen.getByText('POST http://erp/api/v1/empresas/DEMO01/produtos')).toBeTruthy();
    expect(urls).toEqual(['/api/core-api/log-integracao/42']);
  });
});
