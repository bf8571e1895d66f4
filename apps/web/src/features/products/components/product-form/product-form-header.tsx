import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import type { ProductDetail } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format.ts';
import { situationLabel, situationTone } from '../../product-situations.ts';
import { FIELD_SECTION, type ProductFormSection } from './product-form-model.ts';

/** Props of `ProductFormHeader`. */
export interface ProductFormHeaderProps {
  /** The saved product, or null for a new one. */
  detail: ProductDetail | null;
  /** The active switch's call is running. */
  toggling: boolean;
  onToggle: () => void;
  /** A save is running (Salvar says "Salvando…" and is disabled). */
  submitting: boolean;
}

/**
 * Title (the product's, or "Novo produto"), ISBN, authors and publisher, situation and ERP id
 * chips, last change (DD/MM/YYYY HH:mm, São Paulo), and on the right the active switch (saved
 * products) and Salvar (a submit button of the form around it).
 */
export function ProductFormHeader({ detail, toggling, onToggle, submitting }: ProductFormHeaderProps) {
  const { t } = useTranslation();
  const byline = detail ? [detail.autores.map((a) => a.nomeCompleto).join(', '), detail.editora?.nome].filter(Boolean).join(' · ') : '';
  return (
    <Box sx={{ mb: 2, display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Box sx={{ minWidth: 0, flex: '1 1 300px' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main', wordBreak: 'break-word' }}>
          {detail ? detail.titulo : t('products.form.newTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {detail ? t('products.form.editSubtitle', { isbn: detail.isbn13 }) : t('products.form.newSubtitle')}
        </Typography>
        {byline && (
          <Typography variant="body2" color="text.secondary">
            {byline}
          </Typography>
        )}
        {detail && (
          <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {detail.situacao && <Chip size="small" color={situationTone(detail.situacao)} label={detail.descricaoSituacao ?? situationLabel(detail.situacao)} title={`${detail.situacao} – ${detail.descricaoSituacao ?? situationLabel(detail.situacao)}`} />}
            {detail.idErp && <Chip size="small" variant="outlined" label={`${t('products.form.meta.idErp')} ${detail.idErp}`} />}
            <Typography variant="caption" color="text.secondary">
              {t('products.form.meta.dataAlteracao')} {formatDateTime(detail.dataAlteracao)}
            </Typography>
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {detail && (
          <FormControlLabel
            control={<Switch checked={detail.ativo} disabled={toggling} onChange={onToggle} slotProps={{ input: { 'aria-label': t('products.form.activeLabel') } }} />}
            label={t('products.form.active')}
          />
        )}
        <SaveButton submitting={submitting} title={t('products.form.shortcutHint')} />
      </Box>
    </Box>
  );
}

/** Salvar of the product form (a submit button): "Salvando…" and disabled while a save runs. */
export function SaveButton({ submitting, title }: { submitting: boolean; title?: string }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={submitting} title={title}>
      {submitting ? t('products.form.saving') : t('products.form.save')}
    </Button>
  );
}

/** Props of `SectionNav`. */
export interface SectionNavProps {
  sections: readonly ProductFormSection[];
  /** Names of the fields with an error: their sections' links turn red. */
  errorFields: readonly string[];
}

/** The section navigator of wide screens: a link per section that scrolls to it and focuses its first input. */
export function SectionNav({ sections, errorFields }: SectionNavProps) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('products.form.sectionsNav')} sx={{ display: { xs: 'none', lg: 'block' }, position: 'sticky', top: 80 }}>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {sections.map((name) => (
          <li key={name}>
            <Link
              href={`#section-${name}`}
              underline="hover"
              onClick={(e) => {
                e.preventDefault();
                const target = document.getElementById(`section-${name}`);
                target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                target?.querySelector<HTMLElement>('input, textarea, button')?.focus({ preventScroll: true });
              }}
              sx={{ display: 'block', py: 0.5, px: 1, borderRadius: 1, fontSize: 14, color: errorFields.some((k) => FIELD_SECTION[k] === name) ? 'error.main' : 'text.primary', '&:hover': { bgcolor: 'action.hover' } }}
            >
              {t(`products.form.sections.${name}`)}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
