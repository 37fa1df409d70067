export {
  registerFormWidget,
  unregisterFormWidget,
  listFormWidgets,
  findFormWidget,
  type FormWidgetAdapter,
  type FormWidgetContext,
} from './widget-registry.js';
export { setNativeValue, dispatchValueEvents } from './native-value.js';
export { fillControl, controlFor, type FilledValue } from './fill-control.js';
export { selectOptions, type OptionMatch, type SelectedOptions } from './select-options.js';
