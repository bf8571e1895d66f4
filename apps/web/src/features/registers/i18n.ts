import type { RegisterKey } from '@acervo/contracts';
import type { FeatureMessages, Messages } from '../../shared/i18n-types.ts';

/**
 * The texts one register needs beyond the shared ones: list title and subtitle, the "new" button,
 * the dialog titles, and the SPEC 8 success messages (saved, deleted, activated, deactivated),
 * worded with the noun's gender in Portuguese.
 */
interface RegisterTexts {
  title: string;
  subtitle: string;
  new: string;
  newTitle: string;
  editTitle: string;
  deleteTitle: string;
  saved: string;
  deleted: string;
  activated: string;
  deactivated: string;
}

/** pt-BR texts of a register from its singular noun and gender ('a' feminine, 'o' masculine). */
function pt(title: string, singular: string, gender: 'a' | 'o', subtitle: string): RegisterTexts {
  const lower = singular.charAt(0).toLowerCase() + singular.slice(1);
  return {
    title,
    subtitle,
    new: gender === 'a' ? `Nova ${lower}` : `Novo ${lower}`,
    newTitle: gender === 'a' ? `Nova ${lower}` : `Novo ${lower}`,
    editTitle: `Editar ${lower}`,
    deleteTitle: `Excluir ${lower}`,
    saved: `${singular} salv${gender} com sucesso!`,
    deleted: `${singular} excluíd${gender} com sucesso!`,
    activated: `${singular} ativad${gender} com sucesso!`,
    deactivated: `${singular} inativad${gender} com sucesso!`,
  };
}

/** en-US texts of a register from its singular noun. */
function en(title: string, singular: string, subtitle: string): RegisterTexts {
  const lower = singular.toLowerCase();
  return {
    title,
    subtitle,
    new: `New ${lower}`,
    newTitle: `New ${lower}`,
    editTitle: `Edit ${lower}`,
    deleteTitle: `Delete ${lower}`,
    saved: `${singular} saved successfully!`,
    deleted: `${singular} deleted successfully!`,
    activated: `${singular} activated successfully!`,
    deactivated: `${singular} deactivated successfully!`,
  };
}

const PT_AUX = 'Cadastro auxiliar usado na classificação dos produtos. Um registro em uso não pode ser excluído, apenas inativado.';
const PT_LOOKUP = 'Códigos do Acervo, semeados das listas ONIX da EDItEUR; as correspondências ligam os códigos do ERP a eles.';
const EN_AUX = 'Auxiliary register used to classify products. A record in use cannot be deleted, only deactivated.';
const EN_LOOKUP = "Acervo's own codes, seeded from EDItEUR's ONIX code lists; the matching screens map ERP codes onto them.";

/** Per-register texts, by register key (= route id). A new register adds one line per language. */
const PT: Record<RegisterKey, RegisterTexts> = {
  ageRange: pt('Faixas etárias', 'Faixa etária', 'a', PT_AUX),
  targetAudience: pt('Públicos-alvo', 'Público-alvo', 'o', PT_AUX),
  contentRating: pt('Classificações indicativas', 'Classificação indicativa', 'a', PT_AUX),
  productLine: pt('Linhas de produto', 'Linha de produto', 'a', PT_AUX),
  contributions: pt('Tipos de contribuição', 'Tipo de contribuição', 'o', `${PT_LOOKUP} Lista 17 (função do contribuidor).`),
  bindings: pt('Encadernações', 'Encadernação', 'a', `${PT_LOOKUP} Lista 150 (forma do produto).`),
  productStatus: pt('Situações de produto', 'Situação de produto', 'a', `${PT_LOOKUP} Lista 65 (disponibilidade do produto).`),
  opportunityReason: pt('Motivos de oportunidade', 'Motivo de oportunidade', 'o', 'Motivos que o Terminal oferece ao registrar uma venda perdida ou sugestão de compra. Um motivo já usado não pode ser excluído, apenas inativado.'),
};
const EN: Record<RegisterKey, RegisterTexts> = {
  ageRange: en('Age ranges', 'Age range', EN_AUX),
  targetAudience: en('Target audiences', 'Target audience', EN_AUX),
  contentRating: en('Content ratings', 'Content rating', EN_AUX),
  productLine: en('Product lines', 'Product line', EN_AUX),
  contributions: en('Contribution types', 'Contribution type', `${EN_LOOKUP} List 17 (contributor role).`),
  bindings: en('Bindings', 'Binding', `${EN_LOOKUP} List 150 (product form).`),
  productStatus: en('Product situations', 'Product situation', `${EN_LOOKUP} List 65 (product availability).`),
  opportunityReason: en('Opportunity reasons', 'Opportunity reason', 'Reasons the Terminal offers when registering a lost sale or a purchase suggestion. A reason already used cannot be deleted, only deactivated.'),
};

/** Row-action texts every register shares, copied under each register's key (RowActions reads them there). */
const PT_ROW = { edit: 'Editar', delete: 'Excluir', editLabel: 'Editar {{nome}}', deleteLabel: 'Excluir {{nome}}' };
const EN_ROW = { edit: 'Edit', delete: 'Delete', editLabel: 'Edit {{nome}}', deleteLabel: 'Delete {{nome}}' };

const withRow = (texts: Record<string, RegisterTexts>, row: Record<string, string>): Messages => Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, { ...value, ...row }]));

/** Texts of the register screens (`registers.*`, `registers.<routeId>.*`). */
export const registersMessages: FeatureMessages = {
  'pt-BR': {
    registers: {
      ...withRow(PT, PT_ROW),
      save: 'Salvar',
      cancel: 'Cancelar',
      actions: 'Ações',
      toggleLabel: '{{nome}} ativo',
      fields: { codigo: 'Código', codigoShort: 'Cód.', nome: 'Nome', ativo: 'Ativo' },
      filters: { title: 'Filtros', term: 'Pesquisar', status: 'Situação', all: 'Todos', active: 'Ativos', inactive: 'Inativos', apply: 'Buscar', clear: 'Limpar' },
    },
  },
  'en-US': {
    registers: {
      ...withRow(EN, EN_ROW),
      save: 'Save',
      cancel: 'Cancel',
      actions: 'Actions',
      toggleLabel: '{{nome}} active',
      fields: { codigo: 'Code', codigoShort: 'Code', nome: 'Name', ativo: 'Active' },
      filters: { title: 'Filters', term: 'Search', status: 'Status', all: 'All', active: 'Active', inactive: 'Inactive', apply: 'Search', clear: 'Clear' },
    },
  },
};
