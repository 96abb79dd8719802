export { registerSupport } from './support.plugin.ts';
