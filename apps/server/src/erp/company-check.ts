import { companyErpWarningMessage, type CompanyErpWarning } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import type { TaskLogger } from '../schedules/task-kinds.ts';
import { openErpConnector, type ErpConnector } from './erp-connector.ts';
import type { ErpRetryOptions } from './erp-http.ts';
import { IntegrationLogWriter } from './integration-log.ts';

/** One quick attempt: a company save waits for this check, so it must not wait for the sync's retries. */
export const COMPANY_CHECK_RETRY: ErpRetryOptions = { timeoutMs: 5000, retries: 0 };

/**
 * Asks the ERP whether it knows `erpCode` (issue 15, defect 6), after a company save:
 * - null when the integration is off (NENHUMA), the code is blank, or the ERP lists the code;
 * - CODIGO_ERP_DESCONHECIDO when the ERP's `GET empresas` does not list it;
 * - ERP_INDISPONIVEL (with the ERP's pt-BR error) when it could not be asked (down, no URL...).
 * Never throws: the company is saved either way (the ERP may be configured later). The call is
 * logged to `log_integracao` (operation EMPRESAS) like every ERP call.
 * @param connector a connector to use instead of the parameters' (tests)
 */
export async function companyErpWarning(db: Executor, erpCode: string | null | undefined, log?: TaskLogger, connector?: ErpConnector): Promise<CompanyErpWarning | null> {
  const code = erpCode?.trim();
  if (!code) return null;
  const writer = new IntegrationLogWriter(db, log);
  try {
    const erp = connector ?? (await openErpConnector(db, writer, COMPANY_CHECK_RETRY, log));
    if (!erp) return null;
    const codes = await erp.listCompanyCodes();
    if (codes.includes(code)) return null;
    return { tipo: 'CODIGO_ERP_DESCONHECIDO', codigoErp: code, mensagem: companyErpWarningMessage('CODIGO_ERP_DESCONHECIDO', code) };
  } catch (err) {
    log?.warn({ err, erpCode: code }, 'não foi possível conferir o código da empresa no ERP');
    return { tipo: 'ERP_INDISPONIVEL', codigoErp: code, mensagem: companyErpWarningMessage('ERP_INDISPONIVEL', code, (err as Error).message) };
  } finally {
    await writer.flush().catch(() => undefined);
  }
}
