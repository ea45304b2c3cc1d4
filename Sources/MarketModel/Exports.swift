// The venue-neutral core is the layer under the model: its values (`Symbol`, `FixedDecimal`,
// the book engine) are the model's too, so every importer of MarketModel sees them.
@_exported import VenueCore
