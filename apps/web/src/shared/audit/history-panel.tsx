import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { auditPageSchema, type AuditAction, type AuditEntity } from '@acervo/contracts';
import { api } from '../api/api-client.ts';
import { formatDateTime } from '../format/format.ts';

/** pt-BR label of each audit action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  CRIACAO: 'Criação',
  ALTERACAO: 'Alteração',
  EXCLUSAO: 'Exclusão',
  ATIVACAO: 'Ativação',
  INATIVACAO: 'Inativação',
  SENHA: 'Troca de senha',
  PERMISSAO: 'Permissões',
};

const PAGE = 10;

/** A value of the trail as text: '—' for null/empty, Sim/Não, lists joined by commas, objects as JSON. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Props of `HistoryPanel`. */
export interface HistoryPanelProps {
  /** Audited entity (`empresa`, `usuario`, `perfil`...). */
  entidade: AuditEntity;
  /** Record whose history is shown; absent = the whole entity (e.g. parameters). */
  idRegistro?: number | string;
  /** Field labels by wire name, so the trail reads 'Nome' instead of `nome`. */
  fieldLabels?: Readonly<Record<string, string>>;
  /**
   * Text of one value of a field, for values the generic `auditValue` would show raw (e.g. goals
   * in cents as `R$ 1.234,56`); return undefined to fall back to `auditValue`. Not called for null.
   */
  formatValue?: (campo: string, value: unknown) => string | undefined;
}

/**
 * "Histórico" of an edit form (issue 6, part 7): who changed what and when, newest first, each
 * entry with its changed fields as `label: before → after` (secrets arrive masked as ***).
 * Reads `GET auditoria?entidade=&idRegistro=` ten entries at a time ('Carregar mais').
 */
export function HistoryPanel({ entidade, idRegistro, fieldLabels = {}, formatValue }: HistoryPanelProps) {
  const show = (campo: string, value: unknown) => (value === null || value === undefined ? auditValue(value) : (formatValue?.(campo, value) ?? auditValue(value)));
  const [size, setSize] = useState(PAGE);
  const query = useQuery({
    queryKey: ['auditoria', entidade, idRegistro ?? null, size],
    queryFn: async ({ signal }) =>
      auditPageSchema.parse(await api.get('auditoria', { query: { entidade, idRegistro: idRegistro === undefined ? undefined : String(idRegistro), page: 0, pageSize: size }, signal, area: false })),
    placeholderData: keepPreviousData,
  });
  const entries = query.data?.itens ?? [];
  return (
    <Box component="section" aria-labelledby={`historico-${entidade}`}>
      <Typography id={`historico-${entidade}`} component="h2" variant="subtitle1" sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <HistoryIcon fontSize="small" aria-hidden /> Histórico
      </Typography>
      {query.isError && <Typography color="error">Não foi possível carregar o histórico.</Typography>}
      {query.isSuccess && entries.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Nenhuma alteração registrada.
        </Typography>
      )}
      <List dense disablePadding>
        {entries.map((entry) => (
          <ListItem key={entry.id} disableGutters divider sx={{ display: 'block', py: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" variant="outlined" label={AUDIT_ACTION_LABELS[entry.acao]} />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {entry.nomeUsuario ?? '—'}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(entry.data)}
              </Typography>
            </Box>
            {entry.alteracoes.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {entry.alteracoes.map((change) => (
                  <Typography component="li" variant="body2" key={change.campo} sx={{ overflowWrap: 'anywhere' }}>
                    <strong>{fieldLabels[change.campo] ?? change.campo}:</strong> {show(change.campo, change.antes)} → {show(change.campo, change.depois)}
                  </Typography>
                ))}
              </Box>
            )}
          </ListItem>
        ))}
      </List>
      {query.data?.proxima && (
        <Button size="small" onClick={() => setSize((s) => s + PAGE)} disabled={query.isFetching} sx={{ mt: 1 }}>
          Carregar mais
        </Button>
      )}
    </Box>
  );
}
