/** Product reviews, shown on the product page. */
export { ReviewForm } from './components/review-form.tsx';
export { ReviewList } from './components/review-list.tsx';
