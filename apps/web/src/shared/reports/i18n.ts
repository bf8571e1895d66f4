import type { FeatureMessages } from '../i18n-types.ts';

/** Texts of the read-side notice every report screen shows (`readSide.*`). `{{quando}}` is DD/MM/YYYY HH:mm, São Paulo time. */
export const readSideMessages: FeatureMessages = {
  'pt-BR': { readSide: { staleData: 'Dados até {{quando}}: a réplica de leitura está atrasada; os números recentes ainda não aparecem.' } },
  'en-US': { readSide: { staleData: 'Data up to {{quando}}: the read replica is behind; the latest figures do not show yet.' } },
};
