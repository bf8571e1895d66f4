import type { FeatureMessages } from '../i18n-types.ts';

/**
 * Texts of the export queue (`exports.*`): the report screens' export button and toast (SPEC 8
 * "export requested") and the top bar's Downloads drawer (SPEC 2).
 */
export const exportsMessages: FeatureMessages = {
  'pt-BR': {
    exports: {
      export: 'Exportar',
      csv: 'CSV',
      excel: 'Excel (XLSX)',
      requested: 'Exportação solicitada! Acompanhe em Downloads.',
      drawerTitle: 'Downloads',
      drawerSubtitle: 'Exportações dos últimos 7 dias',
      close: 'Fechar',
      origin: 'Origem',
      user: 'Usuário',
      createdAt: 'Data de inclusão',
      updatedAt: 'Data de alteração',
      status: 'Status',
      action: 'Ação',
      download: 'Baixar {{name}}',
      unread: 'Não visualizado',
      rows: '{{count}} linha(s)',
      expired: 'Arquivo expirado',
      empty: 'Nenhuma exportação nos últimos 7 dias.',
      statuses: {
        AGUARDANDO_PROCESSAMENTO: 'Aguardando processamento',
        PROCESSANDO: 'Processando',
        SUCESSO: 'Sucesso',
        ERRO: 'Erro',
      },
      origins: {
        'relatorio/estoque': 'Relatório de estoque',
        'relatorio/oportunidade/sugestao-compra/sintetica': 'Oportunidades: sugestão de compra (sintético)',
        'relatorio/oportunidade/sugestao-compra/analitica': 'Oportunidades: sugestão de compra (analítico)',
        'relatorio/oportunidade/venda-perdida/sintetica': 'Oportunidades: venda perdida (sintético)',
        'relatorio/oportunidade/venda-perdida/analitica': 'Oportunidades: venda perdida (analítico)',
      },
    },
  },
  'en-US': {
    exports: {
      export: 'Export',
      csv: 'CSV',
      excel: 'Excel (XLSX)',
      requested: 'Export requested! Follow it in Downloads.',
      drawerTitle: 'Downloads',
      drawerSubtitle: 'Exports of the last 7 days',
      close: 'Close',
      origin: 'Origin',
      user: 'User',
      createdAt: 'Inclusion date',
      updatedAt: 'Change date',
      status: 'Status',
      action: 'Action',
      download: 'Download {{name}}',
      unread: 'Not viewed',
      rows: '{{count}} row(s)',
      expired: 'File expired',
      empty: 'No exports in the last 7 days.',
      statuses: {
        AGUARDANDO_PROCESSAMENTO: 'Waiting',
        PROCESSANDO: 'Processing',
        SUCESSO: 'Success',
        ERRO: 'Error',
      },
      origins: {
        'relatorio/estoque': 'Stock report',
        'relatorio/oportunidade/sugestao-compra/sintetica': 'Opportunities: purchase suggestion (synthetic)',
        'relatorio/oportunidade/sugestao-compra/analitica': 'Opportunities: purchase suggestion (analytic)',
        'relatorio/oportunidade/venda-perdida/sintetica': 'Opportunities: lost sale (synthetic)',
        'relatorio/oportunidade/venda-perdida/analitica': 'Opportunities: lost sale (analytic)',
      },
    },
  },
};
