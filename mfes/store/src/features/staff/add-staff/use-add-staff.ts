import { useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '@turnbook/contracts/api/index';
import { api, hasCode, isApiError, useWizard } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { alert } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { EMPLOYEE_EXISTED_ALERT, type PinValues } from '../add-staff-schemas';
import { capitalize, staffKeys } from '../model';
import { EMPTY_DRAFT, friendlyFieldMessage, pageOfField, withAccountRequest, withoutAccountRequest, type AddStaffDraft, type ServerError } from './add-staff-model';

/** The add-staff wizard's state: the draft, the page, the server's answer, and Create. */
export function useAddStaff() {
  const access = useStoreAccess();
  const qc = useQueryClient();
  const wizard = useWizard(1);
  const [draft, setDraft] = useState<AddStaffDraft>(EMPTY_DRAFT);
  const edit = (part: Partial<AddStaffDraft>) => setDraft((d) => ({ ...d, ...part }));
  const [error, setError] = useState<ServerError>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The page a refused Create came from: once the named field is fixed, Next goes straight back to it.
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const [added, setAdded] = useState('');
  const [invited, setInvited] = useState('');

  /** A page's values are kept and the wizard moves on (or back to the page a refused Create came from). */
  const accept = (part: Partial<AddStaffDraft>, next: number) => {
    edit(part);
    setError(null);
    if (returnTo !== null) {
      setReturnTo(null);
      wizard.goTo(returnTo, { remember: false });
    } else wizard.goTo(next);
  };
  const back = () => {
    setReturnTo(null);
    wizard.back();
  };

  const create = async (body: RequestOf<'POST staff'>, pinPage: number) => {
    setBusy(true);
    setError(null);
    setGeneral(null);
    try {
      const res = await api.post('POST staff', body);
      // The spec's plain-text answers ('employee existed', 'has account') come with a 409, thrown as errors.
      const answer = typeof res === 'object' ? res : null;
      // The Yes path answers an invitation: the person joins when they accept it (nothing about them comes back).
      setInvited(answer && 'invitation' in answer && body.hasAccount === 'hasAccount' ? body.email : '');
      const employee = answer && 'employee' in answer ? answer.employee : undefined;
      setAdded(capitalize(employee?.nickname || employee?.fname));
      await qc.invalidateQueries({ queryKey: staffKeys.list(access.storeId) });
      await qc.invalidateQueries({ queryKey: staffKeys.invitations(access.storeId) });
      wizard.goTo(9, { remember: false });
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (hasCode(e, 'employeeExisted')) {
        await alert('Add Staff', EMPLOYEE_EXISTED_ALERT);
      } else if (hasCode(e, 'hasAccount')) {
        // The email of the No path has an account: the owner goes back and adds them with Yes.
        wizard.goTo(10);
      } else if (hasCode(e, 'notFound')) {
        setError({ field: 'email', message: e.message });
        wizard.goTo(7, { remember: false });
      } else if (e.field) {
        const page = pageOfField(e.field, pinPage);
        const field = e.field === 'username' ? 'email' : e.field;
        setError({ field, message: friendlyFieldMessage(field, e.message.replace(/^username: /, 'email: ')) });
        if (page && page !== wizard.page) {
          // The typed values stay in the draft; the owner fixes the field and comes back here.
          if (e.field === 'username' || e.field === 'email' || e.field === 'password') edit({ useEmail: true });
          setReturnTo(wizard.page);
          wizard.goTo(page);
        }
      } else setGeneral(e.message);
    } finally {
      setBusy(false);
    }
  };

  // The route's rule needs a store: without one the wizard is never shown.
  const createWithAccount = (pin: PinValues) => {
    edit({ pin });
    if (access.storeId !== undefined) void create(withAccountRequest({ ...draft, pin }, access.storeId), 8);
  };
  const createWithoutAccount = (pin: PinValues) => {
    edit({ pin });
    if (access.storeId !== undefined) void create(withoutAccountRequest({ ...draft, pin }, access.storeId), 6);
  };
  /** From 'has account': start again, and choosing Yes finds the email already filled in. */
  const restart = () => {
    setError(null);
    edit({ account: { email: draft.creds.email.trim().toLowerCase() } });
    wizard.reset();
  };

  return { wizard, draft, edit, error, general, busy, added, invited, accept, back, createWithAccount, createWithoutAccount, restart };
}
