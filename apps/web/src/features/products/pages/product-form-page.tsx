import { useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useProduct } from '../api/get-product.ts';
import { ProductForm } from '../components/product-form/product-form.tsx';

/** The new-product form (`/product/produto-cadastrar`). */
export function ProductCreatePage() {
  return <ProductForm detail={null} />;
}

/**
 * The product form of a saved product (`/product/{id}`, which was the read-only detail): loads
 * `GET produto/{id}` and shows the form; a missing product (or an id that is not a positive
 * integer) reads "Produto não encontrado" once, inline, without a toast; another failure offers a
 * retry. The form is keyed by the id, so opening another product starts from its own values.
 */
export function ProductEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { id } = useParams();
  const productId = Number(id);
  const valid = /^\d+$/.test(id ?? '') && productId > 0;
  const product = useProduct(valid ? productId : 0);

  const back = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/product/catalog');
  };
  const header = (
    <Button startIcon={<ArrowBackIcon />} onClick={back} sx={{ mb: 2 }}>
      {t('products.detail.back')}
    </Button>
  );

  const notFound = !valid || (product.error instanceof ApiError && product.error.status === 404);
  if (notFound || product.isError) {
    return (
      <Box>
        {header}
        {notFound ? (
          <Alert severity="warning">{t('products.detail.notFound')}</Alert>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void product.refetch()}>
                {t('products.detail.retry')}
              </Button>
            }
          >
            {product.error instanceof Error ? product.error.message : t('products.detail.loadError')}
          </Alert>
        )}
      </Box>
    );
  }
  if (!product.data) {
    return (
      <Box>
        {header}
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="carregando" />
        </Box>
      </Box>
    );
  }
  return <ProductForm key={product.data.id} detail={product.data} />;
}
