import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { API_BASE } from '../../../../shared/api/api-client.ts';
import { readToken } from '../../../../shared/session/session-storage.ts';

/**
 * The 80 px cover thumbnail of a catalogue row: `path` is the row's `capaUrl` (relative to the API
 * base, versioned so the browser cache never shows a stale cover), read with the session token.
 * Renders nothing until loaded or when it cannot be read. `width`/`height` (px, default 36×52)
 * size it (the Terminal's detail shows a larger one).
 */
export function CoverThumb({ path, alt, width = 36, height = 52 }: { path: string; alt: string; width?: number; height?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = readToken();
    fetch(API_BASE + path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        objectUrl = URL.createObjectURL(await response.blob());
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  if (!url) return null;
  return <Box component="img" src={url} alt={alt} loading="lazy" sx={{ width, height, objectFit: 'cover', borderRadius: 0.5, display: 'block' }} />;
}
