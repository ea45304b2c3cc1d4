/// What a table message does to the subscriber's copy of the table.
public enum TableAction: UInt8, Sendable, Hashable, CustomStringConvertible {
  /// A full image: replaces everything held for the table (and symbol).
  case partial
  /// New rows.
  case insert
  /// Changed fields of existing rows, matched by the table's keys.
  case update
  /// Rows to remove, matched by the table's keys.
  case delete

  public var description: String {
    switch self {
    case .partial: "partial"
    case .insert: "insert"
    case .update: "update"
    case .delete: "delete"
    }
  }
}
