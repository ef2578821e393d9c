// Nothing to start: without this file the build would take the app's own (one folder up).
export function register() {}
