import FormGroup from '@mui/material/FormGroup';
import { FormFlag, FormSection, FormText, Grid } from './product-form-fields.tsx';

/** "Fiscal": CEST (00.000.00), tax benefit code and fiscal characteristic. */
export function FiscalSection() {
  return (
    <FormSection name="fiscal">
      <Grid>
        <FormText name="cest" inputMode="numeric" helper="00.000.00" />
        <FormText name="codigoBeneficio" />
        <FormText name="caracteristicaFiscal" />
      </Grid>
    </FormSection>
  );
}

/** "Estoque": minimum and maximum stock, each validated again when the other changes. */
export function StockSection() {
  return (
    <FormSection name="stock">
      <Grid columns={2}>
        <FormText name="estoqueMinimo" inputMode="numeric" deps={['estoqueMaximo']} />
        <FormText name="estoqueMaximo" inputMode="numeric" deps={['estoqueMinimo']} />
      </Grid>
    </FormSection>
  );
}

/** "Marketplace": show on the marketplace, and the blacklist flag. */
export function MarketplaceSection() {
  return (
    <FormSection name="marketplace">
      <FormGroup row sx={{ columnGap: 2 }}>
        <FormFlag name="indExibirMarketplace" />
        <FormFlag name="indBlacklist" />
      </FormGroup>
    </FormSection>
  );
}
