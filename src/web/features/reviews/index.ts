/** Product reviews, shown on the product page: summary, list, form and the author's edit. */
export { ReviewsSection } from './components/reviews-section.tsx';
export { RatingSummary } from './components/rating-summary.tsx';
