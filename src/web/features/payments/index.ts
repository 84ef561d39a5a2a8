/** Paying for an order (Razorpay, PayPal, cash on delivery): the order page shows this. */
export { OrderPayment } from './components/order-payment.tsx';
