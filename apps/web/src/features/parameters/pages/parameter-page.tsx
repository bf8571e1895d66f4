import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { HistoryPanel } from '../../../shared/audit/history-panel.tsx';
import { useParameters } from '../api/get-parameters.ts';
import { ApiAccessSection } from '../components/api-access-section.tsx';
import { ParametersForm, useParameterLabels } from '../components/parameters-form.tsx';

/**
 * Parameters (`/system/parameter`, ROLE_VISUALIZAR_PARAMETROS): the system parameters form in
 * sections (Geral, E-mail with the e-mail test, Integração com o ERP), the selected company's API
 * logins, and the parameters' Histórico (collapsed). Shows a retry when `GET parametro` fails.
 */
export function ParameterPage() {
  const { t } = useTranslation();
  const parameters = useParameters();
  const labels = useParameterLabels();
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {t('parameters.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('parameters.subtitle')}
        </Typography>
      </Box>
      {parameters.isPending && (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('parameters.title')} />
        </Box>
      )}
      {parameters.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void parameters.refetch()}>
              {t('parameters.retry')}
            </Button>
          }
        >
          {t('parameters.loadError')}
        </Alert>
      )}
      {parameters.data && <ParametersForm parameters={parameters.data} />}
      <ApiAccessSection />
      <Accordion variant="outlined" disableGutters>
        <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="param-history" id="param-history-header">
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {t('parameters.sections.history')}
          </Typography>
        </AccordionSummary>
        <AccordionDetails id="param-history">
          <HistoryPanel entidade="parametro" fieldLabels={labels} />
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}
