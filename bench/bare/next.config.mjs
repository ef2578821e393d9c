// Defaults only: the reference route must carry no app configuration.
const config = {};
export default config;
