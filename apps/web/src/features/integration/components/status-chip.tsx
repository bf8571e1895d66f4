import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, 'success' | 'error' | 'warning' | 'info' | 'default'> = {
  SUCESSO: 'success',
  ENVIADO: 'success',
  REPROCESSADO: 'success',
  ERRO: 'error',
  PENDENTE: 'warning',
  ENVIANDO: 'info',
  SUPERADO: 'default',
};

/**
 * A status of the integration screens as a small coloured chip with its pt-BR label (SUCESSO,
 * ERRO, PENDENTE, ENVIANDO, ENVIADO, REPROCESSADO, SUPERADO).
 */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = COLORS[status] ?? 'default';
  return <Chip size="small" color={color} variant={color === 'default' ? 'outlined' : 'filled'} label={t(`integration.status.${status}`, { defaultValue: status })} sx={{ height: 22, fontWeight: 600 }} />;
}
