/**
 * The layers and their rules (docs/architecture.md): imports run downward only, and never in a
 * circle. Checked by `npm run lint`.
 *
 *   app (pages) → components → lib/client → lib/shared
 *   app/api → lib/server/http → lib/server/<domain> → lib/server/db → lib/server/platform → lib/shared
 *
 * scripts/, tests/, bench/ and prisma/ are tools around the app: they may use any layer, and no
 * layer may use them.
 */
const DOMAINS =
  "(auth|users|wallets|ledger|rates|mail|telegram|notifications|health|requests|statements|ton|share|limits|schedules|splits|insights|pockets|orders)";
/** The domains built on transfers (docs/architecture.md): they use the ledger, never the other way round. */
const ON_TRANSFERS = "(share|requests|schedules|splits|statements|insights|pockets|orders)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "No module depends on itself through others.", from: {}, to: { circular: true } },
    {
      name: "no-tools-in-the-app",
      severity: "error",
      comment: "The app never imports the tools around it.",
      from: { path: "^(app|components|lib|proxy\\.ts|instrumentation\\.ts|next\\.config\\.ts)" },
      to: { path: "^(scripts|tests|bench|prisma)/" },
    },
    {
      name: "server-stays-on-the-server",
      severity: "error",
      comment: "Pages, components, the browser's code and shared code never import the server.",
      from: { path: "^(components|lib/client|lib/shared)/" },
      to: { path: "^lib/server/" },
    },
    {
      name: "shared-is-the-floor",
      severity: "error",
      comment: "lib/shared is used by both sides and uses neither.",
      from: { path: "^lib/shared/" },
      to: { path: "^(lib/(server|client)|components|app)/" },
    },
    {
      name: "client-below-components",
      severity: "error",
      comment: "lib/client serves the components; it never imports them or a page.",
      from: { path: "^lib/client/" },
      to: { path: "^(components|app)/" },
    },
    {
      name: "components-below-pages",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "server-below-routes",
      severity: "error",
      comment: "lib/server never imports a route or a page.",
      from: { path: "^lib/server/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "http-above-domains",
      severity: "error",
      comment: "Domains are called by the HTTP layer, never the other way round.",
      from: { path: `^lib/server/(${DOMAINS.slice(1, -1)}|db|platform)/` },
      to: { path: "^lib/server/http/" },
    },
    {
      name: "ledger-below-its-users",
      severity: "error",
      comment:
        "The ledger and the domains below it (notifications, telegram, mail, users, wallets, rates, limits) know nothing of the features built on transfers.",
      from: { path: "^lib/server/(ledger|notifications|telegram|mail|users|wallets|rates|limits)/" },
      to: { path: `^lib/server/${ON_TRANSFERS}/` },
    },
    {
      name: "db-below-domains",
      severity: "error",
      comment: "The database layer knows no domain.",
      from: { path: "^lib/server/(db|platform)/" },
      to: { path: `^lib/server/${DOMAINS}/` },
    },
    {
      name: "platform-at-the-bottom",
      severity: "error",
      comment: "Configuration, logs, metrics, errors and process state use nothing of the server above them.",
      from: { path: "^lib/server/platform/" },
      to: { path: "^lib/server/(?!platform/)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|lib/generated|\\.next)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
