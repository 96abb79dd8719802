import billing from './billing.en.json';
import bulk from './bulk.en.json';
import en from './en.json';
import locker from './locker.en.json';
import master from './master.en.json';
import platform from './platform.en.json';
import quota from './quota.en.json';
import stamping from './stamping.en.json';
import support from './support.en.json';

/** Every English text (feature files carry their own top-level keys), loaded only when used. */
export default {
  ...en,
  ...master,
  ...quota,
  ...platform,
  ...stamping,
  ...billing,
  ...support,
  ...bulk,
  ...locker,
};
