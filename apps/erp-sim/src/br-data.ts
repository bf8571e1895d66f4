import type { UFS } from '@acervo/contracts/erp-protocol';

/**
 * Fixed Brazilian reference data of the generator: population by state, some municipalities with
 * their IBGE codes, surnames, subjects with BISAC codes, and the word lists that titles and
 * company names are made from. Only public facts and invented names; no real company or book.
 */

type Uf = (typeof UFS)[number];

/**
 * Resident population by state, thousands, IBGE Censo Demográfico 2022 (rounded): clients are
 * spread over the 27 states in these proportions.
 */
export const UF_POPULATION_2022: Readonly<Record<Uf, number>> = {
  SP: 44411, MG: 20539, RJ: 16055, BA: 14141, PR: 11444, RS: 10882, PE: 9058, CE: 8794, PA: 8121, SC: 7610,
  GO: 7056, MA: 6776, PB: 3974, AM: 3941, ES: 3833, MT: 3659, RN: 3302, PI: 3271, AL: 3127, DF: 2817,
  MS: 2757, SE: 2210, RO: 1581, TO: 1511, AC: 830, AP: 733, RR: 636,
};

/** Region of each state, for sellers' territories. */
export const UF_REGION: Readonly<Record<Uf, 'N' | 'NE' | 'CO' | 'SE' | 'S'>> = {
  AC: 'N', AP: 'N', AM: 'N', PA: 'N', RO: 'N', RR: 'N', TO: 'N',
  AL: 'NE', BA: 'NE', CE: 'NE', MA: 'NE', PB: 'NE', PE: 'NE', PI: 'NE', RN: 'NE', SE: 'NE',
  DF: 'CO', GO: 'CO', MT: 'CO', MS: 'CO',
  ES: 'SE', MG: 'SE', RJ: 'SE', SP: 'SE',
  PR: 'S', RS: 'S', SC: 'S',
};

/** State names, for government clients. */
export const UF_NAME: Readonly<Record<Uf, string>> = {
  AC: 'Acre', AL: 'Alagoas', AP: 'Amapá', AM: 'Amazonas', BA: 'Bahia', CE: 'Ceará', DF: 'Distrito Federal', ES: 'Espírito Santo',
  GO: 'Goiás', MA: 'Maranhão', MT: 'Mato Grosso', MS: 'Mato Grosso do Sul', MG: 'Minas Gerais', PA: 'Pará', PB: 'Paraíba',
  PR: 'Paraná', PE: 'Pernambuco', PI: 'Piauí', RJ: 'Rio de Janeiro', RN: 'Rio Grande do Norte', RS: 'Rio Grande do Sul',
  RO: 'Rondônia', RR: 'Roraima', SC: 'Santa Catarina', SP: 'São Paulo', SE: 'Sergipe', TO: 'Tocantins',
};

/**
 * Municipalities per state with their 7-digit IBGE codes (capital first). A client is placed in
 * the capital about half the time, else in one of the others.
 */
export const MUNICIPALITIES: Readonly<Record<Uf, readonly (readonly [string, string])[]>> = {
  AC: [['Rio Branco', '1200401'], ['Cruzeiro do Sul', '1200203']],
  AL: [['Maceió', '2704302'], ['Arapiraca', '2700300']],
  AP: [['Macapá', '1600303'], ['Santana', '1600600']],
  AM: [['Manaus', '1302603'], ['Parintins', '1303403'], ['Itacoatiara', '1301902']],
  BA: [['Salvador', '2927408'], ['Feira de Santana', '2910800'], ['Vitória da Conquista', '2933307'], ['Ilhéus', '2913606']],
  CE: [['Fortaleza', '2304400'], ['Caucaia', '2303709'], ['Juazeiro do Norte', '2307304'], ['Sobral', '2312908']],
  DF: [['Brasília', '5300108']],
  ES: [['Vitória', '3205309'], ['Vila Velha', '3205200'], ['Serra', '3205002']],
  GO: [['Goiânia', '5208707'], ['Aparecida de Goiânia', '5201405'], ['Anápolis', '5201108']],
  MA: [['São Luís', '2111300'], ['Imperatriz', '2105302']],
  MT: [['Cuiabá', '5103403'], ['Várzea Grande', '5108402'], ['Rondonópolis', '5107602']],
  MS: [['Campo Grande', '5002704'], ['Dourados', '5003702']],
  MG: [['Belo Horizonte', '3106200'], ['Uberlândia', '3170206'], ['Contagem', '3118601'], ['Juiz de Fora', '3136702'], ['Montes Claros', '3143302']],
  PA: [['Belém', '1501402'], ['Ananindeua', '1500800'], ['Santarém', '1506807']],
  PB: [['João Pessoa', '2507507'], ['Campina Grande', '2504009']],
  PR: [['Curitiba', '4106902'], ['Londrina', '4113700'], ['Maringá', '4115200'], ['Ponta Grossa', '4119905']],
  PE: [['Recife', '2611606'], ['Jaboatão dos Guararapes', '2607901'], ['Olinda', '2609600'], ['Caruaru', '2604106']],
  PI: [['Teresina', '2211001'], ['Parnaíba', '2207702']],
  RJ: [['Rio de Janeiro', '3304557'], ['Niterói', '3303302'], ['Duque de Caxias', '3301702'], ['Nova Iguaçu', '3303500'], ['Petrópolis', '3303906']],
  RN: [['Natal', '2408102'], ['Mossoró', '2408003']],
  RS: [['Porto Alegre', '4314902'], ['Caxias do Sul', '4305108'], ['Pelotas', '4314407'], ['Canoas', '4304606']],
  RO: [['Porto Velho', '1100205'], ['Ji-Paraná', '1100122']],
  RR: [['Boa Vista', '1400100']],
  SC: [['Florianópolis', '4205407'], ['Joinville', '4209102'], ['Blumenau', '4202404']],
  SP: [['São Paulo', '3550308'], ['Campinas', '3509502'], ['Guarulhos', '3518800'], ['Santos', '3548500'], ['Ribeirão Preto', '3543402'], ['São José dos Campos', '3549904'], ['Sorocaba', '3552205'], ['Santo André', '3547809']],
  SE: [['Aracaju', '2800308'], ['Nossa Senhora do Socorro', '2804805']],
  TO: [['Palmas', '1721000'], ['Araguaína', '1702109']],
};

/** Common Brazilian surnames (added to faker's short pt_BR list). */
export const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins',
  'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira',
  'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Pinto',
  'Moura', 'Cavalcanti', 'Monteiro', 'Correia', 'Batista', 'Campos', 'Cunha', 'Prado', 'Queiroz', 'Sampaio', 'Tavares', 'Bezerra',
  'Barros', 'Brandão', 'Coelho', 'Duarte', 'Farias', 'Guimarães', 'Leite', 'Macedo', 'Medeiros', 'Nogueira', 'Pacheco', 'Peixoto',
  'Rezende', 'Sales', 'Siqueira', 'Torres', 'Vasconcelos', 'Xavier', 'Amaral', 'Bastos', 'Figueiredo', 'Lacerda', 'Meireles',
  'Pires', 'Quintana', 'Salgado', 'Toledo', 'Valente', 'Aguiar', 'Bittencourt', 'Fontes', 'Holanda', 'Lins', 'Magalhães',
] as const;

/** Foreign first names and surnames, for translated authors. */
export const FOREIGN_FIRST = ['Anne', 'John', 'Margaret', 'Thomas', 'Elena', 'Hans', 'Isabel', 'Julio', 'Marie', 'Pierre', 'Haruki', 'Chimamanda', 'Virginia', 'Italo', 'Clarice', 'Gabriel', 'Svetlana', 'Orhan', 'Olga', 'Karl'] as const;
export const FOREIGN_LAST = ['Whitman', 'Müller', 'Dubois', 'Rossi', 'García', 'Kowalski', 'Nakamura', 'Okafor', 'Lindqvist', 'Novak', 'Brennan', 'Fischer', 'Moreau', 'Ferrante', 'Herrera', 'Tanaka', 'Andersen', 'Petrov', 'Hughes', 'Schneider'] as const;

/**
 * Subjects: pt-BR description, BISAC subject code (BISAC Subject Headings, Book Industry Study
 * Group), relative weight in the catalogue, and kind (drives title wording and the school season).
 */
export type SubjectKind = 'ficcao' | 'infantil' | 'didatico' | 'tecnico' | 'geral';
export const SUBJECTS: readonly { descricao: string; bisac: string | null; peso: number; kind: SubjectKind }[] = [
  { descricao: 'Ficção', bisac: 'FIC000000', peso: 6, kind: 'ficcao' },
  { descricao: 'Ficção literária', bisac: 'FIC019000', peso: 6, kind: 'ficcao' },
  { descricao: 'Romance policial', bisac: 'FIC022000', peso: 3, kind: 'ficcao' },
  { descricao: 'Fantasia', bisac: 'FIC009000', peso: 3, kind: 'ficcao' },
  { descricao: 'Ficção científica', bisac: 'FIC028000', peso: 2, kind: 'ficcao' },
  { descricao: 'Romance', bisac: 'FIC027000', peso: 4, kind: 'ficcao' },
  { descricao: 'Contos', bisac: 'FIC029000', peso: 2, kind: 'ficcao' },
  { descricao: 'Ficção histórica', bisac: 'FIC014000', peso: 2, kind: 'ficcao' },
  { descricao: 'Terror', bisac: 'FIC015000', peso: 1, kind: 'ficcao' },
  { descricao: 'Poesia', bisac: 'POE000000', peso: 2, kind: 'ficcao' },
  { descricao: 'Poesia brasileira', bisac: 'POE024000', peso: 1, kind: 'ficcao' },
  { descricao: 'Histórias em quadrinhos', bisac: 'CGN000000', peso: 2, kind: 'ficcao' },
  { descricao: 'Infantil', bisac: 'JUV000000', peso: 7, kind: 'infantil' },
  { descricao: 'Infantil — animais', bisac: 'JUV002000', peso: 2, kind: 'infantil' },
  { descricao: 'Juvenil', bisac: 'YAF000000', peso: 4, kind: 'infantil' },
  { descricao: 'Infantil — não ficção', bisac: 'JNF000000', peso: 2, kind: 'infantil' },
  { descricao: 'Educação', bisac: 'EDU000000', peso: 3, kind: 'didatico' },
  { descricao: 'Didático — língua portuguesa', bisac: 'JNF029000', peso: 3, kind: 'didatico' },
  { descricao: 'Didático — matemática', bisac: 'JNF035000', peso: 3, kind: 'didatico' },
  { descricao: 'Didático — ciências', bisac: 'JNF051000', peso: 2, kind: 'didatico' },
  { descricao: 'Didático — história', bisac: 'JNF025000', peso: 2, kind: 'didatico' },
  { descricao: 'Preparatório para concursos e vestibular', bisac: 'STU000000', peso: 3, kind: 'didatico' },
  { descricao: 'Línguas estrangeiras', bisac: 'FOR000000', peso: 2, kind: 'didatico' },
  { descricao: 'Direito', bisac: 'LAW000000', peso: 4, kind: 'tecnico' },
  { descricao: 'Direito constitucional', bisac: 'LAW018000', peso: 1, kind: 'tecnico' },
  { descricao: 'Medicina', bisac: 'MED000000', peso: 2, kind: 'tecnico' },
  { descricao: 'Enfermagem', bisac: 'MED058000', peso: 1, kind: 'tecnico' },
  { descricao: 'Administração e negócios', bisac: 'BUS000000', peso: 3, kind: 'tecnico' },
  { descricao: 'Economia', bisac: 'BUS069000', peso: 2, kind: 'tecnico' },
  { descricao: 'Computação', bisac: 'COM000000', peso: 2, kind: 'tecnico' },
  { descricao: 'Engenharia', bisac: 'TEC000000', peso: 2, kind: 'tecnico' },
  { descricao: 'Psicologia', bisac: 'PSY000000', peso: 2, kind: 'tecnico' },
  { descricao: 'Filosofia', bisac: 'PHI000000', peso: 2, kind: 'geral' },
  { descricao: 'História', bisac: 'HIS000000', peso: 3, kind: 'geral' },
  { descricao: 'História do Brasil', bisac: 'HIS007000', peso: 2, kind: 'geral' },
  { descricao: 'Ciências sociais', bisac: 'SOC000000', peso: 2, kind: 'geral' },
  { descricao: 'Biografias e memórias', bisac: 'BIO000000', peso: 3, kind: 'geral' },
  { descricao: 'Autoajuda', bisac: 'SEL000000', peso: 4, kind: 'geral' },
  { descricao: 'Religião', bisac: 'REL000000', peso: 4, kind: 'geral' },
  { descricao: 'Espiritualidade', bisac: 'OCC000000', peso: 2, kind: 'geral' },
  { descricao: 'Culinária', bisac: 'CKB000000', peso: 2, kind: 'geral' },
  { descricao: 'Saúde e bem-estar', bisac: 'HEA000000', peso: 2, kind: 'geral' },
  { descricao: 'Artes', bisac: 'ART000000', peso: 1, kind: 'geral' },
  { descricao: 'Fotografia', bisac: 'PHO000000', peso: 1, kind: 'geral' },
  { descricao: 'Música', bisac: 'MUS000000', peso: 1, kind: 'geral' },
  { descricao: 'Viagem', bisac: 'TRV000000', peso: 1, kind: 'geral' },
  { descricao: 'Natureza', bisac: 'NAT000000', peso: 1, kind: 'geral' },
  { descricao: 'Esportes', bisac: 'SPO000000', peso: 1, kind: 'geral' },
  { descricao: 'Crítica literária', bisac: 'LIT000000', peso: 1, kind: 'geral' },
  { descricao: 'Diversos', bisac: null, peso: 1, kind: 'geral' },
];

/** Contributor roles: description and ONIX code list 17 code. */
export const CONTRIBUTOR_TYPES = [
  ['Autor', 'A01'],
  ['Ilustrador', 'A12'],
  ['Autor do prefácio', 'A15'],
  ['Fotógrafo', 'A13'],
  ['Organizador', 'B01'],
  ['Tradutor', 'B06'],
  ['Adaptador', 'B05'],
  ['Revisor técnico', null],
] as const;

/** Product types: description and ONIX code list 150 product form. */
export const PRODUCT_TYPES = [
  ['Livro brochura', 'BC'],
  ['Livro capa dura', 'BB'],
  ['Livro espiral', 'BE'],
  ['Livro cartonado', 'BH'],
  ['Box com volumes', 'WW'],
  ['Kit didático', null],
] as const;

/** Fiscal operation natures of the protocol. */
export type FiscalNature = 'VENDA' | 'DEVOLUCAO' | 'CONSIGNACAO' | 'ACERTO_CONSIGNACAO' | 'BONIFICACAO' | 'OUTRA';

/**
 * Fiscal operations with real CFOP codes (Convênio s/nº de 1970, Ajuste SINIEF 07/01 table):
 * 5xxx inside the state, 6xxx to another state, 1xxx/2xxx entries (returns) from the same/another state.
 */
export const FISCAL_OPERATIONS: readonly { cfop: string; descricao: string; natureza: FiscalNature; ativo: boolean }[] = [
  { cfop: '5102', descricao: 'Venda de mercadoria adquirida de terceiros', natureza: 'VENDA', ativo: true },
  { cfop: '6102', descricao: 'Venda de mercadoria adquirida de terceiros (interestadual)', natureza: 'VENDA', ativo: true },
  { cfop: '1202', descricao: 'Devolução de venda de mercadoria adquirida de terceiros', natureza: 'DEVOLUCAO', ativo: true },
  { cfop: '2202', descricao: 'Devolução de venda de mercadoria adquirida de terceiros (interestadual)', natureza: 'DEVOLUCAO', ativo: true },
  { cfop: '5917', descricao: 'Remessa de mercadoria em consignação mercantil', natureza: 'CONSIGNACAO', ativo: true },
  { cfop: '6917', descricao: 'Remessa de mercadoria em consignação mercantil (interestadual)', natureza: 'CONSIGNACAO', ativo: true },
  { cfop: '1918', descricao: 'Devolução de mercadoria remetida em consignação mercantil', natureza: 'DEVOLUCAO', ativo: true },
  { cfop: '2918', descricao: 'Devolução de mercadoria remetida em consignação mercantil (interestadual)', natureza: 'DEVOLUCAO', ativo: true },
  { cfop: '5114', descricao: 'Venda de mercadoria remetida anteriormente em consignação mercantil', natureza: 'ACERTO_CONSIGNACAO', ativo: true },
  { cfop: '6114', descricao: 'Venda de mercadoria remetida anteriormente em consignação mercantil (interestadual)', natureza: 'ACERTO_CONSIGNACAO', ativo: true },
  { cfop: '5910', descricao: 'Remessa em bonificação, doação ou brinde', natureza: 'BONIFICACAO', ativo: true },
  { cfop: '6910', descricao: 'Remessa em bonificação, doação ou brinde (interestadual)', natureza: 'BONIFICACAO', ativo: true },
  { cfop: '5949', descricao: 'Outra saída de mercadoria não especificada', natureza: 'OUTRA', ativo: false },
];

/** Payment forms: description, instalments, days to the last instalment. */
export const PAYMENT_FORMS = [
  ['À vista (PIX)', 1, 0],
  ['Boleto 28 dias', 1, 28],
  ['Boleto 30/60/90 dias', 3, 90],
  ['Boleto 30/60/90/120 dias', 4, 120],
  ['Cartão de crédito 3x', 3, 90],
  ['Empenho público 30 dias', 1, 30],
  ['Repasse de marketplace 30 dias', 1, 30],
  ['Boleto 60 dias', 1, 60],
  ['Cheque pré-datado', 2, 60],
] as const;

/** Words of invented company names (publishers, bookstores, carriers). */
export const NAME_WORDS = [
  'Aurora', 'Ipê', 'Horizonte', 'Lamparina', 'Bússola', 'Cais', 'Farol', 'Jacarandá', 'Quintal', 'Varanda', 'Maré', 'Sertão',
  'Mirante', 'Candeia', 'Travessia', 'Palavra', 'Letra Viva', 'Papiro', 'Pena', 'Caravela', 'Andorinha', 'Sabiá', 'Guará',
  'Araucária', 'Cerrado', 'Capitu', 'Bem-te-vi', 'Alvorada', 'Ventania', 'Estação', 'Margem', 'Rio Doce', 'Pitanga', 'Cajuína',
  'Lume', 'Folha Seca', 'Tinteiro', 'Arquipélago', 'Vereda', 'Cordel', 'Ateliê', 'Oficina', 'Sobrado', 'Girassol', 'Carambola',
  'Manacá', 'Juriti', 'Itaúna', 'Boitatá', 'Iara', 'Tucano', 'Beija-flor', 'Marajó', 'Pampa', 'Caatinga', 'Baobá', 'Acácia',
] as const;

/** Title vocabulary: nouns with grammatical gender, adjectives in both genders, themes. */
export const TITLE_NOUNS: readonly (readonly [string, 'm' | 'f'])[] = [
  ['mar', 'm'], ['casa', 'f'], ['rio', 'm'], ['noite', 'f'], ['cidade', 'f'], ['silêncio', 'm'], ['jardim', 'm'], ['sombra', 'f'],
  ['menino', 'm'], ['menina', 'f'], ['estrada', 'f'], ['tempo', 'm'], ['memória', 'f'], ['ilha', 'f'], ['sertão', 'm'], ['vento', 'm'],
  ['carta', 'f'], ['espelho', 'm'], ['viagem', 'f'], ['segredo', 'm'], ['janela', 'f'], ['lua', 'f'], ['sol', 'm'], ['floresta', 'f'],
  ['herança', 'f'], ['ponte', 'f'], ['chave', 'f'], ['caderno', 'm'], ['quintal', 'm'], ['rua', 'f'], ['verão', 'm'], ['inverno', 'm'],
  ['livro', 'm'], ['voz', 'f'], ['labirinto', 'm'], ['coração', 'm'], ['fogo', 'm'], ['pedra', 'f'], ['árvore', 'f'], ['pássaro', 'm'],
  ['retrato', 'm'], ['promessa', 'f'], ['fronteira', 'f'], ['distância', 'f'], ['relógio', 'm'], ['farol', 'm'], ['baleia', 'f'],
];
export const TITLE_ADJECTIVES: readonly (readonly [string, string])[] = [
  ['azul', 'azul'], ['antigo', 'antiga'], ['último', 'última'], ['perdido', 'perdida'], ['invisível', 'invisível'], ['secreto', 'secreta'],
  ['vermelho', 'vermelha'], ['silencioso', 'silenciosa'], ['estrangeiro', 'estrangeira'], ['quieto', 'quieta'], ['imenso', 'imensa'],
  ['pequeno', 'pequena'], ['eterno', 'eterna'], ['escuro', 'escura'], ['dourado', 'dourada'], ['submerso', 'submersa'],
  ['inacabado', 'inacabada'], ['selvagem', 'selvagem'], ['distante', 'distante'], ['feliz', 'feliz'],
];
/** Grammatical gender and number of a Portuguese noun phrase: masculine/feminine, singular/plural. */
export type NounForm = 'm' | 'f' | 'mp' | 'fp';
export const CHILD_ANIMALS: readonly (readonly [string, 'm' | 'f'])[] = [
  ['tatu', 'm'], ['capivara', 'f'], ['onça', 'f'], ['jabuti', 'm'], ['macaco', 'm'], ['coruja', 'f'], ['girafa', 'f'], ['sapo', 'm'],
  ['tamanduá', 'm'], ['arara', 'f'], ['baleia', 'f'], ['elefante', 'm'], ['formiga', 'f'], ['gato', 'm'], ['lagarta', 'f'], ['lobo', 'm'],
  ['tucano', 'm'], ['preguiça', 'f'], ['jacaré', 'm'], ['borboleta', 'f'], ['boto', 'm'], ['galinha', 'f'], ['cachorro', 'm'], ['tartaruga', 'f'],
  ['sabiá', 'm'], ['joaninha', 'f'], ['pinguim', 'm'], ['zebra', 'f'], ['urso', 'm'], ['minhoca', 'f'], ['peixinho', 'm'], ['abelha', 'f'],
];
export const CHILD_VERBS = [
  'queria voar', 'não sabia dormir', 'contava estrelas', 'perdeu o chapéu', 'aprendeu a nadar', 'tinha medo do escuro', 'fazia amigos', 'morava na lua',
  'colecionava nuvens', 'descobriu o mar', 'não gostava de banho', 'queria ser grande', 'sonhava com a chuva', 'plantou uma árvore', 'foi à escola',
  'achou um tesouro', 'cantava de manhã', 'perdeu o sono', 'ganhou um irmão', 'viajou de balão',
] as const;
/** Children's title frames: {o}/{do} take the animal's article or contraction (`childTitle`). */
export const CHILD_PATTERNS = ['As aventuras {do} {a}', 'A festa {do} {a}', 'O aniversário {do} {a}', 'Um dia na vida {do} {a}', 'O segredo {do} {a}', '{O} {a} e a lua'] as const;
/** Technical topics per BISAC section, with their gender and number (drives "Introdução ao/à/aos/às"). */
export const TECH_TOPICS: Readonly<Partial<Record<string, readonly (readonly [string, NounForm])[]>>> = {
  LAW: [
    ['Direito civil', 'm'], ['Direito penal', 'm'], ['Processo civil', 'm'], ['Direito do trabalho', 'm'], ['Direito tributário', 'm'], ['Direito administrativo', 'm'],
    ['Direito empresarial', 'm'], ['Direito constitucional', 'm'], ['Direito ambiental', 'm'], ['Direito do consumidor', 'm'], ['Direito previdenciário', 'm'],
    ['Direito internacional', 'm'], ['Processo penal', 'm'], ['Direito digital', 'm'], ['Direito de família', 'm'], ['Execução penal', 'f'],
    ['Hermenêutica jurídica', 'f'], ['Teoria geral do Estado', 'f'], ['Filosofia do direito', 'f'], ['Mediação e arbitragem', 'f'],
  ],
  MED: [
    ['Clínica médica', 'f'], ['Farmacologia', 'f'], ['Anatomia humana', 'f'], ['Pediatria', 'f'], ['Cardiologia', 'f'], ['Semiologia', 'f'], ['Enfermagem em UTI', 'f'],
    ['Fisiologia', 'f'], ['Neurologia', 'f'], ['Ortopedia', 'f'], ['Dermatologia', 'f'], ['Medicina de emergência', 'f'], ['Radiologia', 'f'], ['Imunologia', 'f'],
    ['Nutrição clínica', 'f'], ['Diagnóstico por imagem', 'm'], ['Atendimento pré-hospitalar', 'm'], ['Exames laboratoriais', 'mp'],
  ],
  BUS: [
    ['Gestão de pessoas', 'f'], ['Marketing', 'm'], ['Finanças corporativas', 'fp'], ['Contabilidade', 'f'], ['Empreendedorismo', 'm'], ['Logística', 'f'],
    ['Estratégia', 'f'], ['Macroeconomia', 'f'], ['Microeconomia', 'f'], ['Negociação', 'f'], ['Liderança', 'f'], ['Governança corporativa', 'f'], ['Auditoria', 'f'],
    ['Controladoria', 'f'], ['Comércio exterior', 'm'], ['Marketing digital', 'm'], ['Gestão de projetos', 'f'], ['Mercado financeiro', 'm'],
  ],
  COM: [
    ['Programação em Python', 'f'], ['Bancos de dados', 'mp'], ['Algoritmos', 'mp'], ['Redes de computadores', 'fp'], ['Engenharia de software', 'f'],
    ['Ciência de dados', 'f'], ['Segurança da informação', 'f'], ['Inteligência artificial', 'f'], ['Aprendizado de máquina', 'm'], ['Computação em nuvem', 'f'],
    ['Desenvolvimento web', 'm'], ['Sistemas operacionais', 'mp'], ['Estruturas de dados', 'fp'], ['Programação em Java', 'f'], ['Arquitetura de software', 'f'],
  ],
  TEC: [
    ['Resistência dos materiais', 'f'], ['Cálculo estrutural', 'm'], ['Instalações elétricas', 'fp'], ['Hidráulica', 'f'], ['Termodinâmica', 'f'], ['Concreto armado', 'm'],
    ['Mecânica dos fluidos', 'f'], ['Topografia', 'f'], ['Geotecnia', 'f'], ['Eletrônica analógica', 'f'], ['Automação industrial', 'f'], ['Estruturas metálicas', 'fp'],
    ['Desenho técnico', 'm'], ['Saneamento básico', 'm'],
  ],
  PSY: [
    ['Psicologia do desenvolvimento', 'f'], ['Terapia cognitivo-comportamental', 'f'], ['Psicanálise', 'f'], ['Neuropsicologia', 'f'], ['Psicologia social', 'f'],
    ['Psicologia organizacional', 'f'], ['Avaliação psicológica', 'f'], ['Psicopatologia', 'f'], ['Psicologia escolar', 'f'], ['Psicoterapia breve', 'f'],
  ],
};
/** Topics of a technical title whose BISAC section has none of its own. */
export const TECH_TOPICS_OTHER: readonly (readonly [string, NounForm])[] = [
  ['Gestão de projetos', 'f'], ['Metodologia científica', 'f'], ['Estatística aplicada', 'f'], ['Pesquisa qualitativa', 'f'], ['Escrita acadêmica', 'f'], ['Oratória', 'f'],
];
/**
 * Technical title frames: `{t}` the topic in lower case, `{T}` capitalised, `{ao}` the contraction
 * of "a" with the topic's article (ao, à, aos, às), `{o}` the adjective ending (o, a, os, as).
 */
export const TECH_PATTERNS = [
  'Manual de {t}', 'Curso de {t}', '{T}: teoria e prática', 'Fundamentos de {t}', 'Introdução {ao} {t}', '{T} esquematizad{o}', 'Tratado de {t}', '{T} para concursos',
  'Guia prático de {t}', 'Noções de {t}', 'Lições de {t}', 'Elementos de {t}', 'Compêndio de {t}', '{T} descomplicad{o}', '{T} em questões comentadas',
  'Curso avançado de {t}', 'Temas atuais de {t}', 'Primeiros passos em {t}', 'Exercícios resolvidos de {t}', '{T} aplicad{o}',
] as const;
export const SCHOOL_SUBJECTS = ['Língua portuguesa', 'Matemática', 'Ciências', 'História', 'Geografia', 'Arte', 'Inglês', 'Espanhol', 'Física', 'Química', 'Biologia', 'Redação'] as const;
export const SCHOOL_SERIES = ['Projeto Ápice', 'Coleção Trilhas', 'Caminhos do Saber', 'Conexões', 'Novo Horizonte', 'Jornadas', 'Aprender Juntos', 'Descobertas', 'Projeto Araribá', 'Tempo de Aprender', 'Mundo em Rede', 'Passo a Passo'] as const;
/** General non-fiction frames: `{x}` a topic with its article ("de a" reads "da": `contractDe`), `{X}` capitalised. */
export const GENERAL_PATTERNS = [
  'Uma breve história de {x}', 'O livro de {x}', '{X}: uma biografia', 'Pequeno tratado sobre {x}', 'A arte de {x}', 'Crônicas de {x}',
  'Cem receitas de {x}', 'O poder de {x}', 'Caminhos de {x}', '{X} no Brasil', 'Ensaios sobre {x}', 'Diário de {x}', 'O elogio de {x}',
  'Em defesa de {x}', 'Histórias de {x}', 'Retratos de {x}', 'Um século de {x}', 'A invenção de {x}', 'Notas sobre {x}', 'O mundo de {x}',
] as const;
export const GENERAL_TOPICS = [
  'a cozinha mineira', 'o silêncio', 'a fé', 'a memória', 'o samba', 'o futebol', 'a coragem', 'a amizade', 'o cerrado', 'a Amazônia', 'o café', 'as cidades',
  'a leitura', 'o sono', 'a gentileza', 'o tempo livre', 'a imigração', 'a República', 'o Império', 'a escravidão', 'a ditadura', 'a música popular',
  'o cinema novo', 'a felicidade', 'a ansiedade', 'os hábitos', 'o carnaval', 'a bossa nova', 'o sertão nordestino', 'a cachaça', 'os rios brasileiros',
  'a chuva', 'o jornalismo', 'a fotografia', 'o teatro brasileiro', 'a cozinha baiana', 'os quilombos', 'a Mata Atlântica', 'o forró', 'a solidão',
] as const;
/** What may follow a general title (`{X} no Brasil` takes none): a place or an era, so topics and frames combine into many more titles. */
export const GENERAL_QUALIFIERS = [
  'no século XIX', 'no século XX', 'em Minas Gerais', 'no Nordeste', 'na Bahia', 'em São Paulo', 'no Rio de Janeiro', 'no Sul do Brasil', 'nos anos 1960',
  'nos anos 1970', 'nos anos 1980', 'em tempos de crise', 'e outros ensaios', 'e outras histórias', 'no interior', 'na periferia', 'no Recife', 'em Belém',
  'em Porto Alegre', 'em Curitiba', 'em Salvador', 'no Pará', 'em Goiás', 'na fronteira', 'no litoral', 'no Brasil colonial', 'no Brasil de hoje', 'entre dois séculos',
] as const;
/** Frames of ENEM preparation titles (with the exam's year). */
export const ENEM_PATTERNS = ['Preparatório ENEM {ano}', 'Revisão ENEM {ano}', 'Simulados ENEM {ano}', 'ENEM {ano} em foco'] as const;
export const SUBTITLES = ['romance', 'contos', 'uma história de amor', 'edição comemorativa', 'edição revista e ampliada', 'crônicas', 'poemas', 'memórias', 'um guia para iniciantes', 'nova edição', 'novela', 'relatos'] as const;
