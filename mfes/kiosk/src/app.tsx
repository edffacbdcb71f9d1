import { KioskScreen } from './features/kiosk-mode/kiosk-screen';

// Contract: default-export a component; it renders inside the shell's router and providers and takes its
// session, API client and UI kit from @turnbook/web-kit (shared singleton).
export default function App() {
  return <KioskScreen />;
}
