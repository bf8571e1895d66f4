import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { toast } from './toast.tsx';

describe('toasts (issue 15, defect 11)', () => {
  it('a success closes the stale error toasts; an error does not close a success, and later errors still show', async () => {
    render(<SnackbarProvider maxSnack={3} />);
    act(() => {
      toast.error('Erro ao salvar: título obrigatório', 400);
      toast.info('Aviso que fica');
    });
    await screen.findByText('Erro ao salvar: título obrigatório (código 400)');
    act(() => {
      toast.success('Produto salvo com sucesso!');
    });
    await screen.findByText('Produto salvo com sucesso!');
    await waitFor(() => expect(screen.queryByText('Erro ao salvar: título obrigatório (código 400)')).toBeNull());
    expect(screen.getByText('Aviso que fica')).toBeTruthy();
    act(() => {
      toast.error('Outro erro', 409);
    });
    await screen.findByText('Outro erro (código 409)');
    expect(screen.getByText('Produto salvo com sucesso!')).toBeTruthy();
  });

  it('a second success with the same text shows again (a second save), while a repeated error shows once', async () => {
    render(<SnackbarProvider maxSnack={4} />);
    act(() => {
      toast.success('API salva com sucesso!');
    });
    await screen.findByText('API salva com sucesso!');
    act(() => {
      toast.success('API salva com sucesso!');
      toast.error('Falha de rede', 503);
      toast.error('Falha de rede', 503);
    });
    await waitFor(() => expect(screen.getAllByText('API salva com sucesso!')).toHaveLength(2));
    expect(screen.getAllByText('Falha de rede (código 503)')).toHaveLength(1);
  });
});
