import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';

/**
 * Left background of the login area: a CSS gradient with a drawn bookshelf (no external image).
 * Hidden at widths up to 768 px (SPEC section 2). It takes the room the 420 px form leaves and may
 * shrink to nothing (`minWidth: 0`); its headline shows only when it is at least 340 px wide, so
 * nothing is cut or scrolls sideways between 769 and 900 px.
 */
export function LoginHero() {
  const { t } = useTranslation();
  const spines = [
    { h: 150, w: 26, c: '#2793CE' },
    { h: 182, w: 34, c: '#F2B84B' },
    { h: 164, w: 22, c: '#E8EEF6' },
    { h: 196, w: 30, c: '#5FB3E0' },
    { h: 140, w: 40, c: '#F26D5B' },
    { h: 176, w: 24, c: '#9CC9E8' },
    { h: 158, w: 32, c: '#FFFFFF' },
  ];
  return (
    <Box
      data-testid="login-hero"
      aria-hidden="true"
      sx={{
        flex: 1,
        minWidth: 0,
        position: 'relative',
        overflow: 'hidden',
        containerType: 'inline-size',
        containerName: 'hero',
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-end',
        p: { xs: 4, lg: 7 },
        background:
          'radial-gradient(circle at 20% 15%, rgba(39,147,206,0.55) 0, transparent 45%), radial-gradient(circle at 85% 80%, rgba(0,102,204,0.45) 0, transparent 40%), linear-gradient(135deg, #0E2956 0%, #123a78 55%, #0b1f42 100%)',
        [`@media ${MOBILE_QUERY}`]: { display: 'none' },
      }}
    >
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          opacity: 0.08,
          backgroundImage: 'linear-gradient(rgba(255,255,255,.6) 1px, transparent 1px), linear-gradient(90deg, rgba(255,255,255,.6) 1px, transparent 1px)',
          backgroundSize: '48px 48px',
        }}
      />
      <Box sx={{ position: 'absolute', top: '14%', left: '50%', transform: 'translateX(-50%)', display: 'flex', alignItems: 'flex-end', gap: '6px' }}>
        {spines.map((s, i) => (
          <Box
            key={i}
            sx={{
              width: s.w,
              height: s.h,
              backgroundColor: s.c,
              borderRadius: '3px 3px 1px 1px',
              boxShadow: 'inset -4px 0 0 rgba(0,0,0,0.12)',
              transform: i === 4 ? 'rotate(-8deg) translateX(6px)' : 'none',
              transformOrigin: 'bottom left',
              opacity: 0.92,
            }}
          />
        ))}
      </Box>
      <Box sx={{ position: 'absolute', top: 'calc(14% + 198px)', left: '50%', transform: 'translateX(-50%)', width: 320, height: 10, borderRadius: 1, backgroundColor: 'rgba(255,255,255,0.85)' }} />
      <Box sx={{ position: 'relative', maxWidth: 460, display: 'none', '@container hero (min-width: 340px)': { display: 'block' } }}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, mb: 1.5, lineHeight: 1.25 }}>
          {t('login.heroTitle')}
        </Typography>
        <Typography sx={{ opacity: 0.8 }}>{t('login.heroText')}</Typography>
      </Box>
    </Box>
  );
}
