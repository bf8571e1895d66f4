import { useEffect, useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ProductSave } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { FormSection, FormText } from './product-form-fields.tsx';
import type { ProductFormValues } from './product-form-model.ts';

/**
 * "Textos": the synopsis in Portuguese, and title and synopsis in English and Spanish, one tab
 * per language; a save with an error in a tab's field opens that tab.
 */
export function TextsSection() {
  const { t } = useTranslation();
  const { control } = useFormContext<ProductFormValues, unknown, ProductSave>();
  const { errors } = useFormState({ control });
  const [tab, setTab] = useState(0);
  useEffect(() => {
    if (errors.tituloEn || errors.sinopseEn) setTab(1);
    else if (errors.tituloEs || errors.sinopseEs) setTab(2);
    else if (errors.sinopse) setTab(0);
  }, [errors.tituloEn, errors.sinopseEn, errors.tituloEs, errors.sinopseEs, errors.sinopse]);
  const title = t('products.form.sections.texts');
  const panel = (index: number) => ({ hidden: tab !== index, sx: { display: tab === index ? 'grid' : 'none', gap: 2 } });

  return (
    <FormSection name="texts">
      <Tabs value={tab} onChange={(_, next: number) => setTab(next)} aria-label={title} sx={{ mb: 2 }}>
        {(['pt', 'en', 'es'] as const).map((lang, i) => (
          <Tab key={lang} label={t(`products.form.tabs.${lang}`)} id={`texts-tab-${lang}`} aria-controls={`texts-panel-${lang}`} value={i} />
        ))}
      </Tabs>
      <Box role="tabpanel" id="texts-panel-pt" aria-labelledby="texts-tab-pt" {...panel(0)}>
        <Typography variant="caption" color="text.secondary">
          {t('products.form.sinopseHint')}
        </Typography>
        <FormText name="sinopse" multiline rows={5} />
      </Box>
      <Box role="tabpanel" id="texts-panel-en" aria-labelledby="texts-tab-en" {...panel(1)}>
        <FormText name="tituloEn" />
        <FormText name="sinopseEn" multiline rows={5} />
      </Box>
      <Box role="tabpanel" id="texts-panel-es" aria-labelledby="texts-tab-es" {...panel(2)}>
        <FormText name="tituloEs" />
        <FormText name="sinopseEs" multiline rows={5} />
      </Box>
    </FormSection>
  );
}
