import Typography from '@mui/material/Typography';
import { REGISTERS, type ProductDetail } from '@acervo/contracts';
import { codeWithLabel } from '../../product-codes.ts';
import { ACTIVE_ONLY, FormPicker, FormSection, FormText, Grid, codeOption, useFieldLabel } from './product-form-fields.tsx';

/**
 * "Características físicas": pages, height, width and thickness (mm), weight (g), binding and
 * product form (ONIX list 150), and the saved product's form details (read only).
 * @param detail the saved product, or null for a new one
 */
export function PhysicalSection({ detail }: { detail: ProductDetail | null }) {
  const label = useFieldLabel();
  return (
    <FormSection name="physical">
      <Grid columns={4}>
        <FormText name="numeroPaginas" inputMode="numeric" />
        <FormText name="alturaMm" inputMode="numeric" />
        <FormText name="larguraMm" inputMode="numeric" />
        <FormText name="espessuraMm" inputMode="numeric" />
        <FormText name="pesoGramas" inputMode="numeric" />
        <FormPicker name="encadernacao" path={REGISTERS.bindings.apiPath} role={REGISTERS.bindings.role} toOption={codeOption} query={ACTIVE_ONLY} freeText />
        <FormPicker name="formatoProduto" path={REGISTERS.bindings.apiPath} role={REGISTERS.bindings.role} toOption={codeOption} query={ACTIVE_ONLY} freeText />
      </Grid>
      {detail && detail.detalhesFormato.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {label('detalhesFormato')}: {detail.detalhesFormato.map((c, i) => codeWithLabel(c, detail.descricoesDetalhesFormato[i] ?? null)).join(', ')}
        </Typography>
      )}
    </FormSection>
  );
}
