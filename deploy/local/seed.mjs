// Seeds the demo (a store with staff, services, customers, appointments, a super admin) through the
// gateway. Run by the launcher once per profile with GATEWAY_URL, INTERNAL_TOKEN and the service URLs
// (IDENTITY_URL, SCHEDULING_URL, ...) in the environment. Exit non-zero on failure: it is retried next start.
console.log(`nothing to seed yet (gateway ${process.env.GATEWAY_URL ?? 'unknown'})`);
