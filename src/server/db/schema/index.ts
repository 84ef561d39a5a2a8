export * from './accounts.ts';
export * from './catalog.ts';
export * from './orders.ts';
export * from './system.ts';
export * from './fulfilment.ts';
export * from './gst.ts';
export * from './settlements.ts';
