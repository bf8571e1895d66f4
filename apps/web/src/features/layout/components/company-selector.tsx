import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSession, useSignedUser } from '../../../shared/session/session-context.tsx';
import { useUserCompanies } from '../../../shared/api/get-user-companies.ts';
import { refreshSession } from '../api/refresh-session.ts';

/**
 * Company selector of the top bar (SPEC section 2): lists `GET system/company/usuario/{userId}`;
 * choosing another company calls `POST auth/refresh {idEmpresa}`, replaces the stored user and
 * token, drops cached data of the previous company and navigates to `/`. Disabled, with "Nenhuma
 * empresa", only once the list has loaded empty: while it loads (every page load) the field stays
 * as it is, so it does not flash disabled (its label fading between two greys: an axe contrast
 * failure caught mid-transition in CI).
 */
export function CompanySelector() {
  const { t } = useTranslation();
  const user = useSignedUser();
  const { startSession } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const companies = useUserCompanies(user.id);
  const list = companies.data ?? [];
  const empty = companies.isSuccess && list.length === 0;
  const value = list.some((c) => c.id === user.idEmpresa) ? String(user.idEmpresa) : '';

  const onChange = async (idEmpresa: number) => {
    if (idEmpresa === user.idEmpresa) return;
    const next = await refreshSession({ idEmpresa }).catch(() => null);
    if (!next) return;
    await navigate('/');
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'user-companies' });
    await startSession(next);
  };

  return (
    <TextField
      select
      size="small"
      label={t('layout.company')}
      value={value}
      onChange={(event) => void onChange(Number(event.target.value))}
      disabled={empty}
      sx={{ flex: '0 1 280px', minWidth: 110, maxWidth: 320 }}
      slotProps={{ select: { displayEmpty: empty, renderValue: empty ? () => t('layout.companyEmpty') : undefined }, inputLabel: { shrink: true } }}
    >
      {list.map((company) => (
        <MenuItem key={company.id} value={String(company.id)}>
          {company.nome}
        </MenuItem>
      ))}
    </TextField>
  );
}
