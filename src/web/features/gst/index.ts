/** What other features use of the GST screens: the router loads the pages itself, lazily. */
export { CategoryPicker } from './components/category-picker.tsx';
