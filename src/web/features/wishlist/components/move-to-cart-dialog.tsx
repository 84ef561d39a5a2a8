import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { Product, Variant } from '#shared/schemas/product.ts';
import { Price } from '#web/components/price.tsx';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { ONE_SIZE, variantChoices } from '../lib/move-to-cart.ts';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/** What the dialog asks for: a size, a colour, or both, as the product's variants differ. */
function question(product: Pick<Product, 'variants'>, t: Translate): { title: string; legend: string } {
  const sizes = new Set(product.variants.map((v) => v.size)).size > 1;
  const colours = new Set(product.variants.map((v) => v.colour ?? '')).size > 1;
  if (sizes && colours) {
    return {
      title: t('wishlist.dialog.chooseSizeAndColour'),
      legend: t('wishlist.dialog.sizeAndColour'),
    };
  }
  if (colours) return { title: t('wishlist.dialog.chooseColour'), legend: t('wishlist.dialog.colour') };
  return { title: t('wishlist.dialog.chooseSize'), legend: t('wishlist.dialog.size') };
}

/**
 * "Move to cart" for a product sold in several variants: one button per variant (sold-out ones shown
 * but disabled), then Add to cart. The only variant in stock is chosen already.
 */
export function MoveToCartDialog({
  product,
  onMove,
  onCancel,
}: {
  product: Product;
  onMove: (variant: Variant) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const choices = variantChoices(product);
  const inStock = choices.filter((c) => !c.soldOut);
  const [chosen, setChosen] = useState<string | null>(
    inStock.length === 1 ? (inStock[0]?.variant._id ?? null) : null,
  );
  const pricesDiffer = new Set(choices.map((c) => c.price)).size > 1;
  const { title, legend } = question(product, t);
  const titleId = useUniqueId();
  const name = useUniqueId();
  const picked = choices.find((c) => c.variant._id === chosen);

  return (
    <Modal show onHide={onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-3">{product.name}</p>
        <fieldset>
          <legend className="form-label small fw-semibold mb-2">{legend}</legend>
          <div className="d-flex flex-wrap gap-2">
            {choices.map((c) => {
              const id = `${name}-${c.variant._id}`;
              return (
                <div key={c.variant._id}>
                  <input
                    type="radio"
                    className="btn-check"
                    name={name}
                    id={id}
                    value={c.variant._id}
                    checked={chosen === c.variant._id}
                    disabled={c.soldOut}
                    onChange={() => setChosen(c.variant._id)}
                  />
                  <label
                    className={`btn ${c.soldOut ? 'btn-outline-secondary text-decoration-line-through' : 'btn-outline-primary'}`}
                    htmlFor={id}
                  >
                    {c.label === ONE_SIZE ? t('wishlist.dialog.oneSize') : c.label}
                    {c.soldOut ? (
                      <span className="visually-hidden"> {t('wishlist.dialog.soldOut')}</span>
                    ) : null}
                    {pricesDiffer ? (
                      <span className="d-block small">
                        <Price amount={c.price} />
                      </span>
                    ) : null}
                  </label>
                </div>
              );
            })}
          </div>
          {choices.some((c) => c.soldOut) ? (
            <p className="small text-body-secondary mt-2 mb-0">{t('wishlist.dialog.crossedOut')}</p>
          ) : null}
        </fieldset>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('wishlist.dialog.cancel')}
        </Button>
        <Button variant="primary" disabled={!picked} onClick={() => picked && onMove(picked.variant)}>
          {t('wishlist.dialog.add')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
