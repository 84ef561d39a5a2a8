/** Country, state and city fields, used by registration, the profile and the shipping step. */
export { PlaceFields } from './components/place-fields.tsx';
