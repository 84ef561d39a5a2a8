import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Product } from '#shared/schemas/product.ts';
import { useCart } from '#web/lib/cart/cart-context.tsx';

/** Products without real sizes say ['N/A'] (docs/product/messages.md). */
export const hasSizes = (sizes: readonly string[]) => sizes.some((s) => s.trim() !== '' && s !== 'N/A');

/**
 * Stock status, quantity 1..stock, size where the product has sizes, and Add to Cart (docs/product/screens.md): disabled
 * at stock 0 or less; adds the line (replacing this product's line) and goes to the cart.
 */
export function PurchasePanel({ product }: { product: Product }) {
  const navigate = useNavigate();
  const { add, items } = useCart();
  const inCart = items.find((l) => l.product === product._id);
  const inStock = product.countInStock > 0;
  const sized = hasSizes(product.sizes);
  const [qty, setQty] = useState(() => Math.min(inCart?.qty ?? 1, Math.max(1, product.countInStock)));
  const [size, setSize] = useState(() =>
    inCart?.size && product.sizes.includes(inCart.size) ? inCart.size : '',
  );
  const [sizeError, setSizeError] = useState(false);
  const qtyId = useId();
  const sizeId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!inStock) return;
    if (sized && !size) {
      setSizeError(true);
      return;
    }
    add({
      product: product._id,
      name: product.name,
      image: product.image[0] ?? '',
      price: product.price,
      currency: product.currency,
      countInStock: product.countInStock,
      categoryId: product.categoryId,
      qty: Math.min(qty, product.countInStock),
      ...(sized ? { size } : {}),
    });
    void navigate('/cart');
  };

  return (
    <form className="card haat-purchase" onSubmit={onSubmit} noValidate aria-label="Buy this product">
      <div className="card-body d-flex flex-column gap-3">
        <p className="mb-0">
          <span className="text-body-secondary">Status: </span>
          <strong className={inStock ? 'text-success' : 'text-danger'}>
            {inStock ? 'In Stock' : 'Out Of Stock'}
          </strong>
          {inStock && product.countInStock <= 5 ? (
            <span className="small text-body-secondary"> (only {product.countInStock} left)</span>
          ) : null}
        </p>
        {inStock ? (
          <div className="row g-2">
            <div className={sized ? 'col-5' : 'col-12'}>
              <label htmlFor={qtyId} className="form-label small mb-1">
                Quantity
              </label>
              <select
                id={qtyId}
                className="form-select"
                value={qty}
                onChange={(e) => setQty(Number(e.target.value))}
              >
                {Array.from({ length: product.countInStock }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    {i + 1}
                  </option>
                ))}
              </select>
            </div>
            {sized ? (
              <div className="col-7">
                <label htmlFor={sizeId} className="form-label small mb-1">
                  Size
                </label>
                <select
                  id={sizeId}
                  className={`form-select ${sizeError ? 'is-invalid' : ''}`}
                  value={size}
                  onChange={(e) => {
                    setSize(e.target.value);
                    setSizeError(false);
                  }}
                  aria-invalid={sizeError ? true : undefined}
                  aria-describedby={sizeError ? `${sizeId}-error` : undefined}
                >
                  <option value="">Choose a size</option>
                  {product.sizes.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
                {sizeError ? (
                  <div className="invalid-feedback" id={`${sizeId}-error`}>
                    Please choose a size
                  </div>
                ) : null}
              </div>
            ) : null}
          </div>
        ) : null}
        <button type="submit" className="btn btn-primary btn-lg w-100" disabled={!inStock}>
          Add to Cart
        </button>
        {inCart ? (
          <p className="small text-body-secondary mb-0">
            In your cart: {inCart.qty}
            {inCart.size ? ` (size ${inCart.size})` : ''}. Adding again replaces that line.
          </p>
        ) : null}
      </div>
    </form>
  );
}
