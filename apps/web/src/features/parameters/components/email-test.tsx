import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { emailTestRequestSchema, type EmailTestResult } from '@acervo/contracts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useTestEmail } from '../api/save-parameters.ts';

/** Props of `EmailTest`. */
export interface EmailTestProps {
  /** The form has unsaved changes (the test uses the saved settings). */
  dirty: boolean;
}

/**
 * E-mail test of the parameters screen: a recipient (validated with `emailTestRequestSchema`) and
 * "Enviar teste", which calls `POST parametro/email/teste` and shows the SMTP server's reply (or
 * the error text) in a success or error box. Not a form of its own (it sits inside the parameters
 * form): Enter in the recipient sends the test.
 */
export function EmailTest({ dirty }: EmailTestProps) {
  const { t } = useTranslation();
  const test = useTestEmail();
  const [recipient, setRecipient] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<EmailTestResult | null>(null);

  const run = async () => {
    const parsed = emailTestRequestSchema.safeParse({ destinatario: recipient });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setResult(null);
    try {
      setResult(await test.mutateAsync(parsed.data.destinatario));
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.fieldMessages.find((m) => m.field === 'destinatario')?.message);
    }
  };

  return (
    <Box component="section" aria-labelledby="email-test-title" sx={{ display: 'grid', gap: 1.5, mt: 1 }}>
      <Typography id="email-test-title" component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {t('parameters.emailTest.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {dirty ? t('parameters.emailTest.saveFirst') : t('parameters.emailTest.help')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, alignItems: 'start' }}>
        <TextField
          id="email-test-recipient"
          label={t('parameters.emailTest.recipient')}
          type="email"
          value={recipient}
          onChange={(event) => setRecipient(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void run();
            }
          }}
          error={Boolean(error)}
          helperText={error}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 254 }, inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" startIcon={<SendIcon />} onClick={() => void run()} loading={test.isPending} sx={{ mt: { sm: 1 } }}>
          {t('parameters.emailTest.send')}
        </Button>
      </Box>
      {result && (
        <Alert severity={result.enviado ? 'success' : 'error'} role="status" data-testid="email-test-result">
          <AlertTitle>{result.enviado ? t('parameters.emailTest.ok') : t('parameters.emailTest.fail')}</AlertTitle>
          <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {result.resposta}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
