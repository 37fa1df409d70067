// The helper lives in core/util; this path stays for the modules that still import it from here.
export { describeValue } from '../util/describe-value.js';
