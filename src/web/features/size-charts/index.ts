/** Size charts (docs/product/catalog.md#size-charts): the product form's picker and the product page's dialog. */
export { SizeChartPicker } from './components/size-chart-picker.tsx';
export { SizeChartButton } from './components/size-chart-dialog.tsx';
