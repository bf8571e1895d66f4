import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MENU_GROUP_LABELS, ROLE_LABELS, isRole, type MenuGroup, type PermissionGroup } from '@acervo/contracts';

/** Props of `PermissionPicker`. */
export interface PermissionPickerProps {
  /** The catalogue of `GET perfil/permissoes`. */
  groups: readonly PermissionGroup[];
  /** Roles ticked. */
  value: readonly string[];
  onChange: (roles: string[]) => void;
  /** Error under the picker (a server 400 on `permissoes`). */
  error?: string;
  disabled?: boolean;
}

const isGroup = (group: string): group is MenuGroup => group in MENU_GROUP_LABELS;

/**
 * Grouped checkboxes of the permission catalogue: one box per menu area with a select-all
 * checkbox (indeterminate when some are ticked) and its count, the total count on top, and
 * "Marcar todas" / "Desmarcar todas". Labels come from the contracts' ROLE_LABELS in the
 * interface language (the server's pt-BR label for a role the contracts do not know).
 */
export function PermissionPicker({ groups, value, onChange, error, disabled }: PermissionPickerProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en-US' ? 'en-US' : 'pt-BR';
  const selected = new Set(value);
  const all = groups.flatMap((group) => group.permissoes.map((p) => p.role));
  const setRoles = (roles: Set<string>) => onChange(all.filter((role) => roles.has(role)));
  const toggle = (role: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(role);
    else next.delete(role);
    setRoles(next);
  };
  const toggleGroup = (group: PermissionGroup, on: boolean) => {
    const next = new Set(selected);
    for (const p of group.permissoes) {
      if (on) next.add(p.role);
      else next.delete(p.role);
    }
    setRoles(next);
  };
  const count = all.filter((role) => selected.has(role)).length;

  return (
    <Box component="fieldset" aria-describedby="permissions-help" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, p: 0 }}>
          {t('profiles.permissions.title')}{' '}
          <Typography component="span" variant="body2" color="text.secondary" data-testid="permissions-count">
            ({t('profiles.permissions.selected', { selected: count, total: all.length })})
          </Typography>
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" onClick={() => setRoles(new Set(all))} disabled={disabled || count === all.length}>
            {t('profiles.permissions.selectAll')}
          </Button>
          <Button size="small" onClick={() => setRoles(new Set())} disabled={disabled || count === 0}>
            {t('profiles.permissions.clearAll')}
          </Button>
        </Box>
      </Box>
      <Typography id="permissions-help" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('profiles.permissions.help')}
      </Typography>
      {error && (
        <FormHelperText error sx={{ mb: 1 }}>
          {error}
        </FormHelperText>
      )}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {groups.map((group) => {
          const groupName = isGroup(group.grupo) ? MENU_GROUP_LABELS[group.grupo][language] : group.nome;
          const ticked = group.permissoes.filter((p) => selected.has(p.role)).length;
          const total = group.permissoes.length;
          return (
            <Paper key={group.grupo} variant="outlined" component="section" aria-label={groupName} sx={{ p: 1.5, minWidth: 0 }}>
              <FormControlLabel
                sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontWeight: 700, display: 'flex', gap: 1, alignItems: 'baseline' } }}
                control={
                  <Checkbox
                    checked={ticked === total}
                    indeterminate={ticked > 0 && ticked < total}
                    disabled={disabled}
                    onChange={(_e, on) => toggleGroup(group, on)}
                    slotProps={{ input: { 'aria-label': t('profiles.permissions.selectGroup', { grupo: groupName }) } }}
                  />
                }
                label={
                  <>
                    {groupName}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {t('profiles.permissions.groupCount', { selected: ticked, total })}
                    </Typography>
                  </>
                }
              />
              <Box sx={{ display: 'flex', flexDirection: 'column', pl: 3 }}>
                {group.permissoes.map((permission) => (
                  <FormControlLabel
                    key={permission.role}
                    sx={{ mr: 0, alignItems: 'flex-start', '& .MuiFormControlLabel-label': { pt: 1, overflowWrap: 'anywhere' } }}
                    control={<Checkbox checked={selected.has(permission.role)} disabled={disabled} onChange={(_e, on) => toggle(permission.role, on)} name={permission.role} />}
                    label={isRole(permission.role) ? ROLE_LABELS[permission.role][language] : permission.nome}
                  />
                ))}
              </Box>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
