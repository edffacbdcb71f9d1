import { NotAvailable } from '@turnbook/web-kit/ui';

// Placeholder until this module is built: the shell renders it for every route the module owns.
// Contract: default-export a component; it renders inside the shell's router and providers and takes its
// session, API client and UI kit from @turnbook/web-kit (shared singleton).
export default function App() {
  return <NotAvailable what="The calendar" />;
}
