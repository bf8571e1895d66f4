import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { goalAuditField, goalAuditRecordId, type IdNome } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { HistoryPanel } from '../../../shared/audit/history-panel.tsx';
import { MONTHS } from '../goal-sheet.ts';
import { formatCents } from '../money.ts';

/** Props of `GoalHistory`. */
export interface GoalHistoryProps {
  ano: number;
  empresas: readonly IdNome[];
}

/**
 * "Histórico" of the goals of one company in one year (audit entity `meta`, record
 * `<idEmpresa>-<ano>`): a company select above the shared HistoryPanel, months by name and values
 * as `R$ 1.234,56`.
 */
export function GoalHistory({ ano, empresas }: GoalHistoryProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number | null>(null);
  const idEmpresa = chosen !== null && empresas.some((e) => e.id === chosen) ? chosen : (empresas[0]?.id ?? null);
  const fieldLabels = useMemo(() => Object.fromEntries(MONTHS.map((mes) => [goalAuditField(mes), t(`goals.months.long.${mes}`)])), [t]);
  if (idEmpresa === null) return null;
  return (
    <Box>
      <TextField select size="small" label={t('goals.historyCompany')} value={String(idEmpresa)} onChange={(event) => setChosen(Number(event.target.value))} sx={{ mb: 1.5, width: '100%', maxWidth: 360 }}>
        {empresas.map((empresa) => (
          <MenuItem key={empresa.id} value={String(empresa.id)}>
            {empresa.nome}
          </MenuItem>
        ))}
      </TextField>
      <HistoryPanel entidade="meta" idRegistro={goalAuditRecordId(idEmpresa, ano)} fieldLabels={fieldLabels} formatValue={(_campo, value) => (typeof value === 'number' ? formatCents(value) : undefined)} />
    </Box>
  );
}
