/// The book a market shows: the one price-keyed engine every venue's sync rule drives (BitMEX's
/// too, its ids mapped to prices by its adapter). The screens read it through `BookLevels`.
public typealias MarketBook = PriceBook
