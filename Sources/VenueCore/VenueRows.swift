/// What a venue's REST body of many rows gave: the rows read, and each row that could not be
/// read, in words naming it (`XXBTZUSD: no lot_decimals`). One bad row never drops the others.
public struct VenueRows<Row: Sendable & Hashable>: Sendable, Hashable {
  public var rows: [Row]
  public var errors: [String]

  public init(rows: [Row] = [], errors: [String] = []) {
    self.rows = rows
    self.errors = errors
  }

  /// The rows and errors of `other` after these (the bodies of an intent split in several
  /// requests).
  public mutating func append(_ other: VenueRows<Row>) {
    rows += other.rows
    errors += other.errors
  }
}
