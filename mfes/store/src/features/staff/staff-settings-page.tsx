import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useEmployee } from './model';
import { StaffSettingsForm } from './settings/staff-settings-form';
import type { DoneWord } from './settings/use-staff-settings';
import { Allowed, DonePanel, PeoplePage } from './ui';

function StaffSettings() {
  const { id } = useParams();
  const access = useStoreAccess();
  const employee = useEmployee(id);
  const [done, setDone] = useState<DoneWord | null>(null);
  useEffect(() => setDone(null), [id]);
  if (done) return <DonePanel title={done} to="/staffs" />;
  if (!id || !/^\d+$/.test(id)) return <Navigate to="/staffs" replace />;
  if (employee.isPending) return <LoadingState />;
  if (employee.isError) return <ErrorState message={employee.error.message} onRetry={() => employee.refetch()} />;
  if (!employee.data || employee.data.storeId !== access.storeId || employee.data.archived) return <Navigate to="/staffs" replace />;
  return <StaffSettingsForm employee={employee.data} onDone={setDone} />;
}

/** /staffs/edit/{id}: 'Staff settings', owner only (docs/product/README.md, docs/product/roles.md). */
export default function StaffSettingsPage() {
  return (
    <Allowed rule="storeOwner" redirect="/staffs">
      <PeoplePage title="Staff settings" back={{ to: '/staffs', label: 'Staff' }} size="sm">
        <StaffSettings />
      </PeoplePage>
    </Allowed>
  );
}
