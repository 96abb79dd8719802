import en from './en.json';
import master from './master.en.json';
import platform from './platform.en.json';
import quota from './quota.en.json';
import stamping from './stamping.en.json';

/** Every English text (feature files carry their own top-level keys), loaded only when used. */
export default { ...en, ...master, ...quota, ...platform, ...stamping };
