import { useEffect, useState } from 'react';
import {
  defaultPlanDiagnosticSettings,
  defaultResultLimitSettings,
  defaultScreenReadSettings,
  PlanDiagnosticSettingsSchema,
  ResultLimitSettingsSchema,
  ScreenReadSettingsSchema,
} from '../../shared/api/settings';
import type { UpdateStatus } from '../../shared/api/updates';
import { api } from '../app/api';
import { UpdateSettingsForm } from '../app/UpdateNotice';
import { NumberSection } from './NumberSection';
import { setPlanDiagnostics } from './plan-diagnostics';
import './settings.css';

function ResultLimitsSection() {
  const defaults = defaultResultLimitSettings();
  return (
    <NumberSection
      id="settings-results"
      title="Result limits"
      intro={
        <>
          How much of one result Sightline keeps for the grid. Fetching stops at whichever limit
          comes first and the result says so; <strong>Export full result</strong> still writes every
          row to a file. New limits apply to statements started after saving.
        </>
      }
      fields={[
        {
          key: 'maxRows',
          label: 'Rows kept per result',
          hint: `Default ${defaults.maxRows.toLocaleString()}`,
        },
        {
          key: 'maxMegabytes',
          label: 'Memory kept per result (MB)',
          hint: `Default ${defaults.maxMegabytes} MB`,
        },
      ]}
      schema={ResultLimitSettingsSchema}
      defaults={defaults}
      load={() => api.call('settings.results', {})}
      save={(v) => api.call('settings.saveResults', v)}
      saveLabel="Save result limits"
    />
  );
}

function PlanDiagnosticsSection() {
  const defaults = defaultPlanDiagnosticSettings();
  return (
    <NumberSection
      id="settings-plan"
      title="Plan diagnostics"
      intro="When a plan's finding is worth your attention. Applies to plans explained or pasted after saving."
      fields={[
        {
          key: 'fullScanRows',
          label: 'Warn about full scans and sorts from (rows)',
          hint: `Default ${defaults.fullScanRows.toLocaleString()}`,
        },
        {
          key: 'misestimateFactor',
          label: 'Call an estimate wrong when off by more than (×)',
          hint: `Default ${defaults.misestimateFactor}×`,
        },
      ]}
      schema={PlanDiagnosticSettingsSchema}
      defaults={defaults}
      load={() => api.call('settings.plan', {})}
      save={async (v) => {
        const saved = await api.call('settings.savePlan', v);
        setPlanDiagnostics(saved);
        return saved;
      }}
      saveLabel="Save plan thresholds"
    />
  );
}

function ScreenReadsSection() {
  const defaults = defaultScreenReadSettings();
  return (
    <NumberSection
      id="settings-screen-reads"
      title="Server answers"
      intro={
        <>
          How long the schema browser, Tuning, the processlist, replication and ALTER progress wait
          for a server&apos;s answer before they give its connection up and say the server does not
          answer (a frozen server or a cut network never fails a read). Raise it for a server whose
          dictionary reads take long, such as MariaDB with hundreds of thousands of tables. Your own
          statements in the editor are never timed out. Applies to the next read.
        </>
      }
      fields={[
        {
          key: 'timeoutSeconds',
          label: 'Give up on a server that does not answer after (s)',
          hint: `Default ${defaults.timeoutSeconds} s`,
        },
      ]}
      schema={ScreenReadSettingsSchema}
      defaults={defaults}
      load={() => api.call('settings.screenReads', {})}
      save={(v) => api.call('settings.saveScreenReads', v)}
      saveLabel="Save wait time"
    />
  );
}

function UpdatesSection() {
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  useEffect(() => {
    api.call('updates.check', {}).then(setStatus, () => undefined);
  }, []);
  return (
    <section className="settings-section" aria-labelledby="settings-updates">
      <h2 id="settings-updates">Update notifications</h2>
      <UpdateSettingsForm status={status} onStatus={setStatus} />
    </section>
  );
}

/** Where this computer keeps Sightline's files, so a user can back them up or move them. */
function DataSection({ dataDir }: { dataDir: string | null }) {
  return (
    <section className="settings-section" aria-labelledby="settings-data">
      <h2 id="settings-data">Data folder</h2>
      <p className="field-hint">
        Saved connections (passwords encrypted), settings, query and ALTER history and recorded
        plans live here. Back up the whole folder to keep them.
      </p>
      <code className="settings-path" data-testid="settings-data-dir">
        {dataDir ?? '…'}
      </code>
    </section>
  );
}

/** The app's settings: one page, each section saved on its own. */
export function SettingsScreen({ dataDir }: { dataDir: string | null }) {
  return (
    <div className="settings-screen">
      <h1>Settings</h1>
      <ResultLimitsSection />
      <PlanDiagnosticsSection />
      <ScreenReadsSection />
      <UpdatesSection />
      <DataSection dataDir={dataDir} />
    </div>
  );
}
