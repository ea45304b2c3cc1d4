/// Why a venue's REST body could not be read as a whole: the error the venue answered with
/// (`EQuery:Unknown asset pair`, `retCode 10001`), or a shape not its own. One bad row is not
/// this: it is named among the rows' errors (`VenueRows.errors`) and the others are kept.
public struct RESTBodyError: Error, Sendable, Hashable, CustomStringConvertible {
  public var reason: String

  public init(_ reason: String) {
    self.reason = reason
  }

  public var description: String { reason }
}
