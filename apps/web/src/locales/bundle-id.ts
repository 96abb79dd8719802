import billing from './billing.id.json';
import bulk from './bulk.id.json';
import id from './id.json';
import locker from './locker.id.json';
import master from './master.id.json';
import platform from './platform.id.json';
import quota from './quota.id.json';
import stamping from './stamping.id.json';
import support from './support.id.json';

/** Every Indonesian text (feature files carry their own top-level keys), loaded only when used. */
export default {
  ...id,
  ...master,
  ...quota,
  ...platform,
  ...stamping,
  ...billing,
  ...support,
  ...bulk,
  ...locker,
};
